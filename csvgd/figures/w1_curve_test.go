package figures

import (
	"sort"
	"strings"
	"testing"
)

// TestNaturalOrder: numbers in legend keys sort by value.
func TestNaturalOrder(t *testing.T) {
	keys := []string{"20% noise", "5% noise", "sequential", "CSVGD", "10% noise", "2.5% noise", "1% noise", "SVGD", "noise 0.1", "noise 0.05"}
	sort.Slice(keys, func(i, j int) bool { return naturalLess(keys[i], keys[j]) })
	want := []string{"1% noise", "2.5% noise", "5% noise", "10% noise", "20% noise", "CSVGD", "SVGD", "noise 0.05", "noise 0.1", "sequential"}
	if strings.Join(keys, "|") != strings.Join(want, "|") {
		t.Errorf("sorted %q, want %q", keys, want)
	}
}
