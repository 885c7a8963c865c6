package figures

import (
	"errors"
	"fmt"
	"image/color"
	"math"

	"github.com/csvgd/csvgd-go/csvgd/calibration"
	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Coverage is one ensemble of the reliability diagram: its label, its
// colour family (a hue of [familyHues], e.g. one per prior), its shade
// within the family (Shade of Shades, dark first, e.g. one per ensemble
// size; Shades 0 or 1: the hue itself) and whether its members are
// posterior draws (drawn dashed) rather than Stein particles, and, for
// draws, whether the runs behind them do not agree (Unresolved: hollow
// squares, where an agreeing pair's draws have filled ones).
type Coverage struct {
	Label         string
	Group         int
	Shade, Shades int
	Exact         bool
	Unresolved    bool
	Report        calibration.Report
}

// familyHues are the hues of the colour families of [Calibration]:
// distinct hues, so that families are told apart by hue and the members
// of a family by lightness.
var familyHues = []color.RGBA{plotkit.Blue, plotkit.Orange, plotkit.Green, plotkit.Red, {R: 148, G: 103, B: 189, A: 255}, {R: 140, G: 86, B: 75, A: 255}}

// coverageColor is the colour of shade i of n in family g: the family's
// hue darkened towards black for the first shade and lightened towards
// white for the last, evenly between.
func coverageColor(g, i, n int) color.Color {
	h := familyHues[g%len(familyHues)]
	if n <= 1 {
		return h
	}
	t := float64(i) / float64(n-1) // 0: darkest, 1: lightest
	mix := func(v uint8) uint8 {
		x := float64(v)
		if t < 0.5 {
			return uint8(math.Round(x * (0.45 + 1.1*t))) // from 45% of the hue to the hue
		}
		return uint8(math.Round(x + (255-x)*0.55*(2*t-1))) // from the hue to 55% of the way to white
	}
	return color.RGBA{R: mix(h.R), G: mix(h.G), B: mix(h.B), A: 255}
}

// Calibration is the figure "calibration" (beyond the paper), a
// reliability diagram: observed against nominal coverage at the levels of
// each report ([calibration.Calibrate]),
//
//	(a) of the noise-free truth by the central push-forward bands;
//	(b) of fresh noisy observations by the central intervals of the
//	    plug-in predictive (push-forward plus the likelihood's noise).
//
// The diagonal is what bands with frequentist coverage would give; below
// it the bands hold the truth less often than their level, above it more
// often. Credible bands of a (tempered) posterior promise no such
// coverage, so the diagonal is a description, not a test of whether an
// ensemble matches its posterior. Colours: a hue per family (Group),
// lighter for later members of it (Shade). The
// figure reports an error when there are no runs or a report without
// levels or with coverage outside [0, 1].
func Calibration(runs []Coverage) *Figure {
	const name = "calibration"
	if len(runs) == 0 {
		return plotkit.Failed(name, errors.New("no ensembles"))
	}
	for _, r := range runs {
		n := len(r.Report.Levels)
		if n == 0 || len(r.Report.Truth) != n || len(r.Report.Predictive) != n {
			return plotkit.Failed(name, fmt.Errorf("%s: %d levels, %d and %d coverages", r.Label, n, len(r.Report.Truth), len(r.Report.Predictive)))
		}
		for i := range n {
			if !(r.Report.Truth[i] >= 0 && r.Report.Truth[i] <= 1 && r.Report.Predictive[i] >= 0 && r.Report.Predictive[i] <= 1) {
				return plotkit.Failed(name, fmt.Errorf("%s: coverage %v, %v at level %v is outside [0, 1]", r.Label, r.Report.Truth[i], r.Report.Predictive[i], r.Report.Levels[i]))
			}
		}
	}
	pa := reliabilityPanel("(a) truth inside the push-forward band", "observed coverage")
	pb := reliabilityPanel("(b) new observation inside the predictive interval", "")
	leg := plotkit.NewLegend()
	for _, r := range runs {
		sty, glyph := coverageStyle(r)
		truth, pred := plotkit.XYOf(r.Report.Levels, r.Report.Truth), plotkit.XYOf(r.Report.Levels, r.Report.Predictive)
		plotkit.AddFlat(pa, plotkit.Line(truth, sty), plotkit.Points(truth, glyph))
		plotkit.AddFlat(pb, plotkit.Line(pred, sty), plotkit.Points(pred, glyph))
		leg.Add(r.Label, plotkit.LineThumb(sty), plotkit.GlyphThumb(glyph))
	}
	return plotkit.WidePair(name, pa, pb, leg)
}

// coverageStyle is the line and marker of ensemble r: its family's shade,
// solid with dots for Stein particles, dashed with filled squares for
// the draws of runs that agree, dashed with hollow squares for those of
// runs that do not.
func coverageStyle(r Coverage) (draw.LineStyle, draw.GlyphStyle) {
	c := coverageColor(r.Group, r.Shade, r.Shades)
	sty, glyph := plotkit.SolidLine(c), dotStyle(c)
	if r.Exact {
		sty = plotkit.DashedLine(c)
		glyph.Shape = draw.BoxGlyph{}
		if r.Unresolved {
			glyph.Shape = draw.SquareGlyph{}
		}
	}
	return sty, glyph
}

// reliabilityPanel is a unit square of nominal against observed coverage
// with the diagonal.
func reliabilityPanel(title, ylabel string) *plot.Plot {
	p := plotkit.NewPanel(title, "nominal coverage", ylabel)
	plotkit.SetRange(&p.X, 0, 1)
	plotkit.SetRange(&p.Y, 0, 1)
	diag := draw.LineStyle{Color: plotkit.Grey, Width: vg.Points(1), Dashes: []vg.Length{vg.Points(2), vg.Points(2)}}
	plotkit.AddFlat(p, plotkit.Line(plotter.XYs{{X: 0, Y: 0}, {X: 1, Y: 1}}, diag))
	return p
}
