package metrics

import (
	"math"
	"testing"
)

// TestWilson against Newcombe (1998, Table I, method 3: the score
// interval without continuity correction, four decimals) and values worked
// by hand from the closed form (z = 1.959964; 0.674490 at 50%): 8 of 10;
// 0 of n, whose lower end is 0 and upper z²/(n + z²); n of n, the mirror
// image; 5 of 10 at 50%.
func TestWilson(t *testing.T) {
	z2 := 1.959963984540054 * 1.959963984540054
	for _, tc := range []struct {
		name   string
		k, n   int
		conf   float64
		lo, hi float64
		tol    float64
	}{
		{"Newcombe 81/263", 81, 263, 0.95, 0.2553, 0.3662, 5e-5},
		{"Newcombe 15/148", 15, 148, 0.95, 0.0624, 0.1605, 5e-5},
		{"Newcombe 0/20", 0, 20, 0.95, 0, 0.1611, 5e-5},
		{"Newcombe 1/29", 1, 29, 0.95, 0.0061, 0.1718, 5e-5},
		{"8 of 10", 8, 10, 0.95, 0.490162, 0.943318, 5e-7},
		{"0 of 10", 0, 10, 0.95, 0, z2 / (10 + z2), 1e-12},
		{"10 of 10", 10, 10, 0.95, 10 / (10 + z2), 1, 1e-12},
		{"1 of 1", 1, 1, 0.95, 1 / (1 + z2), 1, 1e-12},
		{"5 of 10 at 50%", 5, 10, 0.5, 0.39569991542468774, 0.6043000845753123, 1e-12},
	} {
		lo, hi, err := Wilson(tc.k, tc.n, tc.conf)
		if err != nil || math.Abs(lo-tc.lo) > tc.tol || math.Abs(hi-tc.hi) > tc.tol {
			t.Errorf("%s: [%v, %v] (%v), want [%v, %v] within %g", tc.name, lo, hi, err, tc.lo, tc.hi, tc.tol)
		}
		if p := float64(tc.k) / float64(tc.n); !(lo >= 0 && lo <= p && p <= hi && hi <= 1) {
			t.Errorf("%s: [%v, %v] does not hold %v inside [0, 1]", tc.name, lo, hi, p)
		}
	}
	for _, bad := range []struct {
		k, n int
		conf float64
	}{{0, 0, 0.95}, {-1, 10, 0.95}, {11, 10, 0.95}, {5, 10, 0}, {5, 10, 1}, {5, 10, math.NaN()}} {
		if lo, hi, err := Wilson(bad.k, bad.n, bad.conf); err == nil || !math.IsNaN(lo) || !math.IsNaN(hi) {
			t.Errorf("Wilson(%d, %d, %v) = [%v, %v], %v: want NaN and an error", bad.k, bad.n, bad.conf, lo, hi, err)
		}
	}
}
