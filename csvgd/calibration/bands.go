package calibration

import (
	"fmt"

	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
)

// Interval is a central interval at every point and stress component:
// Lo[m][k] <= Hi[m][k].
type Interval struct {
	Lo, Hi []hyperelastic.Stress // [point]
}

// checkLevel refuses a level outside (0, 1).
func checkLevel(level float64) error {
	if !(level > 0 && level < 1) {
		return fmt.Errorf("calibration: level = %v must be in (0, 1)", level)
	}
	return nil
}

// checkPredictions refuses an ensemble without members or points, or
// with members of different lengths.
func checkPredictions(pred hyperelastic.Predictions) error {
	if len(pred) == 0 || len(pred[0]) == 0 {
		return fmt.Errorf("calibration: %d predictions: need at least one member with at least one point", len(pred))
	}
	for j, p := range pred {
		if len(p) != len(pred[0]) {
			return fmt.Errorf("calibration: member %d has %d points, member 0 has %d", j, len(p), len(pred[0]))
		}
	}
	return nil
}

// PushForwardBand is the central band at the given level of the
// predictions pred at every point and component: the quantiles
// [metrics.CentralQuantiles] of the members' values, (1-level)/2 and
// (1+level)/2, as [metrics.EnsembleBand] computes every band of an
// ensemble.
func PushForwardBand(pred hyperelastic.Predictions, level float64) (Interval, error) {
	if err := checkLevel(level); err != nil {
		return Interval{}, err
	}
	if err := checkPredictions(pred); err != nil {
		return Interval{}, err
	}
	points := make([]int, pred.Points())
	for m := range points {
		points[m] = m
	}
	out := Interval{Lo: make([]hyperelastic.Stress, len(points)), Hi: make([]hyperelastic.Stress, len(points))}
	lo, hi := metrics.CentralQuantiles(level)
	for k := range hyperelastic.NumComponents {
		b := metrics.EnsembleBand(pred, points, k, lo, hi)
		for m := range points {
			out.Lo[m][k], out.Hi[m][k] = b.Quantiles[0][m], b.Quantiles[1][m]
		}
	}
	return out, nil
}

// BandWidth is the mean width of the central push-forward band at level
// over the entries of [Entries]: the stress components that are
// not zero at the test points inside the training range.
func BandWidth(pred hyperelastic.Predictions, test []hyperelastic.Sample, level float64) (float64, error) {
	band, err := PushForwardBand(pred, level)
	if err != nil {
		return 0, err
	}
	entries := Entries(test)
	var sum float64
	for _, e := range entries {
		sum += band.Hi[e.Point][e.Component] - band.Lo[e.Point][e.Component]
	}
	return sum / float64(len(entries)), nil
}
