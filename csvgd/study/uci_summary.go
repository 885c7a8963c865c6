package study

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/csvgd/csvgd-go/csvgd"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
	"github.com/csvgd/csvgd-go/csvgd/regress"
	"github.com/csvgd/csvgd-go/csvgd/tabular"
	"github.com/csvgd/csvgd-go/csvgd/train"
)

// The reading of the UCI benchmark's table (table uci, docs/own-data.md),
// computed from its results rather than typed: [UCISummarize] turns the
// fits of every data set into verdicts under the rules stated on each
// type and constant below, and writeUCISummary (uci_summary_write.go)
// prints them, each beside its numbers, under the data sets' blocks.

// UCISetInput is what the summary reads of one data set: its training
// points ([UCITrainPoints]; 0 when not known), its published rows
// ([PublishedUCI]: the first is Liu & Wang's SVGD; none when not
// recalled) and the fits of each setting of [UCISettings] by key, one per
// split (a setting may be missing).
type UCISetInput struct {
	Set         string
	TrainPoints int
	Published   []Published
	Results     map[string][]regress.SplitResult
}

// UCITrainPoints are the training points of the benchmark bm's fits, read
// from the data (data/uci/SET, its first split's index_train file) rather
// than from the cached results: the split's training rows less the
// development set that Liu & Wang's protocol holds out
// ([regress.DevRows]), the points the flow fits ([regress.Result]'s
// TrainPoints). The standard splits of a data set all have the same
// number of training rows.
func UCITrainPoints(bm regress.Benchmark) (int, error) {
	if len(bm.Splits) == 0 {
		return 0, fmt.Errorf("study: training points of %s: no splits", bm.Set)
	}
	dir, err := csvgd.UCIDir(bm.Set)
	if err != nil {
		return 0, err
	}
	d, err := tabular.ReadUCI(dir, bm.Splits[0])
	if err != nil {
		return 0, fmt.Errorf("study: training points of %s: %w", bm.Set, err)
	}
	n := d.Train.Len()
	return n - regress.DevRows(n, bm.Config.Dev), nil
}

// UCIPairedClass is the verdict on a paired difference of a setting to
// SVGD, mean ± standard error over the splits ([ClassifyPaired]).
type UCIPairedClass int

const (
	// UCINoVerdict: the standard error is not defined (one split) or
	// there is no difference (no results on SVGD's splits).
	UCINoVerdict UCIPairedClass = iota
	// UCILower: the mean is below 0 by more than [GapLevel] standard
	// errors.
	UCILower
	// UCIHigher: the mean is above 0 by more than [GapLevel] standard
	// errors.
	UCIHigher
	// UCIWithin: |mean| ≤ [GapLevel] standard errors.
	UCIWithin
)

// ClassifyPaired is the rule of the paired verdicts: a difference
// mean ± se is [UCILower] or [UCIHigher] (by the sign of the mean) when
// |mean| > GapLevel · se ([GapLevel] = 2, about the two-sided 95% band of
// a normal mean), [UCIWithin] otherwise, and [UCINoVerdict] when the mean
// or the standard error is NaN (one split: [metrics.MeanSE]).
func ClassifyPaired(mean, se float64) UCIPairedClass {
	switch {
	case math.IsNaN(mean) || math.IsNaN(se):
		return UCINoVerdict
	case math.Abs(mean) <= GapLevel*se:
		return UCIWithin
	case mean < 0:
		return UCILower
	}
	return UCIHigher
}

// UCICoverageClass is the verdict on a setting's pooled coverage at
// [UCICalibrationLevel] ([ClassifyCoverage]).
type UCICoverageClass int

const (
	// UCICoverageUnknown: no coverage counts (no results).
	UCICoverageUnknown UCICoverageClass = iota
	// UCITooNarrow: the Wilson interval lies wholly below the nominal
	// level: the predictive intervals cover too few test points.
	UCITooNarrow
	// UCITooWide: the Wilson interval lies wholly above the nominal
	// level: they cover too many.
	UCITooWide
	// UCICalibrated: the Wilson interval contains the nominal level.
	UCICalibrated
)

