package figures

import (
	"image/color"
	"math"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/backend/backendtest"
	"github.com/csvgd/csvgd-go/csvgd/collapse"
	"github.com/csvgd/csvgd-go/csvgd/svn"
	"gonum.org/v1/plot/plotter"
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

// paperSweep is the paper's sweep (collapse.PaperSweep) with made-up
// results: the deterministic updates at their fixed points (where those
// hold, else at 1/2), the stochastic one at 1 with its standard error.
func paperSweep() (collapse.SweepConfig, []*collapse.Result) {
	c := collapse.PaperSweep(false)
	var res []*collapse.Result
	for _, p := range c.Points() {
		r := &collapse.Result{Dim: p.Dim, Particles: p.Particles, Update: p.Update, VarianceRatio: 0.5,
			VarianceRatioSE: math.Sqrt(2/float64(p.Particles-1)) / math.Sqrt(float64(p.Dim))}
		switch {
		case p.Update == svn.StochasticNewton:
			r.VarianceRatio = 1
		case !collapse.FixedPointHolds(p.Dim, p.Particles):
		case p.Update == svn.SVGD:
			r.VarianceRatio = collapse.FixedPointVariance(p.Dim, p.Particles, 1)
		default:
			r.VarianceRatio = collapse.FixedPointVariance(p.Dim, p.Particles, float64(p.Dim))
		}
		res = append(res, r)
	}
	return c, res
}

// TestVarianceCollapseFigure: the figure renders from a real sweep and
// from one of the paper's size, with its two panels and a legend of the
// three updates, the stochastic update's error bars and the theory's
// three lines; a sweep with a run missing is an error.
func TestVarianceCollapseFigure(t *testing.T) {
	c, res := tinySweep(t)
	pc, pres := paperSweep()
	checkFigureCases(t, "", []figureCase{
		{VarianceCollapse(c, res), "variance_collapse", 1, 2},
		{VarianceCollapse(pc, pres), "variance_collapse", 1, 2},
	})
	svg, err := VarianceCollapse(pc, pres).Render("svg")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"± 2 SE of an exact sample", "fixed point, median rule", "fixed point, Hessian kernel", "N/D: bound, any bandwidth"} {
		if !strings.Contains(string(svg), want) {
			t.Errorf("the legend has no entry %q", want)
		}
	}
	checkFailedFigures(t, map[string]*Figure{
		"a run missing": VarianceCollapse(c, res[1:]),
		"a nil run":     VarianceCollapse(c, append([]*collapse.Result{nil}, res...)),
		"no dimensions": VarianceCollapse(collapse.SweepConfig{Counts: c.Counts}, res),
	})
}

// TestVarianceCollapseTheory: on the paper's sweep (N = 20 against D from
// 2 to 100; D = 50 against N from 5 to 100) the fixed points and the
// bound N/D are drawn at every integer where N - 1 <= D and nowhere else:
// in (a) from D = 19 to 100, in (b) from N = 5 to 51, each point the
// theory's value.
func TestVarianceCollapseTheory(t *testing.T) {
	c := collapse.PaperSweep(false)
	curves := theoryCurves(c)
	gammas := []func(d int) float64{
		func(int) float64 { return 1 },
		func(d int) float64 { return float64(d) },
		func(int) float64 { return math.Inf(1) },
	}
	if len(curves) != len(gammas) {
		t.Fatalf("%d curves, want %d", len(curves), len(gammas))
	}
	for i, gamma := range gammas {
		label := curves[i].label
		for _, s := range []struct {
			panel    string
			xy       plotter.XYs
			dn       func(x int) (d, n int)
			from, to int
		}{
			{"(a)", curves[i].a, func(x int) (int, int) { return x, c.Particles }, c.Particles - 1, 100},
			{"(b)", curves[i].b, func(x int) (int, int) { return c.Dim, x }, 5, c.Dim + 1},
		} {
			xy := s.xy
			if len(xy) != s.to-s.from+1 || xy[0].X != float64(s.from) || xy[len(xy)-1].X != float64(s.to) {
				t.Errorf("%s %s: %d points from %v to %v, want the %d integers from %d to %d", s.panel, label, len(xy), xy[0].X, xy[len(xy)-1].X, s.to-s.from+1, s.from, s.to)
			}
			for _, p := range xy {
				d, n := s.dn(int(p.X))
				if !collapse.FixedPointHolds(d, n) {
					t.Errorf("%s %s: a point at D = %d, N = %d, where N - 1 > D", s.panel, label, d, n)
				}
				if want := collapse.FixedPointVariance(d, n, gamma(d)); math.Abs(p.Y-want) > 1e-12*want {
					t.Errorf("%s %s at D = %d, N = %d: %v, want %v", s.panel, label, d, n, p.Y, want)
				}
			}
		}
	}
	// where N - 1 > D everywhere, there is nothing to draw
	c.Dims = []int{2, 5, 10}
	if k := theoryCurves(c); len(k[0].a)+len(k[1].a)+len(k[2].a) != 0 {
		t.Errorf("D up to 10 at N = 20: curves of %d, %d and %d points, want none", len(k[0].a), len(k[1].a), len(k[2].a))
	}
}

// TestIntegerGrid: every integer of a short range; a long one in at most
// theoryPoints increasing integers from its start to its end.
func TestIntegerGrid(t *testing.T) {
	if g := integerGrid(2, 6); len(g) != 5 || g[0] != 2 || g[4] != 6 {
		t.Errorf("integerGrid(2, 6) = %v", g)
	}
	g := integerGrid(1, 100000)
	if len(g) > theoryPoints || g[0] != 1 || g[len(g)-1] != 100000 {
		t.Errorf("integerGrid(1, 100000): %d points from %d to %d", len(g), g[0], g[len(g)-1])
	}
	for i := 1; i < len(g); i++ {
		if g[i] <= g[i-1] {
			t.Fatalf("integerGrid(1, 100000) not increasing at %d: %d, %d", i, g[i-1], g[i])
		}
	}
}

// TestErrorBarsAroundOne: the bars give where an exact sample's ratio
// falls, so they are centred on 1 whatever the update's ratio, and span
// errorBarSEs standard errors each way.
func TestErrorBarsAroundOne(t *testing.T) {
	xy := plotter.XYs{{X: 10, Y: 0.3}, {X: 20, Y: 2}}
	res := []*collapse.Result{{VarianceRatioSE: 0.1}, {VarianceRatioSE: 0.05}}
	bars := errorBars(xy, res, color.Black).(plotters)
	for i, b := range bars {
		line := b.(*plotter.Line)
		lo, hi := line.XYs[0].Y, line.XYs[1].Y
		se := errorBarSEs * res[i].VarianceRatioSE
		if line.XYs[0].X != xy[i].X || math.Abs(lo-(1-se)) > 1e-12 || math.Abs(hi-(1+se)) > 1e-12 {
			t.Errorf("bar %d from (%g, %g) to %g, want at x = %g from %g to %g", i, line.XYs[0].X, lo, hi, xy[i].X, 1-se, 1+se)
		}
	}
}
