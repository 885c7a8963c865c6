package study

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/calibration"
	"github.com/csvgd/csvgd-go/csvgd/compare"
	"github.com/csvgd/csvgd-go/csvgd/exact"
	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/runcache"
	"github.com/csvgd/csvgd-go/csvgd/train"
)

// handMade is a comparison on three test points (two inside the training
// range) with true stresses (1, 0.5, 0.5, 0, 0, 0): Stein members at the
// truth -0.1 and +0.1, reference members at 19 offsets from -0.2 to 0.2
// and one at 99, compared by package compare, with two reference runs
// that agree.
func handMade(t *testing.T) ExactComparison {
	t.Helper()
	test := []hyperelastic.Sample{
		{D: -0.1, STrue: hyperelastic.Stress{1, 0.5, 0.5}},
		{D: 0.1, STrue: hyperelastic.Stress{1, 0.5, 0.5}},
		{D: 0.3, STrue: hyperelastic.Stress{1, 0.5, 0.5}},
	}
	members := func(offsets ...float64) hyperelastic.Predictions {
		out := make(hyperelastic.Predictions, len(offsets))
		for j, o := range offsets {
			for _, s := range test {
				p := s.STrue
				for k := range 3 {
					p[k] += o
				}
				out[j] = append(out[j], p)
			}
		}
		return out
	}
	rep := calibration.Report{Levels: CoverageLevels, Truth: make([]float64, 9), Predictive: make([]float64, 9), Entries: 6}
	runReport := exact.Report{Chains: 2, Warmup: 10, Draws: 20, Watched: 12, RHatMax: 1, ESSBulkMin: 500, ESSTailMin: 500, EBFMIMin: 1}
	specs := Plan{Quick: true}.ReferenceRuns(runcache.Spec{Label: "hand-made"})
	ref := &Reference{
		Specs: specs,
		Runs:  []*runcache.NUTSResult{{Report: runReport, Config: specs[0].Config}, {Report: runReport, Config: specs[1].Config}},
		Agreement: &exact.Agreement{Verdict: exact.Agrees, NestedRHat: 1.002, Watched: 12, Criteria: exact.DefaultCriteria,
			Runs: []exact.RunAgreement{{Band90: exact.Estimate{Value: 0.2, MCSE: 0.01}}, {Band90: exact.Estimate{Value: 0.21, MCSE: 0.01}}}},
	}
	c := ExactComparison{Label: "hand-made", Particles: 2, Seed: 1, Alpha: 0.5, Arch: icnn.Arch{Widths: []int{3, 2, 1}}, Test: test, Reference: ref,
		Stein: members(-0.1, 0.1), NUTS: members(nutsOffsets()...), SteinCoverage: rep, NUTSCoverage: rep}
	var err error
	if c.Compare, err = compare.Predictions(c.Stein, c.NUTS, test, compare.Options{Bootstrap: 100, Seed: 1}); err != nil {
		t.Fatal(err)
	}
	c.Compare.Weights, c.Zero = &compare.ZeroWeights{}, &compare.ZeroWeights{}
	c.CompareRuns = []*compare.Result{c.Compare, c.Compare}
	return c
}

// nutsOffsets are 19 offsets evenly spread over [-0.2, 0.2] and 99.
func nutsOffsets() []float64 {
	var out []float64
	for i := range 19 {
		out = append(out, -0.2+0.4*float64(i)/18)
	}
	return append(out, 99)
}

// TestExactComparisonMeasures: the extreme NUTS member is counted (the
// band widths of the comparison: calibration's TestBandWidth).
func TestExactComparisonMeasures(t *testing.T) {
	c := handMade(t)
	if n := c.ExtremeDraws(); n != 1 {
		t.Errorf("%d extreme NUTS draws, want 1", n)
	}
}

