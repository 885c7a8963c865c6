package figures

import (
	"strings"
	"testing"
)

// TestDeadLabel: the legend's dead nodes are a particle's own for a
// drawing of one particle, and those of the mean-|w| network for a
// drawing of an ensemble.
func TestDeadLabel(t *testing.T) {
	for _, tc := range []struct {
		edges    string
		wantMean bool
	}{{"|w|", false}, {"mean |w|", true}} {
		got := deadLabel(tc.edges)
		if !strings.HasPrefix(got, "dead node") || strings.Contains(got, "mean") != tc.wantMean {
			t.Errorf("deadLabel(%q) = %q", tc.edges, got)
		}
	}
}
