package hyperelastic

import (
	"errors"
	"math"
)

// MeanNearestInvariants is how far the test points lie from the training
// data in the space of the network's inputs: the mean, over the test
// points whose path parameter satisfies |D| <= delta, of the Euclidean
// distance in (I1, I2, I3) from the point to its nearest training point.
// A path through the middle of the training cloud has a small value, one
// along its edge a larger one: there the networks are closer to
// extrapolating, inside the training range or not. It reports an error
// when there is no training point or no test point within delta.
func MeanNearestInvariants(test, train []Sample, delta float64) (float64, error) {
	if len(train) == 0 {
		return 0, errors.New("hyperelastic: no training points")
	}
	sum, n := 0.0, 0
	for _, i := range WithinRange(test, delta) {
		t := test[i].Kinematics
		near := math.Inf(1)
		for _, s := range train {
			d := math.Hypot(math.Hypot(t.I1-s.I1, t.I2-s.I2), t.I3-s.I3)
			near = math.Min(near, d)
		}
		sum, n = sum+near, n+1
	}
	if n == 0 {
		return 0, errors.New("hyperelastic: no test point within the range")
	}
	return sum / float64(n), nil
}
