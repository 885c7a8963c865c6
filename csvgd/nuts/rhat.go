package nuts

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/stat"
)

// RHat is the potential scale reduction factor of Gelman & Rubin on the
// given chains (all of the same length N):
//
//	RHat = sqrt(((N-1)/N W + B/N) / W),
//
// with W the mean of the chains' variances and B/N the variance of their
// means. It is NaN when a draw is not finite or N < 2, and 1 when all draws
// are equal. It panics when the chains differ in length.
func RHat(chains [][]float64) float64 {
	if !usable(chains, 2) {
		return math.NaN()
	}
	if constant(chains) {
		return 1
	}
	n := float64(len(chains[0]))
	means := make([]float64, len(chains))
	var w float64
	for k, c := range chains {
		var v float64
		means[k], v = stat.MeanVariance(c, nil)
		w += v / float64(len(chains))
	}
	bOverN := 0.0
	if len(chains) > 1 {
		bOverN = stat.Variance(means, nil)
	}
	return math.Sqrt(((n-1)/n*w + bOverN) / w)
}

// SplitRHat is [RHat] on the split chains ([SplitChains]).
func SplitRHat(chains [][]float64) float64 { return RHat(SplitChains(chains)) }

// RankRHat is the R-hat of Vehtari et al. (2021): the larger of the split
// R-hat of the rank-normalised draws (bulk) and of the rank-normalised
// folded draws |x - median| (tail). Values above 1.01 signal chains that
// have not mixed.
func RankRHat(chains [][]float64) float64 {
	if !usable(chains, 4) {
		return math.NaN()
	}
	bulk := RHat(RankNormalize(SplitChains(chains)))
	tail := RHat(RankNormalize(SplitChains(fold(chains))))
	return math.Max(bulk, tail)
}

// constant reports whether every draw equals the first.
func constant(chains [][]float64) bool {
	x0 := chains[0][0]
	for _, c := range chains {
		for _, x := range c {
			if x != x0 {
				return false
			}
		}
	}
	return true
}

// usable panics when there is no chain or the chains differ in length,
// and reports whether every chain has at least min draws, all finite.
func usable(chains [][]float64, min int) bool {
	if len(chains) == 0 {
		panic("nuts: no chains")
	}
	for _, c := range chains {
		if len(c) != len(chains[0]) {
			panic(fmt.Sprintf("nuts: chains of %d and %d draws", len(chains[0]), len(c)))
		}
	}
	return len(chains[0]) >= min && finite(chains)
}
