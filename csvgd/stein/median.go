package stein

import "math"

// medianRanks are the ranks (0-based, among the n(n-1)/2 pairwise values
// of n particles in ascending order) whose mean is the median both
// adaptive rules take: that of the distinct pairs (docs/reading.md section
// 4), the middle value, or the two middle ones when the count is even.
func medianRanks(n int) []int {
	m := n * (n - 1) / 2
	switch {
	case m == 0:
		return nil
	case m%2 == 1:
		return []int{m / 2}
	}
	return []int{m/2 - 1, m / 2}
}

// ofPairs is gamma of an adaptive rule for n particles from their pairwise
// values pairs (i < j, reordered in place): the kernel's |a-b|^beta for Liu
// & Wang's rule, the squared Euclidean distance for the paper's, whose
// median is that of the Euclidean distances. It is the one place where the
// medians are taken, for the host ([Bandwidth.Of]) and for the flow, whose
// graph forms the pairwise values. exact, when not nil, maps a value
// selected at a median rank to the value the host computes for the same
// pair (see [Flow.gammaOf]).
func (b Bandwidth) ofPairs(pairs []float64, n int, k Kernel, exact func(v float64) float64) float64 {
	ranks := medianRanks(n)
	var med float64
	for _, r := range ranks {
		v := kth(pairs, r)
		if exact != nil {
			v = exact(v)
		}
		if b.euclidean() {
			v = math.Sqrt(v)
		}
		med += v
	}
	if len(ranks) > 0 {
		med /= float64(len(ranks))
	}
	logN := math.Log(float64(n) + 1)
	switch b.Rule {
	case MedianLiuWang:
		return positive(med / (k.Beta * logN))
	case MedianPaper:
		return positive(math.Sqrt(0.5 * med / logN))
	}
	return b.Gamma
}

// pairwise returns dist(x_i, x_j) for all i < j.
func pairwise(x [][]float64, dist func(a, b []float64) float64) []float64 {
	d := make([]float64, 0, len(x)*(len(x)-1)/2)
	for i := range x {
		for j := i + 1; j < len(x); j++ {
			d = append(d, dist(x[i], x[j]))
		}
	}
	return d
}

// upperTriangle appends to dst the entries m[i, j], i < j, of the n x n
// row-major matrix m, in the order of [pairwise].
func upperTriangle(dst, m []float64, n int) []float64 {
	for i := 0; i < n; i++ {
		dst = append(dst, m[i*n+i+1:(i+1)*n]...)
	}
	return dst
}

// pairOf is the first pair i < j whose entry of the n x n row-major matrix
// m has the bits of v.
func pairOf(m []float64, n int, v float64) (i, j int, ok bool) {
	bits := math.Float64bits(v)
	for i = 0; i < n; i++ {
		for j = i + 1; j < n; j++ {
			if math.Float64bits(m[i*n+j]) == bits {
				return i, j, true
			}
		}
	}
	return 0, 0, false
}

// median of v (reordered in place).
func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	m := len(v) / 2
	if len(v)%2 == 1 {
		return kth(v, m)
	}
	return (kth(v, m-1) + kth(v, m)) / 2
}

// kth returns the k-th smallest value of v (0-based), reordering v: a
// quickselect, linear on average.
func kth(v []float64, k int) float64 {
	lo, hi := 0, len(v)-1
	for lo < hi {
		pivot := v[lo+(hi-lo)/2]
		i, j := lo, hi
		for i <= j {
			for v[i] < pivot {
				i++
			}
			for v[j] > pivot {
				j--
			}
			if i <= j {
				v[i], v[j] = v[j], v[i]
				i++
				j--
			}
		}
		switch {
		case k <= j:
			hi = j
		case k >= i:
			lo = i
		default:
			return v[k]
		}
	}
	return v[k]
}
