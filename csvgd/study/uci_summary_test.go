package study

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/regress"
)

// TestUCIClassifyPaired: a paired difference is lower or higher, by its
// sign, only beyond 2 standard errors; at exactly 2 (0.5 ± 0.25, exact in
// binary) and inside it is within; without a standard error (one split)
// or a mean, no verdict. A rule at 1 or 3 standard errors, or with the
// sign reversed, fails a row.
func TestUCIClassifyPaired(t *testing.T) {
	nan := math.NaN()
	for _, tc := range []struct {
		mean, se float64
		want     UCIPairedClass
	}{
		{-0.25, 0.1, UCILower},
		{0.25, 0.1, UCIHigher},
		{0.15, 0.1, UCIWithin}, // beyond 1 SE, within 2
		{-0.15, 0.1, UCIWithin},
		{0.5, 0.25, UCIWithin}, // exactly 2 SE
		{-0.5, 0.25, UCIWithin},
		{0.75, 0.25, UCIHigher}, // exactly 3 SE
		{-0.75, 0.25, UCILower},
		{0, 0, UCIWithin},
		{-0.01, 0, UCILower},
		{0.3, nan, UCINoVerdict},
		{nan, 0.1, UCINoVerdict},
	} {
		if got := ClassifyPaired(tc.mean, tc.se); got != tc.want {
			t.Errorf("ClassifyPaired(%v, %v) = %v, want %v", tc.mean, tc.se, got, tc.want)
		}
	}
}

// TestUCIClassifyCoverage: a Wilson interval wholly below the level is
// too narrow, wholly above too wide; one touching or containing it
// contains it.
func TestUCIClassifyCoverage(t *testing.T) {
	for _, tc := range []struct {
		lo, hi float64
		want   UCICoverageClass
	}{
		{0.74, 0.85, UCITooNarrow},
		{0.95, 0.99, UCITooWide},
		{0.85, 0.95, UCICalibrated},
		{0.8, 0.9, UCICalibrated},
		{0.9, 0.95, UCICalibrated},
	} {
		if got := ClassifyCoverage(PooledCoverage{Level: 0.9, Lower: tc.lo, Upper: tc.hi}); got != tc.want {
			t.Errorf("[%v, %v] against 0.9: %v, want %v", tc.lo, tc.hi, got, tc.want)
		}
	}
}

// synthSplits are two splits with the given test RMSEs and
// log-likelihoods, active weights of full, and hits90 of the 200 test
// points (100 a split) inside the 90% intervals: the mean of two values
// is their midpoint and its standard error half their distance.
func synthSplits(rmse, ll [2]float64, active float64, full, hits90 int) []regress.SplitResult {
	out := make([]regress.SplitResult, 2)
	for k := range out {
		var cov []regress.CoverageCount
		for _, level := range regress.CoverageLevels {
			hits := int(math.Round(100 * level))
			if level == 0.9 {
				hits = hits90/2 + k*(hits90%2)
			}
			cov = append(cov, regress.CoverageCount{Level: level, Hits: hits, Points: 100})
		}
		out[k] = regress.SplitResult{Split: k, Test: regress.Metrics{RMSE: rmse[k], LL: ll[k]}, ActiveWeights: active, FullParams: full, Coverage: cov}
	}
	return out
}

// synthSet is a data set of the synthetic benchmark: SVGD's two splits
// and, per other setting, its paired differences of the RMSE and the
// log-likelihood, its active weights and its hits at 90%.
type synthSet struct {
	set          string
	points, full int
	published    []Published
	rmse, ll     [2]float64
	hits90       int
	others       map[string]synthOther
}

type synthOther struct {
	dRMSE, dLL [2]float64
	active     float64
	hits90     int
}

func (s synthSet) input() UCISetInput {
	r := map[string][]regress.SplitResult{"svgd": synthSplits(s.rmse, s.ll, float64(s.full), s.full, s.hits90)}
	for key, o := range s.others {
		r[key] = synthSplits([2]float64{s.rmse[0] + o.dRMSE[0], s.rmse[1] + o.dRMSE[1]}, [2]float64{s.ll[0] + o.dLL[0], s.ll[1] + o.dLL[1]}, o.active, s.full, o.hits90)
	}
	return UCISetInput{Set: s.set, TrainPoints: s.points, Published: s.published, Results: r}
}

