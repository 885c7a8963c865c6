package study

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/backend/backendtest"
	"github.com/csvgd/csvgd-go/csvgd/regress"
	"github.com/csvgd/csvgd-go/csvgd/runcache"
	"github.com/csvgd/csvgd-go/csvgd/stein"
)

// ablationSplits are results of splits 0, 1, 2 with the given test RMSE,
// test log-likelihood and training RMSE.
func ablationSplits(rmse, ll, train []float64) []regress.SplitResult {
	out := make([]regress.SplitResult, len(rmse))
	for k := range rmse {
		out[k] = regress.SplitResult{Split: k, Test: regress.Metrics{RMSE: rmse[k], LL: ll[k]}, Train: regress.Metrics{RMSE: train[k]}}
	}
	return out
}

// TestCompareAblation: against a baseline of test RMSE 1, 2, 3 and
// log-likelihood −1, −2, −3, results of 1.5, 2.1, 2.9 and −1.2, −1.9,
// −2.5 (training RMSE 0.5, 0.7, 0.6) have the means 2.1667 ± 0.4055,
// −1.8667 ± 0.3756 and 0.6 ± 0.0577; the paired differences 0.5, 0.1,
// −0.1 and −0.2, 0.1, 0.5 have 0.1667 ± 0.1764 and 0.1333 ± 0.2028 (the
// unpaired standard errors would be 0.64 and 0.62); the RMSE is worse on
// 2 splits, the log-likelihood on 1; against a published 2.0 ± 0.1 and
// −1.5 ± 0.05 the gaps are 0.399 and −0.968 combined standard errors.
// The baseline against itself has no difference and no split worse; one
// split has no standard errors and no gaps; other splits, or none, fail.
func TestCompareAblation(t *testing.T) {
	base := ablationSplits([]float64{1, 2, 3}, []float64{-1, -2, -3}, []float64{0.4, 0.5, 0.6})
	r := ablationSplits([]float64{1.5, 2.1, 2.9}, []float64{-1.2, -1.9, -2.5}, []float64{0.5, 0.7, 0.6})
	pub := Published{RMSE: 2.0, RMSESE: 0.1, LL: -1.5, LLSE: 0.05}
	nan := math.NaN()
	for _, c := range []struct {
		name    string
		r, base []regress.SplitResult
		want    AblationRow
	}{
		{"ablation", r, base, AblationRow{Splits: 3, RMSE: 2.1666666666666665, RMSESE: 0.4055175020198813, LL: -1.8666666666666667, LLSE: 0.37564758898615486,
			TrainRMSE: 0.6, TrainRMSESE: 0.05773502691896257, DRMSE: 0.16666666666666666, DRMSESE: 0.1763834207376394, DLL: 0.1333333333333334,
			DLLSE: 0.20275875100994065, WorseRMSE: 2, WorseLL: 1, ZRMSE: 0.3990434422338108, ZLL: -0.9675588936937934}},
		{"baseline", base, base, AblationRow{Splits: 3, RMSE: 2, RMSESE: 0.5773502691896258, LL: -2, LLSE: 0.5773502691896258, TrainRMSE: 0.5,
			TrainRMSESE: 0.05773502691896257, ZRMSE: 0, ZLL: -0.862795962814576}},
		{"one split", r[1:2], base[1:2], AblationRow{Splits: 1, RMSE: 2.1, RMSESE: nan, LL: -1.9, LLSE: nan, TrainRMSE: 0.7, TrainRMSESE: nan,
			DRMSE: 0.1, DRMSESE: nan, DLL: 0.1, DLLSE: nan, WorseRMSE: 1, ZRMSE: nan, ZLL: nan}},
	} {
		got, err := CompareAblation(c.r, c.base, pub)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		g, w := []float64{got.RMSE, got.RMSESE, got.LL, got.LLSE, got.TrainRMSE, got.TrainRMSESE, got.DRMSE, got.DRMSESE, got.DLL, got.DLLSE, got.ZRMSE, got.ZLL},
			[]float64{c.want.RMSE, c.want.RMSESE, c.want.LL, c.want.LLSE, c.want.TrainRMSE, c.want.TrainRMSESE, c.want.DRMSE, c.want.DRMSESE, c.want.DLL, c.want.DLLSE, c.want.ZRMSE, c.want.ZLL}
		ok := got.Splits == c.want.Splits && got.WorseRMSE == c.want.WorseRMSE && got.WorseLL == c.want.WorseLL
		for i := range g {
			ok = ok && (math.IsNaN(g[i]) == math.IsNaN(w[i])) && (math.IsNaN(w[i]) || math.Abs(g[i]-w[i]) <= 1e-12)
		}
		if !ok {
			t.Errorf("%s: %+v\nwant %+v (within 1e-12)", c.name, got, c.want)
		}
	}
	shuffled := []regress.SplitResult{r[1], r[0], r[2]}
	for name, bad := range map[string][2][]regress.SplitResult{"other order": {shuffled, base}, "fewer splits": {r[:2], base}, "none": {nil, nil}} {
		if _, err := CompareAblation(bad[0], bad[1], pub); err == nil {
			t.Errorf("%s: want an error", name)
		}
	}
}

