package stein

import (
	"fmt"

	"github.com/gomlx/gomlx/core/tensors"
)

// hostGamma is the bandwidth of the step from the particles theta ([N,
// D]) with pairwise values pairs ([N, N], [Flow.pairNodes]) taken on the
// host ([Flow.HostMedian]): the configured rule's median of the pairwise
// values the graph formed, with the one or two pairs at the median
// measured again from the particles, so that gamma is the one
// [Bandwidth.Of] gives, bit for bit (but for pairs whose distances tie to
// rounding). The backend shares the host's memory, so nothing is copied.
func (f *Flow) hostGamma(theta, pairs *tensors.Tensor, n int) (float64, error) {
	if !f.Bandwidth.adaptive() {
		return f.Bandwidth.Gamma, nil
	}
	var gamma float64
	var inner error
	err := tensors.ConstFlatData(pairs, func(m []float64) {
		f.pairs = upperTriangle(f.pairs[:0], m, n)
		inner = tensors.ConstFlatData(theta, func(theta []float64) {
			gamma = f.Bandwidth.ofPairs(f.pairs, n, f.Kernel, f.hostPair(m, theta, n))
		})
	})
	if err == nil {
		err = inner
	}
	if err != nil {
		return 0, fmt.Errorf("reading the pairwise distances for the bandwidth: %w", err)
	}
	f.Reads++
	return gamma, nil
}

// hostPair maps a value of the graph's n x n pairwise matrix m to the
// value the host computes for that pair from the particles theta.
func (f *Flow) hostPair(m, theta []float64, n int) func(v float64) float64 {
	dist, d := f.Bandwidth.pairDistance(f.Kernel), len(theta)/n
	return func(v float64) float64 {
		i, j, ok := pairOf(m, n, v)
		if !ok {
			return v
		}
		return dist(theta[i*d:(i+1)*d], theta[j*d:(j+1)*d])
	}
}
