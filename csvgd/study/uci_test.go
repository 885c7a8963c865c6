package study

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd"
	"github.com/csvgd/csvgd-go/csvgd/backend/backendtest"
	"github.com/csvgd/csvgd-go/csvgd/figures"
	"github.com/csvgd/csvgd-go/csvgd/regress"
	"github.com/csvgd/csvgd-go/csvgd/runcache"
	"github.com/csvgd/csvgd-go/csvgd/tabular"
	"github.com/csvgd/csvgd-go/csvgd/train"
)

// TestUCITableFormat: the block of a data set has the published rows,
// each setting's mean ± standard error, the differences to SVGD paired by
// split (here 0.2 and 0.4, mean 0.3 ± 0.1), "–" where SVGD is compared
// with itself, and the pace of the last stage against the first; the
// deep ensemble's row, and MC dropout's published splits paired with
// SVGD's by split number (given out of order here); the coverage columns
// pool the splits' counts (5 and 3 of 10 in the 50% interval: 0.400 with
// the Wilson interval [0.219, 0.613] of 8 of 20; 17 and 19 of 20 at 90%
// and 95%) and are empty in the published rows and MC dropout's.
func TestUCITableFormat(t *testing.T) {
	split := func(k int, rmse, ll float64) regress.SplitResult {
		hits := [][]int{{5, 9, 10}, {3, 8, 9}}[k]
		var cov []regress.CoverageCount
		for i, level := range regress.CoverageLevels {
			cov = append(cov, regress.CoverageCount{Level: level, Hits: hits[i], Points: 10})
		}
		return regress.SplitResult{Split: k, Test: regress.Metrics{RMSE: rmse, LL: ll}, ActiveWeights: 100, TemplateParams: 200,
			FullParams: 401, Seconds: 10, MsPerIterFirst: 4, MsPerIterLast: 2, Coverage: cov}
	}
	results := map[string][]regress.SplitResult{
		"svgd":           {split(0, 1.0, -1.5), split(1, 2.0, -2.0)},
		"csvgd":          {split(0, 1.2, -1.4), split(1, 2.4, -1.9)},
		"csvgd-strong":   {split(0, 1.5, -1.6), split(1, 2.5, -2.2)},
		"csvgd-adaptive": {split(0, 1.3, -1.5), split(1, 2.1, -2.1)},
		"ensemble":       {split(0, 1.1, -1.8), split(1, 2.3, -2.4)},
	}
	mc := []regress.PublishedSplit{{Set: "yacht", Split: 1, RMSE: 2.5, LL: -1.5}, {Set: "yacht", Split: 0, RMSE: 0.9, LL: -1.3}}
	var buf bytes.Buffer
	if err := writeUCISet(&buf, "yacht", Plan{}.UCIBenchmark("yacht", UCISettings()[0]), results, mc); err != nil {
		t.Fatal(err)
	}
	text := buf.String()
	containsAll(t, text,
		"| SVGD, Liu & Wang 2016 (as recalled) | 0.864 ± 0.052 | −1.225 ± 0.042 | | | | | | | | | |\n",
		"| SVGD (this project) | 1.500 ± 0.500 | −1.750 ± 0.250 | – | – |",
		"| 0.50 ± 0.00 | 0.400 [0.219, 0.613] | 0.850 [0.640, 0.948] | 0.950 [0.764, 0.991] |\n",
		"| coverage, 50% interval | coverage, 90% interval | coverage, 95% interval |\n",
		"|---|---|---|---|---|---|---|---|---|---|---|---|\n",
		"inside the central 50%, 90% and 95% predictive intervals, pooled over the splits (hits ÷ points), with its 95% Wilson interval",
		"the published rows and MC dropout's have no coverage",
		"mean ± standard error over the splits",
		"| cSVGD, λ = 0.001 (this project) | 1.800 ± 0.600 | −1.650 ± 0.250 | 0.300 ± 0.100 | 0.100 ± 0.000 |",
		"| 0.50 ± 0.00 |",
		"– (one stage)",
		"401 weights and biases",
		"4000 iterations, hidden layers [50], batches of 100",
		"| cSVGD, adaptive λ from 0.001 (this project) | 1.700 ± 0.400 | −1.800 ± 0.300 | 0.200 ± 0.100 | −0.050 ± 0.050 | 100.0 ± 0.0 | 200 | 10.0 (×1.00) | 0.50 ± 0.00 |",
		"| deep ensemble (no kernel) (this project) | 1.700 ± 0.600 | −2.100 ± 0.300 | 0.200 ± 0.100 | −0.350 ± 0.050 |",
		"| MC dropout, Gal & Ghahramani (published per split: data/uci/mc-dropout.csv) | 1.700 ± 0.800 | −1.400 ± 0.100 | 0.200 ± 0.300 | 0.350 ± 0.150 | | | | | | | |\n",
	)
	for i, line := range strings.Split(strings.TrimSpace(text), "\n")[2:] {
		if n := strings.Count(line, "|"); n != 13 {
			t.Errorf("row %d has %d cells, want 12: %s", i, n-1, line)
		}
	}
	one := map[string][]regress.SplitResult{}
	for k, r := range results {
		one[k] = r[1:]
	}
	buf.Reset()
	if err := writeUCISet(&buf, "yacht", Plan{Quick: true}.UCIBenchmark("yacht", UCISettings()[0]), one, mc); err != nil {
		t.Fatal(err)
	}
	containsAll(t, buf.String(),
		"**yacht** (1 split, 10 particles, 100 iterations",
		"one split: the values of that split, without a standard error",
		"| SVGD (this project) | 2.000 | −2.000 | – | – | 100.0 |",
		"| 0.300 [0.108, 0.603] | 0.800 [0.490, 0.943] | 0.900 [0.596, 0.982] |\n",
	)
	if strings.Contains(buf.String(), "NaN") {
		t.Errorf("the table of one split prints NaN:\n%s", buf.String())
	}
	buf.Reset()
	delete(results, "svgd")
	if err := writeUCISet(&buf, "yacht", Plan{}.UCIBenchmark("yacht", UCISettings()[0]), results, mc); err == nil {
		t.Error("no SVGD results: want an error")
	}
}

