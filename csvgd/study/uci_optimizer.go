package study

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd/metrics"
	"github.com/csvgd/csvgd-go/csvgd/regress"
	"github.com/csvgd/csvgd-go/csvgd/runcache"
	"github.com/csvgd/csvgd-go/csvgd/stein"
)

// The optimizer and bandwidth ablation of the regression benchmark
// (table uci-optimizer, docs/own-data.md): SVGD on energy at Liu & Wang's
// protocol on the standard splits, with two settings where this project
// reads their code otherwise than the versions that may have computed
// their table, changed one at a time and together. The optimizer: the
// project's Adagrad (decay 0.9, the benchmark's SVGD row) or its state
// reset at every iteration (decay 0), the update of Liu & Wang's first
// public code (stein.AdagradResetName; docs/reading.md section 18). The
// bandwidth's median: over the distinct pairs (stein.MedianLiuWang, the
// project's) or over the N x N matrix with its zero diagonal, as their
// code takes it (stein.MedianMatrix; docs/reading.md sections 4 and 16).
// The project keeps decay 0.9 and the pairs; the ablation measures what
// each setting does.

// UCIOptimizerSet is the data set of the ablation: energy, the data set
// whose gap to the published SVGD row led to the reading of
// docs/reading.md section 18.
const UCIOptimizerSet = "energy"

// UCIAblationArm is a row of the ablation: SVGD with an optimizer and a
// rule of the median bandwidth, [stein.MedianLiuWang] (the distinct
// pairs) or [stein.MedianMatrix] (the N x N matrix).
type UCIAblationArm struct {
	Optimizer stein.OptimizerName
	Rule      stein.BandwidthRule
}

// UCIAblationArms are the ablation's rows, the benchmark's SVGD first:
// each optimizer ([stein.AdagradName], [stein.AdagradResetName]) with the
// median over the pairs, then each with the median over the matrix.
var UCIAblationArms = []UCIAblationArm{
	{stein.AdagradName, stein.MedianLiuWang},
	{stein.AdagradResetName, stein.MedianLiuWang},
	{stein.AdagradName, stein.MedianMatrix},
	{stein.AdagradResetName, stein.MedianMatrix},
}

// optimizerLabels are the optimizers' parts of the rows' labels.
var optimizerLabels = map[stein.OptimizerName]string{
	stein.AdagradName:      "SVGD, Adagrad with decay 0.9",
	stein.AdagradResetName: "SVGD, Adagrad reset every iteration",
}

// Name is the arm's short name, in the table's columns and the lines
// under it: the optimizer's name, "with the N × N median" added for the
// median over the matrix.
func (a UCIAblationArm) Name() string {
	if a.Rule == stein.MedianMatrix {
		return string(a.Optimizer) + " with the N × N median"
	}
	return string(a.Optimizer)
}

// Label is the arm's row label: what it runs, its flags' values and whose
// setting it is.
func (a UCIAblationArm) Label() string {
	if a.Rule == stein.MedianMatrix {
		whose := map[stein.OptimizerName]string{stein.AdagradName: "Liu & Wang's code's median", stein.AdagradResetName: "Liu & Wang's first code's optimizer and their code's median"}[a.Optimizer]
		return fmt.Sprintf("%s, median over the N × N matrix (%s, median-matrix: %s, this project)", optimizerLabels[a.Optimizer], a.Optimizer, whose)
	}
	whose := map[stein.OptimizerName]string{stein.AdagradName: "the benchmark's SVGD", stein.AdagradResetName: "Liu & Wang's first code's optimizer"}[a.Optimizer]
	return fmt.Sprintf("%s (%s: %s, this project)", optimizerLabels[a.Optimizer], a.Optimizer, whose)
}

// Baseline is the row the arm differs from in one setting alone, against
// which its differences are paired by split: for the median over the
// matrix, the same optimizer with the median over the pairs; for another
// optimizer than the benchmark's, the benchmark's SVGD. The benchmark's
// SVGD has none (ok false).
func (a UCIAblationArm) Baseline() (base UCIAblationArm, ok bool) {
	switch {
	case a.Rule == stein.MedianMatrix:
		return UCIAblationArm{a.Optimizer, stein.MedianLiuWang}, true
	case a != UCIAblationArms[0]:
		return UCIAblationArms[0], true
	}
	return UCIAblationArm{}, false
}

// GapLevel is the number of combined standard errors within which the
// table reads a measured mean as agreeing with a published one: 2, about
// the two-sided 95% band of a normal difference (a convention fixed
// before the ablation was run, not fitted to it).
const GapLevel = 2.0

