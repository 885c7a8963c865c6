package metrics_test

import (
	"math"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/condense"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
)

func TestActiveWeights(t *testing.T) {
	particles := [][]float64{
		{0, 1e-3, -1e-3, 9.99e-4, -2, 0.5},     // 1e-3 counts (>=): 4 active
		{1e-4, -1e-4, 0, 0, 0, 0},              // none
		{1, 1, 1, math.NaN(), -1e-2, 0.000999}, // NaN does not count: 4
	}
	per, mean := metrics.ActiveWeights(particles, condense.PaperThreshold)
	want := []int{4, 0, 4}
	for a := range want {
		if per[a] != want[a] {
			t.Errorf("particle %d: %d active, want %d", a, per[a], want[a])
		}
	}
	if mean != 8.0/3 {
		t.Errorf("mean = %v, want %v", mean, 8.0/3)
	}
	if per, mean := metrics.ActiveWeights(nil, condense.PaperThreshold); len(per) != 0 || !math.IsNaN(mean) {
		t.Errorf("no particles: %v, %v; want [], NaN", per, mean)
	}
	// at threshold 0 every weight but exact zeros (and NaN) is active
	if per, _ := metrics.ActiveWeights(particles, 0); per[0] != 5 || per[1] != 2 || per[2] != 5 {
		t.Errorf("threshold 0: %v active, want [5 2 5]", per)
	}
}
