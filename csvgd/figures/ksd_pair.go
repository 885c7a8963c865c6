package figures

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/plot/plotter"
)

// ksdSeries is one run of a KSD figure: the KSD and a second measure
// against the iteration.
type ksdSeries struct {
	label      string
	ksd, other plotter.XYs
}

// ksdPair draws series as the two panels of a KSD figure.
func ksdPair(name, otherTitle, otherLabel string, series []ksdSeries) *Figure {
	pa := newPanel("(a) kernel Stein discrepancy", "iteration", "KSD (IMQ kernel)")
	pb := newPanel(otherTitle, "iteration", otherLabel)
	var xs, ks, os []float64
	for _, s := range series {
		xs = append(append(xs, xsOf(s.ksd)...), xsOf(s.other)...)
		ks, os = append(ks, ysOf(s.ksd)...), append(os, ysOf(s.other)...)
	}
	for _, v := range append(append([]float64(nil), ks...), os...) {
		if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
			return failed(name, fmt.Errorf("value %v: want finite, non-negative values", v))
		}
	}
	if len(os) == 0 {
		return failed(name, errors.New("no finite values for panel (b)"))
	}
	accuracyAxis(&pa.Y, ks)
	accuracyAxis(&pb.Y, os)
	x0, x1 := paddedRange(xs, 0.02)
	setRange(&pa.X, x0, x1)
	setRange(&pb.X, x0, x1)
	leg := newLegend()
	for i, s := range series {
		sty := solidLine(rankColor(i, len(series)))
		addFlat(pa, line(s.ksd, sty))
		addFlat(pb, line(s.other, sty))
		leg.Add(s.label, lineThumb{sty})
	}
	return widePair(name, pa, pb, leg)
}