// TestUCIBenchmarkPlan: the full plan runs every data set of data/uci on
// all its standard splits at Liu & Wang's iterations, hidden units and
// batch for it, 20 particles, without a history; the quick plan keeps the
// network and batch and runs split 0 alone, 100 iterations of 10 particles;
// the study needs every data set and setting, the deep ensemble among
// them.
func TestUCIBenchmarkPlan(t *testing.T) {
	if len(UCISets) != 9 {
		t.Fatalf("%d data sets, want 9", len(UCISets))
	}
	for _, set := range UCISets {
		row, err := regress.LiuWangProtocol(set)
		if err != nil {
			t.Fatal(err)
		}
		dir, err := csvgd.UCIDir(set)
		if err != nil {
			t.Fatal(err)
		}
		for _, st := range UCISettings() {
			full, quick := Plan{}.UCIBenchmark(set, st), Plan{Quick: true}.UCIBenchmark(set, st)
			c, q := full.Config, quick.Config
			if c.Iters != row.Iters || !slices.Equal(c.Hidden, []int{row.Hidden}) || c.Batch != row.Batch || c.Particles != 20 || c.Every != 0 ||
				c.Method != st.Method || c.Lambda != st.Lambda || c.Adaptive != st.Adaptive || len(full.Splits) != tabular.UCISplits(dir) || full.Splits[len(full.Splits)-1] != len(full.Splits)-1 {
				t.Errorf("%s, %s: %d iterations, hidden %v, batch %d, %d particles, history every %d, %d splits; want %d, [%d], %d, 20, 0, %d",
					set, st.Key, c.Iters, c.Hidden, c.Batch, c.Particles, c.Every, len(full.Splits), row.Iters, row.Hidden, row.Batch, tabular.UCISplits(dir))
			}
			if q.Iters != 100 || q.Particles != 10 || !slices.Equal(q.Hidden, c.Hidden) || q.Batch != c.Batch || !slices.Equal(quick.Splits, []int{0}) {
				t.Errorf("%s, %s quick: %d iterations, %d particles, hidden %v, batch %d, splits %v", set, st.Key, q.Iters, q.Particles, q.Hidden, q.Batch, quick.Splits)
			}
			if err := c.Validate(); err != nil {
				t.Errorf("%s, %s: %v", set, st.Key, err)
			}
		}
	}
	if !slices.ContainsFunc(UCISettings(), func(s UCISetting) bool { return s.Method == train.Ensemble && s.Lambda == 0 }) {
		t.Error("no deep-ensemble setting")
	}
	if !slices.ContainsFunc(UCISettings(), func(s UCISetting) bool {
		return s.Key == "csvgd-adaptive" && s.Method == train.CSVGD && s.Adaptive && s.Lambda == regress.DefaultLambda
	}) {
		t.Error("no setting of cSVGD with the adaptive penalty from regress.DefaultLambda")
	}
	if n := len(Plan{}.uciNeeds().jobs); n != len(UCISets)*len(UCISettings()) {
		t.Errorf("%d jobs, want %d", n, len(UCISets)*len(UCISettings()))
	}
}

