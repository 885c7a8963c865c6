package study

import (
	"fmt"

	"github.com/csvgd/csvgd-go/csvgd"
	"github.com/csvgd/csvgd-go/csvgd/figures"
	"github.com/csvgd/csvgd-go/csvgd/mvn"
)

// MVNExact makes the figure "mvn_exact": the survey of Fig. mvn_survey
// (the same cached file, data/cache/mvn_survey[-quick].json) with its
// distances to the exact posterior, and the theta_3 marginal study
// (mvn.PaperMarginal, cached as data/cache/mvn_marginal[-quick].json)
// against the exact marginal.
func MVNExact(s *Store) (*figures.Figure, error) {
	progress := func(what string) func(done, total int) {
		return func(done, total int) {
			if s.Log != nil {
				fmt.Fprintf(s.Log, "\r%s: run %d/%d", what, done, total)
			}
		}
	}
	t := mvn.PaperTarget()
	pts, err := mvn.CachedSurvey(s.Backend, t, mvn.PaperSurvey(s.Quick), csvgd.CachePath("mvn_survey", s.Quick), progress("mvn_survey"))
	if err != nil {
		return nil, err
	}
	m := mvn.PaperMarginal(s.Quick)
	runs, err := mvn.CachedMarginalStudy(s.Backend, t, m, csvgd.CachePath("mvn_marginal", s.Quick), progress("mvn_exact"))
	if s.Log != nil {
		fmt.Fprintln(s.Log)
	}
	if err != nil {
		return nil, err
	}
	exact, err := mvn.Marginal(t, m.Base.SteinPrior(), 2)
	if err != nil {
		return nil, err
	}
	return figures.MVNExact(pts, runs, exact), nil
}