// UCICalibrationLevel is the nominal level of the central predictive
// intervals whose coverage the summary reads: 0.9, one of
// [regress.CoverageLevels].
const UCICalibrationLevel = 0.9

// ClassifyCoverage is the rule of the calibration verdicts: the pooled
// coverage c at its level is [UCITooNarrow] when its Wilson interval
// ([UCICoverage], at [CoverageConfidence]) lies wholly below the level
// (Upper < Level), [UCITooWide] when wholly above (Lower > Level), and
// [UCICalibrated] when it contains the level.
func ClassifyCoverage(c PooledCoverage) UCICoverageClass {
	switch {
	case c.Upper < c.Level:
		return UCITooNarrow
	case c.Lower > c.Level:
		return UCITooWide
	}
	return UCICalibrated
}

// UCIGap is this project's SVGD on a data set against the published SVGD
// row (as recalled): Row holds SVGD's mean ± standard error over the
// splits and the gaps ZRMSE and ZLL in combined standard errors
// ([CompareAblation], [GapZ]); a gap is read as within the published
// mean when |z| ≤ [GapLevel]. WhyNoRMSE and WhyNoLL say why a gap is not
// defined ("" when it is).
type UCIGap struct {
	Set                string
	Published          Published
	Row                AblationRow
	WhyNoRMSE, WhyNoLL string
}

// UCIPaired is a setting against SVGD on one data set's splits: Row's
// paired differences of the test RMSE and log-likelihood (mean ± standard
// error over the splits of each split's difference, [CompareAblation]),
// their verdicts ([ClassifyPaired]), SVGD's mean test RMSE on the same
// splits, and the mean over the splits of the active weights as a share
// of the full network's weights and biases. Why says why there is no
// difference ("" when there is).
type UCIPaired struct {
	Set         string
	Row         AblationRow
	RMSE, LL    UCIPairedClass
	BaseRMSE    float64
	ActiveShare float64
	Why         string
}

// Relative is the paired RMSE difference relative to SVGD's mean test
// RMSE, DRMSE / BaseRMSE, with its standard error DRMSESE / BaseRMSE (the
// denominator taken as fixed).
func (p UCIPaired) Relative() (mean, se float64) {
	return p.Row.DRMSE / p.BaseRMSE, p.Row.DRMSESE / p.BaseRMSE
}

// UCISettingPaired are a setting's [UCIPaired] on every data set.
type UCISettingPaired struct {
	Setting UCISetting
	Sets    []UCIPaired
}

// UCITrendPoint is a data set of the size trend: its training points and
// cSVGD's relative paired RMSE difference to SVGD ([UCIPaired.Relative])
// with its verdict.
type UCITrendPoint struct {
	Set         string
	TrainPoints int
	Rel, RelSE  float64
	Class       UCIPairedClass
}

// UCITrendLevel is the significance level of the size trend: it is read
// as a trend only when the exact permutation p-value is below 0.05.
const UCITrendLevel = 0.05

// UCISizeTrend is where the α prior helps and where it costs against the
// data's size: the data sets with a known size and a difference, ordered
// by training points, Spearman's ρ between the training points and the
// relative RMSE difference with its exact two-sided permutation p-value
// ([metrics.SpearmanExact]; NaN with fewer than 2 sets, more than
// [metrics.ExactPermutationMax], or a constant variable), and the sets
// left out with why.
type UCISizeTrend struct {
	Setting UCISetting
	Points  []UCITrendPoint
	Rho, P  float64
	Left    []string
}

// UCITrendDirection is the trend's rule: +1 when p < [UCITrendLevel] and
// ρ > 0 (cSVGD's relative RMSE cost grows with the training points), −1
// when p < UCITrendLevel and ρ < 0 (it shrinks), 0 otherwise (no trend at
// that level, or ρ not defined).
func (t UCISizeTrend) Direction() int {
	if !(t.P < UCITrendLevel) {
		return 0
	}
	if t.Rho > 0 {
		return 1
	}
	if t.Rho < 0 {
		return -1
	}
	return 0
}

