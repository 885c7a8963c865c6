package nuts

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/stat"
)

// NestedRHat is the nested R-hat of Margossian, Hoffman, Sountsov,
// Riou-Durand, Vehtari & Gelman (2024) for one scalar quantity, over K >= 2
// superchains: superchains[k][m] is chain m of superchain k, each with at
// least one draw. A superchain is a group of chains that share what a
// convergence check must see them forget (a starting point, a starting
// distribution, a seed, a sampler): with chain means xbar_mk, superchain
// means xbar_k (the mean of its chains' means) and their mean xbar,
//
//	B_nu = 1/(K-1) sum_k (xbar_k - xbar)^2,
//	W_nu = 1/K sum_k (Btilde_k + Wbar_k),
//	Btilde_k = 1/(M_k-1) sum_m (xbar_mk - xbar_k)^2   (0 for M_k = 1),
//	Wbar_k = 1/M_k sum_m var(chain mk)                (0 for chains of one draw),
//	nested R-hat = sqrt(1 + B_nu / W_nu).
//
// It is near 1 when the superchains agree on the mean within what the
// spread inside them predicts, and it does not conflate short chains
// with poor mixing: many chains of few draws each are fine. Unlike the
// paper, superchains may hold different numbers of chains (each weighs
// equally). It is NaN when a draw is not finite and 1 when every draw is
// equal; it panics with fewer than two superchains or an empty chain.
func NestedRHat(superchains [][][]float64) float64 {
	if len(superchains) < 2 {
		panic(fmt.Sprintf("nuts: nested R-hat of %d superchains: need at least 2", len(superchains)))
	}
	means := make([]float64, len(superchains))
	var within float64
	allEqual, first := true, math.NaN()
	for k, sc := range superchains {
		if len(sc) == 0 {
			panic(fmt.Sprintf("nuts: superchain %d has no chain", k))
		}
		chainMeans := make([]float64, len(sc))
		var wbar float64
		for m, ch := range sc {
			if len(ch) == 0 {
				panic(fmt.Sprintf("nuts: chain %d of superchain %d has no draw", m, k))
			}
			if !finite([][]float64{ch}) {
				return math.NaN()
			}
			if math.IsNaN(first) {
				first = ch[0]
			}
			allEqual = allEqual && constant([][]float64{{first}, ch})
			var v float64
			chainMeans[m], v = stat.MeanVariance(ch, nil)
			if len(ch) > 1 {
				wbar += v / float64(len(sc))
			}
		}
		means[k] = stat.Mean(chainMeans, nil)
		if len(sc) > 1 {
			within += stat.Variance(chainMeans, nil) / float64(len(superchains))
		}
		within += wbar / float64(len(superchains))
	}
	if allEqual {
		return 1
	}
	return math.Sqrt(1 + stat.Variance(means, nil)/within)
}