// TestGapZ: the gap in combined standard errors, (3 − 2) / hypot(0.3,
// 0.4) = 2 and its negative; less the rounding of the printed mean, and 0
// when the measured mean rounds to it; NaN without a standard error or
// with two zero ones.
func TestGapZ(t *testing.T) {
	for _, c := range []struct{ m, se, p, pse, rounding, want float64 }{
		{3, 0.3, 2, 0.4, 0, 2}, {1, 0.4, 2, 0.3, 0, -2}, {3, 0, 2, 0.5, 0, 2},
		{3, 0.3, 2, 0.4, 0.5, 1}, {1, 0.4, 2, 0.3, 0.5, -1}, {0.0042, 0.0001, 0.004, 0, 0.0005, 0}, {0.0046, 0.0001, 0.004, 0, 0.0005, 1},
		{3, math.NaN(), 2, 0.4, 0, math.NaN()}, {3, 0, 2, 0, 0, math.NaN()}, {3, 0.3, 2, math.NaN(), 0, math.NaN()},
	} {
		got := GapZ(c.m, c.se, c.p, c.pse, c.rounding)
		if math.IsNaN(got) != math.IsNaN(c.want) || (!math.IsNaN(c.want) && math.Abs(got-c.want) > 1e-9) {
			t.Errorf("GapZ(%v, %v, %v, %v, %v) = %v, want %v", c.m, c.se, c.p, c.pse, c.rounding, got, c.want)
		}
	}
}

