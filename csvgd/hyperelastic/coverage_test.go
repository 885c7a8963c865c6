package hyperelastic

import (
	"math"
	"testing"
)

// TestMeanNearestInvariants: a test point on a training point is at
// distance 0, one shifted along I1 at the shift; points beyond delta do
// not count; no training point, or no test point in range, is an error.
func TestMeanNearestInvariants(t *testing.T) {
	at := func(i1, i2, i3, d float64) Sample {
		return Sample{Kinematics: Kinematics{I1: i1, I2: i2, I3: i3}, D: d}
	}
	train := []Sample{at(3, 3, 1, 0), at(3.5, 3.5, 1.2, 0)}
	test := []Sample{at(3, 3, 1, 0), at(3.6, 3.5, 1.2, 0.1), at(9, 9, 9, 0.3)}
	got, err := MeanNearestInvariants(test, train, 0.2)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(got-0.05) > 1e-12 {
		t.Errorf("mean nearest distance %v, want 0.05", got)
	}
	if _, err := MeanNearestInvariants(test, nil, 0.2); err == nil {
		t.Error("no training points accepted")
	}
	if _, err := MeanNearestInvariants(test[2:], train, 0.2); err == nil {
		t.Error("no test point in range accepted")
	}
}
