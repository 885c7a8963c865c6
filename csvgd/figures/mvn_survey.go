package figures

import (
	"errors"
	"fmt"
	"image/color"
	"math"
	"sort"

	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
	"github.com/csvgd/csvgd-go/csvgd/mvn"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// MVNSurvey is the paper's Fig. mvn_survey from the points of
// [mvn.Survey]: the Bhattacharyya distance between the ensemble's
// empirical moments and the likelihood's (the paper's panels (a)), and the
// sparsity measure mean |theta_3| (its panels (b)), against the prior multiplier lambda (log axis), one line
// per fixed kernel bandwidth gamma, coloured by gamma (viridis, dark for the
// smallest, with a legend).
//
// Layout: the paper puts the six (alpha, beta) panels of each quantity in
// one row. Six panels side by side leave each too narrow to read once the
// figure is scaled to a page or a notebook, so here each quantity takes
// len(betas) rows of len(alphas) panels: with the paper's alpha in
// {1/4, 1, 2} and beta in {1, 2}, rows 1-2 are the distance for beta = 1
// and 2, rows 3-4 the sparsity for beta = 1 and 2, and the columns are
// alpha = 1/4, 1, 2. The panels are lettered in reading order, row by row
// ((a)-(f) the distance, (g)-(l) the sparsity on the paper's grid), so that
// a text can point at one.
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
		return plotkit.Failed(name, errors.New("no survey points"))
	}
	g := newSurveyGrid(points)
	if len(g.lambdas) == 0 || g.lambdas[0] <= 0 {
		return plotkit.Failed(name, fmt.Errorf("lambdas %v: a log axis needs positive values", g.lambdas))
	}
	var panels [][]*plot.Plot
	var rowLabels []string
	for mi, m := range surveyMetrics {
		var all []float64
		for _, p := range points {
			if v := m.value(p); m.usable(v) {
				all = append(all, v)
			}
		}
		ylo, yhi := metricRange(all, m.log)
		for bi, beta := range g.betas {
			row := make([]*plot.Plot, len(g.alphas))
			for ai, alpha := range g.alphas {
				xlabel := ""
				if mi == len(surveyMetrics)-1 && bi == len(g.betas)-1 {
					xlabel = "λ"
				}
				p, err := g.panel(m, plotkit.PanelTag(len(panels)*len(g.alphas)+ai), alpha, beta, xlabel, ylo, yhi)
				if err != nil {
					return plotkit.Failed(name, err)
				}
				row[ai] = p
			}
			panels = append(panels, row)
			rowLabels = append(rowLabels, m.label)
		}
	}
	return &Figure{
		Name:      name,
		Panels:    panels,
		Legend:    g.legend(),
		RowLabels: rowLabels,
		Width:     30 * vg.Centimeter,
		Height:    vg.Length(7.5*float64(len(panels))) * vg.Centimeter,
	}
}

// surveyMetric is a quantity of [MVNSurvey]: its row label, its value at a survey point, and whether its axis is
// logarithmic.
type surveyMetric struct {
	label string
	value func(mvn.SurveyPoint) float64
	log   bool
}

// usable reports whether v is drawn: finite, and positive on a log axis.
func (m surveyMetric) usable(v float64) bool {
	return !math.IsNaN(v) && !math.IsInf(v, 0) && (!m.log || v > 0)
}

// surveyMetrics are the quantities of [MVNSurvey], one per group of rows.
var surveyMetrics = []surveyMetric{
	{"Bhattacharyya distance", func(p mvn.SurveyPoint) float64 { return p.Bhattacharyya }, true},
	{"mean |θ₃|", func(p mvn.SurveyPoint) float64 { return p.L1Theta3 }, true},
}

