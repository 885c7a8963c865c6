package metrics

import (
	"math"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
)

// TestMeanRelativeError against values worked by hand: two particles that
// straddle the truth have an exact mean; a mean 10% too large in every
// component is 10% off; a subset of points counts only those.
func TestMeanRelativeError(t *testing.T) {
	truth := []hyperelastic.Stress{{1, 2, 0, 0, 0, 2}, {3, 0, 0, 0, 4, 0}}
	scale := func(f float64) []hyperelastic.Stress {
		out := make([]hyperelastic.Stress, len(truth))
		for m := range truth {
			for c := range hyperelastic.NumComponents {
				out[m][c] = f * truth[m][c]
			}
		}
		return out
	}
	for _, tc := range []struct {
		name   string
		pred   hyperelastic.Predictions
		points []int
		want   float64
	}{
		{"straddling particles", hyperelastic.Predictions{scale(0.5), scale(1.5)}, nil, 0},
		{"10% too large", hyperelastic.Predictions{scale(1.1), scale(1.1)}, nil, 0.1},
		{"second point only", hyperelastic.Predictions{scale(1.2), {truth[0], scale(1.2)[1]}}, []int{1}, 0.2},
		{"first point off by its stress", hyperelastic.Predictions{{{}, truth[1]}}, nil, 3 / math.Sqrt(9+25)},
	} {
		got, err := MeanRelativeError(tc.pred, truth, tc.points)
		if err != nil || math.Abs(got-tc.want) > 1e-15 {
			t.Errorf("%s: %v, %v; want %v", tc.name, got, err, tc.want)
		}
	}
	for name, args := range map[string]struct {
		pred   hyperelastic.Predictions
		points []int
	}{
		"no particles":    {nil, nil},
		"too few points":  {hyperelastic.Predictions{truth[:1]}, nil},
		"index too large": {hyperelastic.Predictions{truth}, []int{2}},
	} {
		if _, err := MeanRelativeError(args.pred, truth, args.points); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	if _, err := MeanRelativeError(hyperelastic.Predictions{truth}, []hyperelastic.Stress{{}, {}}, nil); err == nil {
		t.Error("zero truth: no error")
	}
}

// TestMeanSE: the mean and s / sqrt(n) of a known sample; NaN for the
// standard error of one value.
func TestMeanSE(t *testing.T) {
	m, se := MeanSE([]float64{1, 2, 3, 4})
	if m != 2.5 || math.Abs(se-math.Sqrt(5.0/3)/2) > 1e-15 {
		t.Errorf("MeanSE = %v, %v", m, se)
	}
	if m, se := MeanSE([]float64{7}); m != 7 || !math.IsNaN(se) {
		t.Errorf("one value: %v, %v", m, se)
	}
}
