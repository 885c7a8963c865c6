package figures

import (
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/backend/backendtest"
	"github.com/csvgd/csvgd-go/csvgd/collapse"
	"github.com/csvgd/csvgd-go/csvgd/svn"
)

// tinySweep is a sweep of two dimensions and two particle counts, short
// runs of every update.
func tinySweep(t *testing.T) (collapse.SweepConfig, []*collapse.Result) {
	t.Helper()
	c := collapse.SweepConfig{Updates: []svn.Update{svn.SVGD, svn.Newton, svn.StochasticNewton},
		Dims: []int{3, 8}, Particles: 4, Dim: 8, Counts: []int{4, 6}, Seed: 1, Quick: true}
	res, err := collapse.Sweep(backendtest.Backend(t), c, nil)
	if err != nil {
		t.Fatal(err)
	}
	return c, res
}

// TestVarianceCollapseFigure: the figure renders from a real sweep, with
// its two panels and a legend of the three updates and the theory's three
// lines; a sweep with a run missing is an error.
func TestVarianceCollapseFigure(t *testing.T) {
	c, res := tinySweep(t)
	checkFigureCases(t, "", []figureCase{{VarianceCollapse(c, res), "variance_collapse", 1, 2}})
	checkFailedFigures(t, map[string]*Figure{
		"a run missing": VarianceCollapse(c, res[1:]),
		"a nil run":     VarianceCollapse(c, append([]*collapse.Result{nil}, res...)),
	})
}

// TestCollapseParticlesFigure: the particles of real runs render, one
// panel per run; bad input is an error.
func TestCollapseParticlesFigure(t *testing.T) {
	_, res := tinySweep(t)
	checkFigureCases(t, "", []figureCase{{CollapseParticles([]string{"a", "b"}, res[:2]), "collapse_particles", 1, 2}})
	checkFailedFigures(t, map[string]*Figure{
		"no runs":      CollapseParticles(nil, nil),
		"labels":       CollapseParticles([]string{"a"}, res[:2]),
		"no particles": CollapseParticles([]string{"a"}, []*collapse.Result{{Dim: 3}}),
	})
}
