package metrics

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSpearmanMidRanks: distinct values rank 1..n in order; tied values share the
// mean of the ranks they span (two at ranks 2 and 3 both 2.5; three at 1,
// 2, 3 all 2); a NaN leaves every rank NaN.
func TestSpearmanMidRanks(t *testing.T) {
	for _, tc := range []struct {
		name string
		v    []float64
		want []float64
	}{
		{"distinct", []float64{30, 10, 20}, []float64{3, 1, 2}},
		{"a pair tied", []float64{10, 20, 20, 30}, []float64{1, 2.5, 2.5, 4}},
		{"three tied first", []float64{5, 5, 9, 5}, []float64{2, 2, 4, 2}},
		{"all tied", []float64{1, 1}, []float64{1.5, 1.5}},
		{"three tied last, interleaved (nuts.RankNormalize's ranks)", []float64{3, 1, 3, 2, 3}, []float64{4, 1, 4, 2, 4}},
		{"none", nil, []float64{}},
	} {
		if got := MidRanks(tc.v); !slices.Equal(got, tc.want) {
			t.Errorf("%s: MidRanks(%v) = %v, want %v", tc.name, tc.v, got, tc.want)
		}
	}
	if got := MidRanks([]float64{1, math.NaN(), 2}); !slices.ContainsFunc(got, math.IsNaN) || slices.ContainsFunc(got, func(r float64) bool { return !math.IsNaN(r) }) {
		t.Errorf("MidRanks with a NaN = %v, want all NaN", got)
	}
}

// TestSpearmanExact against values worked by hand:
//   - a perfect monotone pairing of 5: ρ = 1, and of the 120 permutations
//     only the identity and the reversal reach |ρ| = 1: p = 2/120 (the
//     five with ρ = 0.9, one adjacent swap, must not count);
//   - a decreasing pairing of 4: ρ = −1, p = 2/24;
//   - y = 2, 1, 4, 3, 5 against 1..5: Σd² = 4, ρ = 1 − 6·4/120 = 0.8;
//     |ρ| ≥ 0.8 ⇔ Σd² ≤ 4 or ≥ 36: the identity, the 4 adjacent swaps and
//     the 3 pairs of disjoint adjacent swaps, and their 8 reversals:
//     p = 16/120;
//   - ties: y = 1, 1, 2, 3 (mid-ranks 1.5, 1.5, 3, 4) against 1..4:
//     Σ dr·ds = 4.5, Σ dr² = 5, Σ ds² = 4.5, ρ = 4.5/√22.5 = √0.9; placing
//     3 and 4 at ranks i, j of x gives Σ dr·ds = 1.5 dr_i + 2.5 dr_j, which
//     reaches |4.5| in 2 of the 12 placements: p = 1/6;
//   - 3 pairs at ρ = 0.5 (one adjacent swap): every permutation has
//     |ρ| ≥ 0.5, p = 1; 2 pairs: p = 1.
func TestSpearmanExact(t *testing.T) {
	for _, tc := range []struct {
		name   string
		x, y   []float64
		rho, p float64
	}{
		{"monotone 5", []float64{1, 2, 3, 4, 5}, []float64{0.1, 0.4, 0.5, 2, 7}, 1, 2.0 / 120},
		{"decreasing 4", []float64{10, 20, 30, 40}, []float64{4, 3, 2, 1}, -1, 2.0 / 24},
		{"one swap of 5, unsorted x", []float64{3, 1, 5, 2, 4}, []float64{4, 2, 5, 1, 3}, 0.8, 16.0 / 120},
		{"ties in y", []float64{1, 2, 3, 4}, []float64{1, 1, 2, 3}, math.Sqrt(0.9), 1.0 / 6},
		{"three pairs", []float64{1, 2, 3}, []float64{1, 3, 2}, 0.5, 1},
		{"two pairs", []float64{1, 2}, []float64{5, 6}, 1, 1},
	} {
		rho, err := Spearman(tc.x, tc.y)
		if err != nil || math.Abs(rho-tc.rho) > 1e-12 {
			t.Errorf("%s: Spearman = %v, %v; want %v", tc.name, rho, err, tc.rho)
		}
		rho, p, err := SpearmanExact(tc.x, tc.y)
		if err != nil || math.Abs(rho-tc.rho) > 1e-12 || math.Abs(p-tc.p) > 1e-12 {
			t.Errorf("%s: SpearmanExact = ρ %v, p %v, %v; want ρ %v, p %v", tc.name, rho, p, err, tc.rho, tc.p)
		}
	}
	rho, p, err := SpearmanExact([]float64{1, 2, 3}, []float64{4, 4, 4})
	if err != nil || !math.IsNaN(rho) || !math.IsNaN(p) {
		t.Errorf("a constant variable: ρ %v, p %v, %v; want NaN, NaN, no error", rho, p, err)
	}
	long := make([]float64, ExactPermutationMax+1)
	for _, bad := range [][2][]float64{{{1, 2}, {1, 2, 3}}, {{1}, {1}}, {long, long}} {
		if _, _, err := SpearmanExact(bad[0], bad[1]); err == nil {
			t.Errorf("SpearmanExact of %d and %d values: want an error", len(bad[0]), len(bad[1]))
		}
	}
}

// TestSpearmanExactBruteForce: on seeded random pairs of 6 with ties, the
// p-value equals the share of the 720 reorderings of y (each enumerated
// by its own loop, ranks recomputed by Spearman) whose |ρ| reaches the
// observed |ρ|.
func TestSpearmanExactBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 7))
	for trial := range 5 {
		x, y := make([]float64, 6), make([]float64, 6)
		for i := range x {
			x[i], y[i] = float64(rng.IntN(4)), rng.NormFloat64()+0.5*float64(i)
		}
		rho, p, err := SpearmanExact(x, y)
		if err != nil {
			t.Fatal(err)
		}
		hits, total := 0, 0
		var walk func(perm []int, used []bool)
		walk = func(perm []int, used []bool) {
			if len(perm) == len(y) {
				yp := make([]float64, len(y))
				for i, k := range perm {
					yp[i] = y[k]
				}
				r, _ := Spearman(x, yp)
				total++
				if math.Abs(r) >= math.Abs(rho)-1e-12 {
					hits++
				}
				return
			}
			for k := range y {
				if !used[k] {
					used[k] = true
					walk(append(perm, k), used)
					used[k] = false
				}
			}
		}
		walk(nil, make([]bool, len(y)))
		if want := float64(hits) / float64(total); total != 720 || math.Abs(p-want) > 1e-12 {
			t.Errorf("trial %d (x %v): p = %v, brute force %d/%d = %v", trial, x, p, hits, total, want)
		}
	}
}