// TestGapVerdict: the line under the table reads each setting's gap
// against GapLevel (2), against the first setting's: closed by some and
// left by others, closed by every other, remaining with every setting
// (least with another setting, or with the first), within with all,
// opened by some; no reading with one split.
func TestGapVerdict(t *testing.T) {
	names := []string{"adagrad", "adagrad-reset", "adagrad with the N × N median", "adagrad-reset with the N × N median"}
	head := "the means' distances from the published one in combined standard errors: "
	for _, c := range []struct {
		z    []float64
		want string
	}{
		{[]float64{-4.81, -0.67, -3.5, 1.2}, head + "adagrad 4.81, adagrad-reset 0.67, adagrad with the N × N median 3.50, adagrad-reset with the N × N median 1.20: " +
			"adagrad's gap beyond 2 closes to within it with adagrad-reset and adagrad-reset with the N × N median, and remains with adagrad with the N × N median."},
		{[]float64{-4.81, -0.67, 1.99, -2}, head + "adagrad 4.81, adagrad-reset 0.67, adagrad with the N × N median 1.99, adagrad-reset with the N × N median 2.00: " +
			"adagrad's gap beyond 2 closes to within it with every other setting."},
		{[]float64{7.66, 2.14, 7.1, 2.01}, head + "adagrad 7.66, adagrad-reset 2.14, adagrad with the N × N median 7.10, adagrad-reset with the N × N median 2.01: " +
			"a gap beyond 2 remains with every setting; it is least with adagrad-reset with the N × N median (2.01, against adagrad's 7.66), and what remains of it this ablation does not explain."},
		{[]float64{2.5, 3, -7.1, 2.6}, head + "adagrad 2.50, adagrad-reset 3.00, adagrad with the N × N median 7.10, adagrad-reset with the N × N median 2.60: " +
			"a gap beyond 2 remains with every setting, least with adagrad's own; this ablation does not explain it."},
		{[]float64{1.5, -2, 0.1, 0}, head + "adagrad 1.50, adagrad-reset 2.00, adagrad with the N × N median 0.10, adagrad-reset with the N × N median 0.00; all within 2."},
		{[]float64{0.5, 2.01, 1, -3}, head + "adagrad 0.50, adagrad-reset 2.01, adagrad with the N × N median 1.00, adagrad-reset with the N × N median 3.00: " +
			"adagrad's is within 2, and a gap beyond it opens with adagrad-reset and adagrad-reset with the N × N median."},
		{[]float64{0.5, 1, 1, math.NaN()}, "one split: no standard errors, so no gaps to the published row are read."},
	} {
		if got := gapVerdict(names, c.z); got != c.want {
			t.Errorf("gaps %v: %q\nwant %q", c.z, got, c.want)
		}
	}
}

// ablationResults are results of the four arms on splits 0, 1, 2.
func ablationResults() map[UCIAblationArm][]regress.SplitResult {
	return map[UCIAblationArm][]regress.SplitResult{
		UCIAblationArms[0]: ablationSplits([]float64{1, 1.2, 1.1}, []float64{-1.4, -1.5, -1.45}, []float64{0.8, 0.85, 0.9}),
		UCIAblationArms[1]: ablationSplits([]float64{1.3, 1.4, 1.35}, []float64{-1.7, -1.7, -1.65}, []float64{1.0, 1.1, 1.05}),
		UCIAblationArms[2]: ablationSplits([]float64{1.1, 1.25, 1.15}, []float64{-1.5, -1.55, -1.5}, []float64{0.85, 0.9, 0.95}),
		UCIAblationArms[3]: ablationSplits([]float64{1.35, 1.46, 1.4}, []float64{-1.75, -1.8, -1.7}, []float64{1.05, 1.15, 1.1}),
	}
}

// TestUCIAblationArms: the rows are each optimizer with the median over
// the pairs, the benchmark's SVGD first, then each with the median over
// the N x N matrix; each row but the first is paired with the row that
// differs from it in one setting alone (the reset with adagrad, the
// matrix's median with the same optimizer's pairs).
func TestUCIAblationArms(t *testing.T) {
	want := []struct{ name, base string }{
		{"adagrad", ""}, {"adagrad-reset", "adagrad"},
		{"adagrad with the N × N median", "adagrad"}, {"adagrad-reset with the N × N median", "adagrad-reset"},
	}
	if len(UCIAblationArms) != len(want) || UCIAblationArms[0] != (UCIAblationArm{stein.AdagradName, stein.MedianLiuWang}) {
		t.Fatalf("arms %v", UCIAblationArms)
	}
	for i, a := range UCIAblationArms {
		base, ok := a.Baseline()
		got := ""
		if ok {
			got = base.Name()
			if (base.Optimizer != a.Optimizer) == (base.Rule != a.Rule) {
				t.Errorf("%s is paired with %s, which differs in %v settings, want one", a.Name(), got, map[bool]string{true: "two", false: "no"}[base.Optimizer != a.Optimizer])
			}
		}
		if a.Name() != want[i].name || got != want[i].base || ok != (i > 0) {
			t.Errorf("arm %d: %q paired with %q, want %q with %q", i, a.Name(), got, want[i].name, want[i].base)
		}
	}
}

