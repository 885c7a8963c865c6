package nuts

import (
	"math"
	"slices"
	"testing"
)

// TestRankNormalize: ranks 1..4 of 4 draws map to Phi^-1((r - 3/8)/4.25),
// over all chains at once.
func TestRankNormalize(t *testing.T) {
	got := RankNormalize([][]float64{{10, -1}, {5, 7}})
	want := [][]float64{{1.0491313979639711, -1.0491313979639711}, {-0.29930691046566704, 0.29930691046566704}}
	for k := range got {
		for j := range got[k] {
			if math.Abs(got[k][j]-want[k][j]) > 1e-12 {
				t.Fatalf("z %v, want %v", got, want)
			}
		}
	}
}

func TestSplitChainsDropsMiddleDraw(t *testing.T) {
	got := SplitChains([][]float64{{1, 2, 3, 4, 5}, {6, 7, 8, 9, 10}})
	want := [][]float64{{1, 2}, {4, 5}, {6, 7}, {9, 10}}
	if len(got) != len(want) {
		t.Fatalf("split %v, want %v", got, want)
	}
	for i := range got {
		if !slices.Equal(got[i], want[i]) {
			t.Fatalf("split %v, want %v", got, want)
		}
	}
}

// TestQuantileType7: linear interpolation between order statistics.
func TestQuantileType7(t *testing.T) {
	x := []float64{4, 1, 3, 2}
	for _, c := range [][2]float64{{0, 1}, {0.05, 1.15}, {0.5, 2.5}, {0.95, 3.85}, {1, 4}} {
		if got := quantile(x, c[0]); math.Abs(got-c[1]) > 1e-12 {
			t.Errorf("quantile(%v) = %v, want %v", c[0], got, c[1])
		}
	}
}
