package exact

import (
	"math"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/stein"
)

// TestSmoothedPriorMatchesStein: the one-pass prior agrees with
// stein.Prior's smoothed log density (up to its constant, the exact log
// density at 0) and score, for the fast orders and a general one,
// both forms, at weights near and far from the smoothing scale.
func TestSmoothedPriorMatchesStein(t *testing.T) {
	theta := []float64{0, 1e-4, -1e-3, 3e-3, -0.5, 2, -40, 1e4}
	for _, alpha := range []float64{0.25, 0.5, 0.75, 1, 2} {
		for _, form := range []stein.PriorForm{stein.PenaltyForm, stein.NormalizedForm} {
			p := stein.Prior{Alpha: alpha, Lambda: 0.05, Smoothing: 1e-3, Form: form}
			grad := make([]float64, len(theta))
			lp := smoothedPrior(p, theta, grad)
			var want float64
			for i, x := range theta {
				want += p.SmoothedLogDensity1D(x) - p.LogDensity1D(0) // the constant is log p(0)
				if g := p.Score1D(x); math.Abs(grad[i]-g) > 1e-12*math.Max(1, math.Abs(g)) {
					t.Errorf("alpha %v %v, theta %v: score %v, stein %v", alpha, form, x, grad[i], g)
				}
			}
			if math.Abs(lp-want) > 1e-10*math.Max(1, math.Abs(want)) {
				t.Errorf("alpha %v %v: log density %v, stein %v", alpha, form, lp, want)
			}
		}
	}
}