// synthBenchmark: three data sets, in an order other than their sizes
// (yacht 249, concrete 834, boston 409 training points), on which every
// verdict class appears. SVGD's RMSE: yacht 1.0 ± 0.1, concrete 5.5 ±
// 0.5, boston 3.0 ± 0.1; log-likelihood −1.4 ± 0.1, −3.1 ± 0.1, −2.5 ±
// 0.1. Published (synthetic): yacht 0.85 ± 0 and −1.0 ± 0 (z = +1.5,
// −4.0), concrete 4.0 ± 0 and −3.1 without a standard error (z = +3.0,
// none), boston none. The paired differences (mean ± SE) are in the
// comments; the deep ensemble has no results on boston. Hits at 90% of
// 200: 160 (Wilson [0.739, 0.850], too narrow), 180 (contains 0.9), 196
// ([0.950, 0.992], too wide).
func synthBenchmark() []synthSet {
	nan := math.NaN()
	return []synthSet{
		{"yacht", 249, 401, []Published{{"published", 0.85, 0, -1.0, 0, 0}}, [2]float64{0.9, 1.1}, [2]float64{-1.5, -1.3}, 160, map[string]synthOther{
			"csvgd":          {[2]float64{-0.3, -0.2}, [2]float64{0.1, 0.2}, 100, 180},    // −0.25 ± 0.05 lower; +0.15 ± 0.05 higher
			"csvgd-strong":   {[2]float64{0.4, 0.2}, [2]float64{-0.3, -0.2}, 50, 196},     // +0.3 ± 0.1 higher; −0.25 ± 0.05 lower
			"csvgd-adaptive": {[2]float64{0.1, -0.05}, [2]float64{0.05, -0.05}, 120, 180}, // +0.025 ± 0.075 within; 0 ± 0.05 within
			"ensemble":       {[2]float64{-0.1, -0.4}, [2]float64{0.2, 0.1}, 401, 196},    // −0.25 ± 0.15 within; +0.15 ± 0.05 higher
		}},
		{"concrete", 834, 501, []Published{{"published", 4.0, 0, -3.1, nan, 0}}, [2]float64{5, 6}, [2]float64{-3.2, -3.0}, 180, map[string]synthOther{
			"csvgd":          {[2]float64{0.4, 0.2}, [2]float64{-0.1, -0.2}, 265, 160}, // +0.3 ± 0.1 higher; −0.15 ± 0.05 lower
			"csvgd-strong":   {[2]float64{0.8, 0.6}, [2]float64{-0.3, -0.2}, 140, 160}, // +0.7 ± 0.1 higher; −0.25 ± 0.05 lower
			"csvgd-adaptive": {[2]float64{0.1, -0.1}, [2]float64{0, 0}, 300, 180},      // 0 ± 0.1 within; 0 ± 0 within
			"ensemble":       {[2]float64{-0.5, -0.3}, [2]float64{0.1, 0.4}, 501, 180}, // −0.4 ± 0.1 lower; +0.25 ± 0.15 within
		}},
		{"boston", 409, 701, nil, [2]float64{2.9, 3.1}, [2]float64{-2.6, -2.4}, 196, map[string]synthOther{
			"csvgd":          {[2]float64{0.1, -0.05}, [2]float64{0.06, -0.04}, 300, 180}, // +0.025 ± 0.075 within; +0.01 ± 0.05 within
			"csvgd-strong":   {[2]float64{0.3, 0.5}, [2]float64{-0.1, -0.4}, 140, 160},    // +0.4 ± 0.1 higher; −0.25 ± 0.15 within
			"csvgd-adaptive": {[2]float64{-0.2, -0.4}, [2]float64{0.3, 0.5}, 200, 196},    // −0.3 ± 0.1 lower; +0.4 ± 0.1 higher
		}},
	}
}

func synthInputs(sets []synthSet) []UCISetInput {
	var in []UCISetInput
	for _, s := range sets {
		in = append(in, s.input())
	}
	return in
}

