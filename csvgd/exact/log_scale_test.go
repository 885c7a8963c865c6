package exact_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/exact"
)

// TestLogScaleDensity: the posterior in the log-scale coordinates is the
// plain posterior at theta = g(phi) plus log g'(phi) = phi (constrained)
// or log cosh(phi) (W_0), and its gradient matches central differences.
func TestLogScaleDensity(t *testing.T) {
	post := smallPosterior(t)
	arch := post.Arch
	cons := arch.Constrained()
	f := exact.LogScale{Constrained: cons, Floor: 1e-3}.LogDensity(post)
	theta := arch.Init(1, rand.New(rand.NewPCG(3, 4))).Particle(0)
	phi := make([]float64, len(theta))
	var logJ float64
	for i, v := range theta {
		if cons[i] {
			v = math.Abs(v) + 1e-3
			theta[i], phi[i] = v, math.Log(v)
			logJ += phi[i]
		} else {
			phi[i] = math.Asinh(v)
			logJ += math.Log(math.Cosh(phi[i]))
		}
	}
	checkCoordinates(t, post, f, theta, phi, logJ, 1e-6)
}

// TestSampleLogScaleKnownPosterior: without data, NUTS in the log-scale
// coordinates recovers the moments of N(0, 1) (W_0) and of the
// half-normal (W_1, mean sqrt(2/pi), variance 1 - 2/pi) within 4 Monte
// Carlo standard errors, with positive constrained weights, starting from
// particles with weights pruned to 0.
func TestSampleLogScaleKnownPosterior(t *testing.T) {
	post := priorOnly(t)
	c := exact.Config{Chains: 4, Overdispersed: 2, Warmup: 300, Draws: 500, Keep: 100, Seed: 5, MaxDepth: 10, Accept: 0.8, Coordinates: exact.LogScaleCoordinates}
	run, err := exact.Sample(post, starts, c, nil)
	if err != nil {
		t.Fatal(err)
	}
	checkPriorOnlyMoments(t, run)
	for _, ch := range run.Result.Chains {
		for _, x := range ch.Draws {
			for i := 6; i < len(x); i++ {
				if !(x[i] > 0) {
					t.Fatalf("weight %d = %v in a draw, want > 0", i, x[i])
				}
			}
		}
	}
	if r := run.Report; r.RHatMax > 1.01 || r.Coordinates != exact.LogScaleCoordinates {
		t.Errorf("report: R-hat %v, coordinates %v", r.RHatMax, r.Coordinates)
	}
}
