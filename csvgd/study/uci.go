package study

import (
	"context"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd/metrics"
	"github.com/csvgd/csvgd-go/csvgd/regress"
	"github.com/csvgd/csvgd-go/csvgd/runcache"
	"github.com/csvgd/csvgd-go/csvgd/tabular"
	"github.com/csvgd/csvgd-go/csvgd/train"
	"github.com/gomlx/compute"
)

// UCISets are the data sets of the UCI regression benchmark this
// repository holds (data/uci), in the order of Liu & Wang's table
// (year, the tenth, is not held: data/uci/README.md).
var UCISets = []string{"boston", "concrete", "energy", "kin8nm", "naval", "power", "protein", "wine", "yacht"}

// UCISetting is a row of the benchmark's table: Liu & Wang's SVGD, cSVGD
// at a prior multiplier per training point (alpha = 1/2), fixed or
// adaptive from it (the penalty of Sec. 5.6), or the deep ensemble of the
// same networks (train.Ensemble).
type UCISetting struct {
	Key      string // in the cache file's name
	Label    string // in the table
	Method   train.Method
	Lambda   float64 // the prior multiplier per training point; with Adaptive its initial value
	Adaptive bool    // cSVGD with the adaptive penalty of Sec. 5.6 ([train.AdaptiveSchedule])
}

// UCISettings are the rows: SVGD, cSVGD at [regress.DefaultLambda] and
// three times it, a lighter and a stronger sparsity, cSVGD with the
// adaptive penalty from [regress.DefaultLambda] (docs/reading.md section
// 11: lambda doubles after each stage while the training error stays
// within 10% of its best, then reverts for a final stage on the fixed
// template), and the deep ensemble (independent MAP fits of the same
// networks, no kernel).
func UCISettings() []UCISetting {
	l := regress.DefaultLambda
	return []UCISetting{
		{"svgd", "SVGD", train.SVGD, 0, false},
		{"csvgd", fmt.Sprintf("cSVGD, λ = %g", l), train.CSVGD, l, false},
		{"csvgd-strong", fmt.Sprintf("cSVGD, λ = %g", 3*l), train.CSVGD, 3 * l, false},
		{"csvgd-adaptive", fmt.Sprintf("cSVGD, adaptive λ from %g", l), train.CSVGD, l, true},
		{"ensemble", "deep ensemble (no kernel)", train.Ensemble, 0, false},
	}
}

// uciSVGD is the benchmark's SVGD setting, the first of [UCISettings].
func uciSVGD() UCISetting { return UCISettings()[0] }

// UCIBenchmark is setting s on the data set at the plan's size: Liu &
// Wang's setup ([regress.LiuWang]) at their driver's iterations, hidden
// units and batch size for the set ([regress.LiuWangProtocols]) on its
// standard splits (20; 5 of protein), without a history (the table
// keeps none); in quick mode split 0 alone (so the standard errors over
// the splits are not defined: the table and the figures say so), 10
// particles and 100 iterations in stages of 25. A set outside the
// protocol's table keeps [regress.LiuWang]'s size and 20 splits.
func (p Plan) UCIBenchmark(set string, s UCISetting) regress.Benchmark {
	c := regress.LiuWang()
	c.Method, c.Lambda, c.Adaptive, c.Every = s.Method, s.Lambda, s.Adaptive, 0
	n := 20
	if row, err := regress.LiuWangProtocol(set); err == nil {
		c, n = row.Apply(c), row.Splits
	}
	splits := make([]int, n)
	for k := range splits {
		splits[k] = k
	}
	if p.Quick {
		c.Particles, c.Iters, c.Stage, splits = 10, 100, 25, splits[:1]
	}
	return regress.Benchmark{Set: set, Splits: splits, Config: c}
}