// TestUCISummarize: on the synthetic benchmark, each verdict is the one
// its rule gives: the gaps to the published row (z = +1.5 within, +3.0
// and −4.0 beyond, the reasons where none is read), each setting's paired
// verdicts per data set in every class (lower, higher, within, and not
// compared where the deep ensemble has no results), the size trend in
// order of training points with ρ = +1 and p = 2/3! (no trend at 5%),
// and each setting's calibration class; the text puts each beside its
// numbers.
func TestUCISummarize(t *testing.T) {
	v := UCISummarize(synthInputs(synthBenchmark()))
	const L, H, W, N = UCILower, UCIHigher, UCIWithin, UCINoVerdict
	gaps := []struct {
		zRMSE, zLL       float64
		whyRMSE, whyLL   string
		rmse, rmseSE, ll float64
	}{
		{1.5, -4, "", "", 1, 0.1, -1.4},
		{3, math.NaN(), "", whyNoPubSE, 5.5, 0.5, -3.1},
		{math.NaN(), math.NaN(), whyNoPublished, whyNoPublished, 3, 0.1, -2.5},
	}
	for i, w := range gaps {
		g := v.Gaps[i]
		if !near(g.Row.ZRMSE, w.zRMSE, 1e-9) || !near(g.Row.ZLL, w.zLL, 1e-9) || g.WhyNoRMSE != w.whyRMSE || g.WhyNoLL != w.whyLL ||
			!near(g.Row.RMSE, w.rmse, 1e-12) || !near(g.Row.RMSESE, w.rmseSE, 1e-12) || !near(g.Row.LL, w.ll, 1e-12) {
			t.Errorf("gap of %s: %+v (why %q, %q); want %+v", g.Set, g.Row, g.WhyNoRMSE, g.WhyNoLL, w)
		}
	}
	paired := map[string][3][2]UCIPairedClass{ // per set (yacht, concrete, boston): RMSE, log-likelihood
		"csvgd":          {{L, H}, {H, L}, {W, W}},
		"csvgd-strong":   {{H, L}, {H, L}, {H, W}},
		"csvgd-adaptive": {{W, W}, {W, W}, {L, H}},
		"ensemble":       {{W, H}, {L, W}, {N, N}},
	}
	if len(v.Paired) != len(UCISettings())-1 {
		t.Fatalf("%d settings compared with SVGD, want %d", len(v.Paired), len(UCISettings())-1)
	}
	for _, sp := range v.Paired {
		want := paired[sp.Setting.Key]
		for i, p := range sp.Sets {
			if p.RMSE != want[i][0] || p.LL != want[i][1] {
				t.Errorf("%s on %s: RMSE %v, log-likelihood %v (%+v); want %v, %v", sp.Setting.Key, p.Set, p.RMSE, p.LL, p.Row, want[i][0], want[i][1])
			}
		}
	}
	if p := v.Paired[3].Sets[2]; p.Why != whyNoResults || p.Row.Splits != 0 {
		t.Errorf("the deep ensemble on boston, without results: %+v", p)
	}
	if p := v.Paired[0].Sets[1]; !near(p.Row.DRMSE, 0.3, 1e-12) || !near(p.Row.DRMSESE, 0.1, 1e-12) || !near(p.BaseRMSE, 5.5, 1e-12) || !near(p.ActiveShare, 265.0/501, 1e-12) {
		t.Errorf("cSVGD on concrete: %+v, SVGD's RMSE %v, active share %v; want +0.3 ± 0.1, 5.5, 265/501", p.Row, p.BaseRMSE, p.ActiveShare)
	}
	tr := v.Trend
	if tr.Setting.Key != "csvgd" || len(tr.Points) != 3 || tr.Points[0].Set != "yacht" || tr.Points[1].Set != "boston" || tr.Points[2].Set != "concrete" ||
		!near(tr.Points[0].Rel, -0.25, 1e-12) || !near(tr.Points[0].RelSE, 0.05, 1e-12) || !near(tr.Points[2].Rel, 0.3/5.5, 1e-12) ||
		!near(tr.Rho, 1, 1e-12) || !near(tr.P, 2.0/6, 1e-12) || tr.Direction() != 0 || len(tr.Left) != 0 {
		t.Errorf("trend: %+v; want yacht, boston, concrete at −25%%, …, +5.5%%, ρ = 1, p = 1/3, no trend", tr)
	}
	calibration := map[string][3]UCICoverageClass{
		"svgd":           {UCITooNarrow, UCICalibrated, UCITooWide},
		"csvgd":          {UCICalibrated, UCITooNarrow, UCICalibrated},
		"csvgd-strong":   {UCITooWide, UCITooNarrow, UCITooNarrow},
		"csvgd-adaptive": {UCICalibrated, UCICalibrated, UCITooWide},
		"ensemble":       {UCITooWide, UCICalibrated, UCICoverageUnknown},
	}
	for _, sc := range v.Calibration {
		for i, c := range sc.Sets {
			if want := calibration[sc.Setting.Key][i]; c.Class != want {
				t.Errorf("calibration of %s on %s: %v (%+v), want %v", sc.Setting.Key, c.Set, c.Class, c.Coverage, want)
			}
		}
	}

	var buf bytes.Buffer
	if err := writeUCISummary(&buf, v); err != nil {
		t.Fatal(err)
	}
	text := buf.String()
	containsAll(t, text,
		"test RMSE within 2 combined standard errors of the published SVGD test RMSE on 1 of 2 data sets; beyond it: concrete (z = +3.00); not read — no published row: boston. ",
		"Test log-likelihood within 2 combined standard errors of the published SVGD test log-likelihood on 0 of 1 data sets; beyond it: yacht (z = −4.00); not read — no published standard error: concrete; no published row: boston.",
		"yacht +1.50, −4.00; concrete +3.00, –.",
		"\"lower\" or \"higher\" when |mean| > 2 standard errors, else \"within 2 standard errors\"",
		"  - cSVGD, λ = 0.001: test RMSE: lower on yacht (−0.250 ± 0.050); higher on concrete (+0.300 ± 0.100); within 2 standard errors on boston (+0.025 ± 0.075). "+
			"Test log-likelihood: lower on concrete (−0.150 ± 0.050); higher on yacht (+0.150 ± 0.050); within 2 standard errors on boston (+0.010 ± 0.050). "+
			"Active weights 25% (yacht) to 53% (concrete) of the full network's weights and biases.\n",
		"  - deep ensemble (no kernel): test RMSE: lower on concrete (−0.400 ± 0.100); within 2 standard errors on yacht (−0.250 ± 0.150); not compared — no results: boston. ",
		"yacht 249 points −25.0% ± 5.0% (lower), boston 409 points +0.8% ± 2.5% (within 2 standard errors), concrete 834 points +5.5% ± 1.8% (higher); "+
			"ρ = +1.00 (exact p = 0.333, 2 of 6 orderings at least as extreme): no trend with size at the 5% level.\n",
		"  - SVGD: too narrow on yacht 0.800 [0.739, 0.850]; too wide on boston 0.980 [0.950, 0.992]; containing 0.9 on concrete 0.900 [0.851, 0.934].\n",
		"  - deep ensemble (no kernel): too wide on yacht 0.980 [0.950, 0.992]; containing 0.9 on concrete 0.900 [0.851, 0.934]; not read — no results: boston.\n",
	)
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "  - deep ensemble (no kernel): test RMSE") && strings.Contains(line, "Active weights") {
			t.Errorf("the deep ensemble's line gives active weights: %s", line)
		}
	}
	if strings.Contains(text, "NaN") {
		t.Errorf("the summary prints NaN:\n%s", text)
	}
}

