package stein

import "math"

// medianRanks says where the median of the rule b lies among the
// n(n-1)/2 pairwise values of n particles in ascending order: it is the
// sum of the values at ranks (0-based, ascending: none, one, or two that
// follow each other) divided by count, the number of middle values the
// median averages (1, or 2 for an even count); middle values that are not
// at a rank are zeros. It is the one place where the median's ranks are
// defined, for the host ([Bandwidth.ofPairs]) and the graph
// ([Flow.gammaNode]).
//
// [MedianLiuWang] and [MedianPaper] take the median of the distinct pairs
// (docs/reading.md section 4): the middle value, or the two middle ones.
// [MedianMatrix] takes that of the N^2 entries of the matrix: in
// ascending order its N zeros on the diagonal come first, then every pair
// twice, so that the entry at position p >= n is the pair of rank
// floor((p-n)/2). Its middle positions are (n^2-1)/2 for odd n, which is
// rank k^2-1 for n = 2k+1, and n^2/2-1, n^2/2 for even n, ranks k^2-k-1
// and k^2-k for n = 2k: one rank, or two that follow each other, and
// never a zero from n = 3 on. For n = 2 the middle entries are a zero and
// the pair (the median is half the pair's value), for n = 1 the zero.
func (b Bandwidth) medianRanks(n int) (ranks []int, count int) {
	if n < 1 {
		return nil, 0
	}
	if b.Rule == MedianMatrix {
		mid := []int{n * n / 2}
		if n%2 == 0 {
			mid = []int{n*n/2 - 1, n * n / 2}
		}
		for _, p := range mid {
			if p >= n {
				ranks = append(ranks, (p-n)/2)
			}
		}
		return ranks, len(mid)
	}
	m := n * (n - 1) / 2
	switch {
	case m == 0:
		return nil, 0
	case m%2 == 1:
		return []int{m / 2}, 1
	}
	return []int{m/2 - 1, m / 2}, 2
}

// ofPairs is gamma of an adaptive rule for n particles from their pairwise
// values pairs (i < j, reordered in place): the kernel's |a-b|^beta for Liu
// & Wang's rules, the squared Euclidean distance for the paper's, whose
// median is that of the Euclidean distances; the median at the rule's
// ranks ([Bandwidth.medianRanks]). It is the one place where the
// medians are taken, for the host ([Bandwidth.Of]) and for the flow, whose
// graph forms the pairwise values. exact, when not nil, maps a value
// selected at a median rank to the value the host computes for the same
// pair (see [Flow.gammaOf]).
func (b Bandwidth) ofPairs(pairs []float64, n int, k Kernel, exact func(v float64) float64) float64 {
	ranks, count := b.medianRanks(n)
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
	if count > 0 {
		med /= float64(count)
	}
	logN := math.Log(float64(n) + 1)
	switch b.Rule {
	case MedianLiuWang, MedianMatrix:
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
