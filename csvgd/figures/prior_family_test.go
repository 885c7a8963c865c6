package figures

import (
	"math"
	"testing"
)

// TestPriorFamilyModes checks the figure's science for the prior
// exp(-lambda |theta|^alpha): for alpha = 2 the posterior is Gaussian with
// precision P + 2 lambda I, so the grid maximum must sit within one grid
// step of its mean (P + 2 lambda I)^-1 P mu; for alpha = 1 and lambda = 10
// it is at the origin; for alpha = 1/4 it lies on an axis (the prior's
// cusps) once lambda >= 1, and at lambda = 0.1, where the prior is weak,
// off the axes near the likelihood's mean (1, 2).
func TestPriorFamilyModes(t *testing.T) {
	step := (priorFamilyHi - priorFamilyLo) / 200
	for _, lambda := range priorFamilyLambdas {
		// P = [[2,1],[1,2]], mu = (1,2): P mu = (4, 5)
		a, b, d := 2+2*lambda, 1.0, 2+2*lambda
		det := a*d - b*b
		wx, wy := (d*4-b*5)/det, (a*5-b*4)/det
		x, y, _ := priorFamilyGrid(2, lambda).ArgMax()
		if math.Hypot(x-wx, y-wy) > step*math.Sqrt2/2+1e-12 {
			t.Errorf("alpha = 2, lambda = %v: grid maximum (%.3f, %.3f), exact mode (%.3f, %.3f)", lambda, x, y, wx, wy)
		}
		x, y, _ = priorFamilyGrid(0.25, lambda).ArgMax()
		onAxis := math.Abs(x) < 1e-12 || math.Abs(y) < 1e-12
		if lambda >= 1 && !onAxis {
			t.Errorf("alpha = 1/4, lambda = %v: maximum (%.3f, %.3f) off the axes", lambda, x, y)
		}
		if lambda < 1 && (onAxis || math.Hypot(x-1, y-2) > 0.2) {
			t.Errorf("alpha = 1/4, lambda = %v: maximum (%.3f, %.3f), want it off the axes near (1, 2)", lambda, x, y)
		}
	}
	if x, y, _ := priorFamilyGrid(1, 10).ArgMax(); math.Abs(x) > 1e-12 || math.Abs(y) > 1e-12 {
		t.Errorf("alpha = 1, lambda = 10: maximum (%.3f, %.3f), want the origin", x, y)
	}
}