// TestUCISummaryOneSplit: with one split (quick mode) no standard error,
// so no gap and no paired verdict, is defined: the lines say so, give the
// differences alone, keep the calibration (the Wilson interval needs no
// second split) and print no NaN.
func TestUCISummaryOneSplit(t *testing.T) {
	in := synthInputs(synthBenchmark())
	for _, s := range in {
		for k, r := range s.Results {
			s.Results[k] = r[:1]
		}
	}
	v := UCISummarize(in)
	for _, g := range v.Gaps {
		if !math.IsNaN(g.Row.ZRMSE) || g.WhyNoRMSE == "" {
			t.Errorf("gap of %s with one split: z %v, why %q", g.Set, g.Row.ZRMSE, g.WhyNoRMSE)
		}
	}
	for _, sp := range v.Paired {
		for _, p := range sp.Sets {
			if p.RMSE != UCINoVerdict || p.LL != UCINoVerdict {
				t.Errorf("%s on %s with one split: %v, %v; want no verdict", sp.Setting.Key, p.Set, p.RMSE, p.LL)
			}
		}
	}
	var buf bytes.Buffer
	if err := writeUCISummary(&buf, v); err != nil {
		t.Fatal(err)
	}
	text := buf.String()
	containsAll(t, text,
		"test RMSE: no gap read; not read — one split: no standard error, no verdict: yacht, concrete; no published row: boston.",
		"  - cSVGD, λ = 0.001: test RMSE: one split: no standard error, no verdict: yacht (−0.300), concrete (+0.400), boston (+0.100). ",
		"yacht 249 points −33.3% (one split, no verdict)",
		"  - SVGD: too narrow on yacht 0.800 [",
	)
	if strings.Contains(text, "NaN") || strings.Contains(text, "within 2 combined standard errors") {
		t.Errorf("the summary of one split prints NaN or a gap verdict:\n%s", text)
	}
}

