package study

import (
	"bytes"
	"encoding/json"
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
// 0.4) = 2 and its negative; NaN without a standard error or with two
// zero ones.
func TestGapZ(t *testing.T) {
	for _, c := range []struct{ m, se, p, pse, want float64 }{
		{3, 0.3, 2, 0.4, 2}, {1, 0.4, 2, 0.3, -2}, {3, 0, 2, 0.5, 2}, {3, math.NaN(), 2, 0.4, math.NaN()}, {3, 0, 2, 0, math.NaN()}, {3, 0.3, 2, math.NaN(), math.NaN()},
	} {
		got := GapZ(c.m, c.se, c.p, c.pse)
		if math.IsNaN(got) != math.IsNaN(c.want) || (!math.IsNaN(c.want) && math.Abs(got-c.want) > 1e-12) {
			t.Errorf("GapZ(%v, %v, %v, %v) = %v, want %v", c.m, c.se, c.p, c.pse, got, c.want)
		}
	}
}

// TestGapVerdict: the line under the table reads each pair of gaps
// against GapLevel (2): closed by the reset, remaining with both, within
// with both, opened by the reset; no reading with one split.
func TestGapVerdict(t *testing.T) {
	a, r := stein.AdagradName, stein.AdagradResetName
	for _, c := range []struct {
		z0, z1 float64
		want   string
	}{
		{-4.81, -0.67, "adagrad's mean lies 4.81 combined standard errors from the published one, adagrad-reset's 0.67: with adagrad-reset the gap beyond 2 closes to within it."},
		{7.66, 2.14, "adagrad's mean lies 7.66 combined standard errors from the published one, adagrad-reset's 2.14: a gap beyond 2 remains with either, which this ablation leaves unexplained."},
		{1.5, -2, "adagrad's mean lies 1.50 combined standard errors from the published one, adagrad-reset's 2.00; both within 2."},
		{0.5, 2.01, "adagrad's mean lies 0.50 combined standard errors from the published one, adagrad-reset's 2.01: adagrad-reset opens a gap beyond 2."},
		{math.NaN(), math.NaN(), "one split: no standard errors, so no gaps to the published row are read."},
	} {
		if got := gapVerdict(a, c.z0, r, c.z1); got != c.want {
			t.Errorf("gaps %v, %v: %q\nwant %q", c.z0, c.z1, got, c.want)
		}
	}
}

// TestUCIOptimizerTableFormat: the block has the published row of energy
// (as recalled), the benchmark's row without differences, the reset's
// row with its paired differences, splits worse and signed gaps, and the
// two lines under the table; with one split it gives the values alone,
// "–" for the gaps, and no NaN.
func TestUCIOptimizerTableFormat(t *testing.T) {
	results := map[stein.OptimizerName][]regress.SplitResult{
		stein.AdagradName:      ablationSplits([]float64{1, 1.2, 1.1}, []float64{-1.4, -1.5, -1.45}, []float64{0.8, 0.85, 0.9}),
		stein.AdagradResetName: ablationSplits([]float64{1.3, 1.4, 1.35}, []float64{-1.7, -1.7, -1.65}, []float64{1.0, 1.1, 1.05}),
	}
	var buf bytes.Buffer
	if err := writeUCIOptimizer(&buf, Plan{}.UCIOptimizerBenchmark(stein.AdagradName), results); err != nil {
		t.Fatal(err)
	}
	text := buf.String()
	containsAll(t, text,
		"**energy**, SVGD at Liu & Wang's protocol on the standard splits (3 splits, 20 particles, 3000 iterations, hidden layers [50], batches of 100)",
		"| optimizer | test RMSE | test log-likelihood | training RMSE | RMSE − adagrad's | log-likelihood − adagrad's | splits worse (RMSE, log-likelihood) | RMSE gap to published (z) | log-likelihood gap to published (z) |\n",
		"| SVGD, Liu & Wang 2016 (as recalled) | 1.374 ± 0.045 | −1.767 ± 0.024 | | | | | | |\n",
		"| SVGD, Adagrad with decay 0.9 (adagrad: the benchmark's SVGD, this project) | 1.100 ± 0.058 | −1.450 ± 0.029 | 0.850 ± 0.029 | – | – | – | −3.74 | +8.44 |\n",
		"| SVGD, Adagrad reset every iteration (adagrad-reset: Liu & Wang's first code, this project) | 1.350 ± 0.029 | −1.683 ± 0.017 | 1.050 ± 0.029 | +0.250 ± 0.029 | −0.233 ± 0.033 | 3/3, 3/3 | −0.45 | +2.86 |\n",
		"- test RMSE: adagrad's mean lies 3.74 combined standard errors from the published one, adagrad-reset's 0.45: with adagrad-reset the gap beyond 2 closes to within it.\n",
		"- test log-likelihood: adagrad's mean lies 8.44 combined standard errors from the published one, adagrad-reset's 2.86: a gap beyond 2 remains with either",
	)
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "|") && strings.Count(line, "|") != 10 {
			t.Errorf("a row of %d cells, want 9: %s", strings.Count(line, "|")-1, line)
		}
	}
	one := map[stein.OptimizerName][]regress.SplitResult{}
	for k, r := range results {
		one[k] = r[:1]
	}
	buf.Reset()
	if err := writeUCIOptimizer(&buf, Plan{Quick: true}.UCIOptimizerBenchmark(stein.AdagradName), one); err != nil {
		t.Fatal(err)
	}
	containsAll(t, buf.String(),
		"(1 split, 10 particles, 100 iterations",
		"one split: the values of that split, without a standard error",
		"| 1.300 | −1.700 | 1.000 | +0.300 | −0.300 | 1/1, 1/1 | – | – |\n",
		"- test RMSE: one split: no standard errors",
	)
	if strings.Contains(buf.String(), "NaN") {
		t.Errorf("the block of one split prints NaN:\n%s", buf.String())
	}
	delete(results, stein.AdagradName)
	if err := writeUCIOptimizer(&buf, Plan{}.UCIOptimizerBenchmark(stein.AdagradName), results); err == nil {
		t.Error("no results of the benchmark's optimizer: want an error")
	}
}