// RegressionFit is the configuration of a single fit of a regression
// table outside the benchmark (notebook 10's fits of split 0 of yacht):
// Liu & Wang's setup (regress.LiuWang) for method and the prior
// multiplier lambda per training point; in quick mode 10 particles and
// 200 iterations in stages of 50.
func (p Plan) RegressionFit(method train.Method, lambda float64) regress.Config {
	c := regress.LiuWang()
	c.Method, c.Lambda = method, lambda
	if p.Quick {
		c.Particles, c.Iters, c.Stage, c.Every = 10, 200, 50, 50
	}
	return c
}

// uciStudy is setting s on set, cached whole as uci-SET-KEY[-quick].json.
func (p Plan) uciStudy(set string, s UCISetting) runcache.Whole[regress.SplitResult] {
	bm := p.UCIBenchmark(set, s)
	return p.benchmarkStudy("uci-"+set+"-"+s.Key, fmt.Sprintf("%s on %s, %d splits (table uci)", s.Label, set, len(bm.Splits)), bm)
}

// benchmarkStudy is the benchmark bm cached whole as NAME[-quick].json,
// its job labelled label.
func (p Plan) benchmarkStudy(name, label string, bm regress.Benchmark) runcache.Whole[regress.SplitResult] {
	return runcache.Whole[regress.SplitResult]{
		Name: name, Label: label, Quick: p.Quick,
		Read: func(path string) ([]regress.SplitResult, error) { return regress.ReadBenchmark(path, bm) },
		Compute: func(ctx context.Context, b compute.Backend, path string, progress func(int, int)) ([]regress.SplitResult, error) {
			return regress.CachedBenchmark(b, bm, path, regress.Options{Context: ctx}, progress)
		}}
}

// UCIResults are the fits of setting s on set, one per split, from the
// cache (computed there when missing).
func (s *Store) UCIResults(set string, st UCISetting) ([]regress.SplitResult, error) {
	return s.uciStudy(set, st).Get(&s.Cache)
}

// uciNeeds: every data set and setting of the table.
func (p Plan) uciNeeds() needs {
	var jobs []runcache.Job
	for _, set := range UCISets {
		for _, s := range UCISettings() {
			jobs = append(jobs, p.uciStudy(set, s).Job())
		}
	}
	return needs{jobs: jobs}
}

// Published is a row of published results of the benchmark: the mean and
// standard error over the 20 splits of the test RMSE and log-likelihood
// (SE NaN when not known), and the rounding of the printed means: half a
// unit of their last printed digit (0 for exact values), so that a printed
// mean p stands for any value within p ± Rounding ([GapZ]).
type Published struct {
	Label                  string
	RMSE, RMSESE, LL, LLSE float64
	Rounding               float64
}

// PublishedDecimals are the decimals Liu & Wang's Table 2 prints its
// means and standard errors with; the table quotes them so.
const PublishedDecimals = 3

// PublishedRounding is the rounding of the means of Liu & Wang's Table 2:
// half a unit of their last decimal (of PublishedDecimals).
var PublishedRounding = 0.5 * math.Pow10(-PublishedDecimals)

// PublishedUCI are the published results beside which the table puts the
// measured ones: Liu & Wang 2016, Table 2 (SVGD, and PBP as they quote
// Hernández-Lobato & Adams 2015), as recalled; the paper's text was not at
// hand to check them (docs/own-data.md). Their SVGD rows are means over
// their own random splits (docs/reading.md section 18).
func PublishedUCI(set string) []Published {
	nan := math.NaN()
	r, ok := recalledUCI[set]
	if !ok {
		return nil
	}
	return []Published{{"SVGD, Liu & Wang 2016 (as recalled)", r[0], r[1], r[2], r[3], PublishedRounding}, {"PBP, as quoted there (as recalled)", r[4], nan, r[5], nan, PublishedRounding}}
}

