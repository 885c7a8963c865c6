package nuts

import (
	"math"
	"testing"
)

// TestDualAveragingFindsTargetStep: for the acceptance a(eps) = exp(-eps^2)
// the averaged step size converges to sqrt(-log 0.8) = 0.4724 (to 1%).
func TestDualAveragingFindsTargetStep(t *testing.T) {
	da := NewDualAveraging(DefaultAdaptation())
	da.Restart(1)
	eps := 1.0
	for range 2000 {
		eps = da.Update(math.Exp(-eps * eps))
	}
	want := math.Sqrt(-math.Log(0.8))
	if got := da.Final(); math.Abs(got/want-1) > 0.01 {
		t.Fatalf("final step size %.5f, want %.5f", got, want)
	}
}

// TestInitialStepSizeFollowsScale: on N(0, sigma^2 I_3) with a unit mass
// matrix, the heuristic moves from eps = 1 to within a factor 5 of sigma.
func TestInitialStepSizeFollowsScale(t *testing.T) {
	for _, sigma := range []float64{1e-3, 1, 1e3} {
		p := 1 / (sigma * sigma)
		f := gaussian([]float64{0, 0, 0}, []float64{p, 0, 0, 0, p, 0, 0, 0, p})
		k, z := kernelAt(t, f, []float64{sigma, 0, -sigma}, 1, 10)
		if err := k.initStepSize(&z); err != nil {
			t.Fatal(err)
		}
		if r := k.eps / sigma; r < 0.2 || r > 5 {
			t.Errorf("sigma %g: initial step size %g", sigma, k.eps)
		}
	}
}

// TestInitialStepSizeFailsOnFlatDensity: on a flat density every step is
// accepted, and the search stops with an error at eps > 1e7.
func TestInitialStepSizeFailsOnFlatDensity(t *testing.T) {
	flat := func(x, g []float64) float64 { clear(g); return 0 }
	k, z := kernelAt(t, flat, []float64{0}, 1, 10)
	if err := k.initStepSize(&z); err == nil {
		t.Fatalf("no error; step size %g", k.eps)
	}
}
