package study

import (
	"context"
	"fmt"
	"io"
	"slices"

	"github.com/csvgd/csvgd-go/csvgd/collapse"
	"github.com/csvgd/csvgd-go/csvgd/figures"
	"github.com/csvgd/csvgd-go/csvgd/runcache"
	"github.com/csvgd/csvgd-go/csvgd/svn"
	"github.com/gomlx/compute"
)

// collapseSweep is Ba et al.'s experiment on N(0, I_D) at the plan's
// size (collapse.PaperSweep), cached whole.
func (p Plan) collapseSweep() runcache.Whole[*collapse.Result] {
	c := collapse.PaperSweep(p.Quick)
	return runcache.Whole[*collapse.Result]{Name: "variance_collapse", Label: "the variance collapse on Gaussians (Fig. variance_collapse)", Quick: p.Quick,
		Read: func(path string) ([]*collapse.Result, error) { return collapse.ReadSweep(path, c) },
		Compute: func(_ context.Context, b compute.Backend, path string, progress func(int, int)) ([]*collapse.Result, error) {
			return collapse.CachedSweep(b, c, path, progress)
		}}
}

// CollapseSweep returns Ba et al.'s experiment on N(0, I_D) for the figure
// variance_collapse (collapse.PaperSweep), cached as
// variance_collapse[-quick].json.
func (s *Store) CollapseSweep() ([]*collapse.Result, error) { return s.collapseSweep().Get(&s.Cache) }

// collapseJob is the sweep of [Store.CollapseSweep] as a job.
func (p Plan) collapseJob() runcache.Job { return p.collapseSweep().Job() }

// VarianceCollapse makes the figure "variance_collapse" from
// [Store.CollapseSweep].
func VarianceCollapse(s *Store) (*figures.Figure, error) {
	res, err := s.CollapseSweep()
	if err != nil {
		return nil, err
	}
	return figures.VarianceCollapse(collapse.PaperSweep(s.Quick), res), nil
}

// CollapseTable writes the sweep of [Store.CollapseSweep] as Markdown:
// the variance ratio of each update against the dimension and against the
// number of particles, beside the regular-simplex fixed points.
func CollapseTable(w io.Writer, s *Store) error {
	res, err := s.CollapseSweep()
	if err != nil {
		return err
	}
	c := collapse.PaperSweep(s.Quick)
	at := map[collapse.Point]*collapse.Result{}
	for _, r := range res {
		at[collapse.Point{Dim: r.Dim, Particles: r.Particles, Update: r.Update.Or()}] = r
	}
	row := func(d, n int) error {
		fmt.Fprintf(w, "| %d | %d |", d, n)
		for _, u := range c.Updates {
			r := at[collapse.Point{Dim: d, Particles: n, Update: u.Or()}]
			if r == nil {
				return fmt.Errorf("study: the sweep has no %s run at D = %d, N = %d", u, d, n)
			}
			if u == svn.StochasticNewton {
				fmt.Fprintf(w, " %.3f ± %.3f |", r.VarianceRatio, r.VarianceRatioSE)
				continue
			}
			fmt.Fprintf(w, " %.3f |", r.VarianceRatio)
		}
		if collapse.FixedPointHolds(d, n) {
			fmt.Fprintf(w, " %.3f | %.3f | %.3f |\n", collapse.FixedPointVariance(d, n, 1), collapse.FixedPointVariance(d, n, float64(d)), float64(n)/float64(d))
		} else {
			fmt.Fprintln(w, " – | – | – |")
		}
		return nil
	}
	fmt.Fprintf(w, "The ensemble's variance over the target's, averaged over the coordinates of N(0, I_D) (seed %d; snewton ± the standard error of an exact sample's ratio), beside the regular-simplex fixed points of the deterministic updates (median rule: log(N + 1)/D; Hessian-scaled kernel: log(1 + N/D); any bandwidth: below N/D), which hold for N − 1 ≤ D.\n\n", c.Seed)
	fmt.Fprintln(w, "| D | N | svgd | newton | snewton | fixed point, median rule | fixed point, Hessian kernel | N/D |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|")
	for _, d := range c.Dims {
		if err := row(d, c.Particles); err != nil {
			return err
		}
	}
	for _, n := range c.Counts {
		if n == c.Particles && slices.Contains(c.Dims, c.Dim) {
			continue
		}
		if err := row(c.Dim, n); err != nil {
			return err
		}
	}
	return nil
}
