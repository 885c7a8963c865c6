package metrics

import (
	"math"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
)

// TestEnsembleBand: min, max, mean and the 5-95% quantiles per point, in
// the order of the points asked.
func TestEnsembleBand(t *testing.T) {
	// 21 particles predicting a, 10a, 20a at three points for a = 0..20
	pred := make(hyperelastic.Predictions, 21)
	for a := range pred {
		pred[a] = make([]hyperelastic.Stress, 3)
		for i := range 3 {
			pred[a][i][1] = float64(a) * []float64{1, 10, 20}[i]
		}
	}
	st := EnsembleBand(pred, []int{2, 0, 1}, 1, 0.05, 0.95)
	for k, scale := range []float64{20, 1, 10} {
		if st.Min[k] != 0 || st.Max[k] != 20*scale || math.Abs(st.Mean[k]-10*scale) > 1e-12 {
			t.Errorf("point %d: lo %v, hi %v, mean %v; want 0, %v, %v", k, st.Min[k], st.Max[k], st.Mean[k], 20*scale, 10*scale)
		}
		if math.Abs(st.Quantiles[0][k]-1*scale) > 1e-12 || math.Abs(st.Quantiles[1][k]-19*scale) > 1e-12 {
			t.Errorf("point %d: quantiles %v, %v; want %v, %v", k, st.Quantiles[0][k], st.Quantiles[1][k], scale, 19*scale)
		}
	}
	if st := EnsembleBand(pred[:3], []int{0}, 1); st.Quantiles != nil || st.Mean[0] != 1 {
		t.Errorf("without quantiles: %+v", st)
	}
}

// TestCentralQuantiles: the central band at level L lies between the
// quantiles (1-L)/2 and (1+L)/2, which are L apart and symmetric about
// the median; on the values 0..20 EnsembleBand gives the 90% band [1, 19].
func TestCentralQuantiles(t *testing.T) {
	for _, c := range []struct{ level, lo, hi float64 }{{0.5, 0.25, 0.75}, {0.9, 0.05, 0.95}, {0.2, 0.4, 0.6}} {
		lo, hi := CentralQuantiles(c.level)
		if math.Abs(lo-c.lo) > 1e-15 || math.Abs(hi-c.hi) > 1e-15 || math.Abs(hi-lo-c.level) > 1e-15 {
			t.Errorf("level %v: quantiles %v, %v; want %v, %v", c.level, lo, hi, c.lo, c.hi)
		}
	}
	pred := make(hyperelastic.Predictions, 21)
	for a := range pred {
		pred[a] = []hyperelastic.Stress{{float64(20 - a)}}
	}
	lo, hi := CentralQuantiles(0.9)
	b := EnsembleBand(pred, []int{0}, 0, lo, hi)
	if math.Abs(b.Quantiles[0][0]-1) > 1e-12 || math.Abs(b.Quantiles[1][0]-19) > 1e-12 {
		t.Errorf("90%% band of 0..20: [%v, %v], want [1, 19]", b.Quantiles[0][0], b.Quantiles[1][0])
	}
}