// UCIAblationBenchmark is the benchmark's SVGD on [UCIOptimizerSet] at
// the plan's size ([Plan.UCIBenchmark]: all 20 standard splits at Liu &
// Wang's protocol, split 0 alone in quick mode) with the arm's optimizer
// and median rule. The first arm is the benchmark's own SVGD setting,
// whose cached fits the ablation shares.
func (p Plan) UCIAblationBenchmark(a UCIAblationArm) regress.Benchmark {
	bm := p.UCIBenchmark(UCIOptimizerSet, uciSVGD())
	bm.Config.Optimizer = a.Optimizer
	bm.Config.Bandwidth = stein.Bandwidth{Rule: a.Rule}
	return bm
}

// uciAblationStudy is the ablation's fits of arm a: the benchmark's SVGD
// (uci-energy-svgd) for the first arm, otherwise cached whole as
// uci-energy-svgd[-OPT][-median-matrix][-quick].json, OPT the optimizer
// when it is not the benchmark's: uci-energy-svgd-adagrad-reset,
// uci-energy-svgd-median-matrix, uci-energy-svgd-adagrad-reset-median-matrix.
func (p Plan) uciAblationStudy(a UCIAblationArm) runcache.Whole[regress.SplitResult] {
	if a == UCIAblationArms[0] {
		return p.uciStudy(UCIOptimizerSet, uciSVGD())
	}
	bm := p.UCIAblationBenchmark(a)
	name, label := "uci-"+UCIOptimizerSet+"-svgd", "SVGD with optimizer "+string(a.Optimizer)
	if a.Optimizer != UCIAblationArms[0].Optimizer {
		name += "-" + string(a.Optimizer)
	}
	if a.Rule == stein.MedianMatrix {
		name, label = name+"-median-matrix", label+" and bandwidth median-matrix"
	}
	return p.benchmarkStudy(name, fmt.Sprintf("%s on %s, %d splits (table uci-optimizer)", label, UCIOptimizerSet, len(bm.Splits)), bm)
}

// uciOptimizerNeeds: the ablation's fits, one job per arm.
func (p Plan) uciOptimizerNeeds() needs {
	var jobs []runcache.Job
	for _, a := range UCIAblationArms {
		jobs = append(jobs, p.uciAblationStudy(a).Job())
	}
	return needs{jobs: jobs}
}

// AblationRow is a setting's results on the splits of a baseline beside
// the baseline's and a published row: the mean ± standard error over the
// splits of the test RMSE, the test log-likelihood and the training RMSE;
// the mean ± standard error of the per-split differences to the
// baseline (paired by split); on how many of the splits the setting is
// worse (a higher test RMSE, a lower log-likelihood); and the gaps to
// the published means in combined standard errors ([GapZ]). Standard
// errors and gaps are NaN with one split.
type AblationRow struct {
	Splits                     int
	RMSE, RMSESE               float64
	LL, LLSE                   float64
	TrainRMSE, TrainRMSESE     float64
	DRMSE, DRMSESE, DLL, DLLSE float64
	WorseRMSE, WorseLL         int
	ZRMSE, ZLL                 float64
}

// CompareAblation is the row of the results r against the baseline's
// base on the same splits, in the same order, and the published row
// pub. Different or reordered splits, or none, are an error.
func CompareAblation(r, base []regress.SplitResult, pub Published) (AblationRow, error) {
	if len(r) == 0 || len(r) != len(base) {
		return AblationRow{}, fmt.Errorf("study: %d splits against a baseline of %d", len(r), len(base))
	}
	var rmse, ll, tr, dr, dl []float64
	out := AblationRow{Splits: len(r)}
	for i := range r {
		if r[i].Split != base[i].Split {
			return AblationRow{}, fmt.Errorf("study: result %d is of split %d, the baseline's of split %d", i, r[i].Split, base[i].Split)
		}
		rmse, ll, tr = append(rmse, r[i].Test.RMSE), append(ll, r[i].Test.LL), append(tr, r[i].Train.RMSE)
		dr, dl = append(dr, r[i].Test.RMSE-base[i].Test.RMSE), append(dl, r[i].Test.LL-base[i].Test.LL)
		if dr[i] > 0 {
			out.WorseRMSE++
		}
		if dl[i] < 0 {
			out.WorseLL++
		}
	}
	out.RMSE, out.RMSESE = metrics.MeanSE(rmse)
	out.LL, out.LLSE = metrics.MeanSE(ll)
	out.TrainRMSE, out.TrainRMSESE = metrics.MeanSE(tr)
	out.DRMSE, out.DRMSESE = metrics.MeanSE(dr)
	out.DLL, out.DLLSE = metrics.MeanSE(dl)
	out.ZRMSE, out.ZLL = GapZ(out.RMSE, out.RMSESE, pub.RMSE, pub.RMSESE, pub.Rounding), GapZ(out.LL, out.LLSE, pub.LL, pub.LLSE, pub.Rounding)
	return out, nil
}

