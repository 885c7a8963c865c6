package metrics

import (
	"math"
	"testing"
)

// TestMeanRelativeError against values worked by hand: two particles that
// straddle the truth have an exact mean; a mean 10% too large in every
// component is 10% off; a subset of points counts only those.
func TestMeanRelativeError(t *testing.T) {
	truth := [][Components]float64{{1, 2, 0, 0, 0, 2}, {3, 0, 0, 0, 4, 0}}
	scale := func(f float64) [][Components]float64 {
		out := make([][Components]float64, len(truth))
		for m := range truth {
			for c := range Components {
				out[m][c] = f * truth[m][c]
			}
		}
		return out
	}
	for _, tc := range []struct {
		name   string
		pred   [][][Components]float64
		points []int
		want   float64
	}{
		{"straddling particles", [][][Components]float64{scale(0.5), scale(1.5)}, nil, 0},
		{"10% too large", [][][Components]float64{scale(1.1), scale(1.1)}, nil, 0.1},
		{"second point only", [][][Components]float64{scale(1.2), {truth[0], scale(1.2)[1]}}, []int{1}, 0.2},
		{"first point off by its stress", [][][Components]float64{{{}, truth[1]}}, nil, 3 / math.Sqrt(9+25)},
	} {
		got, err := MeanRelativeError(tc.pred, truth, tc.points)
		if err != nil || math.Abs(got-tc.want) > 1e-15 {
			t.Errorf("%s: %v, %v; want %v", tc.name, got, err, tc.want)
		}
	}
	for name, args := range map[string]struct {
		pred   [][][Components]float64
		points []int
	}{
		"no particles":    {nil, nil},
		"too few points":  {[][][Components]float64{truth[:1]}, nil},
		"index too large": {[][][Components]float64{truth}, []int{2}},
	} {
		if _, err := MeanRelativeError(args.pred, truth, args.points); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	if _, err := MeanRelativeError([][][Components]float64{truth}, [][Components]float64{{}, {}}, nil); err == nil {
		t.Error("zero truth: no error")
	}
}
