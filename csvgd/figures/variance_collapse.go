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
// Hessian-scaled kernel), on log axes. At the stochastic update's points
// grey bars around 1 give ± errorBarSEs standard errors of an exact
// sample's ratio ([collapse.Result] VarianceRatioSE): where an exact
// sample of as many draws would fall, not the update's own uncertainty;
// the legend says so. Wide translucent black lines under the runs (solid,
// dashed): the regular-simplex fixed points of the deterministic updates,
// log(N + 1)/D (median rule) and log(1 + N/D) (Hessian-scaled kernel);
// dotted: N/D, below which every bandwidth's fixed point lies; all three
// drawn only where they hold, N - 1 <= D ([collapse.FixedPointHolds]):
// in (a) from D = N - 1 up, in (b) up to N = D + 1. Grey: 1, the target.
// The figure reports an error when c has no dimensions or no particle
// counts, or when a run of the sweep is missing or not finite.
func VarianceCollapse(c collapse.SweepConfig, results []*collapse.Result) *Figure {
	const name = "variance_collapse"
	if len(c.Dims) == 0 || len(c.Counts) == 0 {
		return plotkit.Failed(name, fmt.Errorf("a sweep of %d dimensions and %d particle counts: want at least one of each", len(c.Dims), len(c.Counts)))
	}
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
	// The theory first, so that the runs, which lie on it, are drawn on top.
	ys := theory(pa, pb, c, leg)
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
				plotkit.AddFlat(s.p, errorBars(s.xy, s.res, plotkit.Grey))
			}
			ys = append(ys, plotkit.YsOf(s.xy)...)
		}
		leg.Add(updateLabel(u), plotkit.LineThumb(sty))
		if u == svn.StochasticNewton {
			leg.Add(fmt.Sprintf("± %d SE of an exact sample", errorBarSEs), plotkit.BarThumb(errorBarStyle(plotkit.Grey)))
		}
	}
	lo := 0.5 * minOf(ys)
	for _, p := range []*plot.Plot{pa, pb} {
		plotkit.SetLog(&p.Y, math.Max(lo, 1e-3), 2)
	}
	plotkit.SetLog(&pa.X, float64(minInt(c.Dims))/1.2, float64(maxInt(c.Dims))*1.2)
	plotkit.SetLog(&pb.X, float64(minInt(c.Counts))/1.2, float64(maxInt(c.Counts))*1.2)
	pa.X.Tick.Marker, pb.X.Tick.Marker = intTicks(c.Dims), intTicks(c.Counts)
	return plotkit.WidePair(name, pa, pb, leg)
}

// theory draws the curves of [theoryCurves] in the panels (a) and (b),
// with a legend entry for each curve drawn in either, and the target's
// variance, 1, in both. It returns the values of the curves it drew.
func theory(pa, pb *plot.Plot, c collapse.SweepConfig, leg *plot.Legend) []float64 {
	var ys []float64
	for _, k := range theoryCurves(c) {
		for _, s := range []struct {
			p  *plot.Plot
			xy plotter.XYs
		}{{pa, k.a}, {pb, k.b}} {
			if len(s.xy) > 0 {
				plotkit.AddFlat(s.p, plotkit.Line(s.xy, k.style))
				ys = append(ys, plotkit.YsOf(s.xy)...)
			}
		}
		if len(k.a)+len(k.b) > 0 {
			leg.Add(k.label, plotkit.LineThumb(k.style))
		}
	}
	one := draw.LineStyle{Color: plotkit.LightGrey, Width: vg.Points(1.2)}
	plotkit.AddFlat(pa, plotkit.RefLine{At: 1, Style: one})
	plotkit.AddFlat(pb, plotkit.RefLine{At: 1, Style: one})
	return ys
}

// theoryCurve is a line of the package collapse's theory: its points in
// panel (a), against the dimension, and in panel (b), against the number
// of particles.
type theoryCurve struct {
	label string
	style draw.LineStyle
	a, b  plotter.XYs
}

