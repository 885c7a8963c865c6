package study

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
	"github.com/csvgd/csvgd-go/csvgd/runcache"
	"github.com/csvgd/csvgd-go/csvgd/stein"
	"github.com/csvgd/csvgd-go/csvgd/train"
)

// fakeStore is a store whose cache holds made-up results: the scorecard's
// checks read them as they read trained runs, so that each verdict can be
// tested against numbers chosen to decide it.
type fakeStore struct {
	*Store
	t *testing.T
}

func newFakeStore(t *testing.T) fakeStore {
	return fakeStore{&Store{Plan: Plan{Quick: true}, Cache: runcache.Cache{Dir: t.TempDir()}}, t}
}

// put caches res as the result of spec.
func (f fakeStore) put(spec runcache.Spec, res train.Result) {
	f.t.Helper()
	res.Config = spec.Config
	if res.Particles == nil {
		res.Particles = stein.NewEnsemble(1, 1)
	}
	if err := f.Put(spec, &res); err != nil {
		f.t.Fatal(err)
	}
}

// final is a result that ends with the given W1 sums and active weights
// on a template of params parameters.
func final(w1, w1In, active float64, params int) train.Result {
	arch := icnn.Arch{Widths: []int{3, params/4 - 1, 1, 1}}
	return train.Result{
		Arch: arch, W1: metrics.PushForward{Sum: w1}, W1InRange: w1In,
		History: []train.Record{{Iter: 0, ActiveWeights: 1020}, {Iter: 10, ActiveWeights: active}},
		Stages:  []train.StageRecord{{TemplateParams: 1020, MsPerIter: 10, ActiveWeights: active}, {TemplateParams: arch.NumParams(), MsPerIter: 1, ActiveWeights: active}},
	}
}

