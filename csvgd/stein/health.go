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