// TestUCIOptimizerTableFormat: the block has the published row of energy
// (as recalled), the benchmark's row without differences, each other
// row with the row it is paired with, its paired differences, splits
// worse and signed gaps, and the two lines under the table; with one
// split it gives the values alone, "–" for the gaps, and no NaN.
func TestUCIOptimizerTableFormat(t *testing.T) {
	results := ablationResults()
	var buf bytes.Buffer
	if err := writeUCIOptimizer(&buf, Plan{}.UCIAblationBenchmark(UCIAblationArms[0]), results); err != nil {
		t.Fatal(err)
	}
	text := buf.String()
	containsAll(t, text,
		"**energy**, SVGD at Liu & Wang's protocol on the standard splits (3 splits, 20 particles, 3000 iterations, hidden layers [50], batches of 100), the optimizer and the pairs the bandwidth's median is taken over changed one at a time and together",
		"| setting | test RMSE | test log-likelihood | training RMSE | paired with | RMSE − paired | log-likelihood − paired | splits worse (RMSE, log-likelihood) | RMSE gap to published (z) | log-likelihood gap to published (z) |\n",
		"| SVGD, Liu & Wang 2016 (as recalled) | 1.374 ± 0.045 | −1.767 ± 0.024 | | | | | | | |\n",
		"| SVGD, Adagrad with decay 0.9 (adagrad: the benchmark's SVGD, this project) | 1.100 ± 0.058 | −1.450 ± 0.029 | 0.850 ± 0.029 | – | – | – | – | −3.74 | +8.43 |\n",
		"| SVGD, Adagrad reset every iteration (adagrad-reset: Liu & Wang's first code's optimizer, this project) | 1.350 ± 0.029 | −1.683 ± 0.017 | 1.050 ± 0.029 | adagrad | +0.250 ± 0.029 | −0.233 ± 0.033 | 3/3, 3/3 | −0.44 | +2.85 |\n",
		"| SVGD, Adagrad with decay 0.9, median over the N × N matrix (adagrad, median-matrix: Liu & Wang's code's median, this project) | 1.167 ± 0.044 | −1.517 ± 0.017 | 0.900 ± 0.029 | adagrad | +0.067 ± 0.017 | −0.067 ± 0.017 | 3/3, 3/3 | −3.28 | +8.55 |\n",
		"| SVGD, Adagrad reset every iteration, median over the N × N matrix (adagrad-reset, median-matrix: Liu & Wang's first code's optimizer and their code's median, this project) | 1.403 ± 0.032 | −1.750 ± 0.029 | 1.100 ± 0.029 | adagrad-reset | +0.053 ± 0.003 | −0.067 ± 0.017 | 3/3, 3/3 | +0.52 | +0.44 |\n",
		"- test RMSE: the means' distances from the published one in combined standard errors: adagrad 3.74, adagrad-reset 0.44, adagrad with the N × N median 3.28, adagrad-reset with the N × N median 0.52: "+
			"adagrad's gap beyond 2 closes to within it with adagrad-reset and adagrad-reset with the N × N median, and remains with adagrad with the N × N median.\n",
		"- test log-likelihood: the means' distances from the published one in combined standard errors: adagrad 8.43, adagrad-reset 2.85, adagrad with the N × N median 8.55, adagrad-reset with the N × N median 0.44: "+
			"adagrad's gap beyond 2 closes to within it with adagrad-reset with the N × N median, and remains with adagrad-reset and adagrad with the N × N median.\n",
	)
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "|") && strings.Count(line, "|") != 11 {
			t.Errorf("a row of %d cells, want 10: %s", strings.Count(line, "|")-1, line)
		}
	}
	one := map[UCIAblationArm][]regress.SplitResult{}
	for k, r := range results {
		one[k] = r[:1]
	}
	buf.Reset()
	if err := writeUCIOptimizer(&buf, Plan{Quick: true}.UCIAblationBenchmark(UCIAblationArms[0]), one); err != nil {
		t.Fatal(err)
	}
	containsAll(t, buf.String(),
		"(1 split, 10 particles, 100 iterations",
		"one split: the values of that split, without a standard error",
		"| 1.300 | −1.700 | 1.000 | adagrad | +0.300 | −0.300 | 1/1, 1/1 | – | – |\n",
		"| 1.350 | −1.750 | 1.050 | adagrad-reset | +0.050 | −0.050 | 1/1, 1/1 | – | – |\n",
		"- test RMSE: one split: no standard errors",
	)
	if strings.Contains(buf.String(), "NaN") {
		t.Errorf("the block of one split prints NaN:\n%s", buf.String())
	}
	for _, a := range []UCIAblationArm{UCIAblationArms[0], UCIAblationArms[1]} {
		missing := ablationResults()
		delete(missing, a)
		if err := writeUCIOptimizer(&buf, Plan{}.UCIAblationBenchmark(UCIAblationArms[0]), missing); err == nil {
			t.Errorf("no results of %s: want an error", a.Name())
		}
	}
}

