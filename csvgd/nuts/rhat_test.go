package nuts

import (
	"math"
	"testing"
)

// TestRHatClosedForm: chains {1, 2, 3} and {2, 3, 4} have variances 1 and
// means 2 and 3, so W = 1, B/N = 1/2 and RHat = sqrt((2/3 + 1/2) / 1).
func TestRHatClosedForm(t *testing.T) {
	got := RHat([][]float64{{1, 2, 3}, {2, 3, 4}})
	if want := math.Sqrt(7.0 / 6); math.Abs(got-want) > 1e-14 {
		t.Fatalf("RHat = %.16g, want %.16g", got, want)
	}
}

func TestRHatEdgeCases(t *testing.T) {
	for _, c := range []struct {
		name   string
		chains [][]float64
		want   float64
	}{
		{"constant", [][]float64{{2, 2, 2, 2}, {2, 2, 2, 2}}, 1},
		{"NaN draw", [][]float64{{1, 2, math.NaN(), 4}, {1, 2, 3, 4}}, math.NaN()},
		{"too short", [][]float64{{1}, {2}}, math.NaN()},
	} {
		got := RHat(c.chains)
		if got != c.want && !(math.IsNaN(got) && math.IsNaN(c.want)) {
			t.Errorf("%s: RHat = %v, want %v", c.name, got, c.want)
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("chains of different lengths: no panic")
		}
	}()
	RHat([][]float64{{1, 2, 3}, {1, 2}})
}

// TestRHatDetectsPoorMixing, over 10 seeded replicates of 4 chains of 1000
// iid N(0, 1) draws:
//   - well mixed: RankRHat < 1.01;
//   - one chain shifted by 1/2: split R-hat within 0.01 of its large-sample
//     value sqrt(1 + (1/2)^2 (1/4)(3/4)(8/7)) = 1.026 (8 half-chains, 2
//     shifted), and RankRHat > 1.01;
//   - one chain three times as wide: the split and bulk R-hat see nothing
//     (< 1.01), the folded tail R-hat does (RankRHat > 1.05).
func TestRHatDetectsPoorMixing(t *testing.T) {
	rng := newRNG(5)
	shifted := math.Sqrt(1 + 0.25*0.25*0.75*8/7)
	for rep := range 10 {
		if r := RankRHat(ar1(rng, 4, 1000, 0)); r >= 1.01 {
			t.Errorf("replicate %d: well-mixed RankRHat %.4f", rep, r)
		}
		sh := ar1(rng, 4, 1000, 0)
		for i := range sh[3] {
			sh[3][i] += 0.5
		}
		if r, s := RankRHat(sh), SplitRHat(sh); r <= 1.01 || math.Abs(s-shifted) > 0.01 {
			t.Errorf("replicate %d: shifted chain: RankRHat %.4f, split R-hat %.4f (want %.4f)", rep, r, s, shifted)
		}
		wide := ar1(rng, 4, 1000, 0)
		for i := range wide[3] {
			wide[3][i] *= 3
		}
		bulk := RHat(RankNormalize(SplitChains(wide)))
		if r, s := RankRHat(wide), SplitRHat(wide); r <= 1.05 || s >= 1.01 || bulk >= 1.01 {
			t.Errorf("replicate %d: wide chain: RankRHat %.4f, split %.4f, bulk %.4f", rep, r, s, bulk)
		}
	}
}