// gapFormula is GapZ in words, for the tables' captions.
var gapFormula = fmt.Sprintf("(ours − published) / √(SE² + SE_published²), the published mean taken as the value nearest to ours that rounds to it (±%g for Table 2's three decimals)",
	PublishedRounding)

// GapZ is the gap of a measured mean m ± se to a published one p ± pse
// in their standard errors combined, (m − q) / sqrt(se² + pse²) (the two
// taken as independent), where q is the value nearest to m among those
// that the printed p stands for, p ± rounding (rounding: half a unit of
// p's last printed digit; 0 when p is exact): 0 when m rounds to p. NaN
// when either standard error is not defined or both are 0.
func GapZ(m, se, p, pse, rounding float64) float64 {
	s := math.Hypot(se, pse)
	if math.IsNaN(s) || s == 0 {
		return math.NaN()
	}
	d := m - p
	return math.Copysign(math.Max(math.Abs(d)-rounding, 0), d) / s
}

// UCIOptimizerTable writes the ablation's table ([writeUCIOptimizer]) from
// the cache (computed there when missing).
func UCIOptimizerTable(w io.Writer, s *Store) error {
	results := map[UCIAblationArm][]regress.SplitResult{}
	for _, a := range UCIAblationArms {
		r, err := s.uciAblationStudy(a).Get(&s.Cache)
		if err != nil {
			return err
		}
		results[a] = r
	}
	return writeUCIOptimizer(w, s.UCIAblationBenchmark(UCIAblationArms[0]), results)
}

// writeUCIOptimizer writes the ablation's block from the results of each
// arm of [UCIAblationArms] on the splits of bm: the published SVGD row of
// the set (as recalled), then a row per arm ([AblationRow] against its
// [UCIAblationArm.Baseline], the row it differs from in one setting), then
// one line per measure that reads each arm's gap to the published mean
// against [GapLevel] ([gapVerdict]).
func writeUCIOptimizer(w io.Writer, bm regress.Benchmark, results map[UCIAblationArm][]regress.SplitResult) error {
	pubs := PublishedUCI(bm.Set)
	if len(pubs) == 0 {
		return fmt.Errorf("study: no published row of %s", bm.Set)
	}
	pub := pubs[0]
	rows := make([]AblationRow, len(UCIAblationArms))
	names := make([]string, len(UCIAblationArms))
	for i, a := range UCIAblationArms {
		base, ok := a.Baseline()
		if !ok {
			base = a
		}
		if results[a] == nil || results[base] == nil {
			return fmt.Errorf("study: no results of %s or of %s on %s", a.Name(), base.Name(), bm.Set)
		}
		row, err := CompareAblation(results[a], results[base], pub)
		if err != nil {
			return fmt.Errorf("study: %s on %s against %s: %w", a.Name(), bm.Set, base.Name(), err)
		}
		rows[i], names[i] = row, a.Name()
	}
	splits, spread := fmt.Sprintf("%d splits", rows[0].Splits), "mean ± standard error over the splits"
	if rows[0].Splits == 1 {
		splits, spread = "1 split", "one split: the values of that split, without a standard error, so without gaps in standard errors"
	}
	dec := rmseDecimals(bm.Set)
	fmt.Fprintf(w, "**%s**, SVGD at Liu & Wang's protocol on the standard splits (%s, %d particles, %d iterations, hidden layers %v, batches of %d), "+
		"the optimizer and the pairs the bandwidth's median is taken over changed one at a time and together; %s. "+
		"\"paired with\": the row that differs from this one in one setting alone, the optimizer or the median; "+
		"\"− paired\": the mean ± standard error over the splits of each split's difference to that row's fit of the same split; "+
		"\"splits worse\": on how many splits the test RMSE is higher, and the log-likelihood lower, than that row's; "+
		"z: the gap to the published mean in the two standard errors combined, "+gapFormula+". "+
		"The published row averages Liu & Wang's own random splits, these rows the standard ones:\n\n",
		bm.Set, splits, bm.Config.Particles, bm.Config.Iters, bm.Config.Hidden, bm.Config.Batch, spread)
	fmt.Fprintln(w, "| setting | test RMSE | test log-likelihood | training RMSE | paired with | RMSE − paired | log-likelihood − paired | splits worse (RMSE, log-likelihood) | RMSE gap to published (z) | log-likelihood gap to published (z) |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|---|")
	fmt.Fprintf(w, "| %s | %s | %s | | | | | | | |\n", pub.Label, printed(pub.RMSE, pub.RMSESE, PublishedDecimals), printed(pub.LL, pub.LLSE, PublishedDecimals))
	for i, a := range UCIAblationArms {
		r := rows[i]
		diffs := "– | – | – | –"
		if base, ok := a.Baseline(); ok {
			diffs = fmt.Sprintf("%s | %s | %s | %d/%d, %d/%d", base.Name(), signedPM(r.DRMSE, r.DRMSESE, dec), signedPM(r.DLL, r.DLLSE, 3), r.WorseRMSE, r.Splits, r.WorseLL, r.Splits)
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %s | %s |\n", a.Label(), pm(r.RMSE, r.RMSESE, dec), pm(r.LL, r.LLSE, 3),
			pm(r.TrainRMSE, r.TrainRMSESE, dec), diffs, signed(r.ZRMSE, 2), signed(r.ZLL, 2))
	}
	fmt.Fprintln(w)
	zr, zl := make([]float64, len(rows)), make([]float64, len(rows))
	for i, r := range rows {
		zr[i], zl[i] = r.ZRMSE, r.ZLL
	}
	fmt.Fprintf(w, "- test RMSE: %s\n", gapVerdict(names, zr))
	fmt.Fprintf(w, "- test log-likelihood: %s\n", gapVerdict(names, zl))
	return nil
}