// TestScorecardVerdicts: checks decide by their stated thresholds, case by
// case: all cases pass (holds), some do (in part), none does.
func TestScorecardVerdicts(t *testing.T) {
	f := newFakeStore(t)
	with, without := f.SpeedupRuns()
	for i := range with {
		// in range cSVGD at most 1.1 x SVGD's everywhere; over the whole path only for the first two alphas
		whole := 1.5
		if i < 2 {
			whole = 1.05
		}
		f.put(with[i], final(whole*100, 40, 20, 60))
		f.put(without[i], final(100, 40, 45, 1020))
	}
	penalty, _ := f.PriorFormRuns()
	for i, spec := range penalty[1] { // seed 2: in range 1.2 x SVGD's at the first alpha, else as seed 1
		whole, in := 1.5, 40.0
		if i < 2 {
			whole = 1.05
		}
		if i == 0 {
			in = 48
		}
		f.put(spec, final(whole*100, in, 20, 60))
	}
	for _, c := range []struct {
		check func(*Store) (Verdict, string, error)
		want  Verdict
		in    string
	}{
		{checkNoLoss, HoldsPartly, "seed 2: in range 1.20, 1.00, 1.00, 1.00, 1.00; whole path 1.05, 1.05, 1.50, 1.50, 1.50; 13 of 20 cases"},
		{checkFewerWeights, Holds, "α = 0.25: 20.0 against 45.0"},
	} {
		v, ev, err := c.check(f.Store)
		if err != nil {
			t.Fatal(err)
		}
		if v != c.want || !strings.Contains(ev, c.in) {
			t.Errorf("verdict %v with %q, want %v with %q", v, ev, c.want, c.in)
		}
	}

	// counts: within a factor 1.5 of the paper's for all but alpha = 2
	for i, spec := range f.ConvergencePriorsRuns() {
		count := 1.2 * PaperActiveWeights[i]
		if PaperAlphas[i] == 2 {
			count = 2 * PaperActiveWeights[i]
		}
		f.put(spec, final(100, 40, count, 60))
	}
	if v, ev, err := checkCounts(f.Store); err != nil || v != HoldsPartly {
		t.Errorf("counts: %v, %q, %v: want in part", v, ev, err)
	}
	if v, ev, err := checkCountsOrdered(f.Store); err != nil || v != Holds || !strings.Contains(ev, "4 of 4 neighbouring pairs ordered") {
		t.Errorf("ordered counts: %v, %q, %v: want holds, 4 of 4 pairs", v, ev, err)
	}
	f.put(f.ConvergencePriorsRuns()[0], final(100, 40, 30, 60)) // α = 0.25 above α = 0.5's 26.4
	if v, ev, err := checkCountsOrdered(f.Store); err != nil || v != HoldsPartly || !strings.Contains(ev, "3 of 4") || !strings.Contains(ev, "not ordered: α = 0.25 (30.0) against α = 0.5 (26.4)") {
		t.Errorf("one pair out of order: %v, %q, %v: want in part, naming the pair", v, ev, err)
	}

	// cSVGD against the sequential method at α = 0.5 and at α = 2 (the
	// priors' run): here cSVGD at 0.5 wins both measures, at 2 neither
	priors := f.ConvergencePriorsRuns()
	methods := f.MethodRuns()
	f.put(priors[1], final(400, 40, 20, 60))
	f.put(priors[len(priors)-1], final(600, 70, 150, 448))
	f.put(methods[2], final(500, 60, 160, 1020))
	if v, ev, err := checkBeatsSequential(f.Store); err != nil || v != HoldsPartly || !strings.Contains(ev, "α = 2 (the sequential method's prior) against L2 + Stein: in range 70.0 against 60.0") {
		t.Errorf("beats sequential: %v, %q, %v: want in part, both priors", v, ev, err)
	}
	f.put(priors[len(priors)-1], final(450, 50, 150, 448))
	if v, ev, err := checkBeatsSequential(f.Store); err != nil || v != Holds {
		t.Errorf("beats sequential at both priors: %v, %q, %v: want holds", v, ev, err)
	}

	// noise: slopes between neighbouring noise levels within a factor 2,
	// on W1 in range, W1 over the whole path and the mean error in range
	for _, c := range []struct {
		name             string
		in, whole, err   func(n float64) float64
		want             Verdict
		contains, absent string
	}{
		{"linear in range only: 1 of 3, fewer than half", func(n float64) float64 { return 20 + 300*n }, func(n float64) float64 { return 600 - 1000*n }, func(float64) float64 { return 0 },
			DoesNotHold, "W1 in range 20.0, 35.0, 50.0, 80.0, slopes per point of noise 3.00, 3.00, 3.00 (linear by this test)", ""},
		{"linear in range and in the mean error, falling over the whole path: 2 of 3", func(n float64) float64 { return 20 + 300*n }, func(n float64) float64 { return 600 - 1000*n }, func(n float64) float64 { return 0.04 + 0.3*n },
			HoldsPartly, "W1 over the whole path 600.0, 550.0, 500.0, 400.0, slopes per point of noise -10.00, -10.00, -10.00 (not)", ""},
		{"all three linear", func(n float64) float64 { return 20 + 300*n }, func(n float64) float64 { return 600 + 1000*n }, func(n float64) float64 { return 0.04 + 0.3*n },
			Holds, "mean error in range (%) 4.0, 5.5, 7.0, 10.0, slopes per point of noise 0.300, 0.300, 0.300 (linear by this test)", "(not)"},
		{"convex: slopes 0.7, 1.7, 3.2 (R² of a line 0.96)", func(n float64) float64 { return 20 + 20*n + 1000*n*n }, func(n float64) float64 { return 600 - 1000*n }, func(float64) float64 { return 0 },
			DoesNotHold, "slopes per point of noise 0.70, 1.70, 3.20 (not)", "(linear by this test)"},
	} {
		for i, spec := range f.ConvergenceNoiseRuns() {
			n := PaperNoiseLevels[i]
			r := final(c.whole(n), c.in(n), 20, 60)
			r.MeanErrorInRange = c.err(n)
			f.put(spec, r)
		}
		v, ev, err := checkLinearNoise(f.Store)
		if err != nil || v != c.want || !strings.Contains(ev, c.contains) || (c.absent != "" && strings.Contains(ev, c.absent)) {
			t.Errorf("linear noise, %s: %v, %q, %v: want %v with %q", c.name, v, ev, err, c.want, c.contains)
		}
	}

	// the adaptive schedule: reverted at every noise level but the last
	_, adaptive := f.AdaptiveRuns()
	for j, spec := range adaptive {
		r := final(100, 40, 15, 30)
		r.Stages = []train.StageRecord{{Lambda: 0.01, CondensedTo: []int{3, 4, 3, 1}}, {Lambda: 0.02, CondensedTo: []int{3, 4, 3, 1}, ErrorRose: j < 3}, {Lambda: 0.01}}
		f.put(spec, r)
	}
	if v, ev, err := checkSchedule(f.Store); err != nil || v != HoldsPartly || !strings.Contains(ev, "20%: λ up to 0.02, error never rose") {
		t.Errorf("schedule: %v, %q, %v: want in part", v, ev, err)
	}
}

