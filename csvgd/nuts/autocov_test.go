package nuts

import (
	"math"
	"testing"
)

// TestAutocovarianceMatchesDirectSums: the FFT autocovariance equals
// 1/N sum_i (x_i - xbar)(x_(i+t) - xbar) to 1e-12 at every lag.
func TestAutocovarianceMatchesDirectSums(t *testing.T) {
	rng := newRNG(1)
	for _, n := range []int{1, 2, 7, 97, 500} {
		x := make([]float64, n)
		for i := range x {
			x[i] = 3 + rng.NormFloat64() + 0.5*math.Sin(float64(i))
		}
		got := Autocovariance(x)
		var mean float64
		for _, v := range x {
			mean += v / float64(n)
		}
		for lag := range n {
			var want float64
			for i := 0; i+lag < n; i++ {
				want += (x[i] - mean) * (x[i+lag] - mean)
			}
			want /= float64(n)
			if math.Abs(got[lag]-want) > 1e-12 {
				t.Fatalf("n %d lag %d: %.15g, direct sum %.15g", n, lag, got[lag], want)
			}
		}
	}
}

func TestSmoothSize(t *testing.T) {
	for _, c := range [][2]int{{1, 1}, {7, 8}, {11, 12}, {14, 15}, {49, 50}, {2001, 2025}} {
		if got := smoothSize(c[0]); got != c[1] {
			t.Errorf("smoothSize(%d) = %d, want %d", c[0], got, c[1])
		}
	}
}
