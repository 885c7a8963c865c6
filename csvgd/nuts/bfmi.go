package nuts

import "math"

// EBFMI is the estimated Bayesian fraction of missing information of one
// chain (Betancourt 2016), from the energies H of its transitions in
// order:
//
//	E-BFMI = sum_n (H_n - H_(n-1))^2 / sum_n (H_n - mean H)^2.
//
// It compares how far the energy moves in one transition, which the
// momentum resampling decides, with how far it varies over the chain, the
// energy distribution of the target. Below 0.3 (Stan's warning threshold)
// the momentum resampling cannot explore the energy distribution: the
// chain is slow in the target's tails or in a funnel whatever its other
// diagnostics say. NaN for fewer than two draws or constant energies.
func EBFMI(energy []float64) float64 {
	if len(energy) < 2 {
		return math.NaN()
	}
	var mean float64
	for _, e := range energy {
		mean += e
	}
	mean /= float64(len(energy))
	var num, den float64
	for i, e := range energy {
		den += (e - mean) * (e - mean)
		if i > 0 {
			num += (e - energy[i-1]) * (e - energy[i-1])
		}
	}
	if den == 0 {
		return math.NaN()
	}
	return num / den
}

// EBFMI is [EBFMI] of every chain's kept transitions.
func (r *Result) EBFMI() []float64 {
	out := make([]float64, len(r.Chains))
	for k, ch := range r.Chains {
		e := make([]float64, len(ch.Stats))
		for i, t := range ch.Stats {
			e[i] = t.Energy
		}
		out[k] = EBFMI(e)
	}
	return out
}