// TestUCISizeTrend: five data sets whose relative cost rises with their
// size give ρ = +1 at p = 2/5! < 0.05, "grows"; falling, ρ = −1,
// "shrinks"; an order with ρ = 0.3 (Σd² = 14) no trend; the rising five
// with one size unknown leave four, whose least p, 2/4! = 1/12, is not
// below 0.05: no trend, the fifth named as left out. Only SVGD and cSVGD
// have results: the other settings are not compared.
func TestUCISizeTrend(t *testing.T) {
	sets := func(rel []float64, sizes []int) []UCISetInput {
		var out []UCISetInput
		for i, r := range rel {
			s := synthSet{set: string(rune('a' + i)), points: sizes[i], full: 100, rmse: [2]float64{1, 1}, ll: [2]float64{-1, -1}, hits90: 180,
				others: map[string]synthOther{"csvgd": {[2]float64{r - 0.01, r + 0.01}, [2]float64{0, 0}, 50, 180}}}
			out = append(out, s.input())
		}
		return out
	}
	sizes := []int{500, 100, 300, 200, 400}
	for _, tc := range []struct {
		name      string
		rel       []float64 // by size: the entry of 100 points second
		sizes     []int
		rho, p    float64
		direction int
		words     string
	}{
		{"rising", []float64{0.5, 0.1, 0.3, 0.2, 0.4}, sizes, 1, 2.0 / 120, 1, "ρ = +1.00 (exact p = 0.017, 2 of 120 orderings at least as extreme): cSVGD's relative RMSE cost grows with the data set's size."},
		{"falling", []float64{0.1, 0.5, 0.3, 0.4, 0.2}, sizes, -1, 2.0 / 120, -1, "ρ = −1.00 (exact p = 0.017, 2 of 120 orderings at least as extreme): cSVGD's relative RMSE cost shrinks as the data set grows."},
		{"mixed", []float64{0.4, 0.3, 0.5, 0.1, 0.2}, sizes, 0.3, math.NaN(), 0, ": no trend with size at the 5% level."},
		{"four known", []float64{0.5, 0.1, 0.3, 0.2, 0.4}, []int{0, 100, 300, 200, 400}, 1, 2.0 / 24, 0,
			"ρ = +1.00 (exact p = 0.083, 2 of 24 orderings at least as extreme): no trend with size at the 5% level; left out: a (training points not known)."},
	} {
		v := UCISummarize(sets(tc.rel, tc.sizes))
		tr := v.Trend
		if !near(tr.Rho, tc.rho, 1e-12) || (!math.IsNaN(tc.p) && !near(tr.P, tc.p, 1e-12)) || tr.Direction() != tc.direction {
			t.Errorf("%s: ρ %v, p %v, direction %d; want %v, %v, %d", tc.name, tr.Rho, tr.P, tr.Direction(), tc.rho, tc.p, tc.direction)
		}
		var buf bytes.Buffer
		if err := writeUCISummary(&buf, v); err != nil {
			t.Fatal(err)
		}
		containsAll(t, buf.String(), tc.words, "  - deep ensemble (no kernel): test RMSE: not compared — no results: a, b, c, d, e. Test log-likelihood: not compared — no results: a, b, c, d, e.\n")
	}
}

// TestUCISizeTrendDirection: a trend is read only when p < 0.05, in the
// sign of ρ; at p = 0.05 or with ρ undefined, none.
func TestUCISizeTrendDirection(t *testing.T) {
	nan := math.NaN()
	for _, tc := range []struct {
		rho, p float64
		want   int
	}{{0.9, 0.0167, 1}, {-0.9, 0.0167, -1}, {0.9, 0.05, 0}, {-0.9, 0.2, 0}, {nan, nan, 0}} {
		if got := (UCISizeTrend{Rho: tc.rho, P: tc.p}).Direction(); got != tc.want {
			t.Errorf("ρ %v, p %v: direction %d, want %d", tc.rho, tc.p, got, tc.want)
		}
	}
}

// TestUCITrainPoints: the training points come from the data's split
// files, less the development set: yacht's 277 training rows less 28
// (10%, rounded), kin8nm's 7373 less 500 (10% capped at 500).
func TestUCITrainPoints(t *testing.T) {
	for set, want := range map[string]int{"yacht": 249, "kin8nm": 6873} {
		n, err := UCITrainPoints(Plan{}.UCIBenchmark(set, uciSVGD()))
		if err != nil || n != want {
			t.Errorf("%s: %d training points, %v; want %d", set, n, err, want)
		}
	}
	if _, err := UCITrainPoints(regress.Benchmark{Set: "yacht"}); err == nil {
		t.Error("no splits: want an error")
	}
}

// near reports whether a and b agree within tol (NaN agrees with NaN).
func near(a, b, tol float64) bool {
	if math.IsNaN(a) || math.IsNaN(b) {
		return math.IsNaN(a) && math.IsNaN(b)
	}
	return math.Abs(a-b) <= tol
}
