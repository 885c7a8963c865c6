package figures

import (
	"errors"
	"fmt"

	"github.com/csvgd/csvgd-go/csvgd/calibration"
	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Coverage is one ensemble of the reliability diagram: its label, its
// colour group (runs of one group share a colour) and whether its members
// are posterior draws (drawn dashed) rather than Stein particles.
type Coverage struct {
	Label  string
	Group  int
	Exact  bool
	Report calibration.Report
}

// Calibration is the figure "calibration" (beyond the paper), a
// reliability diagram: observed against nominal coverage at the levels of
// each report ([calibration.Calibrate]),
//
//	(a) of the noise-free truth by the central push-forward bands;
//	(b) of fresh noisy observations by the central intervals of the
//	    posterior predictive (push-forward plus the likelihood's noise).
//
// An ensemble whose uncertainty is right lies on the diagonal; below it
// the bands are too narrow (over-confident), above it too wide. The
// figure reports an error when there are no runs or a report without
// levels or with coverage outside [0, 1].
func Calibration(runs []Coverage) *Figure {
	const name = "calibration"
	if len(runs) == 0 {
		return plotkit.Failed(name, errors.New("no ensembles"))
	}
	groups := 0
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
		groups = max(groups, r.Group+1)
	}
	pa := reliabilityPanel("(a) truth inside the push-forward band", "observed coverage")
	pb := reliabilityPanel("(b) new observation inside the predictive interval", "")
	leg := plotkit.NewLegend()
	for _, r := range runs {
		c := plotkit.RankColor(r.Group, groups)
		sty, glyph := plotkit.SolidLine(c), dotStyle(c)
		if r.Exact {
			sty = plotkit.DashedLine(c)
			glyph.Shape = draw.BoxGlyph{}
		}
		truth, pred := plotkit.XYOf(r.Report.Levels, r.Report.Truth), plotkit.XYOf(r.Report.Levels, r.Report.Predictive)
		plotkit.AddFlat(pa, plotkit.Line(truth, sty), plotkit.Points(truth, glyph))
		plotkit.AddFlat(pb, plotkit.Line(pred, sty), plotkit.Points(pred, glyph))
		leg.Add(r.Label, plotkit.LineThumb(sty), plotkit.GlyphThumb(glyph))
	}
	return plotkit.WidePair(name, pa, pb, leg)
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
