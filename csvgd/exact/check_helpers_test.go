package exact_test

import (
	"math"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/exact"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/internal/numtest"
	"github.com/csvgd/csvgd-go/csvgd/nuts"
	"github.com/csvgd/csvgd-go/csvgd/stein"
)

// checkGradient compares the gradient f writes at x with central
// differences of f, with steps relative to each coordinate (at least
// 1e-3 times rel), and fails beyond the relative difference tol.
func checkGradient(t *testing.T, f nuts.LogDensity, x []float64, rel, tol float64) {
	t.Helper()
	grad := make([]float64, len(x))
	f(x, grad)
	fd := make([]float64, len(x))
	scratch := make([]float64, len(x))
	for i := range x {
		v := x[i]
		step := rel * math.Max(math.Abs(v), 1e-3)
		x[i] = v + step
		up := f(x, scratch)
		x[i] = v - step
		down := f(x, scratch)
		x[i] = v
		fd[i] = (up - down) / (2 * step)
	}
	if d := numtest.RelDiff(grad, fd); !(d < tol) {
		t.Errorf("gradient against finite differences: relative difference %.3g", d)
	}
}

// checkPriorOnlyMoments checks a run on [priorOnly]: N(0, 1) for W_0's
// six weights, the half-normal (mean sqrt(2/pi), variance 1 - 2/pi) for
// W_1's two, within 4 Monte Carlo standard errors, and no negative
// constrained weight in a draw.
func checkPriorOnlyMoments(t *testing.T, run *exact.Run) {
	t.Helper()
	for i := range run.Result.Dim {
		s := nuts.Summarize(run.Result.Coordinate(i))
		mean, sd := 0.0, 1.0
		if i >= 6 {
			mean, sd = math.Sqrt(2/math.Pi), math.Sqrt(1-2/math.Pi)
			for _, ch := range run.Result.Chains {
				for _, x := range ch.Draws {
					if x[i] < 0 {
						t.Fatalf("weight %d = %v < 0 in a draw", i, x[i])
					}
				}
			}
		}
		if math.Abs(s.Mean-mean) > 4*s.MCSE || math.Abs(s.SD/sd-1) > 0.1 {
			t.Errorf("weight %d: mean %.3f (MCSE %.3f), sd %.3f; want %.3f, %.3f", i, s.Mean, s.MCSE, s.SD, mean, sd)
		}
	}
}

// checkCoordinates checks a change of coordinates at phi: the density f
// in phi is the plain posterior at theta = g(phi) plus the log Jacobian
// logJ (within the relative difference tol), and its gradient matches
// central differences of f (within tol).
func checkCoordinates(t *testing.T, post *exact.Posterior, f nuts.LogDensity, theta, phi []float64, logJ, tol float64) {
	t.Helper()
	got := f(phi, make([]float64, len(phi)))
	if want := post.LogDensity(theta, make([]float64, len(theta))) + logJ; math.Abs(got-want) > tol*math.Abs(want) {
		t.Errorf("log density in phi %v, plain density plus log Jacobian %v", got, want)
	}
	checkGradient(t, f, phi, 1e-6, tol)
}

// smallPosterior is the posterior of the template 3-4-3-1 on 10 training
// points (sigma = 0.07, the mean form) under the alpha = 1/2 prior at
// lambda = 0.05, smoothed at s = 1e-3.
func smallPosterior(t *testing.T) *exact.Posterior {
	t.Helper()
	samples := trainingSamples(t)[:10]
	const sigma = 0.07
	post, err := exact.NewPosterior(icnn.Arch{Widths: []int{3, 4, 3, 1}}, icnn.NewBatch(samples), 0.5/(sigma*sigma)/float64(len(samples)), stein.Prior{Alpha: 0.5, Lambda: 0.05, Smoothing: 1e-3})
	if err != nil {
		t.Fatal(err)
	}
	return post
}