// The benchmark of the ablation's first two rows as their cached fits
// hold it (uci-energy-svgd.json and uci-energy-svgd-adagrad-reset.json):
// the ablation reads those fits, so their configurations must not change.
const (
	cachedSVGDEnergy  = `{"Set":"energy","Splits":[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19],"Config":{"Alpha":0.5,"Lambda":0,"Prior":"penalty","Beta":2,"Bandwidth":{"Rule":1,"Gamma":0},"Optimizer":"adagrad","StepSize":0.001,"Particles":20,"Iters":3000,"Seed":1,"Method":"svgd","Hidden":[50],"Activation":"relu","NoiseSD":0,"Batch":100,"Dev":0.1,"Stage":250,"Adaptive":false,"Growth":2,"Tolerance":0.1,"Threshold":0.001,"Every":0}}`
	cachedResetEnergy = `{"Set":"energy","Splits":[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19],"Config":{"Alpha":0.5,"Lambda":0,"Prior":"penalty","Beta":2,"Bandwidth":{"Rule":1,"Gamma":0},"Optimizer":"adagrad-reset","StepSize":0.001,"Particles":20,"Iters":3000,"Seed":1,"Method":"svgd","Hidden":[50],"Activation":"relu","NoiseSD":0,"Batch":100,"Dev":0.1,"Stage":250,"Adaptive":false,"Growth":2,"Tolerance":0.1,"Threshold":0.001,"Every":0}}`
)

