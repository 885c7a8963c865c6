package figures

import (
	"errors"
	"fmt"
	"image/color"
	"math"
	"slices"

	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
	"github.com/csvgd/csvgd-go/csvgd/mvn"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// MVNExact is the figure "mvn_exact" (beyond the paper): the Stein
// ensembles of the illustrative example against the exact posterior.
//
//	(a-c) For each prior order alpha of the survey and the beta = 2 kernel,
//	      the Bhattacharyya distance of the ensemble's moments to the exact
//	      posterior's (solid, with dots) and to the likelihood's (the
//	      paper's measure, dashed) against lambda, one colour per fixed
//	      bandwidth gamma.
//	(d-f) The theta_3 marginal of the runs of [mvn.MarginalStudy] (kernel
//	      density estimates with Silverman's bandwidth) against the exact
//	      marginal exact (black): (d) the base run with the median
//	      bandwidth and the fixed bandwidths, (e) the kernel orders, (f) the
//	      ensemble sizes (these in red and orange, colours no bandwidth
//	      takes); the legend gives each run's 1-D Wasserstein
//	      distance to the exact marginal.
//
// Distances that are not finite are left out. The figure reports an error
// when there are no survey points with beta = 2 or no marginal runs.
func MVNExact(survey []mvn.SurveyPoint, marginal []mvn.MarginalRun, exact func(float64) float64) *Figure {
	const name = "mvn_exact"
	var pts []mvn.SurveyPoint
	for _, p := range survey {
		if p.Beta == 2 && p.Lambda > 0 {
			pts = append(pts, p)
		}
	}
	if len(pts) == 0 || len(marginal) == 0 || exact == nil {
		return plotkit.Failed(name, fmt.Errorf("%d survey points with beta = 2 and %d marginal runs: need both", len(pts), len(marginal)))
	}
	top, leg, err := distancePanels(pts)
	if err != nil {
		return plotkit.Failed(name, err)
	}
	gs := make([]float64, len(pts))
	for i, p := range pts {
		gs[i] = p.Gamma
	}
	_, gammaColor := plotkit.ValueColors(gs)
	bottom, err := marginalPanels(marginal, exact, gammaColor)
	if err != nil {
		return plotkit.Failed(name, err)
	}
	for len(top) < len(bottom) { // other alphas than the survey's three: blank tiles
		top = append(top, nil)
	}
	for len(bottom) < len(top) {
		bottom = append(bottom, nil)
	}
	return &Figure{
		Name: name, Panels: [][]*plot.Plot{top, bottom}, Legend: leg,
		RowLabels: []string{"Bhattacharyya distance", "density of θ₃"},
		Width:     32 * vg.Centimeter, Height: 18 * vg.Centimeter,
	}
}

// distancePanels are panels (a-c): one per alpha, the two distances
// against lambda per gamma, on log axes with one shared y range.
func distancePanels(pts []mvn.SurveyPoint) ([]*plot.Plot, *plot.Legend, error) {
	var as, gs, ls, all []float64
	for _, p := range pts {
		as, gs, ls = append(as, p.Alpha), append(gs, p.Gamma), append(ls, p.Lambda)
		for _, v := range []float64{p.Bhattacharyya, p.BhattacharyyaPosterior} {
			if v > 0 && !math.IsInf(v, 0) {
				all = append(all, v)
			}
		}
	}
	if len(all) == 0 {
		return nil, nil, errors.New("no finite positive distance in the survey")
	}
	alphas, lambdas := plotkit.Distinct(as), plotkit.Distinct(ls)
	gammas, gammaColor := plotkit.ValueColors(gs)
	ylo, yhi := metricRange(all, true)
	var row []*plot.Plot
	for i, a := range alphas {
		xlabel := ""
		if i == len(alphas)/2 {
			xlabel = "λ"
		}
		p := plotkit.NewPanel(fmt.Sprintf("(%c) α = %s, β = 2", 'a'+i, plotkit.Num(a)), xlabel, "")
		plotkit.SetLog(&p.X, lambdas[0]/1.5, lambdas[len(lambdas)-1]*1.5)
		plotkit.SetLog(&p.Y, ylo, yhi)
		for _, g := range gammas {
			c := gammaColor(g)
			post := lambdaCurve(pts, a, g, func(p mvn.SurveyPoint) float64 { return p.BhattacharyyaPosterior })
			like := lambdaCurve(pts, a, g, func(p mvn.SurveyPoint) float64 { return p.Bhattacharyya })
			plotkit.AddFlat(p, plotkit.Line(like, plotkit.DashedLine(c)), plotkit.Line(post, plotkit.SolidLine(c)), plotkit.Points(post, dotStyle(c)))
		}
		row = append(row, p)
	}
	leg := plotkit.NewLegend()
	leg.Add("to the exact posterior", plotkit.LineThumb(plotkit.SolidLine(plotkit.Black)))
	leg.Add("to the likelihood", plotkit.LineThumb(plotkit.DashedLine(plotkit.Black)))
	leg.Add("kernel bandwidth:")
	for _, g := range gammas {
		leg.Add("γ = "+plotkit.Num(g), plotkit.LineThumb(plotkit.SolidLine(gammaColor(g))))
	}
	return row, leg, nil
}

// dotStyle is a small filled dot in colour c.
func dotStyle(c color.Color) draw.GlyphStyle {
	return draw.GlyphStyle{Color: c, Radius: vg.Points(2.2), Shape: draw.CircleGlyph{}}
}

// lambdaCurve is value against lambda for the points of one alpha and
// gamma, sorted by lambda, without values that are not finite and positive.
func lambdaCurve(pts []mvn.SurveyPoint, alpha, gamma float64, value func(mvn.SurveyPoint) float64) plotter.XYs {
	var xy plotter.XYs
	for _, p := range pts {
		if v := value(p); p.Alpha == alpha && p.Gamma == gamma && v > 0 && !math.IsInf(v, 0) {
			xy = append(xy, plotter.XY{X: p.Lambda, Y: v})
		}
	}
	slices.SortFunc(xy, func(a, b plotter.XY) int { return cmpFloat(a.X, b.X) })
	return xy
}

// cmpFloat orders two numbers.
func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// marginalPanels are panels (d-f): the base run with the runs that vary
// the bandwidth, the kernel order and the ensemble size, over the exact
// marginal. A fixed bandwidth has its colour of panels (a-c), gammaColor;
// the base run (the median bandwidth) is dashed grey in every panel.
func marginalPanels(runs []mvn.MarginalRun, exact func(float64) float64, gammaColor func(float64) color.Color) ([]*plot.Plot, error) {
	var all []float64
	for _, r := range runs {
		if len(r.Theta3) < 2 {
			return nil, fmt.Errorf("run %s has %d values of theta_3: need 2 or more", r.Label(), len(r.Theta3))
		}
		all = append(all, r.Theta3...)
	}
	lo, hi := plotkit.PaddedRange(all, 0.1)
	xs := metrics.Linspace(lo, hi, 400)
	var ex plotter.XYs
	ymax := 0.0
	for _, x := range xs {
		ex = append(ex, plotter.XY{X: x, Y: exact(x)})
		ymax = math.Max(ymax, exact(x))
	}
	var row []*plot.Plot
	for i, vary := range []struct{ kind, title string }{{"bandwidth", "bandwidth γ"}, {"beta", "kernel order β"}, {"particles", "ensemble size N"}} {
		xlabel := ""
		if i == 1 {
			xlabel = "θ₃"
		}
		p := plotkit.NewPanel(fmt.Sprintf("(%c) %s", 'd'+i, vary.title), xlabel, "")
		p.Legend.Top, p.Legend.TextStyle.Font.Size = true, plotkit.TickLabelSize
		plotkit.AddFlat(p, plotkit.Line(ex, draw.LineStyle{Color: plotkit.Black, Width: vg.Points(2.2)}))
		p.Legend.Add("exact", plotkit.LineThumb(draw.LineStyle{Color: plotkit.Black, Width: vg.Points(2.2)}))
		sel := []mvn.MarginalRun{runs[0]}
		for _, r := range runs {
			if r.Vary == vary.kind {
				sel = append(sel, r)
			}
		}
		var base plot.Plotter // the base run, drawn last so that no other run hides it
		for j, r := range sel {
			kde := metrics.GaussianKDE(r.Theta3, math.Max(metrics.Silverman(r.Theta3), 1e-3*(hi-lo)), xs)
			sty := marginalStyle(r, j, len(sel), gammaColor)
			line := plotkit.Line(plotkit.XYOf(xs, kde), sty)
			if j == 0 {
				base = line
			} else {
				plotkit.AddFlat(p, line)
			}
			p.Legend.Add(fmt.Sprintf("%s: W₁ %.2f", r.Label(), r.W1), plotkit.LineThumb(sty))
			ymax = math.Max(ymax, slices.Max(kde))
		}
		plotkit.AddFlat(p, base)
		plotkit.SetRange(&p.X, lo, hi)
		row = append(row, p)
	}
	for _, p := range row { // head room for the legend above the peak
		plotkit.SetRange(&p.Y, 0, 1.7*ymax)
	}
	return row, nil
}

// marginalStyle is the line of run r, the j-th of n in its panel: the base
// run dashed grey, a fixed bandwidth in its colour of panels (a-c), the
// other runs (the kernel order, the ensemble size) in the warm colours of
// otherRunColors, which the bandwidths' viridis colours never take, so
// that the shared bandwidth legend does not name them.
func marginalStyle(r mvn.MarginalRun, j, n int, gammaColor func(float64) color.Color) draw.LineStyle {
	switch {
	case j == 0:
		return plotkit.DashedLine(plotkit.Grey)
	case r.Vary == "bandwidth":
		return plotkit.SolidLine(gammaColor(r.Config.Bandwidth.Gamma))
	}
	return plotkit.SolidLine(otherRunColors[(j-1)%len(otherRunColors)])
}

// otherRunColors are the colours of the runs of panels (e) and (f), in
// order: red and orange, far from every viridis colour of the bandwidths.
var otherRunColors = []color.Color{plotkit.Red, plotkit.Orange}