// recalledUCI are the rows of Liu & Wang's Table 2 as recalled: SVGD's
// test RMSE and its standard error, SVGD's log-likelihood and its
// standard error, PBP's RMSE and log-likelihood.
var recalledUCI = map[string][6]float64{
	"boston":   {2.957, 0.099, -2.504, 0.029, 2.977, -2.579},
	"concrete": {5.324, 0.104, -3.082, 0.018, 5.506, -3.137},
	"energy":   {1.374, 0.045, -1.767, 0.024, 1.734, -1.981},
	"kin8nm":   {0.090, 0.001, 0.984, 0.008, 0.098, 0.901},
	"naval":    {0.004, 0.000, 4.089, 0.012, 0.006, 3.735},
	"power":    {4.033, 0.033, -2.815, 0.008, 4.052, -2.819},
	"protein":  {4.606, 0.013, -2.947, 0.003, 4.623, -2.950},
	"wine":     {0.609, 0.010, -0.925, 0.014, 0.614, -0.931},
	"yacht":    {0.864, 0.052, -1.225, 0.042, 0.778, -1.211},
}

// UCITable writes the benchmark's table as Markdown, one block per data
// set: the published rows, then each setting's mean ± standard error over
// the splits of the test RMSE and log-likelihood (data units), the change
// of both against SVGD on the same splits (paired), the active weights and
// the template beside the full network's size, the time of a fit with its
// ratio to SVGD's, the pace of cSVGD's last stage against its first (the
// speed-up condensation gave each iteration), and the coverage of the
// test points by the central 50%, 90% and 95% predictive intervals,
// pooled over the splits, with its 95% Wilson interval ([UCICoverage]).
// Under the blocks, the table's reading: the verdicts of [UCISummarize]
// on every data set, each beside its numbers (writeUCISummary), the
// training points read from the data ([UCITrainPoints]).
func UCITable(w io.Writer, s *Store) error {
	var in []UCISetInput
	for _, set := range UCISets {
		results, err := uciSetBlock(w, s, set)
		if err != nil {
			return err
		}
		fmt.Fprintln(w)
		n, err := UCITrainPoints(s.UCIBenchmark(set, uciSVGD()))
		if err != nil {
			return err
		}
		in = append(in, UCISetInput{Set: set, TrainPoints: n, Published: PublishedUCI(set), Results: results})
	}
	return writeUCISummary(w, UCISummarize(in))
}

// uciSetResults are the results of every setting on set, by key.
func uciSetResults(s *Store, set string) (map[string][]regress.SplitResult, error) {
	results := map[string][]regress.SplitResult{}
	for _, st := range UCISettings() {
		r, err := s.UCIResults(set, st)
		if err != nil {
			return nil, err
		}
		results[st.Key] = r
	}
	return results, nil
}

// uciSetBlock writes the block of one data set and returns the results
// it was written from, by setting key.
func uciSetBlock(w io.Writer, s *Store, set string) (map[string][]regress.SplitResult, error) {
	results, err := uciSetResults(s, set)
	if err != nil {
		return nil, err
	}
	mc, err := regress.MCDropout(set)
	if err != nil {
		return nil, err
	}
	return results, writeUCISet(w, set, s.UCIBenchmark(set, uciSVGD()), results, mc)
}

// CoverageConfidence is the confidence level of the Wilson intervals of
// the benchmark's coverages.
const CoverageConfidence = 0.95

// PooledCoverage is a setting's coverage of the test points by its
// central predictive intervals of probability Level, pooled over the
// splits: Fraction = Hits / Points (the sums over the splits), with its
// Wilson interval [Lo, Hi] at [CoverageConfidence] ([metrics.Wilson]).
type PooledCoverage struct {
	Level                  float64
	Hits, Points           int
	Fraction, Lower, Upper float64
}

