package study

import (
	"context"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd/metrics"
	"github.com/csvgd/csvgd-go/csvgd/regress"
	"github.com/csvgd/csvgd-go/csvgd/runcache"
	"github.com/csvgd/csvgd-go/csvgd/tabular"
	"github.com/csvgd/csvgd-go/csvgd/train"
	"github.com/gomlx/compute"
)

// UCISets are the data sets of the UCI regression benchmark this
// repository holds (data/uci), in the table's order.
var UCISets = []string{"yacht", "concrete"}

// UCISetting is a row of the benchmark's table: Liu & Wang's SVGD, or
// cSVGD at a prior multiplier per training point (alpha = 1/2).
type UCISetting struct {
	Key    string // in the cache file's name
	Label  string // in the table
	Method train.Method
	Lambda float64
}

// UCISettings are the rows: SVGD, and cSVGD at [regress.DefaultLambda]
// and three times it, a lighter and a stronger sparsity.
func UCISettings() []UCISetting {
	l := regress.DefaultLambda
	return []UCISetting{
		{"svgd", "SVGD", train.SVGD, 0},
		{"csvgd", fmt.Sprintf("cSVGD, λ = %g", l), train.CSVGD, l},
		{"csvgd-strong", fmt.Sprintf("cSVGD, λ = %g", 3*l), train.CSVGD, 3 * l},
	}
}

// UCIBenchmark is setting s on the data set at the plan's size: Liu &
// Wang's setup ([regress.LiuWang]) on the 20 standard splits; in quick
// mode splits 0 and 1, 10 particles and 100 iterations in stages of 25.
func (p Plan) UCIBenchmark(set string, s UCISetting) regress.Benchmark {
	c := regress.LiuWang()
	c.Method, c.Lambda = s.Method, s.Lambda
	splits := make([]int, 20)
	for k := range splits {
		splits[k] = k
	}
	if p.Quick {
		c.Particles, c.Iters, c.Stage, c.Every, splits = 10, 100, 25, 25, splits[:2]
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
	return runcache.Whole[regress.SplitResult]{
		Name: "uci-" + set + "-" + s.Key, Label: fmt.Sprintf("%s on %s, %d splits (table uci)", s.Label, set, len(bm.Splits)), Quick: p.Quick,
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
// (SE NaN when not known).
type Published struct {
	Label                  string
	RMSE, RMSESE, LL, LLSE float64
}

// PublishedUCI are the published results beside which the table puts the
// measured ones: Liu & Wang 2016, Table 2 (SVGD, and PBP as they quote
// Hernández-Lobato & Adams 2015), as recalled; the paper's text was not at
// hand to check them (docs/own-data.md).
func PublishedUCI(set string) []Published {
	nan := math.NaN()
	switch set {
	case "yacht":
		return []Published{{"SVGD, Liu & Wang 2016 (as recalled)", 0.864, 0.052, -1.225, 0.042}, {"PBP, as quoted there (as recalled)", 0.778, nan, -1.211, nan}}
	case "concrete":
		return []Published{{"SVGD, Liu & Wang 2016 (as recalled)", 5.324, 0.104, -3.082, 0.018}, {"PBP, as quoted there (as recalled)", 5.506, nan, -3.137, nan}}
	}
	return nil
}

// UCITable writes the benchmark's table as Markdown, one block per data
// set: the published rows, then each setting's mean ± standard error over
// the splits of the test RMSE and log-likelihood (data units), the change
// of both against SVGD on the same splits (paired), the active weights and
// the template beside the full network's size, the time of a fit with its
// ratio to SVGD's, and the pace of cSVGD's last stage against its first
// (the speed-up condensation gave each iteration).
func UCITable(w io.Writer, s *Store) error {
	for i, set := range UCISets {
		if i > 0 {
			fmt.Fprintln(w)
		}
		if err := uciSetTable(w, s, set); err != nil {
			return err
		}
	}
	return nil
}

// uciSetTable is the block of one data set.
func uciSetTable(w io.Writer, s *Store, set string) error {
	results := map[string][]regress.SplitResult{}
	for _, st := range UCISettings() {
		r, err := s.UCIResults(set, st)
		if err != nil {
			return err
		}
		results[st.Key] = r
	}
	return writeUCISet(w, set, s.UCIBenchmark(set, UCISettings()[0]), results)
}

// writeUCISet writes the block of one data set from the results of every
// setting (by key) of the benchmark bm's splits.
func writeUCISet(w io.Writer, set string, bm regress.Benchmark, results map[string][]regress.SplitResult) error {
	base := results["svgd"]
	if len(base) == 0 {
		return fmt.Errorf("study: no SVGD results on %s", set)
	}
	fmt.Fprintf(w, "**%s** (%d splits, %d particles, %d iterations; %d weights and biases in the full network; mean ± standard error over the splits):\n\n",
		set, len(bm.Splits), bm.Config.Particles, bm.Config.Iters, base[0].FullParams)
	fmt.Fprintln(w, "| method | test RMSE | test log-likelihood | RMSE − SVGD's | log-likelihood − SVGD's | active weights | template | s per fit (× SVGD's) | last stage's ms/iteration ÷ first's |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|")
	for _, p := range PublishedUCI(set) {
		fmt.Fprintf(w, "| %s | %s | %s | | | | | | |\n", p.Label, pm(p.RMSE, p.RMSESE, 3), pm(p.LL, p.LLSE, 3))
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
		diffs, speed := fmt.Sprintf("%s | %s", pm(dr, drSE, 3), pm(dl, dlSE, 3)), pm(pace, paceSE, 2)
		if st.Key == "svgd" {
			diffs, speed = "– | –", "– (one stage)"
		}
		fmt.Fprintf(w, "| %s (this project) | %s | %s | %s | %s | %.0f | %.1f (×%.2f) | %s |\n", st.Label, pm(rmse, rmseSE, 3), pm(ll, llSE, 3), diffs,
			pm(act, actSE, 1), tmpl, sec, sec/baseSec, speed)
	}
	return nil
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

// pm writes mean ± se with the given decimals, the mean alone when se is
// NaN.
func pm(mean, se float64, decimals int) string {
	m := strings.Replace(fmt.Sprintf("%.*f", decimals, mean), "-", "−", 1)
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
