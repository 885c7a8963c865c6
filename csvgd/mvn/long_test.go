package mvn

import (
	"math"
	"testing"
	"time"

	"github.com/csvgd/csvgd-go/csvgd/stein"
)

// longConfig is the illustrative example with the most singular prior and
// kernel of the survey, alpha = 0.25 and beta = 1, at lambda = 1 and a fixed
// bandwidth gamma = 1: [DefaultConfig]'s 128 particles and Adagrad.
func longConfig(iters int) Config {
	c := DefaultConfig()
	c.Alpha, c.Beta, c.Lambda = 0.25, 1, 1
	c.Bandwidth = stein.Bandwidth{Rule: stein.Fixed, Gamma: 1}
	c.Iters = iters
	return c
}

// checkLongRun runs longConfig(iters) and fails on any non-finite value
// (the flow's error names the quantity and the iteration).
func checkLongRun(t *testing.T, iters int) {
	t.Helper()
	start := time.Now()
	r, err := Run(testBackend(t), PaperTarget(), longConfig(iters))
	if err != nil {
		t.Fatal(err)
	}
	if r.Iterations != iters || !r.Particles.Finite() || math.IsNaN(r.Bhattacharyya) || math.IsNaN(r.L1Theta3) {
		t.Fatalf("after %d of %d iterations: finite particles %v, Bhattacharyya %v, mean |theta_3| %v",
			r.Iterations, iters, r.Particles.Finite(), r.Bhattacharyya, r.L1Theta3)
	}
	t.Logf("%d iterations in %v (%v per step); mean |theta_3| %.3g, Bhattacharyya %.3g",
		iters, time.Since(start).Round(time.Millisecond), time.Since(start)/time.Duration(iters), r.L1Theta3, r.Bhattacharyya)
}

// TestLongRunStaysFinite: 100,000 iterations of alpha = 0.25, beta = 1
// without a NaN or Inf (about 4.4 ms a step on two cores with the pure-Go
// backend: 7 to 8 minutes, which go test overlaps with the other
// packages). With -short it runs 10,000 (under a minute).
func TestLongRunStaysFinite(t *testing.T) {
	iters := 100_000
	if testing.Short() {
		iters = 10_000
	}
	checkLongRun(t, iters)
}
