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

// TestNewSteinAblationKeepsTheRecordedState: a run recorded after its
// stated iterations and then continued in place (as a longer run of the
// same flow is printed) keeps, in the figure, the state after the stated
// iterations, start and end both; a literal SteinAblation, which shares the
// run's slices, shows the continued state instead.
func TestNewSteinAblationKeepsTheRecordedState(t *testing.T) {
	run := func(x [][]float64, iters int) { // steps of 0.1 up the score of N((1, 2), I)
		for range iters {
			for _, th := range x {
				th[0] += 0.1 * (1 - th[0])
				th[1] += 0.1 * (2 - th[1])
			}
		}
	}
	draw := func() [][]float64 { return [][]float64{{0, 0}, {-1, 0.5}, {0.3, -2}} }
	const stated = 20
	want := draw()
	run(want, stated)

	x := draw()
	start := draw()
	run(x, stated)
	kept := NewSteinAblation("run", start, x)
	shared := SteinAblation{Label: "run", Start: start, End: x}
	start[0][0] = 99 // the caller reuses its slices
	run(x, 9*stated) // and continues the run in place
	for a := range want {
		for i := range want[a] {
			if kept.End[a][i] != want[a][i] {
				t.Fatalf("end state %v, want the state after %d iterations %v", kept.End, stated, want)
			}
		}
	}
	if kept.Start[0][0] != 0 {
		t.Errorf("start state %v changed with the caller's slice", kept.Start)
	}
	if shared.End[0][0] == want[0][0] {
		t.Errorf("a literal SteinAblation kept its end state %v: the continued run should show through", shared.End)
	}
}