// surveyGrid is the survey of [MVNSurvey]: its points, the distinct
// values of its parameters, the colours of the bandwidths and the lambda
// axis's range.
type surveyGrid struct {
	points                         []mvn.SurveyPoint
	alphas, betas, lambdas, gammas []float64
	gammaColor                     func(float64) color.Color
	xlo, xhi                       float64
}

// newSurveyGrid reads the grid of the (at least one) points.
func newSurveyGrid(points []mvn.SurveyPoint) surveyGrid {
	var as, bs, ls, gs []float64
	for _, p := range points {
		as, bs, ls, gs = append(as, p.Alpha), append(bs, p.Beta), append(ls, p.Lambda), append(gs, p.Gamma)
	}
	g := surveyGrid{points: points, alphas: plotkit.Distinct(as), betas: plotkit.Distinct(bs), lambdas: plotkit.Distinct(ls)}
	g.gammas, g.gammaColor = plotkit.ValueColors(gs)
	if len(g.lambdas) > 0 {
		g.xlo, g.xhi = g.lambdas[0]/1.5, g.lambdas[len(g.lambdas)-1]*1.5
	}
	return g
}

// gammaLine and gammaPoint are the styles of the bandwidth gamma.
func (g surveyGrid) gammaLine(gamma float64) draw.LineStyle {
	return draw.LineStyle{Color: g.gammaColor(gamma), Width: vg.Points(1.5)}
}

func (g surveyGrid) gammaPoint(gamma float64) draw.GlyphStyle {
	return draw.GlyphStyle{Color: g.gammaColor(gamma), Radius: vg.Points(2.5), Shape: draw.CircleGlyph{}}
}

// panel is the panel of metric m at (alpha, beta), titled with its tag:
// one line per bandwidth against lambda, the y axis from ylo to yhi.
func (g surveyGrid) panel(m surveyMetric, tag string, alpha, beta float64, xlabel string, ylo, yhi float64) (*plot.Plot, error) {
	p := plotkit.NewPanel(fmt.Sprintf("%s α = %s, β = %s", tag, plotkit.Num(alpha), plotkit.Num(beta)), xlabel, "")
	plotkit.SetLog(&p.X, g.xlo, g.xhi)
	if m.log {
		plotkit.SetLog(&p.Y, ylo, yhi)
	} else {
		plotkit.SetRange(&p.Y, ylo, yhi)
	}
	for _, gamma := range g.gammas {
		var xy plotter.XYs
		for _, pt := range g.points {
			if pt.Alpha == alpha && pt.Beta == beta && pt.Gamma == gamma && m.usable(m.value(pt)) {
				xy = append(xy, plotter.XY{X: pt.Lambda, Y: m.value(pt)})
			}
		}
		if len(xy) == 0 {
			continue
		}
		sort.Slice(xy, func(i, j int) bool { return xy[i].X < xy[j].X })
		line, pts, err := plotter.NewLinePoints(xy)
		if err != nil {
			return nil, err
		}
		line.LineStyle, pts.GlyphStyle = g.gammaLine(gamma), g.gammaPoint(gamma)
		plotkit.AddFlat(p, line, pts)
	}
	return p, nil
}

// legend is the legend of [MVNSurvey]: the bandwidths and the count of
// points with a metric left out.
func (g surveyGrid) legend() *plot.Legend {
	skipped := 0 // points with a metric left out
	for _, p := range g.points {
		for _, m := range surveyMetrics {
			if !m.usable(m.value(p)) {
				skipped++
				break
			}
		}
	}
	leg := plotkit.NewLegend()
	leg.Add("kernel bandwidth:")
	for _, gamma := range g.gammas {
		leg.Add("γ = "+plotkit.Num(gamma), plotkit.LineThumb(g.gammaLine(gamma)), plotkit.GlyphThumb(g.gammaPoint(gamma)))
	}
	if skipped > 0 {
		leg.Add(fmt.Sprintf("(%d of %d points failed", skipped, len(g.points)))
		leg.Add(" or not finite: left out)")
	}
	return leg
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
