package stein

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
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

// TestMedianRanks: for 1 to 200 particles, the ranks of each rule are
// those of the middle entries of the sorted values it takes the median of,
// built entry by entry: the n(n-1)/2 pairs in rank order, or the N^2
// entries of the matrix (the N diagonal zeros, then every pair twice);
// the median averages one middle value or two, and from n = 3 on the
// matrix's middle entries are all pairs, at one rank or two that follow
// each other, the first and the last below the pairs' own.
func TestMedianRanks(t *testing.T) {
	const zero = -1 // a diagonal entry
	for n := 1; n <= 200; n++ {
		m := n * (n - 1) / 2
		pairs, matrix := make([]int, 0, m), make([]int, 0, n*n)
		for range n {
			matrix = append(matrix, zero)
		}
		for r := range m {
			pairs, matrix = append(pairs, r), append(matrix, r, r)
		}
		for _, c := range []struct {
			rule    BandwidthRule
			entries []int
		}{{MedianLiuWang, pairs}, {MedianPaper, pairs}, {MedianMatrix, matrix}} {
			var want []int
			switch l := len(c.entries); {
			case l == 0:
			case l%2 == 1:
				want = c.entries[l/2 : l/2+1]
			default:
				want = c.entries[l/2-1 : l/2+1]
			}
			ranks, count := Bandwidth{Rule: c.rule}.medianRanks(n)
			if count != len(want) || !slices.Equal(ranks, slices.DeleteFunc(slices.Clone(want), func(r int) bool { return r == zero })) {
				t.Fatalf("%v, n=%d: ranks %v of %d middle values, want the middle entries %v", Bandwidth{Rule: c.rule}, n, ranks, count, want)
			}
			if n >= 3 && (len(ranks) != count || (count == 2 && ranks[1] != ranks[0]+1)) {
				t.Fatalf("%v, n=%d: ranks %v of %d middle values, want one rank or two that follow each other", Bandwidth{Rule: c.rule}, n, ranks, count)
			}
		}
		if n >= 3 {
			mr, _ := Bandwidth{Rule: MedianMatrix}.medianRanks(n)
			pr, _ := Bandwidth{Rule: MedianLiuWang}.medianRanks(n)
			if !(mr[0] < pr[0] && mr[len(mr)-1] < pr[len(pr)-1]) {
				t.Fatalf("n=%d: the matrix's ranks %v are not below the pairs' %v", n, mr, pr)
			}
		}
	}
}

// TestMedianRulesAgainstNumPy: Liu & Wang's gamma = med / (beta log(N+1))
// with the median as their code takes it, NumPy's median of the N x N
// matrix of |a-b|^beta (diagonal zeros included; the mean of the two
// middle entries when N^2 is even), and over the distinct pairs, for 1 to
// 12 seeded random particles, beta 1 and 2, with and without two equal
// particles (a zero pair tied with the diagonal; at N = 3 the matrix's
// median is then 0): to 1e-12 relative, a zero median giving the floor
// 1e-12 as every rule's. From N = 3 on, with distinct particles, the
// matrix's median lies below the pairs'; at N = 2 it is half the one
// pair's value, at N = 1 zero.
func TestMedianRulesAgainstNumPy(t *testing.T) {
	for n := 1; n <= 12; n++ {
		for _, beta := range []float64{1, 2} {
			for _, tie := range []bool{false, true} {
				if tie && n < 3 {
					continue
				}
				k := Kernel{Beta: beta}
				x := randomEnsemble(uint64(100+n), n, 3, 1.5).Rows()
				if tie {
					copy(x[2], x[0])
				}
				var matrix, pairs []float64
				for i := range x {
					for j := range x {
						matrix = append(matrix, k.Distance(x[i], x[j]))
						if i < j {
							pairs = append(pairs, k.Distance(x[i], x[j]))
						}
					}
				}
				for _, c := range []struct {
					rule   BandwidthRule
					values []float64
				}{{MedianMatrix, matrix}, {MedianLiuWang, pairs}} {
					want := 1e-12 // the floor: one particle, or a zero median
					if n > 1 {
						want = math.Max(want, sortedMedian(c.values)/(beta*math.Log(float64(n)+1)))
					}
					if got := (Bandwidth{Rule: c.rule}).Of(x, k); math.Abs(got-want) > 1e-12*want {
						t.Errorf("%v, n=%d beta=%v tie=%v: gamma %v, want %v", Bandwidth{Rule: c.rule}, n, beta, tie, got, want)
					}
				}
				mat, pair := Bandwidth{Rule: MedianMatrix}.Of(x, k), Bandwidth{Rule: MedianLiuWang}.Of(x, k)
				switch {
				case n == 2 && math.Abs(mat-pair/2) > 1e-12*pair:
					t.Errorf("n=2 beta=%v: the matrix's gamma %v, want half the pair's, %v", beta, mat, pair/2)
				case n >= 3 && !tie && !(mat < pair):
					t.Errorf("n=%d beta=%v: the matrix's gamma %v, not below the pairs' %v", n, beta, mat, pair)
				}
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
		{"median-matrix", Bandwidth{Rule: MedianMatrix}, true},
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

// TestConfigBandwidthRules: a configuration validates with each of the
// package's rules and is refused, naming the rule, with any other.
func TestConfigBandwidthRules(t *testing.T) {
	for _, bw := range []Bandwidth{{Rule: Fixed, Gamma: 1}, {Rule: MedianLiuWang}, {Rule: MedianMatrix}, {Rule: MedianPaper}} {
		if err := adamConfig(Kernel{Beta: 2}, bw).Validate(); err != nil {
			t.Errorf("%v: %v", bw, err)
		}
	}
	for _, r := range []BandwidthRule{-1, MedianMatrix + 1} {
		err := adamConfig(Kernel{Beta: 2}, Bandwidth{Rule: r}).Validate()
		if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("bandwidth rule %d", int(r))) {
			t.Errorf("rule %d: error %v, want one naming the rule", int(r), err)
		}
	}
}
