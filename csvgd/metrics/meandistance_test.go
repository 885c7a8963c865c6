package metrics

import (
	"math"
	"testing"
)

// TestMeanDistance: three points on a line at 0, 3 and 4 have distances
// 3, 4 and 1, mean 8/3; one particle or none gives 0.
func TestMeanDistance(t *testing.T) {
	ps := [][]float64{{0, 0}, {3, 0}, {4, 0}}
	if got := MeanDistance(ps); math.Abs(got-8.0/3) > 1e-15 {
		t.Errorf("mean distance %v, want 8/3", got)
	}
	if MeanDistance(ps[:1]) != 0 || MeanDistance(nil) != 0 {
		t.Error("fewer than two particles: want 0")
	}
}