// TestScorecardBothMeasures: the accuracy claims of Sec. 5.5 read W1
// inside the training range and over the whole path, and each can go
// either way on either measure; the sequential method's counts are
// compared like with like (template with template, active weights with
// active weights).
func TestScorecardBothMeasures(t *testing.T) {
	type run struct{ whole, in, active float64 }
	for _, c := range []struct {
		name                       string
		priors                     []run // alpha = 0.25 ... 2
		sizes                      []run // N = 10, 20, 50, 100
		seq                        run
		seqParams, denseParams     int
		similar, size, crowd, seqV Verdict
	}{
		{"the paper's trends on both measures",
			[]run{{400, 40, 20}, {410, 41, 21}, {420, 40, 22}, {405, 42, 24}, {380, 35, 130}},
			[]run{{410, 41, 21}, {410, 41, 21}, {420, 42, 22}, {520, 52, 24}},
			run{390, 36, 400}, 1020, 448,
			Holds, Holds, Holds, Holds},
		{"in range only: the whole path goes the other way",
			[]run{{400, 40, 20}, {410, 41, 21}, {600, 40, 22}, {405, 42, 24}, {380, 35, 130}},
			[]run{{410, 41, 21}, {410, 41, 21}, {420, 42, 22}, {390, 52, 24}},
			run{600, 36, 160}, 1020, 448,
			HoldsPartly, HoldsPartly, HoldsPartly, HoldsPartly},
		{"whole path only: inside the range the other way",
			[]run{{400, 40, 20}, {410, 41, 21}, {420, 60, 22}, {405, 42, 24}, {380, 35, 130}},
			[]run{{410, 41, 21}, {410, 41, 21}, {420, 40, 22}, {520, 39, 24}},
			run{390, 60, 400}, 1020, 448,
			HoldsPartly, HoldsPartly, HoldsPartly, HoldsPartly},
		{"neither measure, and no reduction of the counts",
			[]run{{400, 40, 20}, {410, 41, 21}, {600, 60, 22}, {405, 42, 24}, {380, 35, 130}},
			[]run{{410, 41, 21}, {410, 41, 21}, {420, 40, 22}, {390, 39, 24}},
			run{600, 60, 150}, 500, 448,
			DoesNotHold, DoesNotHold, DoesNotHold, DoesNotHold}, // similar: only the counts' spread passes, 1 of 3
	} {
		t.Run(c.name, func(t *testing.T) {
			f := newFakeStore(t)
			f.Quick = false // the sizes of the full runs, 100 particles included
			for i, spec := range f.ConvergencePriorsRuns() {
				p := 60
				if PaperAlphas[i] == 2 {
					p = c.denseParams
				}
				f.put(spec, final(c.priors[i].whole, c.priors[i].in, c.priors[i].active, p))
			}
			for i, spec := range f.ConvergenceEnsembleRuns() {
				f.put(spec, final(c.sizes[i].whole, c.sizes[i].in, c.sizes[i].active, 60))
			}
			methods := f.MethodRuns() // cSVGD's is the run of α = 0.5
			f.put(methods[1], final(500, 50, 40, 1020))
			f.put(methods[2], final(c.seq.whole, c.seq.in, c.seq.active, c.seqParams))
			for _, k := range []struct {
				check func(*Store) (Verdict, string, error)
				want  Verdict
			}{{checkSimilarUpTo1, c.similar}, {checkSizeAccuracy, c.size}, {checkCrowding, c.crowd}, {checkSequentialSize, c.seqV}} {
				v, ev, err := k.check(f.Store)
				if err != nil {
					t.Fatal(err)
				}
				if v != k.want || !strings.Contains(ev, "whole") {
					t.Errorf("verdict %v with %q, want %v and both measures", v, ev, k.want)
				}
			}
		})
	}
}

