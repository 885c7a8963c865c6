package figures

import (
	"errors"
	"fmt"
	"image/color"
	"math"

	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Labeled is a push-forward W1 on the test path with its legend label (a
// noise level, a method).
type Labeled struct {
	Label string
	W1    metrics.PushForward
}

// checkW1Path is the input check of the figures of W1 along the test path
// ([W1Curve], [NoisyPushforwards]) but for the curves: test points, all
// finite, and a positive odd moving-average width.
func checkW1Path(test []hyperelastic.Sample, smooth int) error {
	if len(test) == 0 {
		return errors.New("no test points")
	}
	if smooth < 1 || smooth%2 == 0 {
		return fmt.Errorf("moving-average width %d: need a positive odd number", smooth)
	}
	return finiteSamples("test", test)
}

// checkW1Curves reports an empty series (named what) or a curve that has
// not one finite W1 per test point (n points).
func checkW1Curves(what string, series []Labeled, n int) error {
	if len(series) == 0 {
		return fmt.Errorf("no %s", what)
	}
	for _, s := range series {
		if len(s.W1.PerPointSum) != n {
			return fmt.Errorf("curve %q has %d points, the test path has %d", s.Label, len(s.W1.PerPointSum), n)
		}
		for i, v := range s.W1.PerPointSum {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return fmt.Errorf("curve %q, point %d: W1 = %v", s.Label, i, v)
			}
		}
	}
	return nil
}

// w1Title is the title of a figure of W1 along the test path, stating the
// moving-average width smooth when it is more than 1.
func w1Title(smooth int) string {
	title := "push-forward W₁ along the test path"
	if smooth > 1 {
		title += fmt.Sprintf(" (moving average of %d points)", smooth)
	}
	return title
}

// w1Panel is a panel titled title of the checked series' W1 along the
// test path, each curve the per-point sum smoothed with
// [metrics.MovingAverage] of width smooth, in the order of series and
// coloured along it by colour (r-th of n curves; [plotkit.RankColor] or
// [warmColor]), over the shaded training range; the x axis spans the
// path, the y axis runs from 0. It adds one entry per curve to leg.
func w1Panel(title string, test []hyperelastic.Sample, series []Labeled, smooth int, leg *plot.Legend, colour func(r, n int) color.Color) *plot.Plot {
	return w1PanelStyled(title, test, series, smooth, leg, func(r int) draw.LineStyle {
		return draw.LineStyle{Color: colour(r, len(series)), Width: vg.Points(1.8)}
	})
}

// w1PanelStyled is [w1Panel] with the line style of the r-th series given
// by style.
func w1PanelStyled(title string, test []hyperelastic.Sample, series []Labeled, smooth int, leg *plot.Legend, style func(r int) draw.LineStyle) *plot.Plot {
	order := pathOrder(test)
	p := plotkit.NewPanel(title, "F₁₁", "W₁ per test point (its 6 components summed)")
	p.Add(trainingSpan())
	var xs, ys []float64
	for r, s := range series {
		raw := make([]float64, len(order))
		for j, i := range order {
			raw[j] = s.W1.PerPointSum[i]
		}
		y := metrics.MovingAverage(raw, smooth)
		xy := make(plotter.XYs, len(order))
		for j, i := range order {
			xy[j] = plotter.XY{X: test[i].F[0], Y: y[j]}
			xs, ys = append(xs, xy[j].X), append(ys, y[j])
		}
		sty := style(r)
		plotkit.AddFlat(p, plotkit.Line(xy, sty))
		leg.Add(s.Label, plotkit.LineThumb(sty))
	}
	x0, x1 := plotkit.PaddedRange(xs, 0.02)
	_, y1 := plotkit.PaddedRange(append(ys, 0), 0.05)
	plotkit.SetRange(&p.X, x0, x1)
	plotkit.SetRange(&p.Y, 0, y1)
	return p
}

// warmColors are the colours of a second set of curves in a figure whose
// first set runs along viridis: red, orange and magenta, none of which
// viridis holds, so that one legend never gives a colour two meanings.
var warmColors = []color.Color{plotkit.Red, plotkit.Orange, color.RGBA{R: 200, G: 60, B: 180, A: 255}, color.RGBA{R: 140, G: 70, B: 20, A: 255}}

// warmColor is the r-th of warmColors (cycling past the last; n unused).
func warmColor(r, _ int) color.Color { return warmColors[r%len(warmColors)] }
