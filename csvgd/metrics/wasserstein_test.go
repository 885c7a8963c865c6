package metrics

import (
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"
)

// bruteW1 integrates |F_a - F_b| between consecutive jump points of either
// sample, evaluating both empirical CDFs by counting (O(n^2), independent of
// the merge in Wasserstein1).
func bruteW1(a, b []float64) float64 {
	cdf := func(s []float64, x float64) float64 {
		var k int
		for _, v := range s {
			if v <= x {
				k++
			}
		}
		return float64(k) / float64(len(s))
	}
	jumps := append(slices.Clone(a), b...)
	sort.Float64s(jumps)
	var w float64
	for k := 0; k+1 < len(jumps); k++ {
		w += math.Abs(cdf(a, jumps[k])-cdf(b, jumps[k])) * (jumps[k+1] - jumps[k])
	}
	return w
}

// quantileW1 is the quantile form W1 = int_0^1 |F_a^-1(u) - F_b^-1(u)| du,
// exact for equal sizes: the mean |a_(i) - b_(i)| of the sorted samples.
func quantileW1(a, b []float64) float64 {
	sa, sb := slices.Clone(a), slices.Clone(b)
	sort.Float64s(sa)
	sort.Float64s(sb)
	var w float64
	for i := range sa {
		w += math.Abs(sa[i] - sb[i])
	}
	return w / float64(len(sa))
}

func sample(rng *rand.Rand, n int, loc, scale float64) []float64 {
	x := make([]float64, n)
	for i := range x {
		x[i] = loc + scale*rng.NormFloat64()
	}
	return x
}

func TestWasserstein1AgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	sizes := [][2]int{{1, 1}, {1, 7}, {2, 3}, {10, 10}, {10, 1000}, {37, 53}, {100, 99}, {250, 400}}
	for _, sz := range sizes {
		for trial := range 5 {
			a := sample(rng, sz[0], 0, 1)
			b := sample(rng, sz[1], rng.NormFloat64(), 0.2+2*rng.Float64())
			if trial == 4 { // ties within and across the samples
				for i := range a {
					a[i] = math.Round(a[i] * 2)
				}
				for i := range b {
					b[i] = math.Round(b[i] * 2)
				}
			}
			a0, b0 := slices.Clone(a), slices.Clone(b)
			got, want := Wasserstein1(a, b), bruteW1(a, b)
			if math.Abs(got-want) > 1e-12*(1+want) {
				t.Errorf("sizes %v, trial %d: W1 = %.17g, brute force %.17g", sz, trial, got, want)
			}
			if !slices.Equal(a, a0) || !slices.Equal(b, b0) {
				t.Errorf("sizes %v, trial %d: the inputs were modified", sz, trial)
			}
			if sz[0] == sz[1] {
				if q := quantileW1(a, b); math.Abs(got-q) > 1e-12*(1+q) {
					t.Errorf("sizes %v, trial %d: W1 = %.17g, quantile form %.17g", sz, trial, got, q)
				}
			}
		}
	}
}

func TestWasserstein1Properties(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for _, n := range []int{1, 2, 5, 100, 1000} {
		a := sample(rng, n, 1, 3)
		b := sample(rng, n+3, -2, 0.5)
		// Shift: W1(a, a + c) = |c|.
		for _, c := range []float64{0, 1e-6, 0.5, -2.25, 100} {
			ac := make([]float64, n)
			for i := range a {
				ac[i] = a[i] + c
			}
			if got := Wasserstein1(a, ac); math.Abs(got-math.Abs(c)) > 1e-12*(1+math.Abs(c)) {
				t.Errorf("n=%d: W1(a, a%+g) = %.17g, want %g", n, c, got, math.Abs(c))
			}
		}
		// Zero for equal samples, also in a different order.
		perm := slices.Clone(a)
		rng.Shuffle(len(perm), func(i, j int) { perm[i], perm[j] = perm[j], perm[i] })
		if got := Wasserstein1(a, perm); got != 0 {
			t.Errorf("n=%d: W1(a, shuffled a) = %v, want 0", n, got)
		}
		// Symmetry.
		if ab, ba := Wasserstein1(a, b), Wasserstein1(b, a); math.Abs(ab-ba) > 1e-14*ab {
			t.Errorf("n=%d: W1(a, b) = %.17g, W1(b, a) = %.17g", n, ab, ba)
		}
		// A duplicated sample is the same distribution.
		if got := Wasserstein1(a, append(slices.Clone(a), a...)); math.Abs(got) > 1e-12 {
			t.Errorf("n=%d: W1(a, a twice) = %v, want 0", n, got)
		}
	}
}

func TestWasserstein1Hand(t *testing.T) {
	tests := []struct {
		name string
		a, b []float64
		want float64
	}{
		{"points", []float64{0}, []float64{3}, 3},
		{"one vs two", []float64{0}, []float64{-1, 1}, 1},
		{"two vs three", []float64{0, 1}, []float64{0, 0, 3}, 1.0/6 + 2.0/3}, // |F_a-F_b|: |1/2-2/3| on [0,1), |1-2/3| on [1,3)
		{"empty a", nil, []float64{1}, math.NaN()},
		{"NaN", []float64{math.NaN()}, []float64{1}, math.NaN()},
		{"Inf", []float64{1}, []float64{math.Inf(1)}, math.NaN()},
	}
	for _, tt := range tests {
		got := Wasserstein1(tt.a, tt.b)
		if math.IsNaN(tt.want) {
			if !math.IsNaN(got) {
				t.Errorf("%s: W1 = %v, want NaN", tt.name, got)
			}
			continue
		}
		if math.Abs(got-tt.want) > 1e-15 {
			t.Errorf("%s: W1 = %.17g, want %.17g", tt.name, got, tt.want)
		}
	}
}
