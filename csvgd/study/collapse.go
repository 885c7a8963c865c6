package study

import (
	"github.com/csvgd/csvgd-go/csvgd/collapse"
	"github.com/csvgd/csvgd-go/csvgd/figures"
)

// CollapseSweep returns Ba et al.'s experiment on N(0, I_D) for the figure
// variance_collapse (collapse.PaperSweep), cached as
// variance_collapse[-quick].json.
func (s *Store) CollapseSweep() ([]*collapse.Result, error) {
	c := collapse.PaperSweep(s.Quick)
	return cachedStudy(s, "variance_collapse", func(path string) ([]*collapse.Result, error) { return collapse.ReadSweep(path, c) },
		func(path string, progress func(int, int)) ([]*collapse.Result, error) {
			return collapse.CachedSweep(s.Backend, c, path, progress)
		})
}

// collapseJob is the sweep of [Store.CollapseSweep] as a job.
func (p Plan) collapseJob() Job {
	c := collapse.PaperSweep(p.Quick)
	return Job{Key: "variance_collapse", Label: "the variance collapse on Gaussians (Fig. variance_collapse)", Kind: MVNJob,
		load: func(s *Store) error { _, err := collapse.ReadSweep(s.cacheFile("variance_collapse"), c); return err },
		run:  func(s *Store) error { _, err := s.CollapseSweep(); return err },
	}
}

// VarianceCollapse makes the figure "variance_collapse" from
// [Store.CollapseSweep].
func VarianceCollapse(s *Store) (*figures.Figure, error) {
	res, err := s.CollapseSweep()
	if err != nil {
		return nil, err
	}
	return figures.VarianceCollapse(collapse.PaperSweep(s.Quick), res), nil
}