// UCICoverageVerdict is a setting's pooled coverage at
// [UCICalibrationLevel] on one data set and its verdict
// ([ClassifyCoverage]); Why says why there is none ("" when there is).
type UCICoverageVerdict struct {
	Set      string
	Coverage PooledCoverage
	Class    UCICoverageClass
	Why      string
}

// UCISettingCalibration are a setting's coverage verdicts on every data
// set.
type UCISettingCalibration struct {
	Setting UCISetting
	Sets    []UCICoverageVerdict
}

// UCIVerdicts are the summary's verdicts: SVGD against the published row
// per data set, each other setting against SVGD, the size trend of
// cSVGD at [regress.DefaultLambda], each setting's calibration, and the
// fits' summed wall time (not a verdict: no rule reads it).
type UCIVerdicts struct {
	Gaps        []UCIGap
	Paired      []UCISettingPaired
	Trend       UCISizeTrend
	Calibration []UCISettingCalibration
	Cost        UCICost
}

// Reasons for a verdict not read.
const (
	whyOneSplit     = "one split: no standard error, no verdict"
	whyNoPublished  = "no published row"
	whyNoPubSE      = "no published standard error"
	whyNoSVGD       = "no SVGD results"
	whyNoResults    = "no results"
	whyOtherSplits  = "not on SVGD's splits"
	whyNoSize       = "training points not known"
	whyNoDifference = "no paired difference"
)

// UCISummarize computes the verdicts from the inputs, one per data set,
// in their order. It does not fail: a data set without SVGD's results, a
// setting without results or on other splits than SVGD's, a missing
// published row or standard error, or one split, leave the verdicts they
// touch unread, with the reason.
func UCISummarize(in []UCISetInput) UCIVerdicts {
	var v UCIVerdicts
	settings := UCISettings()
	for _, set := range in {
		v.Gaps = append(v.Gaps, uciGap(set))
	}
	for _, st := range settings[1:] {
		sp := UCISettingPaired{Setting: st}
		for _, set := range in {
			sp.Sets = append(sp.Sets, uciPaired(set, st))
		}
		v.Paired = append(v.Paired, sp)
	}
	for _, st := range settings {
		sc := UCISettingCalibration{Setting: st}
		for _, set := range in {
			sc.Sets = append(sc.Sets, uciCalibration(set, st))
		}
		v.Calibration = append(v.Calibration, sc)
	}
	v.Trend = uciTrend(in, v.Paired)
	v.Cost = uciCost(in)
	return v
}

// uciGap is set's [UCIGap].
func uciGap(set UCISetInput) UCIGap {
	g := UCIGap{Set: set.Set}
	base := set.Results[uciSVGD().Key]
	if len(base) == 0 {
		g.WhyNoRMSE, g.WhyNoLL = whyNoSVGD, whyNoSVGD
		return g
	}
	nan := math.NaN()
	g.Published = Published{RMSE: nan, RMSESE: nan, LL: nan, LLSE: nan}
	if len(set.Published) > 0 {
		g.Published = set.Published[0]
	}
	g.Row, _ = CompareAblation(base, base, g.Published) // the same splits: it cannot fail
	why := func(pub, pubSE float64) string {
		switch {
		case len(set.Published) == 0 || math.IsNaN(pub):
			return whyNoPublished
		case len(base) < 2:
			return whyOneSplit
		case math.IsNaN(pubSE):
			return whyNoPubSE
		}
		return ""
	}
	g.WhyNoRMSE, g.WhyNoLL = why(g.Published.RMSE, g.Published.RMSESE), why(g.Published.LL, g.Published.LLSE)
	return g
}

