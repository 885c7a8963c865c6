package exact_test

import (
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
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

// TestSampleResumes: a NUTS run in the log-scale coordinates resumed from
// the state its chains saved mid-way (through JSON: in the warm-up, and
// while drawing) keeps the draws of an uninterrupted run and reports the
// same diagnostics, its wall time aside; with another seed the state is
// refused.
func TestSampleResumes(t *testing.T) {
	post := priorOnly(t)
	c := exact.Config{Chains: 2, Overdispersed: 1, Warmup: 50, Draws: 20, Keep: 10, Seed: 4, MaxDepth: 5, Accept: 0.8,
		Coordinates: exact.LogScaleCoordinates}
	whole, err := exact.Sample(post, starts, c, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, at := range []int{30, 60} {
		var saved []byte
		c.Checkpoint = &nuts.Checkpoint{Every: 10, Save: func(s *nuts.State) error {
			if s.Chains[1] != nil && s.Chains[1].Done == at {
				saved, err = json.Marshal(s)
			}
			return err
		}}
		if _, err := exact.Sample(post, starts, c, nil); err != nil || saved == nil {
			t.Fatalf("no state saved at iteration %d: %v", at, err)
		}
		var s nuts.State
		if err := json.Unmarshal(saved, &s); err != nil {
			t.Fatal(err)
		}
		c.Checkpoint = &nuts.Checkpoint{Resume: &s}
		run, err := exact.Sample(post, starts, c, nil)
		if err != nil {
			t.Fatal(err)
		}
		got, want := run.Report, whole.Report
		got.Seconds, got.ESSPerSecond, want.Seconds, want.ESSPerSecond = 0, 0, 0, 0
		if !reflect.DeepEqual(run.Kept, whole.Kept) || !reflect.DeepEqual(got, want) || !reflect.DeepEqual(run.Result.Chains, whole.Result.Chains) {
			t.Errorf("resumed after %d iterations: the draws or the report differ from an uninterrupted run's", at)
		}
		if run.Report.Seconds < s.Seconds {
			t.Errorf("resumed after %d iterations: %v s reported, less than the %v s saved", at, run.Report.Seconds, s.Seconds)
		}
		other := c
		other.Seed++
		if _, err := exact.Sample(post, starts, other, nil); !errors.Is(err, nuts.ErrResume) {
			t.Errorf("the state resumed with another seed: error %v, want one wrapping nuts.ErrResume", err)
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
		"checkpoint for ChEES": {func() exact.Config {
			c := good
			c.Sampler, c.MaxLeapfrog, c.Checkpoint = exact.CHEESSampler, 10, &nuts.Checkpoint{}
			return c
		}(), starts},
		"no particles":   {good, nil},
		"short particle": {good, [][]float64{{1, 2}}},
		"negative start": {good, [][]float64{{0, 0, 0, 0, 0, 0, -1, 0}}},
	} {
		if _, err := exact.Sample(post, tc.starts, tc.c, nil); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// TestCHEESKnownPosterior: the ChEES sampler (32 chains) on the prior-only
// posterior recovers N(0, 1) and the half-normal as NUTS does, keeps the
// draws chain by chain when Keep is a multiple of the chains, and reports
// its trajectory length and leapfrog steps.
func TestCHEESKnownPosterior(t *testing.T) {
	post := priorOnly(t)
	c := exact.Config{Sampler: exact.CHEESSampler, Chains: 32, Warmup: 300, Draws: 100, Keep: 320, Seed: 5, Accept: 0.9, MaxLeapfrog: 200}
	run, err := exact.Sample(post, starts, c, nil)
	if err != nil {
		t.Fatal(err)
	}
	checkPriorOnlyMoments(t, run)
	r := run.Report
	if r.Sampler != exact.CHEESSampler || r.Chains != 32 || !(r.TrajectoryLength > 0) || !(r.LeapfrogMean >= 1) || r.TreeDepthMean != 0 || len(run.Kept) != 320 {
		t.Errorf("report %+v, %d kept", r, len(run.Kept))
	}
	chains, err := exact.SplitChains(run.Kept, c.Chains)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(chains[1][0], run.Result.Chains[1].Draws[0]) {
		t.Error("kept draw 10 is not the first draw of chain 1")
	}
}

// TestInitStarts: initialisation starts are optimised on the posterior
// (every start's log density above that of its initialisation), respect
// W >= 0, differ between chains and seeds, and repeat for one seed.
func TestInitStarts(t *testing.T) {
	post := smallPosterior(t)
	c := exact.Config{Sampler: exact.CHEESSampler, Starts: exact.InitStarts, Chains: 4, Warmup: 0, Draws: 8, Keep: 4, Seed: 3, Accept: 0.9, MaxLeapfrog: 4, OptimizeSteps: 200}
	a, err := exact.Sample(post, nil, c, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := exact.Sample(post, nil, c, nil)
	c.Seed = 4
	other, _ := exact.Sample(post, nil, c, nil)
	if !slices.Equal(a.Kept[0], b.Kept[0]) || slices.Equal(a.Kept[0], other.Kept[0]) {
		t.Error("init starts do not repeat for one seed or do for another")
	}
	grad := make([]float64, post.Dim())
	cons := post.Arch.Constrained()
	theta := post.Arch.Init(1, rand.New(rand.NewPCG(1, 1))).Particle(0)
	opt := exact.Optimize(post, theta, 200)
	if post.LogDensity(opt, grad) <= post.LogDensity(theta, grad) {
		t.Error("Optimize did not raise the log density")
	}
	for i, v := range opt {
		if cons[i] && v < 0 {
			t.Fatalf("optimised weight %d = %v < 0", i, v)
		}
	}
}

// TestWithStarts: a configuration's starts carry their settings, from
// either kind to either: init starts have no overdispersed chains and
// take DefaultOptimizeSteps of quick mode or not; Stein starts take no
// optimisation and keep the configuration's overdispersed chains; the
// rest of the configuration is kept; and every result is valid.
func TestWithStarts(t *testing.T) {
	for _, base := range []exact.Config{exact.DefaultConfig(false), exact.DefaultConfig(true), exact.DefaultCHEESConfig(false), exact.DefaultCHEESConfig(true)} {
		for _, quick := range []bool{false, true} {
			init := base.WithStarts(exact.InitStarts, quick)
			if init.Starts != exact.InitStarts || init.Overdispersed != 0 || init.OptimizeSteps != exact.DefaultOptimizeSteps(quick) {
				t.Errorf("%+v to init starts (quick %v): %+v", base, quick, init)
			}
			stein := init.WithStarts(exact.SteinStarts, quick)
			want := base
			want.OptimizeSteps, want.Overdispersed = 0, 0
			if stein != want {
				t.Errorf("%+v to init and back to Stein starts: %+v, want %+v", base, stein, want)
			}
			if same := base.WithStarts(exact.SteinStarts, quick); same.Overdispersed != base.Overdispersed || same.OptimizeSteps != 0 {
				t.Errorf("%+v to Stein starts: %+v", base, same)
			}
			for _, c := range []exact.Config{init, stein} {
				if err := c.Validate(); err != nil {
					t.Errorf("%+v: %v", c, err)
				}
			}
		}
	}
}

// TestSamplerSettingsAreChecked: settings that belong to the other
// sampler or starts are refused, naming them.
func TestSamplerSettingsAreChecked(t *testing.T) {
	post := priorOnly(t)
	good := exact.Config{Sampler: exact.CHEESSampler, Chains: 4, Warmup: 10, Draws: 10, Keep: 8, Seed: 1, Accept: 0.9, MaxLeapfrog: 10}
	for name, c := range map[string]exact.Config{
		"one chain":             func() exact.Config { c := good; c.Chains, c.Keep = 1, 5; return c }(),
		"no leapfrog":           func() exact.Config { c := good; c.MaxLeapfrog = 0; return c }(),
		"dense metric":          func() exact.Config { c := good; c.Metric = nuts.Dense; return c }(),
		"log-scale":             func() exact.Config { c := good; c.Coordinates = exact.LogScaleCoordinates; return c }(),
		"sampler 2":             func() exact.Config { c := good; c.Sampler = 2; return c }(),
		"overdispersed init":    func() exact.Config { c := good; c.Starts, c.Overdispersed = exact.InitStarts, 1; return c }(),
		"negative optimisation": func() exact.Config { c := good; c.Starts, c.OptimizeSteps = exact.InitStarts, -1; return c }(),
		"nuts without depth":    {Chains: 2, Warmup: 10, Draws: 10, Keep: 5, Seed: 1, Accept: 0.8},
	} {
		if _, err := exact.Sample(post, starts, c, nil); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	for _, s := range []string{"nuts", "chees"} {
		if v, err := exact.ParseSampler(s); err != nil || v.String() != s {
			t.Errorf("sampler %q: %v, %v", s, v, err)
		}
	}
	if _, err := exact.ParseStarts("prior"); err == nil || !strings.Contains(err.Error(), "want stein or init") {
		t.Errorf("starts \"prior\": %v", err)
	}
}
