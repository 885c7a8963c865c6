package study

import (
	"github.com/csvgd/csvgd-go/csvgd/figures"
	"github.com/csvgd/csvgd-go/csvgd/mvn"
)

// MVNExact makes the figure "mvn_exact": the survey of Fig. mvn_survey
// ([Store.Survey], the same cached file) with its distances to the exact
// posterior, and the theta_3 marginal study ([Store.Marginal]) against the
// exact marginal.
func MVNExact(s *Store) (*figures.Figure, error) {
	pts, err := s.Survey()
	if err != nil {
		return nil, err
	}
	runs, err := s.Marginal()
	if err != nil {
		return nil, err
	}
	exact, err := mvn.Marginal(mvn.PaperTarget(), mvn.PaperMarginal(s.Quick).Base.SteinPrior(), 2)
	if err != nil {
		return nil, err
	}
	return figures.MVNExact(pts, runs, exact), nil
}