// uciPaired is setting st against SVGD on set.
func uciPaired(set UCISetInput, st UCISetting) UCIPaired {
	p := UCIPaired{Set: set.Set, BaseRMSE: math.NaN(), ActiveShare: math.NaN()}
	base, r := set.Results[uciSVGD().Key], set.Results[st.Key]
	switch {
	case len(base) == 0:
		p.Why = whyNoSVGD
		return p
	case len(r) == 0:
		p.Why = whyNoResults
		return p
	}
	row, err := CompareAblation(r, base, Published{})
	if err != nil {
		p.Why = whyOtherSplits
		return p
	}
	p.Row = row
	p.RMSE, p.LL = ClassifyPaired(row.DRMSE, row.DRMSESE), ClassifyPaired(row.DLL, row.DLLSE)
	if row.Splits < 2 {
		p.Why = whyOneSplit
	}
	p.BaseRMSE, _ = metrics.MeanSE(column(base, func(x regress.SplitResult) float64 { return x.Test.RMSE }))
	p.ActiveShare, _ = metrics.MeanSE(column(r, func(x regress.SplitResult) float64 { return x.ActiveWeights / float64(x.FullParams) }))
	return p
}

// column is f of each result.
func column(r []regress.SplitResult, f func(regress.SplitResult) float64) []float64 {
	v := make([]float64, len(r))
	for i := range r {
		v[i] = f(r[i])
	}
	return v
}

// uciCalibration is st's coverage verdict on set.
func uciCalibration(set UCISetInput, st UCISetting) UCICoverageVerdict {
	c := UCICoverageVerdict{Set: set.Set}
	r := set.Results[st.Key]
	if len(r) == 0 {
		c.Why = whyNoResults
		return c
	}
	cov, err := UCICoverage(r)
	if err != nil {
		c.Why = "no coverage counts"
		return c
	}
	k := slices.IndexFunc(cov, func(p PooledCoverage) bool { return p.Level == UCICalibrationLevel })
	if k < 0 {
		c.Why = fmt.Sprintf("no count at level %g", UCICalibrationLevel)
		return c
	}
	c.Coverage, c.Class = cov[k], ClassifyCoverage(cov[k])
	return c
}

// uciTrendSetting is the setting of the size trend: cSVGD at
// [regress.DefaultLambda], fixed.
func uciTrendSetting() UCISetting {
	i := slices.IndexFunc(UCISettings(), func(s UCISetting) bool {
		return s.Method == train.CSVGD && !s.Adaptive && s.Lambda == regress.DefaultLambda
	})
	return UCISettings()[i]
}

// uciTrend is the size trend of [uciTrendSetting] from its paired
// verdicts (paired, one entry per setting after SVGD, in the order of
// [UCISettings]).
func uciTrend(in []UCISetInput, paired []UCISettingPaired) UCISizeTrend {
	st := uciTrendSetting()
	t := UCISizeTrend{Setting: st, Rho: math.NaN(), P: math.NaN()}
	i := slices.IndexFunc(paired, func(p UCISettingPaired) bool { return p.Setting.Key == st.Key })
	for k, set := range in {
		p := paired[i].Sets[k]
		rel, relSE := p.Relative()
		switch {
		case set.TrainPoints <= 0:
			t.Left = append(t.Left, fmt.Sprintf("%s (%s)", set.Set, whyNoSize))
		case p.Row.Splits == 0 || math.IsNaN(rel):
			why := p.Why
			if why == "" {
				why = whyNoDifference
			}
			t.Left = append(t.Left, fmt.Sprintf("%s (%s)", set.Set, why))
		default:
			t.Points = append(t.Points, UCITrendPoint{Set: set.Set, TrainPoints: set.TrainPoints, Rel: rel, RelSE: relSE, Class: p.RMSE})
		}
	}
	slices.SortStableFunc(t.Points, func(a, b UCITrendPoint) int { return cmp.Compare(a.TrainPoints, b.TrainPoints) })
	if len(t.Points) < 2 || len(t.Points) > metrics.ExactPermutationMax {
		return t
	}
	size, rel := make([]float64, len(t.Points)), make([]float64, len(t.Points))
	for k, p := range t.Points {
		size[k], rel[k] = float64(p.TrainPoints), p.Rel
	}
	t.Rho, t.P, _ = metrics.SpearmanExact(size, rel) // lengths checked above
	return t
}
