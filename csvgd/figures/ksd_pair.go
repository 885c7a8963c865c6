package figures

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"gonum.org/v1/plot/plotter"
)

// ksdSeries is one run of a KSD figure: the KSD and a second measure
// against the iteration.
type ksdSeries struct {
	label      string
	ksd, other plotter.XYs
	otherIn    plotter.XYs // a second curve of panel (b), dashed (the W1 inside the training range); may be empty
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
// not nil) across panel (a).
func ksdPair(name, otherTitle, otherLabel string, series []ksdSeries, band *KSDBand) *Figure {
	pa := newPanel("(a) kernel Stein discrepancy", "iteration", "KSD (IMQ kernel)")
	pb := newPanel(otherTitle, "iteration", otherLabel)
	var xs, ks, os []float64
	dashed := false
	for _, s := range series {
		xs = append(append(xs, xsOf(s.ksd)...), xsOf(s.other)...)
		ks, os = append(ks, ysOf(s.ksd)...), append(append(os, ysOf(s.other)...), ysOf(s.otherIn)...)
		dashed = dashed || len(s.otherIn) > 0
	}
	for _, v := range append(append([]float64(nil), ks...), os...) {
		if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
			return failed(name, fmt.Errorf("value %v: want finite, non-negative values", v))
		}
	}
	if len(os) == 0 {
		return failed(name, errors.New("no finite values for panel (b)"))
	}
	if band != nil {
		if !(band.Lo > 0 && band.Lo <= band.Mid && band.Mid <= band.Hi && !math.IsInf(band.Hi, 0)) {
			return failed(name, fmt.Errorf("reference band %v ≤ %v ≤ %v: want 0 < lo ≤ mid ≤ hi, finite", band.Lo, band.Mid, band.Hi))
		}
		ks = append(ks, band.Lo, band.Hi)
	}
	accuracyAxis(&pa.Y, ks)
	accuracyAxis(&pb.Y, os)
	x0, x1 := paddedRange(xs, 0.02)
	setRange(&pa.X, x0, x1)
	setRange(&pb.X, x0, x1)
	leg := newLegend()
	if band != nil {
		bandColor := fade(lightGrey, 0.5)
		pa.Add(&fillBand{xs: []float64{x0, x1}, lo: []float64{band.Lo, band.Lo}, hi: []float64{band.Hi, band.Hi}, color: bandColor})
		mid := dashedLine(grey)
		pa.Add(refLine{at: band.Mid, style: mid})
		leg.Add(band.Label, fillThumb{bandColor}, lineThumb{mid})
		leg.Add("")
	}
	for i, s := range series {
		sty := solidLine(rankColor(i, len(series)))
		addFlat(pa, line(s.ksd, sty))
		addFlat(pb, line(s.other, sty))
		if len(s.otherIn) > 0 {
			addFlat(pb, line(s.otherIn, dashedLine(rankColor(i, len(series)))))
		}
		leg.Add(s.label, lineThumb{sty})
	}
	if dashed {
		leg.Add("")
		leg.Add("(b) W₁ over the whole test path", lineThumb{solidLine(black)})
		leg.Add("(b)"+strings.TrimPrefix(inRangeLabel, "(a)"), lineThumb{dashedLine(black)})
	}
	return widePair(name, pa, pb, leg)
}
