package figures

import (
	"fmt"

	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
	"github.com/csvgd/csvgd-go/csvgd/stein"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Parameters of Fig. prior_family.
var (
	// priorFamilyAlphas are the prior orders, one per column, increasing
	// left to right (the caption: "as alpha is reduced (right to left)").
	priorFamilyAlphas = []float64{0.25, 0.5, 1, 2}
	// priorFamilyLambdas are the multipliers, one per row, increasing top
	// to bottom.
	priorFamilyLambdas = []float64{0.1, 1, 10}
)

// The window of every panel of Fig. prior_family, [lo, hi]^2.
const priorFamilyLo, priorFamilyHi = -1.5, 3.5

// priorFamilyGrid is the log posterior of one panel on a 201 x 201 grid.
func priorFamilyGrid(alpha, lambda float64) *plotkit.Grid {
	prior := stein.Prior{Alpha: alpha, Lambda: lambda}
	xs := metrics.Linspace(priorFamilyLo, priorFamilyHi, 201)
	return plotkit.EvalGrid(xs, xs, func(x, y float64) float64 {
		return priorFamilyLikelihood(x, y) + prior.LogDensity1D(x) + prior.LogDensity1D(y)
	})
}

// priorFamilyLikelihood is the (theta_1, theta_2) block of the Sec. 4
// target: mean (1, 2), precision [[2, 1], [1, 2]].
func priorFamilyLikelihood(x, y float64) float64 {
	dx, dy := x-1, y-2
	return -0.5 * (2*dx*dx + 2*dx*dy + 2*dy*dy)
}

// PriorFamily is the paper's Fig. prior_family: contours of the
// two-dimensional log posterior
//
//	log p(theta | D) = -1/2 (theta - mu)^T P (theta - mu) + sum_i log p_alpha,lambda(theta_i) + const,
//	mu = (1, 2),  P = [[2, 1], [1, 2]],
//
// the (theta_1, theta_2) block of the Sec. 4 likelihood times the alpha
// prior exp(-lambda |theta|^alpha) of eqs. (prior_family) and (log_post)
// (exact, normalised density, [stein.Prior.LogDensity1D]), on
// a 3 x 4 grid of panels: lambda = 0.1, 1, 10 from top to bottom and
// alpha = 0.25, 0.5, 1, 2 from left to right. Every panel spans
// [-1.5, 3.5]^2. The contours are drawn at max - 2^k / 2, k = 0..8, below
// the panel's maximum on a 201 x 201 grid (so the levels are comparable
// across panels whatever the posterior's scale), brightest at the top. A
// cross marks the likelihood's mean, a dot the posterior's maximum on the
// grid, dashed lines the axes theta_i = 0.
//
// As lambda grows the posterior's mode moves from the likelihood's mean to
// the prior's mode at the origin (or onto an axis), and as alpha falls the
// contours turn from ellipses (alpha = 2) through diamonds (alpha = 1) to
// crosses hugging the axes (alpha < 1).
func PriorFamily() *Figure {
	const levels = 9
	meanSty := draw.GlyphStyle{Color: plotkit.Black, Radius: vg.Points(4), Shape: draw.PlusGlyph{}}
	modeSty := draw.GlyphStyle{Color: plotkit.Red, Radius: vg.Points(3), Shape: draw.CircleGlyph{}}
	panels := make([][]*plot.Plot, len(priorFamilyLambdas))
	for r, lambda := range priorFamilyLambdas {
		panels[r] = make([]*plot.Plot, len(priorFamilyAlphas))
		for c, alpha := range priorFamilyAlphas {
			g := priorFamilyGrid(alpha, lambda)
			mx, my, top := g.ArgMax()
			lv, cols := plotkit.LogLevels(top, 0.5, levels)
			xlabel, ylabel := "", ""
			if r == len(priorFamilyLambdas)-1 {
				xlabel = "θ₁"
			}
			if c == 0 {
				ylabel = "θ₂"
			}
			p := plotkit.NewPanel(fmt.Sprintf("α = %s, λ = %s", plotkit.Num(alpha), plotkit.Num(lambda)), xlabel, ylabel)
			p.Add(axesLines()...)
			p.Add(plotkit.NewContours(g, lv, cols, vg.Points(1)))
			p.Add(plotkit.Points(plotter.XYs{{X: mx, Y: my}}, modeSty), plotkit.Points(plotter.XYs{{X: 1, Y: 2}}, meanSty))
			plotkit.SetRange(&p.X, priorFamilyLo, priorFamilyHi)
			plotkit.SetRange(&p.Y, priorFamilyLo, priorFamilyHi)
			panels[r][c] = p
		}
	}
	leg := plotkit.NewLegend()
	leg.Add("likelihood mean", plotkit.GlyphThumb(meanSty))
	leg.Add("posterior maximum", plotkit.GlyphThumb(modeSty))
	leg.Add("log posterior:")
	_, cols := plotkit.LogLevels(0, 0.5, levels)
	for _, k := range []int{0, 2, 4, 6, 8} {
		leg.Add(fmt.Sprintf("  max − %s", plotkit.Num(0.5*float64(int(1)<<k))), plotkit.LineThumb(draw.LineStyle{Color: cols[levels-1-k], Width: vg.Points(1.5)}))
	}
	return &Figure{
		Name:   "prior_family",
		Panels: panels,
		Legend: leg,
		Width:  30 * vg.Centimeter,
		Height: 21 * vg.Centimeter,
	}
}
