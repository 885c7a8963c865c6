package nuts

import (
	"math"
	"slices"

	"gonum.org/v1/gonum/stat"
)

// ESS is the effective sample size of the mean of the given chains (all
// of the same length N >= 4), without splitting them:
//
//	ESS = M N / tau,  tau = -1 + 2 sum_{t=0}^{T} rho_t  (with Geyer's correction),
//
// where rho_t = 1 - (W - mean_k c_(k,t)) / var+ combines the chains'
// autocovariances c_(k,t) ([Autocovariance]) with the within-chain variance
// W and var+ = (N-1)/N W + B/N (Vehtari et al. 2021), and the sum
// runs over Geyer's initial monotone sequence: pairs rho_(2m) + rho_(2m+1)
// are kept while positive and made non-increasing. Following Stan, tau is
// at least 1/log10(M N). ESS is NaN when a draw is not finite or N < 4,
// and M N when all draws are equal.
func ESS(chains [][]float64) float64 {
	if !usable(chains, 4) {
		return math.NaN()
	}
	m, n := len(chains), len(chains[0])
	if constant(chains) {
		return float64(m * n)
	}
	rho := autocorrelation(chains)
	maxT := initialPositive(rho)
	initialMonotone(rho, maxT)
	tau := -1 + 2*floats(rho[:maxT]) + rho[maxT]
	total := float64(m * n)
	tau = math.Max(tau, 1/math.Log10(total))
	return total / tau
}

// autocorrelation is rho_t = 1 - (W - mean_k c_(k,t)) / var+ for t < N.
func autocorrelation(chains [][]float64) []float64 {
	m, n := len(chains), len(chains[0])
	meanAcov := make([]float64, n)
	means := make([]float64, m)
	for k, c := range chains {
		for t, v := range Autocovariance(c) {
			meanAcov[t] += v / float64(m)
		}
		means[k] = stat.Mean(c, nil)
	}
	w := meanAcov[0] * float64(n) / float64(n-1)
	varPlus := w * float64(n-1) / float64(n)
	if m > 1 {
		varPlus += stat.Variance(means, nil)
	}
	rho := make([]float64, n)
	for t := range rho {
		rho[t] = 1 - (w-meanAcov[t])/varPlus
	}
	return rho
}

// initialPositive finds Geyer's initial positive sequence: the first
// pair rho_t + rho_(t+1), t even, that is not positive, or the last pair
// before lag N-5. It returns that t, the truncation lag: the estimate uses
// rho_0..rho_(t-1) and rho_t, which it zeroes unless positive or the pair
// is (Stan's improved estimate).
func initialPositive(rho []float64) int {
	t := 0
	for t < len(rho)-5 && rho[t]+rho[t+1] > 0 {
		t += 2
	}
	if rho[t]+rho[t+1] < 0 && rho[t] <= 0 {
		rho[t] = 0
	}
	return t
}

// initialMonotone makes the pair sums rho_(2m) + rho_(2m+1), m >= 1 with
// 2m + 1 < maxT, non-increasing (Geyer's initial monotone sequence).
func initialMonotone(rho []float64, maxT int) {
	for t := 2; t <= maxT-2; t += 2 {
		if prev := rho[t-2] + rho[t-1]; rho[t]+rho[t+1] > prev {
			rho[t], rho[t+1] = prev/2, prev/2
		}
	}
}

func floats(x []float64) float64 {
	var s float64
	for _, v := range x {
		s += v
	}
	return s
}

// ESSMean is the effective sample size of the mean: [ESS] of the split
// chains, not rank-normalised (posterior's ess_mean, ArviZ's method="mean").
func ESSMean(chains [][]float64) float64 { return ESS(SplitChains(chains)) }

// ESSBulk is the bulk effective sample size of Vehtari et al. (2021): [ESS]
// of the rank-normalised split chains.
func ESSBulk(chains [][]float64) float64 {
	if !usable(chains, 8) {
		return math.NaN()
	}
	return ESS(RankNormalize(SplitChains(chains)))
}

// ESSTail is the tail effective sample size of Vehtari et al. (2021): the
// smaller ESS of the indicators x <= q05 and x <= q95 of the 5% and 95%
// quantiles, on split chains.
func ESSTail(chains [][]float64) float64 {
	if !usable(chains, 8) {
		return math.NaN()
	}
	flat := slices.Concat(chains...)
	lo := ESS(SplitChains(indicator(chains, quantile(flat, 0.05))))
	hi := ESS(SplitChains(indicator(chains, quantile(flat, 0.95))))
	return math.Min(lo, hi)
}

// MCSEMean is the Monte Carlo standard error of the mean of the draws,
// sd / sqrt(ESSMean).
func MCSEMean(chains [][]float64) float64 {
	return stat.StdDev(slices.Concat(chains...), nil) / math.Sqrt(ESSMean(chains))
}
