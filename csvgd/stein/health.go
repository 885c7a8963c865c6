package stein

import "math"

// KernelMedian is the median over the distinct pairs a < b of the kernel
// values k(x_a, x_b) = exp(-|x_a - x_b|^beta / (gamma beta)) at bandwidth
// gamma: how strongly the particles of x still interact through the
// repulsion term of eq. (stein_grad). A value near 1 means a flat kernel
// (the particles move together); a value near 0 means no interaction (each
// particle follows its own score: the ensemble is N independent fits).
// Liu & Wang's median bandwidth aims at k = 1/(N+1) at the median
// distance. It is NaN for fewer than two particles.
func KernelMedian(x [][]float64, k Kernel, gamma float64) float64 {
	d := pairwise(x, k.Distance)
	if len(d) == 0 {
		return math.NaN()
	}
	for i, v := range d {
		d[i] = math.Exp(-v / (gamma * k.Beta))
	}
	return median(d)
}
