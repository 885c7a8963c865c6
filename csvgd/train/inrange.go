package train

import (
	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
)

// InRangeW1 is the push-forward W1 pf summed over the test points inside
// the training range, |d| <= [hyperelastic.TrainingDelta]. Beyond it the
// networks extrapolate, and there the sum over the whole path is dominated
// by how a convex network continues the concave part of the truth
// (docs/reading.md section 7).
func InRangeW1(pf metrics.PushForward, test []hyperelastic.Sample) float64 {
	sum := 0.0
	for _, i := range hyperelastic.WithinRange(test, hyperelastic.TrainingDelta) {
		if i < len(pf.PerPointSum) {
			sum += pf.PerPointSum[i]
		}
	}
	return sum
}

// PushForwardW1InRange is the push-forward W1 of the predictions pred
// ([particle][point]) to the reference sample ref ([point][draw],
// [ReferenceSample]) summed over the test points inside the training range
// ([metrics.PushForwardW1], then [InRangeW1]).
func PushForwardW1InRange(pred hyperelastic.Predictions, ref [][]hyperelastic.Stress, test []hyperelastic.Sample) (float64, error) {
	pf, err := metrics.PushForwardW1(pred, ref)
	if err != nil {
		return 0, err
	}
	return InRangeW1(pf, test), nil
}

// MeanErrorInRange is the relative RMS error of the ensemble-mean stress
// pred ([particle][point], predicted at the test points test) against
// the noise-free truth, over the test points inside the training range
// ([metrics.MeanRelativeError]).
func MeanErrorInRange(pred hyperelastic.Predictions, test []hyperelastic.Sample) (float64, error) {
	in := hyperelastic.WithinRange(test, hyperelastic.TrainingDelta)
	return metrics.MeanRelativeError(pred, hyperelastic.TrueStresses(test), in)
}
