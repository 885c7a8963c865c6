package metrics

import (
	"fmt"
	"math"

	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
)

// MeanRelativeError is the relative RMS error of the ensemble-mean
// prediction against the true values,
//
//	sqrt( sum_{m in points, c} (mean_a pred[a][m][c] - truth[m][c])^2 / sum_{m in points, c} truth[m][c]^2 ),
//
// over the points whose indices are listed in points (all points when
// points is nil). It measures accuracy, not uncertainty: how far the
// ensemble's mean stress is from the truth, as a share of the stress. It
// returns an error for no particles, a particle of another number of
// points than truth, an index out of range, or a zero denominator.
func MeanRelativeError(pred hyperelastic.Predictions, truth []hyperelastic.Stress, points []int) (float64, error) {
	if len(pred) == 0 {
		return 0, fmt.Errorf("metrics: MeanRelativeError: no particles")
	}
	for a, p := range pred {
		if len(p) != len(truth) {
			return 0, fmt.Errorf("metrics: MeanRelativeError: particle %d predicts %d points, the truth has %d", a, len(p), len(truth))
		}
	}
	if points == nil {
		points = make([]int, len(truth))
		for i := range points {
			points[i] = i
		}
	}
	var num, den float64
	for _, m := range points {
		if m < 0 || m >= len(truth) {
			return 0, fmt.Errorf("metrics: MeanRelativeError: point %d out of range [0, %d)", m, len(truth))
		}
		for c := range hyperelastic.NumComponents {
			var mean float64
			for a := range pred {
				mean += pred[a][m][c]
			}
			d := mean/float64(len(pred)) - truth[m][c]
			num, den = num+d*d, den+truth[m][c]*truth[m][c]
		}
	}
	if !(den > 0) {
		return 0, fmt.Errorf("metrics: MeanRelativeError: the true values of the %d points are all zero", len(points))
	}
	return math.Sqrt(num / den), nil
}