// TestUCIStudyQuick: the quick study of yacht runs every setting through
// the cache (uci-yacht-KEY-quick.json), writes its block of one split
// (no standard errors, no NaN) with MC dropout's row and each setting's
// row with its three coverages, and the summary's lines of one split (no
// gap, no paired verdict, no trend of one data set, no NaN), draws
// the set's panels of uci_calibration and uci_pareto, and a second call
// reads every setting from the cache.
func TestUCIStudyQuick(t *testing.T) {
	var log bytes.Buffer
	s := &Store{Plan: Plan{Quick: true}, Cache: runcache.Cache{Backend: backendtest.Backend(t), Dir: filepath.Join(t.TempDir(), "runs"), Log: &log, NoBars: true}}
	var buf bytes.Buffer
	if _, err := uciSetBlock(&buf, s, "yacht"); err != nil {
		t.Fatal(err)
	}
	for _, st := range UCISettings() {
		path := filepath.Join(filepath.Dir(s.Dir), "uci-yacht-"+st.Key+"-quick.json")
		if _, err := os.Stat(path); err != nil {
			t.Errorf("%s: %v", st.Key, err)
		}
		row := regexp.MustCompile(`(?m)^\| ` + regexp.QuoteMeta(st.Label) + ` \(this project\) \|.*\|` + strings.Repeat(` [01]\.\d{3} \[[01]\.\d{3}, [01]\.\d{3}\] \|`, 3) + `$`)
		if !row.MatchString(buf.String()) {
			t.Errorf("the block lacks the row of %s with its three coverages:\n%s", st.Label, buf.String())
		}
	}
	if !strings.Contains(buf.String(), "| MC dropout, Gal & Ghahramani") {
		t.Errorf("the block lacks MC dropout's row:\n%s", buf.String())
	}
	if !strings.Contains(buf.String(), "one split: the values of that split, without a standard error") || strings.Contains(buf.String(), "NaN") {
		t.Errorf("the block of the quick study's one split does not say it has no standard errors, or prints NaN:\n%s", buf.String())
	}
	results, err := uciSetResults(s, "yacht")
	if err != nil {
		t.Fatal(err)
	}
	n, err := UCITrainPoints(s.UCIBenchmark("yacht", uciSVGD()))
	if err != nil {
		t.Fatal(err)
	}
	var sum bytes.Buffer
	if err := writeUCISummary(&sum, UCISummarize([]UCISetInput{{Set: "yacht", TrainPoints: n, Published: PublishedUCI("yacht"), Results: results}})); err != nil {
		t.Fatal(err)
	}
	containsAll(t, sum.String(), "test RMSE: no gap read; not read — one split: no standard error, no verdict: yacht.",
		"  - cSVGD, λ = 0.001: test RMSE: one split: no standard error, no verdict: yacht (", "yacht 249 points ",
		"ρ not defined (1 data set with a difference and a size", "  - deep ensemble (no kernel): ")
	if strings.Contains(sum.String(), "NaN") {
		t.Errorf("the summary of the quick study prints NaN:\n%s", sum.String())
	}
	cs, err := uciCoverageSet("yacht", results)
	if err != nil || len(cs.Methods) != len(UCISettings()) {
		t.Fatalf("the calibration panel of yacht: %d methods, %v", len(cs.Methods), err)
	}
	if _, err := figures.UCICalibration([]figures.UCICoverageSet{cs}).Render("svg"); err != nil {
		t.Errorf("uci_calibration of the quick study: %v", err)
	}
	ps, err := uciParetoSet("yacht", results)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := figures.UCIPareto([]figures.UCIParetoSet{ps}).Render("svg"); err != nil {
		t.Errorf("uci_pareto of the quick study: %v", err)
	}
	log.Reset()
	var again bytes.Buffer
	if _, err := uciSetBlock(&again, s, "yacht"); err != nil {
		t.Fatal(err)
	}
	if again.String() != buf.String() || strings.Contains(log.String(), "computing") {
		t.Errorf("the second call computed again (log %q) or wrote another block", log.String())
	}
}