// TestUCIOptimizerPlan: the ablation's fits with adagrad are the
// benchmark's SVGD on energy (the same job and cache file), those with
// adagrad-reset the same configuration but for its optimizer, on the same
// splits, cached apart; the quick plan runs split 0 alone.
func TestUCIOptimizerPlan(t *testing.T) {
	for _, p := range []Plan{{}, {Quick: true}} {
		svgd := p.UCIBenchmark(UCIOptimizerSet, uciSVGD())
		same, reset := p.UCIOptimizerBenchmark(stein.AdagradName), p.UCIOptimizerBenchmark(stein.AdagradResetName)
		a, _ := json.Marshal(svgd)
		b, _ := json.Marshal(same)
		c, _ := json.Marshal(reset)
		if string(a) != string(b) || string(c) != strings.Replace(string(a), `"Optimizer":"adagrad"`, `"Optimizer":"adagrad-reset"`, 1) || string(a) == string(c) {
			t.Errorf("quick %v: the benchmark's SVGD %s\nthe ablation's %s and %s", p.Quick, a, b, c)
		}
		jobs := p.uciOptimizerNeeds().jobs
		if len(jobs) != 2 || jobs[0].Key != "uci-energy-svgd" || jobs[1].Key != "uci-energy-svgd-adagrad-reset" {
			t.Errorf("quick %v: jobs %v", p.Quick, jobs)
		}
		if want := map[bool]int{false: 20, true: 1}[p.Quick]; len(reset.Splits) != want || reset.Config.Particles != svgd.Config.Particles {
			t.Errorf("quick %v: %d splits, %d particles", p.Quick, len(reset.Splits), reset.Config.Particles)
		}
	}
}

// TestUCIOptimizerStudyQuick: the quick ablation fits split 0 of energy
// with both optimizers through the cache (uci-energy-svgd-quick.json and
// uci-energy-svgd-adagrad-reset-quick.json), writes its block of one
// split with different results for the two, and a second call reads both
// from the cache.
func TestUCIOptimizerStudyQuick(t *testing.T) {
	var log bytes.Buffer
	s := &Store{Plan: Plan{Quick: true}, Cache: runcache.Cache{Backend: backendtest.Backend(t), Dir: filepath.Join(t.TempDir(), "runs"), Log: &log, NoBars: true}}
	var buf bytes.Buffer
	if err := UCIOptimizerTable(&buf, s); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"uci-energy-svgd-quick.json", "uci-energy-svgd-adagrad-reset-quick.json"} {
		if _, err := os.Stat(filepath.Join(filepath.Dir(s.Dir), name)); err != nil {
			t.Error(err)
		}
	}
	a, err := s.uciOptimizerStudy(stein.AdagradName).Get(&s.Cache)
	if err != nil {
		t.Fatal(err)
	}
	r, err := s.uciOptimizerStudy(stein.AdagradResetName).Get(&s.Cache)
	if err != nil {
		t.Fatal(err)
	}
	if len(a) != 1 || len(r) != 1 || a[0].Test.RMSE == r[0].Test.RMSE {
		t.Errorf("results %+v and %+v: want one split each, different", a, r)
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
