package metrics

import (
	"slices"

	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
)

// Band is the spread of an ensemble's predictions of one stress component
// along a list of points, one value per point in the list's order.
type Band struct {
	Min, Max, Mean []float64 // over the particles
	// Quantiles[i] holds the i-th quantile asked of [EnsembleBand]
	// ([QuantileSorted]: linear interpolation between order statistics);
	// nil when none is asked.
	Quantiles [][]float64
}

// EnsembleBand returns the band of component comp of pred, the ensemble's
// predictions ([particle][point]), at the given points (indices into each
// particle's predictions), with the quantiles qs (each in [0, 1]) over the
// particles. It is the one computation of an ensemble's bands: the central
// band at a level is that of the quantiles [CentralQuantiles]. It panics
// if there are no particles.
func EnsembleBand(pred hyperelastic.Predictions, points []int, comp int, qs ...float64) Band {
	m, n := len(points), len(pred)
	b := Band{Min: make([]float64, m), Max: make([]float64, m), Mean: make([]float64, m)}
	if len(qs) > 0 {
		b.Quantiles = make([][]float64, len(qs))
		for i := range qs {
			b.Quantiles[i] = make([]float64, m)
		}
	}
	vals := make([]float64, n)
	for k, i := range points {
		var s float64
		for a := range pred {
			vals[a] = pred[a][i][comp]
			s += vals[a]
		}
		slices.Sort(vals)
		b.Min[k], b.Max[k], b.Mean[k] = vals[0], vals[n-1], s/float64(n)
		for j, q := range qs {
			b.Quantiles[j][k] = QuantileSorted(vals, q)
		}
	}
	return b
}

// CentralQuantiles are the quantiles that bound the central band at level
// (in (0, 1)): (1-level)/2 and (1+level)/2, so that the band holds the
// middle share level of the values.
func CentralQuantiles(level float64) (lo, hi float64) {
	return (1 - level) / 2, (1 + level) / 2
}