// UCICoverage pools the coverage counts of the splits r at each level of
// [regress.CoverageLevels]: the test points of all the splits taken as
// one binomial sample, sum of hits over sum of points, rather than a mean
// of per-split fractions (docs/reading.md section 18). It fails on no
// splits or a split without a count at a level.
func UCICoverage(r []regress.SplitResult) ([]PooledCoverage, error) {
	if len(r) == 0 {
		return nil, fmt.Errorf("study: coverage of no splits")
	}
	out := make([]PooledCoverage, len(regress.CoverageLevels))
	for i, level := range regress.CoverageLevels {
		out[i].Level = level
		for _, x := range r {
			k := slices.IndexFunc(x.Coverage, func(c regress.CoverageCount) bool { return c.Level == level })
			if k < 0 {
				return nil, fmt.Errorf("study: split %d has no coverage count at level %v", x.Split, level)
			}
			out[i].Hits += x.Coverage[k].Hits
			out[i].Points += x.Coverage[k].Points
		}
		lo, hi, err := metrics.Wilson(out[i].Hits, out[i].Points, CoverageConfidence)
		if err != nil {
			return nil, fmt.Errorf("study: split %d, level %v: %w", r[0].Split, level, err)
		}
		out[i].Fraction, out[i].Lower, out[i].Upper = float64(out[i].Hits)/float64(out[i].Points), lo, hi
	}
	return out, nil
}

// coverageCell is a cell of the table's coverage columns: the pooled
// fraction and its Wilson interval.
func coverageCell(c PooledCoverage) string {
	return fmt.Sprintf("%.3f [%.3f, %.3f]", c.Fraction, c.Lower, c.Upper)
}

// writeUCISet writes the block of one data set from the results of every
// setting (by key) of the benchmark bm's splits and MC dropout's published
// results per split (mc; the row is left out when it lacks one of bm's
// splits). With one split the standard errors are not defined: the
// cells give the mean alone and the caption says so.
func writeUCISet(w io.Writer, set string, bm regress.Benchmark, results map[string][]regress.SplitResult, mc []regress.PublishedSplit) error {
	base := results["svgd"]
	if len(base) == 0 {
		return fmt.Errorf("study: no SVGD results on %s", set)
	}
	spread := "mean ± standard error over the splits"
	if len(base) == 1 {
		spread = "one split: the values of that split, without a standard error"
	}
	levels := make([]string, len(regress.CoverageLevels))
	for i, l := range regress.CoverageLevels {
		levels[i] = fmt.Sprintf("%g%%", 100*l)
	}
	splits := fmt.Sprintf("%d splits", len(bm.Splits))
	if len(bm.Splits) == 1 {
		splits = "1 split"
	}
	fmt.Fprintf(w, "**%s** (%s, %d particles, %d iterations, hidden layers %v, batches of %d; %d weights and biases in the full network; %s; "+
		"coverage: the fraction of the test points inside the central %s predictive intervals, pooled over the splits (hits ÷ points), with its %g%% Wilson interval; "+
		"the published rows and MC dropout's have no coverage, their sources giving no intervals):\n\n",
		set, splits, bm.Config.Particles, bm.Config.Iters, bm.Config.Hidden, bm.Config.Batch, base[0].FullParams, spread,
		strings.Join(levels[:len(levels)-1], ", ")+" and "+levels[len(levels)-1], 100*CoverageConfidence)
	heads := ""
	for _, l := range levels {
		heads += " coverage, " + l + " interval |"
	}
	fmt.Fprintln(w, "| method | test RMSE | test log-likelihood | RMSE − SVGD's | log-likelihood − SVGD's | active weights | template | s per fit (× SVGD's) | last stage's ms/iteration ÷ first's |"+heads)
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|"+strings.Repeat("---|", len(levels)))
	empty := strings.Repeat(" |", len(levels))
	for _, p := range PublishedUCI(set) {
		fmt.Fprintf(w, "| %s | %s | %s | | | | | | |%s\n", p.Label, printed(p.RMSE, p.RMSESE, PublishedDecimals), printed(p.LL, p.LLSE, PublishedDecimals), empty)
	}
	dec := rmseDecimals(set)
	if row, ok := mcDropoutRow(mc, base, dec); ok {
		fmt.Fprintln(w, row+empty)
	}
	for _, st := range UCISettings() {
		r := results[st.Key]
		if len(r) != len(base) {
			return fmt.Errorf("study: %s on %s: %d splits, SVGD %d", st.Label, set, len(r), len(base))
		}
		col := func(f func(regress.SplitResult) float64) (mean, se float64) {
			v := make([]float64, len(r))
			for i := range r {
				v[i] = f(r[i])
			}
			return metrics.MeanSE(v)
		}
		rmse, rmseSE := col(func(x regress.SplitResult) float64 { return x.Test.RMSE })
		ll, llSE := col(func(x regress.SplitResult) float64 { return x.Test.LL })
		dr, drSE := pairedDiff(r, base, func(x regress.SplitResult) float64 { return x.Test.RMSE })
		dl, dlSE := pairedDiff(r, base, func(x regress.SplitResult) float64 { return x.Test.LL })
		act, actSE := col(func(x regress.SplitResult) float64 { return x.ActiveWeights })
		tmpl, _ := col(func(x regress.SplitResult) float64 { return float64(x.TemplateParams) })
		sec, _ := col(func(x regress.SplitResult) float64 { return x.Seconds })
		baseSec, _ := metrics.MeanSE(seconds(base))
		pace, paceSE := col(func(x regress.SplitResult) float64 { return x.MsPerIterLast / x.MsPerIterFirst })
		diffs, speed := fmt.Sprintf("%s | %s", pm(dr, drSE, dec), pm(dl, dlSE, 3)), pm(pace, paceSE, 2)
		if st.Key == "svgd" {
			diffs = "– | –"
		}
		if st.Method != train.CSVGD {
			speed = "– (one stage)"
		}
		cov, err := UCICoverage(r)
		if err != nil {
			return fmt.Errorf("study: %s on %s: %w", st.Label, set, err)
		}
		cells := ""
		for _, c := range cov {
			cells += " " + coverageCell(c) + " |"
		}
		fmt.Fprintf(w, "| %s (this project) | %s | %s | %s | %s | %.0f | %.1f (×%.2f) | %s |%s\n", st.Label, pm(rmse, rmseSE, dec), pm(ll, llSE, 3), diffs,
			pm(act, actSE, 1), tmpl, sec, sec/baseSec, speed, cells)
	}
	return nil
}

