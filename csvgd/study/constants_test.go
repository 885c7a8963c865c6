package study

import (
	"math"
	"testing"
)

// TestPaperConstants: the list holds the paper's numbers as the code
// defines them, each finite and with a source, the noise levels stated as
// percentages and nothing else.
func TestPaperConstants(t *testing.T) {
	cs := PaperConstants()
	has := func(v float64, percent bool) bool {
		for _, c := range cs {
			if math.Abs(c.Value-v) <= 1e-12*math.Abs(v) && c.Percent == percent {
				return true
			}
		}
		return false
	}
	for _, c := range cs {
		if math.IsNaN(c.Value) || math.IsInf(c.Value, 0) || c.Source == "" {
			t.Errorf("constant %v", c)
		}
	}
	for _, c := range []struct {
		v       float64
		percent bool
	}{
		{0.0025, false}, {77.931, false}, {-0.75, false}, {0.2, false}, {0.4, false}, {0.36, false}, {1.96, false},
		{0.05, false}, {1e-3, false}, {127, false}, {1005, false}, {0.1, true}, {0.2, true},
	} {
		if !has(c.v, c.percent) {
			t.Errorf("%v (percent %v) is not among the paper's constants", c.v, c.percent)
		}
	}
	if has(0.07, false) {
		t.Error("the calibrated sigma is a result of this project, not a constant of the paper")
	}
}
