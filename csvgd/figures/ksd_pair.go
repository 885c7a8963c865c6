package figures

import (
	"errors"
	"fmt"
	"image/color"
	"math"
	"slices"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// ksdSeries is one run of a KSD figure: the KSD and a second measure
// against the iteration.
type ksdSeries struct {
	label      string
	ksd, other plotter.XYs
	otherIn    plotter.XYs // a second curve of panel (b), dashed (the W1 inside the training range); may be empty
	floor      plotter.XYs // the KSD's dimension floor sqrt(d/N) under the KSD in panel (a); may be empty
}

// floorLine draws a KSD's dimension floor in colour c: wide and pale,
// under the run's KSD line, so that a KSD on its floor shows as a line
// inside a halo; narrow enough that levels differing by a tenth stay apart on
// the log axis (closer ones overlap, and the legend says so).
func floorLine(c color.Color) draw.LineStyle {
	return draw.LineStyle{Color: plotkit.Fade(c, 0.35), Width: vg.Points(4)}
}

// KSDBand is a reference band of a KSD panel: the spread of the KSDs of
// some reference ensembles (exact samples, say), drawn across the panel
// as a grey band from Lo to Hi with a dashed line at Mid, and named in
// the legend by Label.
type KSDBand struct {
	Label       string
	Lo, Mid, Hi float64
}

// ksdPair draws series as the two panels of a KSD figure, with band (when
// not nil) across panel (a); with logIter the iteration axis is
// logarithmic (the series then hold positive iterations only), so that
// the first tens of iterations are as legible as the last thousands.
func ksdPair(name, otherTitle, otherLabel string, series []ksdSeries, band *KSDBand, logIter bool) *Figure {
	pa := plotkit.NewPanel("(a) kernel Stein discrepancy", "iteration", "KSD (IMQ kernel)")
	pb := plotkit.NewPanel(otherTitle, "iteration", otherLabel)
	var xs, ks, os []float64
	dashed, floors := false, false
	for _, s := range series {
		xs = append(append(xs, plotkit.XsOf(s.ksd)...), plotkit.XsOf(s.other)...)
		ks, os = append(append(ks, plotkit.YsOf(s.ksd)...), plotkit.YsOf(s.floor)...), append(append(os, plotkit.YsOf(s.other)...), plotkit.YsOf(s.otherIn)...)
		floors = floors || len(s.floor) > 0
		dashed = dashed || len(s.otherIn) > 0
	}
	for _, v := range append(append([]float64(nil), ks...), os...) {
		if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
			return plotkit.Failed(name, fmt.Errorf("value %v: want finite, non-negative values", v))
		}
	}
	if len(os) == 0 {
		return plotkit.Failed(name, errors.New("no finite values for panel (b)"))
	}
	if band != nil {
		if !(band.Lo > 0 && band.Lo <= band.Mid && band.Mid <= band.Hi && !math.IsInf(band.Hi, 0)) {
			return plotkit.Failed(name, fmt.Errorf("reference band %v ≤ %v ≤ %v: want 0 < lo ≤ mid ≤ hi, finite", band.Lo, band.Mid, band.Hi))
		}
		ks = append(ks, band.Lo, band.Hi)
	}
	accuracyAxis(&pa.Y, ks)
	accuracyAxis(&pb.Y, os)
	x0, x1 := plotkit.PaddedRange(xs, 0.02)
	if logIter {
		if slices.Min(xs) <= 0 {
			return plotkit.Failed(name, errors.New("a logarithmic iteration axis needs positive iterations"))
		}
		// no padding: the axis runs from the first record to the last
		// when they sit on labelled ticks (20 and 2000, say), and is
		// widened to the nearest labelled ticks otherwise
		plotkit.SetLogLabelled(&pa.X, slices.Min(xs), slices.Max(xs))
		plotkit.SetLogLabelled(&pb.X, slices.Min(xs), slices.Max(xs))
		x0, x1 = pa.X.Min, pa.X.Max
	} else {
		plotkit.SetRange(&pa.X, x0, x1)
		plotkit.SetRange(&pb.X, x0, x1)
	}
	leg := plotkit.NewLegend()
	if band != nil {
		bandColor := plotkit.Fade(plotkit.LightGrey, 0.5)
		// the band spans the axis, as its median's line does
		pa.Add(&plotkit.FillBand{Xs: []float64{x0, x1}, Lo: []float64{band.Lo, band.Lo}, Hi: []float64{band.Hi, band.Hi}, Color: bandColor})
		mid := plotkit.DashedLine(plotkit.Grey)
		pa.Add(plotkit.RefLine{At: band.Mid, Style: mid})
		leg.Add(band.Label, plotkit.FillThumb(bandColor), plotkit.LineThumb(mid))
		leg.Add("")
	}
	for i, s := range series {
		sty := plotkit.SolidLine(plotkit.RankColor(i, len(series)))
		if len(s.floor) > 0 {
			plotkit.AddFlat(pa, plotkit.StepLine(s.floor, floorLine(plotkit.RankColor(i, len(series)))))
		}
		plotkit.AddFlat(pa, plotkit.Line(s.ksd, sty))
		plotkit.AddFlat(pb, plotkit.Line(s.other, sty))
		if len(s.otherIn) > 0 {
			plotkit.AddFlat(pb, plotkit.Line(s.otherIn, plotkit.DashedLine(plotkit.RankColor(i, len(series)))))
		}
		if len(s.floor) > 0 {
			leg.Add(s.label, plotkit.LineThumb(floorLine(plotkit.RankColor(i, len(series)))), plotkit.LineThumb(sty))
		} else {
			leg.Add(s.label, plotkit.LineThumb(sty))
		}
	}
	if floors || dashed {
		leg.Add("")
	}
	if floors {
		leg.Add("(a) pale halo in the run's colour: its √(d/N),", plotkit.LineThumb(floorLine(styleGrey)))
		leg.Add("     d parameters, N particles (close levels overlap)")
	}
	if dashed {
		leg.Add("(b) W₁ over the whole test path", plotkit.LineThumb(plotkit.SolidLine(styleGrey)))
		leg.Add("(b)"+strings.TrimPrefix(inRangeLabel, "(a)"), plotkit.LineThumb(plotkit.DashedLine(styleGrey)))
	}
	return plotkit.WidePair(name, pa, pb, leg)
}