// gapVerdict is the line that reads the gaps z[i] of the settings
// names[i] to the published mean against [GapLevel], the first setting
// (the benchmark's) the one the others are read against: whether the
// others close its gap, leave it (then with which setting it is least),
// or open one.
func gapVerdict(names []string, z []float64) string {
	for _, v := range z {
		if math.IsNaN(v) {
			return "one split: no standard errors, so no gaps to the published row are read."
		}
	}
	within := func(v float64) bool { return math.Abs(v) <= GapLevel }
	parts := make([]string, len(z))
	var in, out []string
	for i, v := range z {
		parts[i] = fmt.Sprintf("%s %.2f", names[i], math.Abs(v))
		if i == 0 {
			continue
		}
		if within(v) {
			in = append(in, names[i])
		} else {
			out = append(out, names[i])
		}
	}
	head := "the means' distances from the published one in combined standard errors: " + strings.Join(parts, ", ")
	switch {
	case within(z[0]) && len(out) == 0:
		return fmt.Sprintf("%s; all within %g.", head, GapLevel)
	case within(z[0]):
		return fmt.Sprintf("%s: %s's is within %g, and a gap beyond it opens with %s.", head, names[0], GapLevel, andList(out))
	case len(in) == 0:
		least := 0
		for i, v := range z {
			if math.Abs(v) < math.Abs(z[least]) {
				least = i
			}
		}
		if least == 0 {
			return fmt.Sprintf("%s: a gap beyond %g remains with every setting, least with %s's own; this ablation does not explain it.", head, GapLevel, names[0])
		}
		return fmt.Sprintf("%s: a gap beyond %g remains with every setting; it is least with %s (%.2f, against %s's %.2f), and what remains of it this ablation does not explain.",
			head, GapLevel, names[least], math.Abs(z[least]), names[0], math.Abs(z[0]))
	case len(out) == 0:
		return fmt.Sprintf("%s: %s's gap beyond %g closes to within it with every other setting.", head, names[0], GapLevel)
	}
	return fmt.Sprintf("%s: %s's gap beyond %g closes to within it with %s, and remains with %s.", head, names[0], GapLevel, andList(in), andList(out))
}

// andList joins names as "a", "a and b", "a, b and c".
func andList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// signed writes v with its sign and the given decimals ("+0.67",
// "−4.81"), "–" when v is NaN.
func signed(v float64, decimals int) string { return signedPM(v, math.NaN(), decimals) }

// signedPM is [pm] with the mean's sign always written, "–" when the mean
// is NaN.
func signedPM(mean, se float64, decimals int) string {
	if math.IsNaN(mean) {
		return "–"
	}
	return measured("%+.*f", mean, se, decimals)
}