// TestUCIOptimizerPlan: the ablation's fits with adagrad and the median
// over the pairs are the benchmark's SVGD on energy (the same job and
// cache file); the first two rows keep the cache names and the
// configurations, byte for byte, of the fits already cached; every other
// row is the same configuration but for its optimizer and its median
// rule, on the same splits, cached apart under a name of its own; the
// quick plan runs split 0 alone.
func TestUCIOptimizerPlan(t *testing.T) {
	full := Plan{}
	for i, want := range []string{cachedSVGDEnergy, cachedResetEnergy} {
		if got, _ := json.Marshal(full.UCIAblationBenchmark(UCIAblationArms[i])); string(got) != want {
			t.Errorf("row %d's benchmark changed: %s\nthe cached fits hold %s", i, got, want)
		}
	}
	for _, p := range []Plan{{}, {Quick: true}} {
		svgd := p.UCIBenchmark(UCIOptimizerSet, uciSVGD())
		a, _ := json.Marshal(svgd)
		for _, arm := range UCIAblationArms {
			got, _ := json.Marshal(p.UCIAblationBenchmark(arm))
			want := strings.Replace(string(a), `"Optimizer":"adagrad"`, `"Optimizer":"`+string(arm.Optimizer)+`"`, 1)
			want = strings.Replace(want, `"Bandwidth":{"Rule":1,`, fmt.Sprintf(`"Bandwidth":{"Rule":%d,`, int(arm.Rule)), 1)
			if string(got) != want || (arm != UCIAblationArms[0]) == (string(got) == string(a)) {
				t.Errorf("quick %v, %s: %s\nwant %s", p.Quick, arm.Name(), got, want)
			}
		}
		jobs := p.uciOptimizerNeeds().jobs
		var keys []string
		for _, j := range jobs {
			keys = append(keys, j.Key)
		}
		want := "uci-energy-svgd uci-energy-svgd-adagrad-reset uci-energy-svgd-median-matrix uci-energy-svgd-adagrad-reset-median-matrix"
		if strings.Join(keys, " ") != want || jobs[0].Key != p.uciStudy(UCIOptimizerSet, uciSVGD()).Job().Key {
			t.Errorf("quick %v: jobs %v, want %s", p.Quick, keys, want)
		}
		if label := jobs[1].Label; label != fmt.Sprintf("SVGD with optimizer adagrad-reset on energy, %d splits (table uci-optimizer)", len(svgd.Splits)) {
			t.Errorf("quick %v: the reset's job is labelled %q", p.Quick, label)
		}
		reset := p.UCIAblationBenchmark(UCIAblationArms[1])
		if want := map[bool]int{false: 20, true: 1}[p.Quick]; len(reset.Splits) != want || reset.Config.Particles != svgd.Config.Particles {
			t.Errorf("quick %v: %d splits, %d particles", p.Quick, len(reset.Splits), reset.Config.Particles)
		}
	}
}

// TestUCIOptimizerStudyQuick: the quick ablation fits split 0 of energy
// with each arm through the cache (uci-energy-svgd-quick.json,
// uci-energy-svgd-adagrad-reset-quick.json,
// uci-energy-svgd-median-matrix-quick.json and
// uci-energy-svgd-adagrad-reset-median-matrix-quick.json), writes its
// block of one split with different results for the four, and a second
// call reads them from the cache.
func TestUCIOptimizerStudyQuick(t *testing.T) {
	var log bytes.Buffer
	s := &Store{Plan: Plan{Quick: true}, Cache: runcache.Cache{Backend: backendtest.Backend(t), Dir: filepath.Join(t.TempDir(), "runs"), Log: &log, NoBars: true}}
	var buf bytes.Buffer
	if err := UCIOptimizerTable(&buf, s); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"uci-energy-svgd-quick.json", "uci-energy-svgd-adagrad-reset-quick.json",
		"uci-energy-svgd-median-matrix-quick.json", "uci-energy-svgd-adagrad-reset-median-matrix-quick.json"} {
		if _, err := os.Stat(filepath.Join(filepath.Dir(s.Dir), name)); err != nil {
			t.Error(err)
		}
	}
	seen := map[float64]string{}
	for _, a := range UCIAblationArms {
		r, err := s.uciAblationStudy(a).Get(&s.Cache)
		if err != nil {
			t.Fatal(err)
		}
		if len(r) != 1 || seen[r[0].Test.RMSE] != "" {
			t.Errorf("%s: results %+v: want one split, different from %s's", a.Name(), r, seen[r[0].Test.RMSE])
		}
		seen[r[0].Test.RMSE] = a.Name()
	}
	if !strings.Contains(buf.String(), "1 split") || strings.Contains(buf.String(), "NaN") {
		t.Errorf("the quick block:\n%s", buf.String())
	}
	log.Reset()
	var again bytes.Buffer
	if err := UCIOptimizerTable(&again, s); err != nil {
		t.Fatal(err)
	}
	if again.String() != buf.String() || strings.Contains(log.String(), "computing") {
		t.Errorf("the second call computed again (log %q) or wrote another block", log.String())
	}
}
