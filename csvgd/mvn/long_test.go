package mvn

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"gonum.org/v1/gonum/mat"

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

// checkLongRun runs longConfig(iters) and fails on any value of the run
// that is not finite: a particle (the flow's own error names the quantity
// and the iteration), or a result it reports ([notFinite]), since
// particles that run off towards the largest floats stay finite while
// their moments do not.
func checkLongRun(t *testing.T, iters int) {
	t.Helper()
	start := time.Now()
	r, err := Run(testBackend(t), PaperTarget(), longConfig(iters))
	if err != nil {
		t.Fatal(err)
	}
	if bad := notFinite(r); r.Iterations != iters || !r.Particles.Finite() || len(bad) > 0 {
		t.Fatalf("after %d of %d iterations: finite particles %v, results not finite: %v",
			r.Iterations, iters, r.Particles.Finite(), bad)
	}
	t.Logf("%d iterations in %v (%v per step); mean |theta_3| %.3g, Bhattacharyya %.3g",
		iters, time.Since(start).Round(time.Millisecond), time.Since(start)/time.Duration(iters), r.L1Theta3, r.Bhattacharyya)
}

// notFinite names the results of r that are NaN or infinite: its mean,
// covariance, Bhattacharyya distance, mean |theta_3|, KSD and bandwidth,
// and the same in each point of its history but the Bhattacharyya
// distance, which is +Inf, rightly, for a singular covariance.
func notFinite(r *Result) []string {
	var bad []string
	check := func(name string, vs ...float64) {
		for _, v := range vs {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				bad = append(bad, fmt.Sprintf("%s %v", name, v))
				return
			}
		}
	}
	check("mean", r.Mean...)
	if r.Cov == nil {
		bad = append(bad, "no covariance")
	} else {
		check("covariance", r.Cov.RawSymmetric().Data...)
	}
	check("Bhattacharyya distance", r.Bhattacharyya)
	check("mean |theta_3|", r.L1Theta3)
	check("KSD", r.KSD)
	check("bandwidth", r.Gamma)
	for _, h := range r.History {
		check(fmt.Sprintf("history at %d", h.Iter), append([]float64{h.KSD, h.L1Theta3}, h.Variances...)...)
	}
	return bad
}

// TestNotFinite: the long run's check names a result that is infinite or
// NaN, and passes a finite one.
func TestNotFinite(t *testing.T) {
	finite := func() *Result {
		return &Result{Mean: []float64{1, 2, 3}, Cov: mat.NewSymDense(3, []float64{1, 0, 0, 0, 1, 0, 0, 0, 1}),
			Bhattacharyya: 0.5, L1Theta3: 0.1, KSD: 0.2, Gamma: 1, History: []HistoryPoint{{Iter: 0, KSD: 1, Bhattacharyya: math.Inf(1)}}}
	}
	for _, c := range []struct {
		name  string
		spoil func(r *Result)
		want  string // "" for none
	}{
		{"finite", func(*Result) {}, ""},
		{"infinite covariance", func(r *Result) { r.Cov.SetSym(1, 2, math.Inf(1)) }, "covariance +Inf"},
		{"NaN mean", func(r *Result) { r.Mean[2] = math.NaN() }, "mean NaN"},
		{"infinite mean |theta_3|", func(r *Result) { r.L1Theta3 = math.Inf(1) }, "mean |theta_3| +Inf"},
		{"infinite Bhattacharyya distance", func(r *Result) { r.Bhattacharyya = math.Inf(1) }, "Bhattacharyya distance +Inf"},
		{"NaN KSD", func(r *Result) { r.KSD = math.NaN() }, "KSD NaN"},
		{"NaN KSD in the history", func(r *Result) { r.History[0].KSD = math.NaN() }, "history at 0 NaN"},
	} {
		r := finite()
		c.spoil(r)
		bad := strings.Join(notFinite(r), ", ")
		if (c.want == "") != (bad == "") || !strings.Contains(bad, c.want) {
			t.Errorf("%s: %q, want %q", c.name, bad, c.want)
		}
	}
}

// TestLongRunStaysFinite: 100,000 iterations of alpha = 0.25, beta = 1
// without a NaN or Inf in the particles or the results (minutes with the
// pure-Go backend on two cores, which go test overlaps with the other
// packages; docs/reliability.md gives a measured time). With -short it runs 10,000 (under a minute).
func TestLongRunStaysFinite(t *testing.T) {
	iters := 100_000
	if testing.Short() {
		iters = 10_000
	}
	checkLongRun(t, iters)
}