// TestExactTablesFormat: the sampler table has a row per reference run
// that says whether it meets Stan's criteria, with the measured reason
// when not; the agreement table a row per template with both runs' band
// widths and the verdict; the band table a ratio with its interval where
// the runs agree and both runs' estimates, marked unresolved, where they
// do not; the coverage table two rows per run of the first seed.
func TestExactTablesFormat(t *testing.T) {
	good, bad := handMade(t), handMade(t)
	bad.Seed, bad.Label = 2, "hand-made, seed 2"
	badRuns := *bad.Reference
	badRep := badRuns.Runs[1].Report
	badRep.Divergences, badRep.RHatMax = 3, 1.05
	badRuns.Runs = []*runcache.NUTSResult{badRuns.Runs[0], {Report: badRep, Config: badRuns.Runs[1].Config}}
	badAgree := *badRuns.Agreement
	badAgree.Verdict, badAgree.NestedRHat = exact.Unresolved, 1.2
	badRuns.Agreement = &badAgree
	bad.Reference = &badRuns
	var b bytes.Buffer
	cs := []ExactComparison{good, bad}
	samplerTable(&b, cs)
	agreementTable(&b, cs)
	bandsTable(&b, cs)
	coverageTable(&b, cs)
	out := b.String()
	containsAll(t, out, "| 2 | 0.5 | 1 | 3-2-1 (8) | A |", "| met |", "missed: 3 divergent transitions (7.5% > 1%); R-hat 1.050 > 1.01 |",
		"3 of the 4 distinct runs (4 rows:", "meet the criteria, 3 of them with no divergent transition at all", "0 of the 1 templates whose runs agree pool a run that misses a criterion",
		"(Stan itself warns on any divergent transition after warm-up)", "| 0.00 / 0.00 | 0% / 0% | agrees |", "| 0.2000 ± 0.0100 | 0.2100 ± 0.0100 |", "| 1.200 |", "| unresolved |", "for 1 of the 2 ensembles at α = 0.5.",
		"| 2 | 0.5 | 2 | unresolved | A ", "| 2 | 0.5 | 1 | agrees | 1.38 [", "| cSVGD, α = 0.5, 2 particles (last stage) |",
		"| the two runs on its template (20 draws, agrees) |", "At α = 0.5, 1 ensemble's template has no reference", "only at N = 2 does an ensemble's template have one")
	if strings.Count(out, "| cSVGD,") != 1 {
		t.Errorf("coverage rows of the second seed:\n%s", out)
	}
	// a template whose runs agree while one of them misses a criterion
	// is counted as such
	missed := handMade(t)
	missedRuns := *missed.Reference
	missedRep := missedRuns.Runs[0].Report
	missedRep.RHatMax = 1.02
	missedRuns.Runs = []*runcache.NUTSResult{{Report: missedRep, Config: missedRuns.Runs[0].Config}, missedRuns.Runs[1]}
	missed.Reference = &missedRuns
	b.Reset()
	samplerTable(&b, []ExactComparison{good, missed, bad})
	if out := b.String(); !strings.Contains(out, "1 of the 2 templates whose runs agree pool a run that misses a criterion") {
		t.Errorf("the sampler table does not count the agreeing template with a run that misses:\n%s", out)
	}
	// two training runs on one template share their run from optimised
	// initialisations: one run in two rows; a run with a divergent
	// transition under the tolerance meets the criteria but not Stan's
	// own rule
	twin := handMade(t)
	twin.Label, twin.Particles = "hand-made, 4 particles", 4
	twinRuns := *twin.Reference
	twinRep := twinRuns.Runs[0].Report
	twinRep.Draws, twinRep.Divergences = 1000, 1
	// the shared run read for the second training run took another wall
	// time, and so has another ESS per second
	twinB := twinRuns.Runs[1].Report
	twinB.Seconds, twinB.ESSPerSecond = 776, twinB.ESSBulkMin/776
	twinRuns.Runs = []*runcache.NUTSResult{{Report: twinRep, Config: twinRuns.Runs[0].Config}, {Report: twinB, Config: twinRuns.Runs[1].Config}}
	twin.Reference = &twinRuns
	b.Reset()
	samplerTable(&b, []ExactComparison{good, twin})
	if out := b.String(); !strings.Contains(out, "3 of the 3 distinct runs (4 rows:") || !strings.Contains(out, "2 of them with no divergent transition at all") {
		t.Errorf("the sampler table does not count a shared run once, or counts a divergent run as meeting Stan's rule:\n%s", out)
	}
}

