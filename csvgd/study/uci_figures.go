package study

import (
	"fmt"

	"github.com/csvgd/csvgd-go/csvgd/figures"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
	"github.com/csvgd/csvgd-go/csvgd/regress"
	"github.com/csvgd/csvgd-go/csvgd/train"
)

// UCICalibration makes the figure "uci_calibration": for each data set of
// the benchmark, every setting's coverage of the test points by its
// central predictive intervals at [regress.CoverageLevels], pooled over
// the splits with its Wilson interval ([UCICoverage], the table's
// coverage columns).
func UCICalibration(s *Store) (*figures.Figure, error) {
	sets, err := perUCISet(s, uciCoverageSet)
	if err != nil {
		return nil, err
	}
	return figures.UCICalibration(sets), nil
}

// uciCoverageSet is the panel of uci_calibration of one data set from the
// results of every setting (by key).
func uciCoverageSet(set string, results map[string][]regress.SplitResult) (figures.UCICoverageSet, error) {
	out := figures.UCICoverageSet{Set: set}
	for _, st := range UCISettings() {
		cov, err := UCICoverage(results[st.Key])
		if err != nil {
			return out, fmt.Errorf("study: %s on %s: %w", st.Label, set, err)
		}
		m := figures.UCIMethodCoverage{Label: st.Label}
		for _, c := range cov {
			m.Levels, m.Observed = append(m.Levels, c.Level), append(m.Observed, c.Fraction)
			m.Lower, m.Upper = append(m.Lower, c.Lower), append(m.Upper, c.Upper)
		}
		out.Methods = append(out.Methods, m)
	}
	return out, nil
}

// UCIPareto makes the figure "uci_pareto": for each data set of the
// benchmark the test RMSE and log-likelihood of every setting (mean ±
// standard error over the splits, the table's) against its mean active
// weights (the table's column, for every setting: SVGD and the deep
// ensemble prune nothing, but some of their weights end below the
// threshold), cSVGD at fixed λ joined, and the published SVGD (as
// recalled, [PublishedUCI]) as a line.
func UCIPareto(s *Store) (*figures.Figure, error) {
	sets, err := perUCISet(s, uciParetoSet)
	if err != nil {
		return nil, err
	}
	return figures.UCIPareto(sets), nil
}

// uciParetoSet is the row of uci_pareto of one data set from the results
// of every setting (by key), each at its mean active weights.
func uciParetoSet(set string, results map[string][]regress.SplitResult) (figures.UCIParetoSet, error) {
	out := figures.UCIParetoSet{Set: set}
	if pub := PublishedUCI(set); len(pub) > 0 {
		out.PublishedLabel, out.PublishedRMSE, out.PublishedLL = pub[0].Label, pub[0].RMSE, pub[0].LL
	}
	for _, st := range UCISettings() {
		r := results[st.Key]
		if len(r) == 0 {
			return out, fmt.Errorf("study: no results of %s on %s", st.Label, set)
		}
		col := func(f func(regress.SplitResult) float64) (mean, se float64) {
			v := make([]float64, len(r))
			for i := range r {
				v[i] = f(r[i])
			}
			return metrics.MeanSE(v)
		}
		p := figures.UCIParetoPoint{Label: st.Label, Line: st.Method == train.CSVGD && !st.Adaptive}
		p.RMSE, p.RMSESE = col(func(x regress.SplitResult) float64 { return x.Test.RMSE })
		p.LL, p.LLSE = col(func(x regress.SplitResult) float64 { return x.Test.LL })
		p.Active, _ = col(func(x regress.SplitResult) float64 { return x.ActiveWeights })
		out.Points = append(out.Points, p)
	}
	return out, nil
}

// perUCISet is f of every data set of the benchmark, in [UCISets]' order,
// from the results of every setting (by key) on it.
func perUCISet[T any](s *Store, f func(set string, results map[string][]regress.SplitResult) (T, error)) ([]T, error) {
	var out []T
	for _, set := range UCISets {
		results, err := uciSetResults(s, set)
		if err != nil {
			return nil, err
		}
		v, err := f(set, results)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}
