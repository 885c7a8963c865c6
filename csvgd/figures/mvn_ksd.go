package figures

import (
	"fmt"
	"math"

	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
	"github.com/csvgd/csvgd-go/csvgd/mvn"
	"gonum.org/v1/plot/plotter"
)

// MVNKSD is the figure "mvn_ksd" (beyond the paper): runs of the
// illustrative example ([mvn.Result] with a history, Config.Every > 0),
// labelled labels[i], in two panels against the iteration:
//
//	(a) the kernel Stein discrepancy of the particles to the flow's target
//	    ([mvn.KSD]: IMQ kernel, c = 1, beta = -1/2);
//	(b) the Bhattacharyya distance of their moments to the likelihood's.
//
// Both on log axes when their values span more than a decade; the
// iteration axis is logarithmic (the record of iteration 0 is left out)
// and runs from the first record to the last (widened to labelled ticks
// where they are not on one), so that the early records, where the KSD
// reaches the band of exact samples, can be read. exact, when
// not nil, is drawn across panel (a), band and median over the whole axis: the spread of the KSDs of exact
// samples of the likelihood of the runs' size ([mvn.ExactSampleKSDs]),
// the level an ensemble reaches when it is as good as an independent
// sample. A Bhattacharyya distance that is not finite (a singular
// covariance) is left out. The figure reports an error when there are no
// runs, not one label per run, a run without history, or a band whose
// bounds are not ordered.
func MVNKSD(labels []string, runs []*mvn.Result, exact *KSDBand) *Figure {
	const name = "mvn_ksd"
	if len(runs) == 0 || len(labels) != len(runs) {
		return plotkit.Failed(name, fmt.Errorf("%d runs and %d labels: need one label per run, at least one run", len(runs), len(labels)))
	}
	var series []ksdSeries
	for i, r := range runs {
		if r == nil || len(r.History) == 0 {
			return plotkit.Failed(name, fmt.Errorf("run %q has no history (set Config.Every)", labels[i]))
		}
		s := ksdSeries{label: labels[i]}
		for _, h := range r.History {
			if h.Iter < 1 {
				continue // the iteration axis is logarithmic
			}
			s.ksd = append(s.ksd, plotter.XY{X: float64(h.Iter), Y: h.KSD})
			if !math.IsInf(h.Bhattacharyya, 0) && !math.IsNaN(h.Bhattacharyya) {
				s.other = append(s.other, plotter.XY{X: float64(h.Iter), Y: h.Bhattacharyya})
			}
		}
		series = append(series, s)
	}
	return ksdPair(name, "(b) Bhattacharyya distance to the likelihood", "Bhattacharyya distance", series, exact, true)
}