// TestScorecardNotMeasured: a claim whose runs hold no evidence either
// way is "not measured", never "holds": no α falls below a tenth of its
// initial count (quick mode's short runs), and no ensemble of 100
// particles (quick mode's sizes end at 50); when some α do fall, their
// order decides.
func TestScorecardNotMeasured(t *testing.T) {
	f := newFakeStore(t)
	specs := f.ConvergencePriorsRuns()
	for _, spec := range specs {
		f.put(spec, final(100, 40, 500, 60)) // never below 102 of 1020
	}
	if v, ev, err := checkEarlier(f.Store); err != nil || v != NotMeasured || !strings.Contains(ev, "α = 0.25: never") {
		t.Errorf("no α below the limit: %v, %q, %v; want not measured", v, ev, err)
	}
	f.put(specs[0], final(100, 40, 20, 60)) // α = 1/4 falls at iteration 10, the others never
	if v, ev, err := checkEarlier(f.Store); err != nil || v != Holds {
		t.Errorf("only the smallest α below the limit: %v, %q, %v; want holds", v, ev, err)
	}
	f.put(specs[1], final(100, 40, 20, 60))
	r := final(100, 40, 20, 60)
	r.History = append([]train.Record{{Iter: 0, ActiveWeights: 1020}, {Iter: 5, ActiveWeights: 20}}, r.History[1:]...)
	f.put(specs[2], r) // α = 3/4 falls at iteration 5, before α = 1/2 at 10
	if v, ev, err := checkEarlier(f.Store); err != nil || v != HoldsPartly {
		t.Errorf("α = 3/4 before α = 1/2: %v, %q, %v; want in part", v, ev, err)
	}
	for _, spec := range f.ConvergenceEnsembleRuns() {
		f.put(spec, final(100, 40, 20, 60))
	}
	if v, ev, err := checkCrowding(f.Store); err != nil || v != NotMeasured || !strings.Contains(ev, "no run of 100 particles") {
		t.Errorf("quick sizes: %v, %q, %v; want not measured", v, ev, err)
	}
	if share(0, 0) != NotMeasured {
		t.Errorf("share of no case: %v", share(0, 0))
	}
}

// TestClaims: every claim belongs to a section with a scorecard and has
// its source, words and test; every section has claims; an unknown
// section is an error that names the known ones.
func TestClaims(t *testing.T) {
	for _, c := range Claims("") {
		if !slices.Contains(ScorecardSections, c.Section) || c.Source == "" || c.Quote == "" || c.Test == "" {
			t.Errorf("claim %+v", c)
		}
	}
	for _, sec := range ScorecardSections {
		if len(Claims(sec)) < 3 {
			t.Errorf("Sec. %s has %d claims", sec, len(Claims(sec)))
		}
	}
	if _, err := Scorecard(newFakeStore(t).Store, "4.2"); err == nil || !strings.Contains(err.Error(), "5.4") {
		t.Errorf("unknown section: %v", err)
	}
}

