package figures

import (
	"errors"
	"fmt"
	"math"

	"github.com/csvgd/csvgd-go/csvgd/mvn"
	"github.com/csvgd/csvgd-go/csvgd/train"
	"gonum.org/v1/plot/plotter"
)

// ksdSeries is one run of a KSD figure: the KSD and a second measure
// against the iteration.
type ksdSeries struct {
	label      string
	ksd, other plotter.XYs
}

// MVNKSD is the figure "mvn_ksd" (beyond the paper): runs of the
// illustrative example ([mvn.Result] with a history, Config.Every > 0),
// labelled labels[i], in two panels against the iteration:
//
//	(a) the kernel Stein discrepancy of the particles to the flow's target
//	    ([mvn.KSD]: IMQ kernel, c = 1, beta = -1/2);
//	(b) the Bhattacharyya distance of their moments to the likelihood's.
//
// Both on log axes when their values span more than a decade. A
// Bhattacharyya distance that is not finite (a singular covariance) is
// left out. The figure reports an error when there are no runs, not one
// label per run, or a run without history.
func MVNKSD(labels []string, runs []*mvn.Result) *Figure {
	const name = "mvn_ksd"
	if len(runs) == 0 || len(labels) != len(runs) {
		return failed(name, fmt.Errorf("%d runs and %d labels: need one label per run, at least one run", len(runs), len(labels)))
	}
	var series []ksdSeries
	for i, r := range runs {
		if r == nil || len(r.History) == 0 {
			return failed(name, fmt.Errorf("run %q has no history (set Config.Every)", labels[i]))
		}
		s := ksdSeries{label: labels[i]}
		for _, h := range r.History {
			s.ksd = append(s.ksd, plotter.XY{X: float64(h.Iter), Y: h.KSD})
			if !math.IsInf(h.Bhattacharyya, 0) && !math.IsNaN(h.Bhattacharyya) {
				s.other = append(s.other, plotter.XY{X: float64(h.Iter), Y: h.Bhattacharyya})
			}
		}
		series = append(series, s)
	}
	return ksdPair(name, "(b) Bhattacharyya distance", "Bhattacharyya distance to the likelihood", series)
}

// KSDConvergence is a KSD figure of training runs ([train.Result]),
// labelled labels[i], named name, in two panels against the iteration of
// their history records:
//
//	(a) the kernel Stein discrepancy of the particles to the posterior of
//	    the stage they are in ([train.Record].KSD);
//	(b) the push-forward W1 sum on the test set.
//
// The figure reports an error when there are no runs, not one label per
// run, or a run without history.
func KSDConvergence(name string, labels []string, runs []train.Result) *Figure {
	if len(runs) == 0 || len(labels) != len(runs) {
		return failed(name, fmt.Errorf("%d runs and %d labels: need one label per run, at least one run", len(runs), len(labels)))
	}
	var series []ksdSeries
	for i, r := range runs {
		if len(r.History) == 0 {
			return failed(name, fmt.Errorf("run %q has no history", labels[i]))
		}
		s := ksdSeries{label: labels[i]}
		for _, h := range r.History {
			s.ksd = append(s.ksd, plotter.XY{X: float64(h.Iter), Y: h.KSD})
			s.other = append(s.other, plotter.XY{X: float64(h.Iter), Y: h.W1Sum})
		}
		series = append(series, s)
	}
	return ksdPair(name, "(b) accuracy", "push-forward W₁ sum", series)
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