// TestUCICoverage: the coverage pools the splits' counts (sum of hits
// over sum of points, not the mean of the splits' fractions: 1 of 4 and
// 14 of 16 pool to 15 of 20 = 0.75, where the fractions' mean is 0.5625)
// with the Wilson interval of the pooled counts (worked by hand from its
// closed form); all hits or none give the interval's ends at 1 or 0; no
// splits, or a split without a count at a level, fail.
func TestUCICoverage(t *testing.T) {
	counts := func(k int, hits, points []int) regress.SplitResult {
		r := regress.SplitResult{Split: k}
		for i, level := range regress.CoverageLevels {
			r.Coverage = append(r.Coverage, regress.CoverageCount{Level: level, Hits: hits[i], Points: points[i]})
		}
		return r
	}
	for _, tc := range []struct {
		name   string
		splits []regress.SplitResult
		want   []PooledCoverage // at 50%, 90%, 95%
	}{
		{"pooled", []regress.SplitResult{counts(0, []int{1, 3, 4}, []int{4, 4, 4}), counts(1, []int{14, 5, 16}, []int{16, 16, 16})}, []PooledCoverage{
			{0.5, 15, 20, 0.75, 0.531299, 0.888138}, {0.9, 8, 20, 0.4, 0.218807, 0.613418}, {0.95, 20, 20, 1, 0.838875, 1}}},
		{"one split", []regress.SplitResult{counts(3, []int{0, 17, 19}, []int{20, 20, 20})}, []PooledCoverage{
			{0.5, 0, 20, 0, 0, 0.161125}, {0.9, 17, 20, 0.85, 0.639581, 0.947631}, {0.95, 19, 20, 0.95, 0.763869, 0.991119}}},
	} {
		got, err := UCICoverage(tc.splits)
		if err != nil || len(got) != len(tc.want) {
			t.Fatalf("%s: %+v, %v", tc.name, got, err)
		}
		for i, w := range tc.want {
			g := got[i]
			if g.Level != w.Level || g.Hits != w.Hits || g.Points != w.Points || g.Fraction != w.Fraction ||
				math.Abs(g.Lower-w.Lower) > 1e-6 || math.Abs(g.Upper-w.Upper) > 1e-6 {
				t.Errorf("%s, level %v: %+v, want %+v (bounds within 1e-6)", tc.name, w.Level, g, w)
			}
		}
	}
	missing := counts(0, []int{1, 2, 3}, []int{4, 4, 4})
	missing.Coverage = missing.Coverage[:2]
	for name, r := range map[string][]regress.SplitResult{"no splits": nil, "no count at 95%": {missing}, "no counts": {{Split: 2}}} {
		if _, err := UCICoverage(r); err == nil {
			t.Errorf("%s: want an error", name)
		}
	}
}

// TestUCIParetoSet: the points of a data set's row of uci_pareto are the
// settings' means and standard errors over the splits (RMSE 1.0 and 2.0:
// 1.5 ± 0.5); every setting sits at its mean active weights (cSVGD's
// 100 and 140: 120; SVGD's and the deep ensemble's 395 and 399: 397, not
// the full network's 401); the fixed-λ
// cSVGD settings are joined, the adaptive one is not; the published line
// is Liu & Wang's SVGD as recalled.
func TestUCIParetoSet(t *testing.T) {
	split := func(k int, rmse, ll, active float64) regress.SplitResult {
		return regress.SplitResult{Split: k, Test: regress.Metrics{RMSE: rmse, LL: ll}, ActiveWeights: active, FullParams: 401}
	}
	results := map[string][]regress.SplitResult{}
	for _, st := range UCISettings() {
		results[st.Key] = []regress.SplitResult{split(0, 1.0, -1.2, 100), split(1, 2.0, -1.6, 140)}
		if st.Method != train.CSVGD {
			results[st.Key][0].ActiveWeights, results[st.Key][1].ActiveWeights = 395, 399
		}
	}
	ps, err := uciParetoSet("yacht", results)
	if err != nil || len(ps.Points) != len(UCISettings()) {
		t.Fatalf("%+v, %v", ps, err)
	}
	if ps.PublishedLabel != "SVGD, Liu & Wang 2016 (as recalled)" || ps.PublishedRMSE != 0.864 || ps.PublishedLL != -1.225 {
		t.Errorf("published line %q at %v, %v", ps.PublishedLabel, ps.PublishedRMSE, ps.PublishedLL)
	}
	for i, st := range UCISettings() {
		p := ps.Points[i]
		wantActive, wantLine := 397.0, st.Method == train.CSVGD && !st.Adaptive
		if st.Method == train.CSVGD {
			wantActive = 120
		}
		if p.Label != st.Label || p.Active != wantActive || p.Line != wantLine || math.Abs(p.RMSE-1.5) > 1e-12 || math.Abs(p.RMSESE-0.5) > 1e-12 ||
			math.Abs(p.LL+1.4) > 1e-12 || math.Abs(p.LLSE-0.2) > 1e-12 {
			t.Errorf("%s: %+v; want %v active weights, line %v, RMSE 1.5 ± 0.5, log-likelihood −1.4 ± 0.2", st.Key, p, wantActive, wantLine)
		}
	}
	delete(results, "ensemble")
	if _, err := uciParetoSet("yacht", results); err == nil {
		t.Error("a setting without results: want an error")
	}
}