// TestWriteScorecard: one row per check with its verdict, pipes escaped,
// the count of verdicts, and quick mode said.
func TestWriteScorecard(t *testing.T) {
	var b strings.Builder
	checks := []Check{
		{Claim{"5.4", "Sec. 5.4", "a | b", "t", false}, Holds, "1 | 2"},
		{Claim{"5.4", "Sec. 5.4", "c", "t", false}, DoesNotHold, "3"},
		{Claim{"5.4", "Sec. 5.4", "d", "t", false}, NotMeasured, "no run"},
		{Claim{"5.4", "Sec. 5.4", "e", "t", true}, Holds, "ran as programmed"},
	}
	if err := WriteScorecard(&b, checks, true); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	containsAll(t, out, `“a \| b”`, `1 \| 2`, "**holds**", "**does not hold**", "**not measured**", "3 claims, by verdict: holds 1, holds in part 0, does not hold 1, not measured 1 (and 1 check of the implementation).", "check of the implementation, not counted: t", VerdictRule, "Quick mode")
}

// TestShare: the stated rule (VerdictRule): all cases pass, at least half
// pass, fewer than half pass; one passing case out of many does not make
// a claim hold in part.
func TestShare(t *testing.T) {
	for _, c := range []struct {
		held, n int
		want    Verdict
	}{
		{0, 0, NotMeasured}, {4, 4, Holds}, {3, 4, HoldsPartly}, {2, 4, HoldsPartly},
		{1, 4, DoesNotHold}, {1, 8, DoesNotHold}, {1, 5, DoesNotHold}, {3, 5, HoldsPartly}, {0, 3, DoesNotHold},
	} {
		if got := share(c.held, c.n); got != c.want {
			t.Errorf("share(%d, %d) = %v, want %v", c.held, c.n, got, c.want)
		}
	}
}

// TestPairsOrdered: rising pairs count, falling ones are named; ties
// count as ordered.
func TestPairsOrdered(t *testing.T) {
	for _, c := range []struct {
		xs     []float64
		n      int
		broken []int
	}{{[]float64{1, 2, 2, 5}, 3, nil}, {[]float64{21.6, 19.7, 20.6, 27, 151}, 3, []int{1}}, {[]float64{3, 2, 1}, 0, []int{1, 2}}} {
		n, b := pairsOrdered(c.xs)
		if n != c.n || !slices.Equal(b, c.broken) {
			t.Errorf("%v: %d ordered, broken %v; want %d, %v", c.xs, n, b, c.n, c.broken)
		}
	}
}

// TestSlopesAgree: a line passes; a convex curve whose line fit has R²
// above 0.9 fails on its slopes; a falling or flat stretch fails; two
// slopes exactly a factor 2 apart pass, a bit more fails.
func TestSlopesAgree(t *testing.T) {
	xs := []float64{0, 5, 10, 20}
	for _, c := range []struct {
		name string
		ys   []float64
		want bool
	}{
		{"line", []float64{1, 2, 3, 5}, true},
		{"convex (the in-range W1 of the full runs)", []float64{23.3, 26.3, 39.2, 76.4}, false},
		{"falling stretch", []float64{10, 12, 11, 20}, false},
		{"flat stretch", []float64{10, 10, 12, 16}, false},
		{"slopes 1, 2, 1.5", []float64{0, 5, 15, 30}, true},
		{"slopes 1, 2.1, 1.5", []float64{0, 5, 15.5, 30.5}, false},
	} {
		if _, ok := slopesAgree(xs, c.ys, 2); ok != c.want {
			t.Errorf("%s: %v, want %v", c.name, ok, c.want)
		}
	}
	if s, _ := lineFit(xs, []float64{23.3, 26.3, 39.2, 76.4}); !(s > 0) {
		t.Errorf("slope %v", s)
	}
}

// TestLineFit: a line's slope and R² = 1; noise lowers R²; constant data
// give 0.
func TestLineFit(t *testing.T) {
	if s, r2 := lineFit([]float64{0, 1, 2}, []float64{1, 3, 5}); math.Abs(s-2) > 1e-12 || math.Abs(r2-1) > 1e-12 {
		t.Errorf("slope %v, R² %v", s, r2)
	}
	if _, r2 := lineFit([]float64{0, 1, 2, 3}, []float64{0, 2, 1, 3}); !(r2 > 0.5 && r2 < 0.9) {
		t.Errorf("R² %v of scattered points", r2)
	}
	if s, r2 := lineFit([]float64{0, 1}, []float64{2, 2}); s != 0 || r2 != 0 {
		t.Errorf("constant: %v, %v", s, r2)
	}
	if got := percents([]float64{0, 0.05, 0.2}); got != "0, 5 and 20%" {
		t.Errorf("percents: %q", got)
	}
}

