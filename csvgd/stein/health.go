package stein

import "math"

// KernelMedian is the median over the distinct pairs a < b of the kernel
// values k(x_a, x_b) = exp(-|x_a - x_b|^beta / (gamma beta)) at bandwidth
// gamma: how strongly the particles of x still interact through the
// repulsion term of eq. (stein_grad). A value near 1 means a flat kernel
// (the particles move together); a value near 0 means no interaction (each
// particle follows its own score: the ensemble is N independent fits).
// Liu & Wang's median bandwidth ([MedianLiuWang]) makes it 1/(N+1) by
// construction (for an odd number of pairs exactly); it tells the other
// rules apart. It is NaN for fewer than two particles.
func KernelMedian(x [][]float64, k Kernel, gamma float64) float64 {
	d := pairKernels(x, k, gamma)
	if len(d) == 0 {
		return math.NaN()
	}
	return median(d)
}

// CouplingKernel is the kernel value from which [KernelGroups] counts two
// particles as interacting: below 0.01 their repulsion and their shared
// score are less than a hundredth of a coincident pair's.
const CouplingKernel = 0.01

// KernelGroups is the number of groups into which the kernel at bandwidth
// gamma splits the particles x: the connected components of the graph
// whose edges are the pairs with k(x_a, x_b) >= [CouplingKernel]. One
// group means every particle interacts with the others, directly or
// through intermediates; two or more mean sub-ensembles that ignore each
// other, each running its own Stein flow. It is 0 for no particles.
func KernelGroups(x [][]float64, k Kernel, gamma float64) int {
	parent := make([]int, len(x))
	for i := range parent {
		parent[i] = i
	}
	root := func(a int) int {
		for parent[a] != a {
			parent[a], a = parent[parent[a]], parent[a]
		}
		return a
	}
	groups := len(x)
	for a := range x {
		for b := a + 1; b < len(x); b++ {
			if ra, rb := root(a), root(b); ra != rb && math.Exp(-k.Distance(x[a], x[b])/(gamma*k.Beta)) >= CouplingKernel {
				parent[ra] = rb
				groups--
			}
		}
	}
	return groups
}

// pairKernels are the kernel values of the distinct pairs of x.
func pairKernels(x [][]float64, k Kernel, gamma float64) []float64 {
	d := pairwise(x, k.Distance)
	for i, v := range d {
		d[i] = math.Exp(-v / (gamma * k.Beta))
	}
	return d
}

// KernelNeighbours is what the particles other than a bring to the
// kernel-smoothed score at particle a, the data-fit term (a) of eq.
// (stein_grad): their total kernel weight W = sum_{b != a} k(x_b, x_a) at
// bandwidth gamma and their kernel-weighted mean
// m = sum_{b != a} k(x_b, x_a) x_b / W. For a score that is linear in
// theta, such as a Gaussian's -P(theta - mu), their share of the term (a)
// at particle a is exactly (W/N) times the score at m: the neighbours pull
// as one particle of weight W/N placed at m. A particle that coincides with
// a counts with weight 1; a itself never counts. The mean is nil when the
// weight is zero (one particle, or neighbours beyond the kernel's reach);
// a outside x panics, as an index does.
func KernelNeighbours(x [][]float64, k Kernel, gamma float64, a int) (weight float64, mean []float64) {
	mean = make([]float64, len(x[a]))
	for b := range x {
		if b == a {
			continue
		}
		w := k.Eval(x[b], x[a], gamma)
		weight += w
		for i := range mean {
			mean[i] += w * x[b][i]
		}
	}
	if !(weight > 0) {
		return weight, nil
	}
	for i := range mean {
		mean[i] /= weight
	}
	return weight, mean
}