// TestMoreParticlesVerdict: with at least MinTrendSeeds training seeds
// at the smallest and the largest size, intervals that overlap show no
// trend beyond the seeds' spread and separate ones show that more
// particles help; with fewer seeds no trend is judged, even from
// separate intervals; templates without a reference are counted, not
// used, and too few sizes with one leave the question open.
func TestMoreParticlesVerdict(t *testing.T) {
	run := func(n int, lo, est, hi float64, v exact.Verdict) ExactComparison {
		return ExactComparison{Particles: n, Alpha: 0.5, Reference: &Reference{Agreement: &exact.Agreement{Verdict: v}},
			Compare: &compare.Result{Band90Ratio: compare.Estimate{Estimate: est, Lo: lo, Hi: hi}}}
	}
	three := func(n int, lo, est, hi float64) []ExactComparison {
		return []ExactComparison{run(n, lo, est, hi, exact.Agrees), run(n, lo, est, hi, exact.Agrees), run(n, lo, est, hi, exact.Agrees)}
	}
	overlap := moreParticles(append(append(three(10, 0.3, 0.5, 0.8), three(100, 0.6, 0.7, 0.8)...), run(100, 0.9, 1, 1.1, exact.Unresolved)))
	apart := moreParticles(append(three(10, 0.3, 0.5, 0.55), three(100, 0.6, 0.7, 0.8)...))
	oneSeed := moreParticles([]ExactComparison{run(10, 0.3, 0.5, 0.55, exact.Agrees), run(100, 0.6, 0.7, 0.8, exact.Agrees)})
	open := moreParticles([]ExactComparison{run(10, 0.3, 0.5, 0.55, exact.Agrees), run(100, 0.6, 0.7, 0.8, exact.Unresolved)})
	if !strings.Contains(overlap, "0.50, 0.50, 0.50 at N = 10; 0.70, 0.70, 0.70 at N = 100") || !strings.Contains(overlap, "overlap: these seeds show no trend in N beyond their spread") ||
		!strings.Contains(overlap, "1 ensemble's template has no reference") || strings.Contains(overlap, "1.00") {
		t.Errorf("overlapping: %s", overlap)
	}
	if !strings.Contains(apart, "every interval at N = 100 lies above every interval at N = 10") {
		t.Errorf("apart: %s", apart)
	}
	if !strings.Contains(oneSeed, "with 1 training seed at N = 10 and 1 training seed at N = 100, fewer than 3 per size, a trend in N is not judged") ||
		strings.Contains(oneSeed, "lies above") || strings.Contains(oneSeed, "overlap") {
		t.Errorf("one seed per size: %s", oneSeed)
	}
	if !strings.Contains(open, "is not measured") || strings.Contains(open, "0.70") {
		t.Errorf("one size with a reference: %s", open)
	}
}

// TestSummaryWeightSpace: the summary's first item gives the range of
// the log density's R-hat and of the depth-limit share over the runs, and
// says whether the chains mixed in weight space, both ways.
func TestSummaryWeightSpace(t *testing.T) {
	for _, tc := range []struct {
		rhat  float64
		depth int
		want  string
	}{
		{2.37, 40, "the log density's R-hat ranges from 1.00 to 2.37 (the largest above 1.01: not every run's chains mixed in weight space), and 0-100% of their transitions"},
		{1.005, 0, "the log density's R-hat ranges from 1.00 to 1.00 (every run within 1.01), and 0% of their transitions"},
	} {
		c := handMade(t)
		ref := *c.Reference
		r := ref.Runs[1].Report
		r.LogDensityRHat, r.MaxDepthHits = tc.rhat, tc.depth
		ref.Runs = []*runcache.NUTSResult{{Report: exact.Report{LogDensityRHat: 1.001, Chains: 2, Draws: 20}}, {Report: r, Config: ref.Runs[1].Config}}
		c.Reference = &ref
		var b bytes.Buffer
		summary(&b, []ExactComparison{c})
		if out := b.String(); !strings.Contains(out, tc.want) || !strings.Contains(out, "no coverage is promised") {
			t.Errorf("log density R-hat %g: summary lacks %q:\n%s", tc.rhat, tc.want, out)
		}
	}
}

