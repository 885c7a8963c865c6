package stein

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

func sortedMedian(v []float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	m := len(s) / 2
	if len(s)%2 == 1 {
		return s[m]
	}
	return (s[m-1] + s[m]) / 2
}

func TestKthMatchesSort(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for n := 1; n < 60; n++ {
		v := make([]float64, n)
		for i := range v {
			v[i] = float64(rng.IntN(7)) // many ties
		}
		s := slices.Clone(v)
		slices.Sort(s)
		for k := 0; k < n; k++ {
			if got := kth(slices.Clone(v), k); got != s[k] {
				t.Fatalf("n=%d k=%d: kth = %v, want %v", n, k, got, s[k])
			}
		}
	}
}

// TestBandwidthRulesAgainstDirectFormulas recomputes both median rules
// from the sorted distances between distinct particles.
func TestBandwidthRulesAgainstDirectFormulas(t *testing.T) {
	for _, n := range []int{2, 5, 8, 33} {
		x := randomEnsemble(uint64(n), n, 3, 2).Rows()
		for _, beta := range []float64{1, 2} {
			k := Kernel{Beta: beta}
			var pairs, dist []float64
			for i := range x {
				for j := i + 1; j < len(x); j++ {
					pairs = append(pairs, k.Distance(x[i], x[j]))
					dist = append(dist, euclid(x[i], x[j]))
				}
			}
			lw := sortedMedian(pairs) / (beta * math.Log(float64(n)+1))
			if got := (Bandwidth{Rule: MedianLiuWang}).Of(x, k); math.Abs(got-lw) > 1e-12*lw {
				t.Errorf("n=%d beta=%v: Liu-Wang gamma %v, want %v", n, beta, got, lw)
			}
			paper := math.Sqrt(0.5 * sortedMedian(dist) / math.Log(float64(n)+1))
			if got := (Bandwidth{Rule: MedianPaper}).Of(x, k); math.Abs(got-paper) > 1e-12*paper {
				t.Errorf("n=%d: paper gamma %v, want %v", n, got, paper)
			}
		}
	}
}

func TestParseBandwidth(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Bandwidth
		ok   bool
	}{
		{"median", Bandwidth{Rule: MedianLiuWang}, true},
		{"paper", Bandwidth{Rule: MedianPaper}, true},
		{"0.5", Bandwidth{Gamma: 0.5}, true},
		{"0", Bandwidth{}, false},
		{"-1", Bandwidth{}, false},
		{"NaN", Bandwidth{}, false},
		{"wide", Bandwidth{}, false},
	} {
		got, err := ParseBandwidth(c.in)
		if (err == nil) != c.ok || (c.ok && got != c.want) {
			t.Errorf("ParseBandwidth(%q) = %+v, %v", c.in, got, err)
		}
		if c.ok && got.String() != c.in {
			t.Errorf("String() = %q, want %q", got.String(), c.in)
		}
	}
}

// euclid is the Euclidean distance, written out.
func euclid(a, b []float64) float64 {
	var s float64
	for i := range a {
		d := a[i] - b[i]
		s += d * d
	}
	return math.Sqrt(s)
}
