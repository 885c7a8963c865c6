package study

import (
	"fmt"

	"github.com/csvgd/csvgd-go/csvgd/figures"
	"github.com/csvgd/csvgd-go/csvgd/regress"
)

// UCICalibration makes the figure "uci_calibration": for each data set of
// the benchmark, every setting's coverage of the test points by its
// central predictive intervals at [regress.CoverageLevels], pooled over
// the splits with its Wilson interval ([UCICoverage], the table's
// coverage columns).
func UCICalibration(s *Store) (*figures.Figure, error) {
	var sets []figures.UCICoverageSet
	for _, set := range UCISets {
		results, err := uciSetResults(s, set)
		if err != nil {
			return nil, err
		}
		cs, err := uciCoverageSet(set, results)
		if err != nil {
			return nil, err
		}
		sets = append(sets, cs)
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