// theoryCurves are the lines of the package collapse's theory
// ([collapse.FixedPointVariance]) in the panels (a), against the
// dimension D at N = c.Particles, and (b), against the number of particles
// N at D = c.Dim: the regular-simplex fixed points of the median rule
// (gamma = 1) and of the Hessian-scaled kernel (gamma = D), and the bound
// N/D of every bandwidth (gamma -> infinity), in that order. Each is drawn
// at the integers of its panel's range ([integerGrid]) at which the fixed
// points hold ([collapse.FixedPointHolds]), and has no points where they
// hold nowhere.
func theoryCurves(c collapse.SweepConfig) []theoryCurve {
	var out []theoryCurve
	for _, k := range []struct {
		label string
		style draw.LineStyle
		gamma func(d int) float64
	}{
		{"fixed point, median rule", band(), func(int) float64 { return 1 }},
		{"fixed point, Hessian kernel", band(vg.Points(6), vg.Points(3)), func(d int) float64 { return float64(d) }},
		{"N/D: bound, any bandwidth", draw.LineStyle{Color: plotkit.Grey, Width: vg.Points(1), Dashes: []vg.Length{vg.Points(1), vg.Points(2)}}, func(int) float64 { return math.Inf(1) }},
	} {
		// points is the curve over xs, each x giving the dimension and the
		// number of particles of its point.
		points := func(xs []int, dn func(x int) (d, n int)) plotter.XYs {
			var xy plotter.XYs
			for _, x := range xs {
				if d, n := dn(x); collapse.FixedPointHolds(d, n) {
					xy = append(xy, plotter.XY{X: float64(x), Y: collapse.FixedPointVariance(d, n, k.gamma(d))})
				}
			}
			return xy
		}
		out = append(out, theoryCurve{label: k.label, style: k.style,
			a: points(integerGrid(minInt(c.Dims), maxInt(c.Dims)), func(x int) (int, int) { return x, c.Particles }),
			b: points(integerGrid(minInt(c.Counts), maxInt(c.Counts)), func(x int) (int, int) { return c.Dim, x }),
		})
	}
	return out
}

// band is a wide translucent black line, solid or with the dashes d,
// drawn under the runs that lie on it.
func band(d ...vg.Length) draw.LineStyle {
	return draw.LineStyle{Color: color.NRGBA{A: 70}, Width: vg.Points(6), Dashes: d}
}

// theoryPoints is the most points of a line of [theoryCurves].
const theoryPoints = 400

// integerGrid is every integer from lo to hi, or, when there are more
// than theoryPoints of them, theoryPoints log-spaced ones, rounded, without
// repeats (lo >= 1).
func integerGrid(lo, hi int) []int {
	var out []int
	if hi-lo+1 <= theoryPoints {
		for x := lo; x <= hi; x++ {
			out = append(out, x)
		}
		return out
	}
	for _, x := range logSpaced(float64(max(lo, 1)), float64(hi), theoryPoints) {
		if v := int(math.Round(x)); len(out) == 0 || v != out[len(out)-1] {
			out = append(out, v)
		}
	}
	return out
}

// errorBarSEs is the half-length of the stochastic update's error bars, in
// standard errors of an exact sample's variance ratio.
const errorBarSEs = 2

// errorBarStyle is the style of an error bar of colour c.
func errorBarStyle(c color.Color) draw.LineStyle {
	return draw.LineStyle{Color: c, Width: vg.Points(1)}
}

// errorBars are bars of errorBarSEs standard errors of an exact sample's
// variance ratio at each point's abscissa, centred on 1, the ratio an
// exact sample scatters around.
func errorBars(xy plotter.XYs, res []*collapse.Result, c color.Color) plot.Plotter {
	var segs []plot.Plotter
	for i, p := range xy {
		se := errorBarSEs * res[i].VarianceRatioSE
		seg := plotter.XYs{{X: p.X, Y: math.Max(1-se, 1e-3)}, {X: p.X, Y: 1 + se}}
		segs = append(segs, plotkit.Line(seg, errorBarStyle(c)))
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
