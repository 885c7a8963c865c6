package figures

import (
	"errors"
	"fmt"
	"math"
	"sort"

	"github.com/csvgd/csvgd-go/csvgd/mvn"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// MVNSurvey is the paper's Fig. mvn_survey from the points of
// [mvn.Survey]: (a) the Bhattacharyya distance between the ensemble's
// empirical moments and the likelihood's, and (b) the sparsity measure
// mean |theta_3|, against the prior multiplier lambda (log axis), one line
// per fixed kernel bandwidth gamma, coloured by gamma (viridis, dark for the
// smallest, with a legend).
//
// Layout: the paper puts the six (alpha, beta) panels of each quantity in
// one row. Six panels side by side leave each too narrow to read once the
// figure is scaled to a page or a notebook, so here each quantity takes
// len(betas) rows of len(alphas) panels: with the paper's alpha in
// {1/4, 1, 2} and beta in {1, 2}, rows 1-2 are (a) for beta = 1 and 2, rows
// 3-4 are (b) for beta = 1 and 2, and the columns are alpha = 1/4, 1, 2.
// Every panel of one quantity shares its y range, so the panels compare at
// a glance; both quantities are drawn on log axes because they span
// decades (about 0.05 to 7 and 0.05 to 12 over the paper's grid), which a
// shared linear axis would squash for alpha = 1/4.
//
// A metric that is NaN or infinite (a failed run, or a singular ensemble
// covariance) is left out of its panel; the legend counts the points
// concerned. The figure reports an error when there are no points.
func MVNSurvey(points []mvn.SurveyPoint) *Figure {
	const name = "mvn_survey"
	if len(points) == 0 {
		return failed(name, errors.New("no survey points"))
	}
	var as, bs, ls, gs []float64
	for _, p := range points {
		as, bs, ls, gs = append(as, p.Alpha), append(bs, p.Beta), append(ls, p.Lambda), append(gs, p.Gamma)
	}
	alphas, betas, lambdas := distinct(as), distinct(bs), distinct(ls)
	gammas, gammaColor := valueColors(gs)
	if len(lambdas) == 0 || lambdas[0] <= 0 {
		return failed(name, fmt.Errorf("lambdas %v: a log axis needs positive values", lambdas))
	}

	type metric struct {
		tag, label string
		value      func(mvn.SurveyPoint) float64
		log        bool
	}
	metrics := []metric{
		{"a", "Bhattacharyya distance", func(p mvn.SurveyPoint) float64 { return p.Bhattacharyya }, true},
		{"b", "mean |θ₃|", func(p mvn.SurveyPoint) float64 { return p.L1Theta3 }, true},
	}
	usable := func(m metric, v float64) bool {
		return !math.IsNaN(v) && !math.IsInf(v, 0) && (!m.log || v > 0)
	}

	xlo, xhi := lambdas[0]/1.5, lambdas[len(lambdas)-1]*1.5
	var panels [][]*plot.Plot
	var rowLabels []string
	skipped := 0 // points with a metric left out
	for _, p := range points {
		for _, m := range metrics {
			if !usable(m, m.value(p)) {
				skipped++
				break
			}
		}
	}
	for _, m := range metrics {
		var all []float64
		for _, p := range points {
			if v := m.value(p); usable(m, v) {
				all = append(all, v)
			}
		}
		ylo, yhi := metricRange(all, m.log)
		for bi, beta := range betas {
			row := make([]*plot.Plot, len(alphas))
			for ai, alpha := range alphas {
				xlabel := ""
				if m.tag == metrics[len(metrics)-1].tag && bi == len(betas)-1 {
					xlabel = "λ"
				}
				p := newPanel(fmt.Sprintf("(%s) α = %s, β = %s", m.tag, num(alpha), num(beta)), xlabel, "")
				setLog(&p.X, xlo, xhi)
				if m.log {
					setLog(&p.Y, ylo, yhi)
				} else {
					setRange(&p.Y, ylo, yhi)
				}
				for _, g := range gammas {
					var xy plotter.XYs
					for _, pt := range points {
						if pt.Alpha == alpha && pt.Beta == beta && pt.Gamma == g && usable(m, m.value(pt)) {
							xy = append(xy, plotter.XY{X: pt.Lambda, Y: m.value(pt)})
						}
					}
					if len(xy) == 0 {
						continue
					}
					sort.Slice(xy, func(i, j int) bool { return xy[i].X < xy[j].X })
					line, pts, err := plotter.NewLinePoints(xy)
					if err != nil {
						return failed(name, err)
					}
					line.LineStyle = draw.LineStyle{Color: gammaColor(g), Width: vg.Points(1.5)}
					pts.GlyphStyle = draw.GlyphStyle{Color: gammaColor(g), Radius: vg.Points(2.5), Shape: draw.CircleGlyph{}}
					addFlat(p, line, pts)
				}
				row[ai] = p
			}
			panels = append(panels, row)
			rowLabels = append(rowLabels, m.label)
		}
	}

	leg := newLegend()
	leg.Add("kernel bandwidth:")
	for _, g := range gammas {
		leg.Add("γ = "+num(g),
			lineThumb{draw.LineStyle{Color: gammaColor(g), Width: vg.Points(1.5)}},
			glyphThumb{draw.GlyphStyle{Color: gammaColor(g), Radius: vg.Points(2.5), Shape: draw.CircleGlyph{}}})
	}
	if skipped > 0 {
		leg.Add(fmt.Sprintf("(%d of %d points failed", skipped, len(points)))
		leg.Add(" or not finite: left out)")
	}
	return &Figure{
		Name:      name,
		Panels:    panels,
		Legend:    leg,
		RowLabels: rowLabels,
		Width:     30 * vg.Centimeter,
		Height:    vg.Length(7.5*float64(len(panels))) * vg.Centimeter,
	}
}

// metricRange is the y range of a metric's values: padded by 5% of the
// span on a linear axis (from 0 when all are non-negative), or widened to
// whole-ish factors on a log axis.
func metricRange(vs []float64, log bool) (lo, hi float64) {
	if len(vs) == 0 {
		if log {
			return 0.01, 1
		}
		return 0, 1
	}
	lo, hi = vs[0], vs[0]
	for _, v := range vs {
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	if log {
		if hi/lo < 10 { // show at least a decade, so that a tick is labelled
			mid := math.Sqrt(lo * hi)
			lo, hi = mid/math.Sqrt(10), mid*math.Sqrt(10)
		}
		return lo / 1.3, hi * 1.3
	}
	if lo >= 0 {
		lo = 0
	}
	span := hi - lo
	if span == 0 {
		span = 1
	}
	return lo, hi + 0.05*span
}
