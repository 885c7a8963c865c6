package nuts

import (
	"math"
	"slices"

	"github.com/csvgd/csvgd-go/csvgd/metrics"
	"gonum.org/v1/gonum/stat/distuv"
)

// SplitChains cuts every chain into its first and second halves, dropping
// the middle draw of a chain of odd length, so that R-hat and the ESS also
// see trends within a chain.
func SplitChains(chains [][]float64) [][]float64 {
	out := make([][]float64, 0, 2*len(chains))
	for _, c := range chains {
		h := len(c) / 2
		out = append(out, c[:h], c[len(c)-h:])
	}
	return out
}

// RankNormalize replaces every draw by the normal score of its rank among
// all draws of all chains,
//
//	z = Phi^-1((r - 3/8) / (S + 1/4)),
//
// with r the rank (1..S, the average rank for ties) and S the number of
// draws (Vehtari et al. 2021).
func RankNormalize(chains [][]float64) [][]float64 {
	flat := slices.Concat(chains...)
	ranks := metrics.MidRanks(flat) // the draws are finite: the callers check
	s := float64(len(flat))
	out := make([][]float64, len(chains))
	i := 0
	for k, c := range chains {
		out[k] = make([]float64, len(c))
		for j := range c {
			out[k][j] = distuv.UnitNormal.Quantile((ranks[i] - 0.375) / (s + 0.25))
			i++
		}
	}
	return out
}

// fold returns |x - median| of the draws of all chains, the quantity
// whose R-hat detects chains of different scales (Vehtari et al. 2021).
func fold(chains [][]float64) [][]float64 {
	m := quantile(slices.Concat(chains...), 0.5)
	return mapDraws(chains, func(x float64) float64 { return math.Abs(x - m) })
}

// indicator returns 1 where x <= q and 0 elsewhere.
func indicator(chains [][]float64, q float64) [][]float64 {
	return mapDraws(chains, func(x float64) float64 {
		if x <= q {
			return 1
		}
		return 0
	})
}

func mapDraws(chains [][]float64, f func(float64) float64) [][]float64 {
	out := make([][]float64, len(chains))
	for k, c := range chains {
		out[k] = make([]float64, len(c))
		for j, x := range c {
			out[k][j] = f(x)
		}
	}
	return out
}

// quantile is the p-quantile of x by linear interpolation between order
// statistics (R's and NumPy's default, Hyndman & Fan's type 7).
func quantile(x []float64, p float64) float64 {
	s := slices.Clone(x)
	slices.Sort(s)
	h := p * float64(len(s)-1)
	lo := int(math.Floor(h))
	if lo+1 >= len(s) {
		return s[len(s)-1]
	}
	return s[lo] + (h-float64(lo))*(s[lo+1]-s[lo])
}

// finite reports whether every draw is finite.
func finite(chains [][]float64) bool {
	for _, c := range chains {
		for _, x := range c {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return false
			}
		}
	}
	return true
}
