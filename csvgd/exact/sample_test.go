package exact_test

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/exact"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/nuts"
	"github.com/csvgd/csvgd-go/csvgd/stein"
)

// priorOnly is the posterior of the template [3, 2, 1] without data
// (likelihood weight 0) under the alpha = 2 prior at lambda = 1/2:
// exp(-(theta^2 + s^2)/2) per weight, N(0, 1) for W_0's six weights and
// the half-normal on [0, inf) for W_1's two.
func priorOnly(t *testing.T) *exact.Posterior {
	t.Helper()
	arch := icnn.Arch{Widths: []int{3, 2, 1}}
	post, err := exact.NewPosterior(arch, icnn.NewBatch(trainingSamples(t)[:2]), 0, stein.Prior{Alpha: 2, Lambda: 0.5})
	if err != nil {
		t.Fatal(err)
	}
	return post
}

// starts are two starting points of the tiny template, as Stein particles.
var starts = [][]float64{{0.1, -0.2, 0.3, 0, 0.5, -1, 0.4, 0}, {-0.3, 0.2, 0.1, 0.2, -0.5, 1, 0, 1.2}}

// TestSampleKnownPosterior: NUTS with reflection recovers the moments of
// N(0, 1) and of the half-normal (mean sqrt(2/pi), variance 1 - 2/pi)
// within 4 Monte Carlo standard errors, never leaves W_1 >= 0, keeps the
// number of draws asked for, and reports converged diagnostics.
func TestSampleKnownPosterior(t *testing.T) {
	post := priorOnly(t)
	c := exact.Config{Chains: 4, Overdispersed: 2, Warmup: 300, Draws: 500, Keep: 100, Seed: 5, MaxDepth: 10, Accept: 0.8}
	run, err := exact.Sample(post, starts, c, nil)
	if err != nil {
		t.Fatal(err)
	}
	checkPriorOnlyMoments(t, run)
	if len(run.Kept) != 100 {
		t.Errorf("%d draws kept, want 100", len(run.Kept))
	}
	r := run.Report
	if r.RHatMax > 1.01 || r.ESSBulkMin < 400 || r.Divergences > 0 || r.Watched != post.Dim() || len(r.Misses()) > 0 {
		t.Errorf("report %+v: want R-hat <= 1.01, bulk ESS >= 400, no divergences, all weights watched, no criterion missed (%v)", r, r.Misses())
	}
	if len(r.EBFMI) != 4 || r.EBFMIMin < 0.3 || r.Accept != 0.8 || r.Overdispersed != 2 || r.LogDensityRHat > 1.01 {
		t.Errorf("report %+v: want 4 E-BFMI values >= 0.3, the target acceptance, 2 overdispersed chains, log density R-hat <= 1.01", r)
	}
	// Stationary chains: neither the log prior nor the log-likelihood (0,
	// no data) moves between the halves, and the halves' bands agree.
	if math.Abs(r.LogPriorDrift) > 0.5 || r.LogLikelihoodDrift != 0 || math.Abs(r.Band90Halves[0]/r.Band90Halves[1]-1) > 0.15 {
		t.Errorf("drift: log prior %v, log-likelihood %v, bands of the halves %v", r.LogPriorDrift, r.LogLikelihoodDrift, r.Band90Halves)
	}
	if len(run.Trace.LogDensity) != 4 || len(run.Trace.Watched[3]) != 500 || len(run.Diverged) != 0 {
		t.Errorf("trace of %d chains, watched quantity of %d draws, %d divergences", len(run.Trace.LogDensity), len(run.Trace.Watched[3]), len(run.Diverged))
	}
}

