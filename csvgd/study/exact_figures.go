package study

import (
	"fmt"

	"github.com/csvgd/csvgd-go/csvgd/figures"
)

// SteinVsNUTS makes the figure "stein_vs_nuts" from ExactComparisons.
func SteinVsNUTS(s *Store) (*figures.Figure, error) {
	cs, err := ExactComparisons(s)
	if err != nil {
		return nil, err
	}
	runs := make([]figures.SteinNUTS, len(cs))
	for i, c := range cs {
		runs[i] = figures.SteinNUTS{Particles: c.Particles, Arch: c.Arch, Test: c.Test, Stein: c.Stein, NUTS: c.NUTS,
			SteinWeights: c.SteinAligned, NUTSWeights: c.NUTSAligned}
	}
	return figures.SteinVsNUTS(runs), nil
}

// Calibration makes the figure "calibration", the reliability diagram of
// the Stein ensembles of ExactComparisons and of the NUTS draws of their
// templates.
func Calibration(s *Store) (*figures.Figure, error) {
	cs, err := ExactComparisons(s)
	if err != nil {
		return nil, err
	}
	var runs []figures.Coverage
	for i, c := range cs {
		runs = append(runs,
			figures.Coverage{Label: fmt.Sprintf("cSVGD, N = %d", c.Particles), Group: i, Report: c.SteinCoverage},
			figures.Coverage{Label: fmt.Sprintf("NUTS, template of N = %d", c.Particles), Group: i, Exact: true, Report: c.NUTSCoverage})
	}
	return figures.Calibration(runs), nil
}
