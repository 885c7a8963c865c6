package numtest

import (
	"math"
	"testing"
)

func TestRelDiff(t *testing.T) {
	for _, c := range []struct {
		got, want []float64
		rel       float64
	}{
		{[]float64{1, 2}, []float64{1, 2}, 0},
		{[]float64{1, 2.5}, []float64{1, 2}, 0.25},
		{[]float64{0, 0}, []float64{0, 0}, 0},
		{[]float64{1e-9, 0}, []float64{0, 0}, math.Inf(1)},
		{[]float64{1}, []float64{1, 2}, math.Inf(1)},
	} {
		if got := RelDiff(c.got, c.want); got != c.rel {
			t.Errorf("RelDiff(%v, %v) = %v, want %v", c.got, c.want, got, c.rel)
		}
	}
}

func TestJSONDiff(t *testing.T) {
	c := JSONDiff{Rel: 1e-6, Abs: 1e-9}
	want := map[string]any{"a": []any{1.0, 2.0}, "b": "x", "c": 0.0}
	for _, tc := range []struct {
		got   any
		diffs int
	}{
		{map[string]any{"a": []any{1.0 + 1e-7, 2.0}, "b": "x", "c": 1e-10}, 0},
		{map[string]any{"a": []any{1.0 + 1e-5, 2.0}, "b": "x", "c": 0.0}, 1},
		{map[string]any{"a": []any{1.0}, "b": "y", "c": 0.0}, 2},
		{map[string]any{"a": []any{1.0, 2.0}, "b": "x", "c": 0.0, "d": true}, 1},
	} {
		if d := c.Compare(tc.got, want); len(d) != tc.diffs {
			t.Errorf("%v: differences %q, want %d", tc.got, d, tc.diffs)
		}
	}
}