// mcDropoutRow is the table's row of MC dropout's published results on
// the splits of base (SVGD's results), with the differences to SVGD paired
// by split; false when mc lacks one of the splits.
func mcDropoutRow(mc []regress.PublishedSplit, base []regress.SplitResult, dec int) (string, bool) {
	by := map[int]regress.PublishedSplit{}
	for _, p := range mc {
		by[p.Split] = p
	}
	var rmse, ll, dr, dl []float64
	for _, b := range base {
		p, ok := by[b.Split]
		if !ok {
			return "", false
		}
		rmse, ll = append(rmse, p.RMSE), append(ll, p.LL)
		dr, dl = append(dr, p.RMSE-b.Test.RMSE), append(dl, p.LL-b.Test.LL)
	}
	r, rse := metrics.MeanSE(rmse)
	l, lse := metrics.MeanSE(ll)
	d1, d1se := metrics.MeanSE(dr)
	d2, d2se := metrics.MeanSE(dl)
	return fmt.Sprintf("| MC dropout, Gal & Ghahramani (published per split: data/uci/%s) | %s | %s | %s | %s | | | | |",
		regress.MCDropoutFile, pm(r, rse, dec), pm(l, lse, 3), pm(d1, d1se, dec), pm(d2, d2se, 3)), true
}

// rmseDecimals are the decimals of the RMSE columns of a data set's
// block: 3, more where the errors are small (kin8nm 4, naval 5).
func rmseDecimals(set string) int {
	switch set {
	case "kin8nm":
		return 4
	case "naval":
		return 5
	}
	return 3
}

