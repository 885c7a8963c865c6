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