// TestMixedWordAndCoverage: the weight-space phrase says that no run
// mixed when even the smallest log-density R-hat misses 1.01, that not
// every run did when only the largest does; the coverage line gives the
// pooled draws of templates with a reference apart from the others.
func TestMixedWordAndCoverage(t *testing.T) {
	if got := mixedWord(1.06, 3.12); !strings.Contains(got, "no run's chains mixed") {
		t.Errorf("smallest above the bound: %q", got)
	}
	if got := mixedWord(1.005, 3.12); !strings.Contains(got, "not every run's chains mixed") {
		t.Errorf("largest above the bound: %q", got)
	}
	good, bad := handMade(t), handMade(t)
	good.NUTSCoverage.Truth = slices.Clone(good.NUTSCoverage.Truth)
	good.NUTSCoverage.Truth[levelIndex(0.9)] = 0.72
	bad.Particles = 4
	badAgree := *bad.Reference.Agreement
	badAgree.Verdict = exact.Unresolved
	badRef := *bad.Reference
	badRef.Agreement = &badAgree
	bad.Reference = &badRef
	bad.NUTSCoverage.Truth = slices.Clone(bad.NUTSCoverage.Truth)
	bad.NUTSCoverage.Truth[levelIndex(0.9)] = 0.91
	got := truthCoverage([]ExactComparison{good, bad})
	if !strings.Contains(got, "at 72% for the 1 ensemble whose template has a reference and 91% for the 1 ensemble whose template has none") {
		t.Errorf("coverage of references and unresolved draws not apart: %q", got)
	}
}

// TestDriftSummary: the sentence names what moves more, and gives the
// halves' bands' difference without a conclusion it does not test.
func TestDriftSummary(t *testing.T) {
	r := exact.Report{Chains: 4, Draws: 100, MaxDepthHits: 100, LogDensityRHat: 2.5, LogPriorDrift: -3, LogLikelihoodDrift: 0.2, Band90Halves: [2]float64{0.1, 0.105}}
	got := DriftSummary(r)
	containsAll(t, got, "Log density R-hat 2.50 (25% of the transitions at the depth limit)", "log prior changed by -3.00", "the log prior moved more than the log-likelihood (neither change is tested", "+5% apart; no standard error", "not tested")
	if strings.Contains(got, "only the prior holds") {
		t.Errorf("%q reads the drifts as moving weights, which no standard error backs", got)
	}
	r.LogLikelihoodDrift, r.Band90Halves[1] = 5, 0.2
	got = DriftSummary(r)
	containsAll(t, got, "the log-likelihood moved at least as much as the log prior", "+100% apart", "does not say whether the bands change")
	if strings.Contains(got, "do not depend") || strings.Contains(got, ": the push-forward's bands change") {
		t.Errorf("%q draws a conclusion the halves' difference does not test", got)
	}
	if s := span([]float64{0.5, 0.504}); s != "50%" {
		t.Errorf("span %q", s)
	}
	if s := span([]float64{0.12, 0.3}); s != "12-30%" {
		t.Errorf("span %q", s)
	}
}

// TestSharedTemplates: runs that ended on one template at one prior are
// named together; runs on other templates or priors are not.
func TestSharedTemplates(t *testing.T) {
	a, b, c := handMade(t), handMade(t), handMade(t)
	b.Particles = 4
	c.Particles, c.Alpha = 8, 1
	got := sharedTemplates([]ExactComparison{a, b, c})
	want := " At α = 0.5 the runs of N = 2 and N = 4 ended on one template, 3-2-1: one posterior, counted once per run."
	if got != want {
		t.Errorf("shared templates:\n got %q\nwant %q", got, want)
	}
	if got := sharedTemplates([]ExactComparison{a, c}); got != "" {
		t.Errorf("no shared template: got %q", got)
	}
}

// TestAgreementPools: with more than one NUTS setting the study pools the
// NUTS runs alone before every run together, since two settings that
// each agree may not agree with each other; with one NUTS setting that
// pool would repeat the setting's own row and is left out.
func TestAgreementPools(t *testing.T) {
	spec := func(seed uint64) runcache.NUTSSpec {
		var s runcache.NUTSSpec
		s.Config.Seed = seed
		return s
	}
	all := []runcache.NUTSSpec{spec(1), spec(2), spec(3), spec(4), spec(5), spec(6)}
	nuts := all[:4]
	got := poolsOf(all, nuts, 2)
	if len(got) != 2 || got[0].sampler != nutsSettings || len(got[0].specs) != 4 || got[1].sampler != allSettings || len(got[1].specs) != 6 {
		t.Errorf("two NUTS settings: pools %+v", got)
	}
	got = poolsOf(all, nuts[:2], 1)
	if len(got) != 1 || got[0].sampler != allSettings {
		t.Errorf("one NUTS setting: pools %+v", got)
	}
}

