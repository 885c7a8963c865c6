package study

import (
	"strings"
	"testing"
)

// containsAll reports, as test errors, each of wants that got lacks,
// with got itself.
func containsAll(t *testing.T, got string, wants ...string) {
	t.Helper()
	for _, want := range wants {
		if !strings.Contains(got, want) {
			t.Errorf("lacks %q:\n%s", want, got)
		}
	}
}
