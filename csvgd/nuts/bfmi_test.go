package nuts

import (
	"math"
	"testing"
)

// TestEBFMIClosedForm: for an AR(1) energy sequence with lag-one
// correlation rho the E-BFMI tends to 2 (1 - rho), independent draws give
// about 2; a hand-computed short case and the NaN cases.
func TestEBFMIClosedForm(t *testing.T) {
	if got := EBFMI([]float64{1, 3, 2}); math.Abs(got-5.0/2) > 1e-12 { // (4 + 1) / (1 + 1 + 0)
		t.Errorf("E-BFMI of 1, 3, 2 = %v, want 2.5", got)
	}
	for _, e := range [][]float64{nil, {1}, {2, 2, 2}} {
		if got := EBFMI(e); !math.IsNaN(got) {
			t.Errorf("E-BFMI of %v = %v, want NaN", e, got)
		}
	}
	rng := newRNG(9)
	for _, rho := range []float64{0, 0.5, 0.95} {
		x := ar1(rng, 1, 200000, rho)[0]
		if got, want := EBFMI(x), 2*(1-rho); math.Abs(got-want) > 0.02 {
			t.Errorf("rho = %v: E-BFMI %v, want %v", rho, got, want)
		}
	}
}