// pairedDiff is the mean ± standard error over the splits of f(r) - f(base).
func pairedDiff(r, base []regress.SplitResult, f func(regress.SplitResult) float64) (mean, se float64) {
	v := make([]float64, len(r))
	for i := range r {
		v[i] = f(r[i]) - f(base[i])
	}
	return metrics.MeanSE(v)
}

func seconds(r []regress.SplitResult) []float64 {
	v := make([]float64, len(r))
	for i := range r {
		v[i] = r[i].Seconds
	}
	return v
}

// pm writes mean ± se with the given decimals, more when se would show
// fewer than [minSEUnits] units of the last one ([seDecimals]), the mean
// alone when se is NaN.
func pm(mean, se float64, decimals int) string { return measured("%.*f", mean, se, decimals) }

// measured writes a measured mean ± se, the mean by verb (a format taking
// the decimals and the mean), with the decimals of [seDecimals].
func measured(verb string, mean, se float64, decimals int) string {
	d := seDecimals(se, decimals)
	return withSE(fmt.Sprintf(verb, d, mean), se, d)
}

// printed writes a published mean ± se as it was printed, with its own
// decimals and no more.
func printed(mean, se float64, decimals int) string {
	return withSE(fmt.Sprintf("%.*f", decimals, mean), se, decimals)
}

// minSEUnits is the least number of units of the last printed decimal a
// measured standard error shows ([seDecimals]): a printed 3 stands for
// a value between 2.5 and 3.5, so the ratio of a printed mean to its
// printed standard error stays near the unrounded one, and a verdict at
// 2 standard errors can be checked from the printed digits except at its
// very edge.
const minSEUnits = 3

// maxExtraDecimals bounds the decimals [seDecimals] adds.
const maxExtraDecimals = 4

// seDecimals are the decimals with which a positive standard error se
// shows at least [minSEUnits] units of its last decimal: decimals, or
// more (at most maxExtraDecimals more), so that no cell reads "± 0.000"
// for a spread that is not zero, nor "+0.002 ± 0.001" for a difference
// of 2.5 standard errors. A zero or NaN standard error keeps decimals;
// published values are written as printed ([printed]).
func seDecimals(se float64, decimals int) int {
	d := decimals
	for se > 0 && d < decimals+maxExtraDecimals && math.Round(se*math.Pow10(d)) < minSEUnits {
		d++
	}
	return d
}

// withSE is the formatted mean m, its minus sign typeset and no sign on a
// mean that rounds to zero, followed by ± se with the given decimals, or
// alone when se is NaN.
func withSE(m string, se float64, decimals int) string {
	if strings.Trim(m, "+-0.") == "" {
		m = strings.TrimLeft(m, "+-")
	}
	m = strings.Replace(m, "-", "−", 1)
	if math.IsNaN(se) {
		return m
	}
	return fmt.Sprintf("%s ± %.*f", m, decimals, se)
}

// Fit is the fit of c on the data d, named name (notebook 10's), cached
// whole as fit-NAME[-quick].json beside the runs: computed there under the
// cache's lock when missing or made with another configuration or other
// data, read from it otherwise.
func (s *Store) Fit(name string, c regress.Config, d tabular.Data) (*regress.Result, error) {
	one := func(r *regress.Result, err error) ([]*regress.Result, error) {
		if err != nil {
			return nil, err
		}
		return []*regress.Result{r}, nil
	}
	w := runcache.Whole[*regress.Result]{Name: "fit-" + name, Label: "the fit " + name, Quick: s.Quick,
		Read: func(path string) ([]*regress.Result, error) { return one(regress.ReadFit(path, c, d)) },
		Compute: func(ctx context.Context, b compute.Backend, path string, _ func(int, int)) ([]*regress.Result, error) {
			return one(regress.CachedFit(b, c, d, path, regress.Options{Context: ctx}))
		}}
	rs, err := w.Get(&s.Cache)
	if err != nil {
		return nil, err
	}
	return rs[0], nil
}