// TestPublishedAsPrinted: the published rows keep the decimals they were
// printed with, whatever the data set's own (naval's five), and their
// rounding is half a unit of the last of them; a mean that rounds to zero
// has no sign; a measured standard error gets the decimals that show at
// least minSEUnits units of the last one.
func TestPublishedAsPrinted(t *testing.T) {
	if want := 0.5 * math.Pow(10, -PublishedDecimals); math.Abs(PublishedRounding-want) > 1e-15 {
		t.Errorf("PublishedRounding %g, want %g", PublishedRounding, want)
	}
	results := map[string][]regress.SplitResult{}
	for _, st := range UCISettings() {
		var cov []regress.CoverageCount
		for _, level := range regress.CoverageLevels {
			cov = append(cov, regress.CoverageCount{Level: level, Hits: 5, Points: 10})
		}
		results[st.Key] = []regress.SplitResult{{Split: 0, Test: regress.Metrics{RMSE: 0.004, LL: 4}, FullParams: 901, Coverage: cov}}
	}
	var buf bytes.Buffer
	if err := writeUCISet(&buf, "naval", Plan{Quick: true}.UCIBenchmark("naval", UCISettings()[0]), results, nil); err != nil {
		t.Fatal(err)
	}
	containsAll(t, buf.String(), "| SVGD, Liu & Wang 2016 (as recalled) | 0.004 ± 0.000 | 4.089 ± 0.012 |", "| SVGD (this project) | 0.00400 | 4.000 |")
	for _, c := range []struct {
		v    float64
		dec  int
		want string
	}{{-0.0004, 3, "0.000"}, {0.0004, 3, "0.000"}, {-0.04, 1, "0.0"}, {-0.06, 1, "−0.1"}, {0.06, 1, "+0.1"}} {
		if got := signed(c.v, c.dec); got != c.want {
			t.Errorf("signed(%v, %d) = %q, want %q", c.v, c.dec, got, c.want)
		}
	}
	for _, c := range []struct {
		mean, se float64
		signed   bool
		want     string
	}{
		{-0.0001, 0.002, false, "−0.0001 ± 0.0020"},       // fewer than three units of the last decimal: one more
		{0.00238, 0.00096, true, "+0.0024 ± 0.0010"},      // 2.5 standard errors, not "+0.002 ± 0.001"
		{0.0004, 0.012, false, "0.000 ± 0.012"},           // enough units: the decimals given, no sign on a zero
		{-0.00123, 0.00042, false, "−0.0012 ± 0.0004"},    // a spread that rounds to zero gets the decimals that show it
		{-0.00123, 0.00042, true, "−0.0012 ± 0.0004"},     // in the signed cells too
		{0.00123, 0.000004, true, "+0.001230 ± 0.000004"}, // up to three more
		{0.00123, 1e-12, false, "0.0012300 ± 0.0000000"},  // at most maxExtraDecimals more
		{0.004, 0, false, "0.004 ± 0.000"},                // a printed zero stays as printed
		{0.004, math.NaN(), false, "0.004"},
	} {
		got := pm(c.mean, c.se, 3)
		if c.signed {
			got = signedPM(c.mean, c.se, 3)
		}
		if got != c.want {
			t.Errorf("pm(%v, %v, 3), signed %v = %q, want %q", c.mean, c.se, c.signed, got, c.want)
		}
	}
}