// TestPosteriorKey: two training runs share a posterior exactly when
// their last stages ran on one template under the same settings (prior,
// sigma, data); a run that kept no last stage has no key.
func TestPosteriorKey(t *testing.T) {
	result := func(widths []int, alpha, sigma float64) *train.Result {
		c := train.DefaultConfig()
		c.Alpha = alpha
		return &train.Result{Config: c, Arch: icnn.Arch{Widths: widths, Inputs: icnn.Shifted}, Sigma: sigma,
			LastStage: &train.StageEnsemble{Widths: widths}}
	}
	run := runcache.Spec{Noise: 0.1}
	key := func(r *train.Result) string {
		t.Helper()
		k, err := posteriorKey(r, run)
		if err != nil {
			t.Fatal(err)
		}
		return k
	}
	base := key(result([]int{3, 8, 1}, 0.5, 0.1))
	for _, tc := range []struct {
		name string
		res  *train.Result
		same bool
	}{
		{"the same template and settings", result([]int{3, 8, 1}, 0.5, 0.1), true},
		{"another template", result([]int{3, 6, 1}, 0.5, 0.1), false},
		{"another alpha", result([]int{3, 8, 1}, 1, 0.1), false},
		{"another sigma", result([]int{3, 8, 1}, 0.5, 0.2), false},
	} {
		if got := key(tc.res) == base; got != tc.same {
			t.Errorf("%s: shares the posterior %v, want %v", tc.name, got, tc.same)
		}
	}
	if _, err := posteriorKey(&train.Result{Arch: icnn.Arch{Widths: []int{3, 8, 1}, Inputs: icnn.Shifted}}, run); err == nil {
		t.Error("a run with no last stage got a posterior key")
	}
}

// TestOverruled: a pair of runs that agrees is overruled where another
// pair on the same posterior does not, and only there; the agreement
// table then says that the template has no reference, and the count and
// the shared-template line follow.
func TestOverruled(t *testing.T) {
	got := overruled([]string{"0.5|3-8-1", "0.5|3-8-1", "1|3-8-1", "0.5|3-6-1"}, []bool{true, false, true, true})
	if want := []bool{true, false, false, false}; !slices.Equal(got, want) {
		t.Errorf("overruled %v, want %v", got, want)
	}
	if got := overruled([]string{"a", "a"}, []bool{true, true}); slices.Contains(got, true) {
		t.Errorf("two agreeing pairs on one posterior overruled: %v", got)
	}
	good, split := handMade(t), handMade(t)
	split.Particles, split.Label = 4, "hand-made, 4 particles"
	splitRef := *split.Reference
	splitAgree := *splitRef.Agreement
	splitAgree.Verdict = exact.Unresolved
	splitRef.Agreement = &splitAgree
	split.Reference = &splitRef
	good.Overruled = true
	var b bytes.Buffer
	agreementTable(&b, []ExactComparison{good, split})
	containsAll(t, b.String(), "agrees as a pair; unresolved on the template", "for 0 of the 2 ensembles at α = 0.5",
		"ended on one template, 3-2-1: one posterior, counted once per run; its pairs of runs do not all agree, so none of them is its reference")
	if good.Agrees() {
		t.Error("an overruled pair is taken for a reference")
	}
	b.Reset()
	coverageTable(&b, []ExactComparison{good, split})
	if out := b.String(); strings.Contains(out, "agrees)") {
		t.Errorf("the coverage table calls an overruled pair's draws a reference:\n%s", out)
	}
	// the shared run is counted once in the summary's range too
	if got := weightSpaceMixing([]ExactComparison{good, split}); !strings.Contains(got, "over the 3 distinct runs") {
		t.Errorf("summary counts rows as runs: %q", got)
	}
}
