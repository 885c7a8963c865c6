package figures

import (
	"fmt"
	"image/color"
	"math"

	"github.com/csvgd/csvgd-go/csvgd/collapse"
	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
	"github.com/csvgd/csvgd-go/csvgd/svn"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// VarianceCollapse is the figure "variance_collapse" (beyond the paper):
// Ba et al.'s experiment on N(0, I_D), the runs of a [collapse.Sweep] of c,
// the ensemble's variance per coordinate over the target's against
//
//	(a) the dimension D, with c.Particles particles,
//	(b) the number of particles N, at D = c.Dim,
//
// for each update (svgd with the median rule, newton and snewton with the
// Hessian-scaled kernel), on log axes. The stochastic update's points
// carry bars of two standard errors of an exact sample's ratio. Black
// dashes: the regular-simplex fixed points of the deterministic updates,
// log(N + 1)/D (median rule) and log(1 + N/D) (Hessian-scaled kernel),
// where they hold (N - 1 <= D); dotted: N/D, above which no bandwidth
// takes a deterministic flow; grey: 1, the target. The figure reports an
// error when a run of the sweep is missing or not finite.
func VarianceCollapse(c collapse.SweepConfig, results []*collapse.Result) *Figure {
	const name = "variance_collapse"
	byPoint := map[collapse.Point]*collapse.Result{}
	for _, r := range results {
		if r == nil || math.IsNaN(r.VarianceRatio) || !(r.VarianceRatio > 0) {
			return plotkit.Failed(name, fmt.Errorf("a run of the sweep is missing or has no finite positive variance ratio"))
		}
		byPoint[collapse.Point{Dim: r.Dim, Particles: r.Particles, Update: r.Update.Or()}] = r
	}
	pa := plotkit.NewPanel(fmt.Sprintf("(a) %d particles", c.Particles), "dimension D", "ensemble variance / target variance")
	pb := plotkit.NewPanel(fmt.Sprintf("(b) D = %d", c.Dim), "particles N", "ensemble variance / target variance")
	leg := plotkit.NewLegend()
	var ys []float64
	for k, u := range c.Updates {
		col := updateColor(k)
		var da, db plotter.XYs
		var ra, rb []*collapse.Result
		for _, d := range c.Dims {
			r := byPoint[collapse.Point{Dim: d, Particles: c.Particles, Update: u.Or()}]
			if r == nil {
				return plotkit.Failed(name, fmt.Errorf("no %s run at D = %d, N = %d", u, d, c.Particles))
			}
			da, ra = append(da, plotter.XY{X: float64(d), Y: r.VarianceRatio}), append(ra, r)
		}
		for _, n := range c.Counts {
			r := byPoint[collapse.Point{Dim: c.Dim, Particles: n, Update: u.Or()}]
			if r == nil {
				return plotkit.Failed(name, fmt.Errorf("no %s run at D = %d, N = %d", u, c.Dim, n))
			}
			db, rb = append(db, plotter.XY{X: float64(n), Y: r.VarianceRatio}), append(rb, r)
		}
		sty := plotkit.SolidLine(col)
		glyph := plotkit.Marker(col, draw.CircleGlyph{})
		for _, s := range []struct {
			p   *plot.Plot
			xy  plotter.XYs
			res []*collapse.Result
		}{{pa, da, ra}, {pb, db, rb}} {
			plotkit.AddFlat(s.p, plotkit.Line(s.xy, sty), plotkit.Points(s.xy, glyph))
			if u == svn.StochasticNewton {
				plotkit.AddFlat(s.p, errorBars(s.xy, s.res, col))
			}
			ys = append(ys, plotkit.YsOf(s.xy)...)
		}
		leg.Add(updateLabel(u), plotkit.LineThumb(sty))
	}
	theory(pa, pb, c, leg)
	lo := 0.5 * math.Min(minOf(ys), collapse.FixedPointVariance(maxInt(c.Dims), c.Particles, 1))
	for _, p := range []*plot.Plot{pa, pb} {
		plotkit.SetLog(&p.Y, math.Max(lo, 1e-3), 2)
	}
	plotkit.SetLog(&pa.X, float64(minInt(c.Dims))/1.2, float64(maxInt(c.Dims))*1.2)
	plotkit.SetLog(&pb.X, float64(minInt(c.Counts))/1.2, float64(maxInt(c.Counts))*1.2)
	pa.X.Tick.Marker, pb.X.Tick.Marker = intTicks(c.Dims), intTicks(c.Counts)
	return plotkit.WidePair(name, pa, pb, leg)
}

// theory draws the fixed points and the bound of the package collapse's
// theory, and the target's variance, in both panels.
func theory(pa, pb *plot.Plot, c collapse.SweepConfig, leg *plot.Legend) {
	med := draw.LineStyle{Color: plotkit.Black, Width: vg.Points(1), Dashes: []vg.Length{vg.Points(5), vg.Points(3)}}
	hess := draw.LineStyle{Color: plotkit.Black, Width: vg.Points(1), Dashes: []vg.Length{vg.Points(8), vg.Points(2), vg.Points(2), vg.Points(2)}}
	bound := draw.LineStyle{Color: plotkit.Grey, Width: vg.Points(1), Dashes: []vg.Length{vg.Points(1), vg.Points(2)}}
	one := draw.LineStyle{Color: plotkit.LightGrey, Width: vg.Points(1.2)}
	curve := func(xs []float64, f func(x float64) float64, keep func(x float64) bool) plotter.XYs {
		var out plotter.XYs
		for _, x := range xs {
			if keep(x) {
				out = append(out, plotter.XY{X: x, Y: f(x)})
			}
		}
		return out
	}
	dims := logSpaced(float64(minInt(c.Dims)), float64(maxInt(c.Dims)), 60)
	counts := logSpaced(float64(minInt(c.Counts)), float64(maxInt(c.Counts)), 60)
	n, d := c.Particles, c.Dim
	valid := func(x float64) bool { return x >= float64(n-1) }
	plotkit.AddFlat(pa,
		plotkit.Line(curve(dims, func(x float64) float64 { return collapse.FixedPointVariance(int(math.Round(x)), n, 1) }, valid), med),
		plotkit.Line(curve(dims, func(x float64) float64 { return collapse.FixedPointVariance(int(math.Round(x)), n, x) }, valid), hess),
		plotkit.Line(curve(dims, func(x float64) float64 { return float64(n) / x }, func(x float64) bool { return float64(n)/x <= 2 }), bound),
		plotkit.RefLine{At: 1, Style: one})
	fits := func(x float64) bool { return x-1 <= float64(d) }
	plotkit.AddFlat(pb,
		plotkit.Line(curve(counts, func(x float64) float64 { return math.Log1p(x) / float64(d) }, fits), med),
		plotkit.Line(curve(counts, func(x float64) float64 { return math.Log1p(x / float64(d)) }, fits), hess),
		plotkit.Line(curve(counts, func(x float64) float64 { return x / float64(d) }, func(x float64) bool { return x/float64(d) <= 2 }), bound),
		plotkit.RefLine{At: 1, Style: one})
	leg.Add("fixed point, median rule", plotkit.LineThumb(med))
	leg.Add("fixed point, Hessian kernel", plotkit.LineThumb(hess))
	leg.Add("N/D: any bandwidth", plotkit.LineThumb(bound))
}

// errorBars are bars of two standard errors of an exact sample's variance
// ratio around each point.
func errorBars(xy plotter.XYs, res []*collapse.Result, c color.Color) plot.Plotter {
	var segs []plot.Plotter
	for i, p := range xy {
		se := 2 * res[i].VarianceRatioSE
		seg := plotter.XYs{{X: p.X, Y: math.Max(p.Y-se, 1e-3)}, {X: p.X, Y: p.Y + se}}
		segs = append(segs, plotkit.Line(seg, draw.LineStyle{Color: c, Width: vg.Points(1)}))
	}
	return plotters(segs)
}

// plotters draws several plotters as one.
type plotters []plot.Plotter

// Plot implements plot.Plotter.
func (ps plotters) Plot(c draw.Canvas, p *plot.Plot) {
	for _, q := range ps {
		q.Plot(c, p)
	}
}

// intTicks labels the axis at the values v.
func intTicks(v []int) plot.ConstantTicks {
	var t plot.ConstantTicks
	for _, x := range v {
		t = append(t, plot.Tick{Value: float64(x), Label: fmt.Sprint(x)})
	}
	return t
}

// updateColor is the colour of the k-th update of a figure.
func updateColor(k int) color.Color {
	return []color.Color{plotkit.Red, plotkit.Blue, plotkit.Green, plotkit.Orange}[k%4]
}

// updateLabel is the legend's name of an update.
func updateLabel(u svn.Update) string {
	switch u.Or() {
	case svn.Newton:
		return "newton (deterministic)"
	case svn.StochasticNewton:
		return "snewton (stochastic)"
	}
	return "svgd (median rule)"
}

func logSpaced(lo, hi float64, n int) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = lo * math.Pow(hi/lo, float64(i)/float64(n-1))
	}
	return out
}

func minOf(v []float64) float64 {
	m := math.Inf(1)
	for _, x := range v {
		m = math.Min(m, x)
	}
	return m
}

func minInt(v []int) int {
	m := v[0]
	for _, x := range v {
		m = min(m, x)
	}
	return m
}

func maxInt(v []int) int {
	m := v[0]
	for _, x := range v {
		m = max(m, x)
	}
	return m
}
