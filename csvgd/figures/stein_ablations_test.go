package figures

import (
	"math"
	"testing"
)

// TestSteinAblationsEllipses: the 1σ and 2σ ellipses of a Gaussian pass
// through mean ± k sd along the first axis and hold the points whose
// Mahalanobis distance is k; a covariance that is not positive definite,
// a particle that is not two finite numbers and no runs are errors.
func TestSteinAblationsEllipses(t *testing.T) {
	mean, cov := []float64{1, 2}, [2][2]float64{{4, 1}, {1, 2}}
	ell, err := ellipses(mean, cov)
	if err != nil {
		t.Fatal(err)
	}
	det := cov[0][0]*cov[1][1] - cov[0][1]*cov[1][0]
	for k, e := range ell {
		s := float64(k + 1)
		if math.Abs(e[0].X-(mean[0]+s*2)) > 1e-12 {
			t.Errorf("%vσ ellipse starts at x = %v, want %v", s, e[0].X, mean[0]+s*2)
		}
		for _, p := range e {
			dx, dy := p.X-mean[0], p.Y-mean[1]
			m2 := (cov[1][1]*dx*dx - 2*cov[0][1]*dx*dy + cov[0][0]*dy*dy) / det
			if math.Abs(math.Sqrt(m2)-s) > 1e-9 {
				t.Fatalf("%vσ ellipse holds %v at Mahalanobis distance %v", s, p, math.Sqrt(m2))
			}
		}
	}
	for name, f := range map[string]*Figure{
		"not positive definite": SteinAblations(mean, [2][2]float64{{1, 2}, {2, 1}}, []SteinAblation{{"a", [][]float64{{0, 0}}, [][]float64{{0, 0}}}}),
		"three coordinates":     SteinAblations(mean, cov, []SteinAblation{{"a", [][]float64{{0, 0, 0}}, [][]float64{{0, 0}}}}),
		"NaN":                   SteinAblations(mean, cov, []SteinAblation{{"a", [][]float64{{0, 0}}, [][]float64{{math.NaN(), 0}}}}),
		"no runs":               SteinAblations(mean, cov, nil),
	} {
		if f.Err() == nil {
			t.Errorf("%s: no error", name)
		}
	}
}
