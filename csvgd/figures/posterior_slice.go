package figures

import (
	"image/color"

	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
	"github.com/csvgd/csvgd-go/csvgd/mvn"
	"github.com/csvgd/csvgd-go/csvgd/stein"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
)

// posteriorSlice draws grey contours of the Sec. 4 log posterior with prior
// p on the slice theta_2 = 2 of the (theta_1, theta_3) plane, at
// max - 2^k / 2 (k = 0..8) below the slice's maximum on the window. For
// lambda = 0 (the flat prior), or a prior that does not validate, it is the
// log-likelihood alone.
func posteriorSlice(p stein.Prior, x0, x1, y0, y1 float64) plot.Plotter {
	const (
		n      = 161
		levels = 9
	)
	t := mvn.PaperTarget()
	theta2 := t.Mean[1]
	noPrior := p.Lambda == 0 || p.Validate() != nil
	g := plotkit.EvalGrid(metrics.Linspace(x0, x1, n), metrics.Linspace(y0, y1, n), func(x, y float64) float64 {
		th := []float64{x, theta2, y}
		if noPrior { // the flat prior: the likelihood alone
			return t.LogLikelihood1(th)
		}
		return t.LogLikelihood1(th) + p.LogDensity(th)
	})
	_, _, top := g.ArgMax()
	lv, _ := plotkit.LogLevels(top, 0.5, levels)
	cols := make([]color.Color, levels)
	for k := range cols {
		cols[k] = plotkit.ContourGrey(float64(k) / float64(levels-1))
	}
	return plotkit.NewContours(g, lv, cols, vg.Points(1))
}
