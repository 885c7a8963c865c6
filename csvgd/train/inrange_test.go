package train

import (
	"math"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
)

func TestInRangeW1(t *testing.T) {
	test := []hyperelastic.Sample{{D: -0.4}, {D: -0.2}, {D: 0.05}, {D: 0.2}, {D: 0.21}}
	pf := metrics.PushForward{PerPointSum: []float64{100, 1, 2, 4, 100}}
	if got := InRangeW1(pf, test); got != 7 {
		t.Errorf("InRangeW1 = %v, want 7 (the points with |delta| <= 0.2)", got)
	}
}

// TestPushForwardW1InRange: two particles 0.1 and 0.3 above a reference
// of one draw at 0 are 0.2 away from it in W1 at every component, 1.2 at
// every point; the two points inside the range sum to 2.4.
func TestPushForwardW1InRange(t *testing.T) {
	test := []hyperelastic.Sample{{D: -0.3}, {D: 0}, {D: 0.1}}
	ref := make([][]hyperelastic.Stress, len(test))
	for m := range ref {
		ref[m] = []hyperelastic.Stress{{}}
	}
	pred := make(hyperelastic.Predictions, 2)
	for a, o := range []float64{0.1, 0.3} {
		for range test {
			pred[a] = append(pred[a], hyperelastic.Stress{o, o, o, o, o, o})
		}
	}
	got, err := PushForwardW1InRange(pred, ref, test)
	if err != nil || math.Abs(got-2.4) > 1e-12 {
		t.Errorf("PushForwardW1InRange = %v, %v; want 2.4", got, err)
	}
}

// TestMeanErrorInRange: two particles 10% above and 30% above the truth
// have a mean 20% off inside the range; the points outside (100% off)
// do not count.
func TestMeanErrorInRange(t *testing.T) {
	test := []hyperelastic.Sample{{D: -0.3}, {D: 0}, {D: 0.1}}
	for i := range test {
		test[i].STrue = hyperelastic.Stress{1, 2, 3, 0.5, -1, 4}
	}
	pred := make(hyperelastic.Predictions, 2)
	for a, f := range []float64{1.1, 1.3} {
		pred[a] = make([]hyperelastic.Stress, len(test))
		for m, s := range test {
			for c, v := range s.STrue {
				pred[a][m][c] = f * v
				if m == 0 {
					pred[a][m][c] = 2 * v
				}
			}
		}
	}
	got, err := MeanErrorInRange(pred, test)
	if err != nil || math.Abs(got-0.2) > 1e-12 {
		t.Errorf("MeanErrorInRange = %v, %v; want 0.2", got, err)
	}
}