// TestDistanceTrend: the mean distance at the start, its peak and the end,
// and the closest pair at the end, from made-up distance matrices; a
// record without one is an error.
func TestDistanceTrend(t *testing.T) {
	m := func(d01, d02, d12 float64) [][]float64 {
		return [][]float64{{0, d01, d02}, {d01, 0, d12}, {d02, d12, 0}}
	}
	h := []train.Record{{Iter: 0, Distances: m(3, 3, 3)}, {Iter: 5, Distances: m(6, 9, 9)}, {Iter: 9, Distances: m(1, 4, 4)}}
	got, err := DistanceTrendOf(h)
	if err != nil {
		t.Fatal(err)
	}
	want := DistanceTrend{First: 3, Peak: 8, Last: 3, PeakIter: 5, LastIter: 9, Closest: 1}
	if got != want {
		t.Errorf("trend %+v, want %+v", got, want)
	}
	if line := (DistanceTrend{First: 4, Last: 6, Closest: 3}).String(); !strings.Contains(line, "end farther apart than they started (1.50 times") || !strings.Contains(line, "closest pair at 0.50 of the final mean") {
		t.Errorf("a growing trend reads %q", line)
	}
	if line := (DistanceTrend{First: 6, Last: 4, Closest: 1}).String(); !strings.Contains(line, "end closer than they started (0.67 times") {
		t.Errorf("a falling trend reads %q", line)
	}
	if _, err := DistanceTrendOf([]train.Record{{Iter: 3}}); err == nil {
		t.Error("a record without distances accepted")
	}
}

// TestNoiseAndEnsembleTables: the noise table states the rise of the
// in-range W1 per percentage point between the noise levels; the ensemble
// table has a row per size with 1/(N+1) beside the median kernel value.
func TestNoiseAndEnsembleTables(t *testing.T) {
	f := newFakeStore(t)
	for i, spec := range f.ConvergenceNoiseRuns() {
		r := final(500, 20+[]float64{0, 5, 15, 45}[i], 20, 60)
		r.Particles = stein.NewEnsemble(2, r.Arch.NumParams()) // the same (zero) networks at every noise level
		f.put(spec, r)
	}
	var b strings.Builder
	if err := NoiseTable(&b, f.Store); err != nil {
		t.Fatal(err)
	}
	// the same networks at every noise level: their W1 against the
	// noise-free truth does not rise, while the W1 against the noisy
	// reference (made up here) does
	containsAll(t, b.String(), "rises per percentage point of noise by 1.00 from 0 to 5%, 2.00 from 5 to 10%, 3.00 from 10 to 20%.",
		"to 20%: the ensembles' +45.0, the noise-free truth's +", "the ensembles' W1 against the noise-free truth +0.0.", "not lower bounds")
	for _, spec := range f.ConvergenceEnsembleRuns() {
		r := final(500, 40, 20, 60)
		n := spec.Config.Particles
		r.History[1].KernelMedian, r.History[1].KernelGroups = 1/float64(n+1), 1
		r.History[1].Distances = make([][]float64, n) // every pair 4 apart
		for a := range n {
			r.History[1].Distances[a] = make([]float64, n)
			for b := range n {
				if a != b {
					r.History[1].Distances[a][b] = 4
				}
			}
		}
		f.put(spec, r)
	}
	b.Reset()
	if err := EnsembleTable(&b, f.Store); err != nil {
		t.Fatal(err)
	}
	if rows := strings.Count(b.String(), "\n| "); rows != len(f.EnsembleSizes()) || !strings.Contains(b.String(), fmt.Sprintf("| 10 | 20.0 | 57 | 500.0 (40.0) | 0.0%% | 4.00 | %.1f | 1 |", 16/(2*math.Log(11)))) {
		t.Errorf("ensemble table:\n%s", b.String())
	}
}

