package study

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/metrics"
	"github.com/csvgd/csvgd-go/csvgd/stein"
)

// TestSpreadOf: the smallest and median pair distance of a hand-made
// ensemble, and a gamma equal to the one the sampler's median rule
// computes from the particles (so that a wrong exponent, log or pair set
// fails), for beta = 2 and N = 3, 10, 20; no gamma for beta = 1.
func TestSpreadOf(t *testing.T) {
	// three points on a line at 0, 3, 7: pairs 3, 4, 7.
	s := SpreadOf(metrics.Distances([][]float64{{0}, {3}, {7}}), 2)
	if s.Min != 3 || s.Median != 4 || math.Abs(s.Gamma-16/(2*math.Log(4))) > 1e-12 {
		t.Errorf("points 0, 3, 7: spread %+v, want min 3, median 4, gamma %v", s, 16/(2*math.Log(4)))
	}
	rng := rand.New(rand.NewPCG(3, 4))
	if g := SpreadOf(metrics.Distances([][]float64{{0}, {3}, {7}}), 1).Gamma; !math.IsNaN(g) {
		t.Errorf("beta 1: gamma %v from Euclidean distances, want NaN", g)
	}
	for _, beta := range []float64{2} {
		for _, n := range []int{3, 10, 20} {
			x := make([][]float64, n)
			for a := range x {
				x[a] = make([]float64, 5)
				for i := range x[a] {
					x[a][i] = 3 * rng.NormFloat64()
				}
			}
			got := SpreadOf(metrics.Distances(x), beta)
			want := (stein.Bandwidth{Rule: stein.MedianLiuWang}).Of(x, stein.Kernel{Beta: beta})
			if math.Abs(got.Gamma-want) > 1e-3*want { // for an even pair count the rule may take one middle pair, not their mean
				t.Errorf("beta %v, N = %d: gamma %v, the median rule's %v", beta, n, got.Gamma, want)
			}
			if !(got.Min > 0 && got.Min <= got.Median) {
				t.Errorf("beta %v, N = %d: min %v, median %v", beta, n, got.Min, got.Median)
			}
		}
	}
	if (SpreadOf([][]float64{{0}}, 2) != Spread{}) {
		t.Error("one particle: want a zero spread")
	}
}
