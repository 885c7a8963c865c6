package metrics

import (
	"fmt"
	"math"
	"slices"
)

// MidRanks are the ranks of v from 1 (the smallest) to len(v), tied
// values sharing the mean of the ranks they span (mid-ranks: 10, 20, 20,
// 30 rank 1, 2.5, 2.5, 4). A NaN in v has no rank: the ranks are NaN.
func MidRanks(v []float64) []float64 {
	out := make([]float64, len(v))
	if slices.ContainsFunc(v, math.IsNaN) {
		for i := range out {
			out[i] = math.NaN()
		}
		return out
	}
	order := make([]int, len(v))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		switch {
		case v[a] < v[b]:
			return -1
		case v[a] > v[b]:
			return 1
		}
		return 0
	})
	for i := 0; i < len(order); {
		j := i
		for j+1 < len(order) && v[order[j+1]] == v[order[i]] {
			j++
		}
		r := float64(i+j)/2 + 1 // the mean of the 1-based ranks i+1 .. j+1
		for k := i; k <= j; k++ {
			out[order[k]] = r
		}
		i = j + 1
	}
	return out
}

// Spearman is Spearman's rank correlation of the pairs (x_i, y_i): the
// Pearson correlation of their mid-ranks ([MidRanks]),
//
//	ρ = Σ (r_i − r̄)(s_i − s̄) / sqrt(Σ (r_i − r̄)² Σ (s_i − s̄)²),
//
// r = ranks of x, s = ranks of y, which without ties is
// 1 − 6 Σ (r_i − s_i)² / (n (n² − 1)). It is NaN when either variable is
// constant (all its ranks tie) or holds a NaN. It fails when x and y
// differ in length or hold fewer than 2 pairs.
func Spearman(x, y []float64) (float64, error) {
	if len(x) != len(y) || len(x) < 2 {
		return math.NaN(), fmt.Errorf("metrics: rank correlation of %d and %d values: want two equal lengths of at least 2", len(x), len(y))
	}
	r, s := centred(MidRanks(x)), centred(MidRanks(y))
	return rankCorrelation(r, s), nil
}

// centred is v minus its mean.
func centred(v []float64) []float64 {
	var m float64
	for _, x := range v {
		m += x / float64(len(v))
	}
	out := make([]float64, len(v))
	for i, x := range v {
		out[i] = x - m
	}
	return out
}

// rankCorrelation is the Pearson correlation of the centred r and s; NaN
// when either has no spread.
func rankCorrelation(r, s []float64) float64 {
	var rs, rr, ss float64
	for i := range r {
		rs += r[i] * s[i]
		rr += r[i] * r[i]
		ss += s[i] * s[i]
	}
	if !(rr > 0 && ss > 0) {
		return math.NaN()
	}
	return rs / math.Sqrt(rr*ss)
}

// ExactPermutationMax is the most pairs [SpearmanExact] takes: 10! =
// 3628800 permutations, each a sum of 10 products.
const ExactPermutationMax = 10

// permutationTolerance is the relative slack with which a permutation's
// |ρ| counts as reaching the observed one: equal correlations computed in
// another order of sums differ in the last bits.
const permutationTolerance = 1e-9

// SpearmanExact is Spearman's ρ of the pairs (x_i, y_i) ([Spearman]) and
// its exact two-sided permutation p-value: under the null hypothesis that
// y is unrelated to x every assignment of y's ranks to x's is equally
// likely, so
//
//	p = #{π : |ρ(x, y∘π)| ≥ |ρ(x, y)|} / n!,
//
// counted over all n! permutations π of the pairs (with ties, the mid-
// ranks are permuted, and arrangements that coincide are counted with
// their multiplicity). The smallest p of n pairs is 2/n! (the identity and
// the reversal, when neither variable ties): 1 for n = 2, 1/3 for n = 3,
// 1/12 for n = 4, 1/60 for n = 5. ρ and p are NaN when ρ is; it fails as
// [Spearman] does, and on more than [ExactPermutationMax] pairs.
func SpearmanExact(x, y []float64) (rho, p float64, err error) {
	if len(x) > ExactPermutationMax {
		return math.NaN(), math.NaN(), fmt.Errorf("metrics: exact permutation test of %d pairs: at most %d", len(x), ExactPermutationMax)
	}
	rho, err = Spearman(x, y)
	if err != nil || math.IsNaN(rho) {
		return rho, math.NaN(), err
	}
	r, s := centred(MidRanks(x)), centred(MidRanks(y))
	var rr, ss float64
	for i := range r {
		rr += r[i] * r[i]
		ss += s[i] * s[i]
	}
	// |ρ_π| ≥ |ρ| ⇔ |Σ r_i s_π(i)| ≥ |ρ| sqrt(rr ss): the denominator is
	// the same for every permutation.
	bound := math.Abs(rho) * math.Sqrt(rr*ss) * (1 - permutationTolerance)
	hits, total := 0, 0
	permute(s, func(t []float64) {
		var num float64
		for i := range r {
			num += r[i] * t[i]
		}
		total++
		if math.Abs(num) >= bound {
			hits++
		}
	})
	return rho, float64(hits) / float64(total), nil
}

// permute calls f with every permutation of v (Heap's algorithm, in
// place on a copy: n! calls).
func permute(v []float64, f func([]float64)) {
	a := slices.Clone(v)
	c := make([]int, len(a))
	f(a)
	for i := 0; i < len(a); {
		if c[i] < i {
			if i%2 == 0 {
				a[0], a[i] = a[i], a[0]
			} else {
				a[c[i]], a[i] = a[i], a[c[i]]
			}
			f(a)
			c[i]++
			i = 0
		} else {
			c[i] = 0
			i++
		}
	}
}