// TestScaleFreeTrend: particles that grow in norm while keeping their
// relative spread have a constant ratio (the raw distance doubles); ones
// that move together have a falling one, with an interior peak when they
// first spread; a record without particles is an error.
func TestScaleFreeTrend(t *testing.T) {
	rec := func(iter int, ps ...[]float64) train.Record {
		return train.Record{Iter: iter, Particles: ps, Distances: metrics.Distances(ps)}
	}
	grow, err := ScaleFreeTrendOf([]train.Record{rec(0, []float64{3, 0}, []float64{0, 4}), rec(5, []float64{6, 0}, []float64{0, 8})})
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(grow.First-grow.Last) > 1e-12 || math.Abs(grow.First-5/3.5) > 1e-12 || grow.LastNorm/grow.FirstNorm != 2 || grow.PeakInterior {
		t.Errorf("growing alike: %+v, want a constant ratio 5/3.5 and norms doubling", grow)
	}
	closer, err := ScaleFreeTrendOf([]train.Record{rec(0, []float64{1, 0}, []float64{0, 1}), rec(5, []float64{2, 0}, []float64{-2, 0}), rec(9, []float64{1, 0}, []float64{1, 0.2})})
	if err != nil {
		t.Fatal(err)
	}
	if !(closer.Last < 0.9*closer.First) || !closer.PeakInterior || closer.PeakIter != 5 || closer.LowIter != 9 {
		t.Errorf("moving together: %+v, want a falling ratio with its peak at iteration 5", closer)
	}
	if _, err := ScaleFreeTrendOf([]train.Record{{Iter: 0, Distances: [][]float64{{0, 1}, {1, 0}}}}); err == nil {
		t.Error("a record without particles accepted")
	}
	if line := grow.String(); !strings.Contains(line, "grows 2.00 times, from 3.5 at the start to 7 at the end, iteration 5;") {
		t.Errorf("trend reads %q", line)
	}
}

// TestDispersionClaims: the "more similar" and "transient" rows judge the
// scale-free dispersion. Particles that double in size alike (raw
// distance doubling) are neither more similar nor in a transient; ones
// that spread, then come together, are both; a peak only 5% above the
// ends is no transient.
func TestDispersionClaims(t *testing.T) {
	rec := func(iter int, ps ...[]float64) train.Record {
		return train.Record{Iter: iter, Particles: ps, Distances: metrics.Distances(ps)}
	}
	for _, c := range []struct {
		name          string
		history       []train.Record
		similar, peak Verdict
	}{
		{"growing alike", []train.Record{rec(0, []float64{3, 0}, []float64{0, 4}), rec(5, []float64{4.5, 0}, []float64{0, 6}), rec(9, []float64{6, 0}, []float64{0, 8})}, DoesNotHold, DoesNotHold},
		{"spread, then together", []train.Record{rec(0, []float64{1, 0}, []float64{0, 1}), rec(5, []float64{2, 0}, []float64{-2, 0}), rec(9, []float64{1, 0}, []float64{1, 0.2})}, Holds, Holds},
		{"a small bump", []train.Record{rec(0, []float64{1, 0}, []float64{0, 1}), rec(5, []float64{1, 0}, []float64{-0.05, 1}), rec(9, []float64{1, 0}, []float64{0, 1})}, DoesNotHold, DoesNotHold},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := newFakeStore(t)
			for _, spec := range []runcache.Spec{f.SequenceRun(), f.GraphRun()} {
				r := final(100, 40, 20, 60)
				r.History = c.history
				f.put(spec, r)
			}
			if v, ev, err := checkMoreSimilar(f.Store); err != nil || v != c.similar || !strings.Contains(ev, "over mean norm") {
				t.Errorf("more similar: %v, %q, %v; want %v", v, ev, err, c.similar)
			}
			if v, ev, err := checkTransient(f.Store); err != nil || v != c.peak {
				t.Errorf("transient: %v, %q, %v; want %v", v, ev, err, c.peak)
			}
		})
	}
}