// TestOverdispersedStarts: the last chains start at perturbed particles,
// the others at the particles; perturbed constrained weights stay >= 0,
// a weight the flow pruned to 0 moves, and the perturbation is seeded.
func TestOverdispersedStarts(t *testing.T) {
	post := priorOnly(t)
	cons := post.Arch.Constrained()
	spread := exact.Spread(starts)
	if math.Abs(spread[0]-math.Sqrt(0.08)) > 1e-12 {
		t.Errorf("spread of weight 0 = %v, want sqrt(0.08)", spread[0])
	}
	a := exact.Perturb(starts[0], spread, cons, rand.New(rand.NewPCG(1, 2)))
	b := exact.Perturb(starts[0], spread, cons, rand.New(rand.NewPCG(1, 2)))
	for i, v := range a {
		if v != b[i] || (cons[i] && v < 0) || v == starts[0][i] {
			t.Errorf("weight %d: perturbed %v and %v from %v (constrained %v)", i, v, b[i], starts[0][i], cons[i])
		}
	}
	c := exact.Config{Chains: 4, Overdispersed: 2, Warmup: 0, Draws: 8, Keep: 4, Seed: 3, MaxDepth: 2, Accept: 0.8}
	run, err := exact.Sample(post, starts, c, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, init := range run.Result.Config.Init {
		same := slices.Equal(init, starts[k*len(starts)/c.Chains])
		if same != (k < 2) {
			t.Errorf("chain %d starts at %v: at its particle %v, want %v", k, init, same, k < 2)
		}
	}
}

// TestReportMisses: every criterion a run misses is named with its
// measured value; a run that meets all misses none.
func TestReportMisses(t *testing.T) {
	good := exact.Report{Chains: 4, Draws: 500, Divergences: 20, RHatMax: 1.01, ESSBulkMin: 400, ESSTailMin: 512, EBFMIMin: 0.3}
	if m := good.Misses(); len(m) != 0 {
		t.Errorf("a run at every threshold misses %v", m)
	}
	bad := good
	bad.Divergences, bad.RHatMax, bad.ESSBulkMin, bad.ESSTailMin, bad.EBFMIMin = 21, 1.02, 399, 12, 0.25
	want := []string{"21 divergent transitions (1.1% > 1%)", "R-hat 1.020 > 1.01", "bulk ESS 399 < 400", "tail ESS 12 < 400", "E-BFMI 0.25 < 0.3"}
	if got := bad.Misses(); !slices.Equal(got, want) {
		t.Errorf("misses %q, want %q", got, want)
	}
	if got := bad.MaxDepthShare(); got != 0 {
		t.Errorf("depth share %v", got)
	}
}

// TestSampleIsReproducible: the same seed gives the same draws whether
// the chains run in parallel or one after another.
func TestSampleIsReproducible(t *testing.T) {
	post := priorOnly(t)
	c := exact.Config{Chains: 3, Overdispersed: 1, Warmup: 50, Draws: 20, Keep: 10, Seed: 9, MaxDepth: 6, Accept: 0.8, Metric: nuts.Dense}
	a, err := exact.Sample(post, starts, c, nil)
	if err != nil {
		t.Fatal(err)
	}
	c.Workers = 1
	b, err := exact.Sample(post, starts, c, nil)
	if err != nil {
		t.Fatal(err)
	}
	for j := range a.Kept {
		for i := range a.Kept[j] {
			if a.Kept[j][i] != b.Kept[j][i] {
				t.Fatalf("kept draw %d, weight %d: %v in parallel, %v in sequence", j, i, a.Kept[j][i], b.Kept[j][i])
			}
		}
	}
}

// TestSampleRefusesBadInput: settings out of range and starts of the wrong
// length are refused with an error naming them.
func TestSampleRefusesBadInput(t *testing.T) {
	post := priorOnly(t)
	good := exact.Config{Chains: 2, Warmup: 10, Draws: 10, Keep: 5, Seed: 1, MaxDepth: 5, Accept: 0.8}
	for name, tc := range map[string]struct {
		c      exact.Config
		starts [][]float64
	}{
		"keep above the draws": {func() exact.Config { c := good; c.Keep = 21; return c }(), starts},
		"too few draws":        {func() exact.Config { c := good; c.Draws = 3; return c }(), starts},
		"acceptance 1":         {func() exact.Config { c := good; c.Accept = 1; return c }(), starts},
		"overdispersed 3 of 2": {func() exact.Config { c := good; c.Overdispersed = 3; return c }(), starts},
		"metric 5":             {func() exact.Config { c := good; c.Metric = 5; return c }(), starts},
		"no particles":         {good, nil},
		"short particle":       {good, [][]float64{{1, 2}}},
		"negative start":       {good, [][]float64{{0, 0, 0, 0, 0, 0, -1, 0}}},
	} {
		if _, err := exact.Sample(post, tc.starts, tc.c, nil); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}
