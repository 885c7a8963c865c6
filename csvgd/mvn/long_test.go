package mvn

import (
	"math"
	"os"
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

// TestLongRunStaysFinite: 10,000 iterations of alpha = 0.25, beta = 1
// without a NaN or Inf. About 5 ms a step on two cores with the pure-Go
// backend: under a minute.
func TestLongRunStaysFinite(t *testing.T) { checkLongRun(t, 10_000) }

// TestVeryLongRunStaysFinite is the 100,000-iteration version, which takes
// 10 to 15 minutes on two cores (15.6 minutes measured on a busy machine).
// It cannot fit a 2-minute budget: the step is compute-bound in the
// [N, N, D] kernel terms, and fusing 20 steps into one graph execution was
// measured to gain nothing. It runs only when CSVGD_LONG=1, and not with
// -short.
func TestVeryLongRunStaysFinite(t *testing.T) {
	if testing.Short() || os.Getenv("CSVGD_LONG") != "1" {
		t.Skip("100,000 iterations of 128 particles (10 to 15 minutes on two cores): set CSVGD_LONG=1 to run")
	}
	checkLongRun(t, 100_000)
}
