package figures

import (
	"fmt"

	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/stein"
	"github.com/csvgd/csvgd-go/csvgd/train"
	"gonum.org/v1/plot/plotter"
)

// KSDConvergence is the figure "ksd_convergence" (beyond the paper): a
// KSD figure of training runs ([train.Result]), labelled labels[i], in
// two panels against the iteration of their history records:
//
//	(a) the kernel Stein discrepancy of the particles to the posterior of
//	    the stage they are in ([train.Record].KSD), over its dimension
//	    floor sqrt(d/N) for the record's template of d parameters and the
//	    run's N particles ([stein.KSDDimensionFloor]; wide, pale, in the
//	    run's colour, as steps);
//	(b) accuracy: the push-forward W1 sum on the test set (solid) and its
//	    part inside the training range (dashed), lower for a better
//	    ensemble.
//
// The figure reports an error when there are no runs, not one label per
// run, or a run without history.
func KSDConvergence(labels []string, runs []train.Result) *Figure {
	const name = "ksd_convergence"
	if len(runs) == 0 || len(labels) != len(runs) {
		return plotkit.Failed(name, fmt.Errorf("%d runs and %d labels: need one label per run, at least one run", len(runs), len(labels)))
	}
	var series []ksdSeries
	for i, r := range runs {
		if len(r.History) == 0 {
			return plotkit.Failed(name, fmt.Errorf("run %q has no history", labels[i]))
		}
		s := ksdSeries{label: labels[i]}
		for _, h := range r.History {
			s.ksd = append(s.ksd, plotter.XY{X: float64(h.Iter), Y: h.KSD})
			s.other = append(s.other, plotter.XY{X: float64(h.Iter), Y: h.W1Sum})
			s.otherIn = append(s.otherIn, plotter.XY{X: float64(h.Iter), Y: h.W1InRange})
			d := icnn.Arch{Widths: h.Widths}.NumParams()
			s.floor = append(s.floor, plotter.XY{X: float64(h.Iter), Y: stein.KSDDimensionFloor(d, r.Config.Particles, stein.DefaultIMQ())})
		}
		series = append(series, s)
	}
	return ksdPair(name, "(b) accuracy: W₁ to the noisy data", "push-forward W₁ sum", series, nil, false)
}
