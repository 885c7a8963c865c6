package nuts

import "fmt"

// varianceEstimator is Welford's running mean and variance of vectors.
type varianceEstimator struct {
	n        int
	mean, m2 []float64
}

func newVarianceEstimator(dim int) *varianceEstimator {
	return &varianceEstimator{mean: make([]float64, dim), m2: make([]float64, dim)}
}

func (v *varianceEstimator) add(x []float64) {
	v.n++
	for i, xi := range x {
		d := xi - v.mean[i]
		v.mean[i] += d / float64(v.n)
		v.m2[i] += d * (xi - v.mean[i])
	}
}

func (v *varianceEstimator) reset() {
	v.n = 0
	clear(v.mean)
	clear(v.m2)
}

// regularized writes Stan's shrunk variance estimate into dst,
//
//	n/(n+5) var + 1e-3 5/(n+5),
//
// with var the unbiased sample variance of the n >= 2 vectors added.
func (v *varianceEstimator) regularized(dst []float64) error {
	if v.n < 2 {
		return fmt.Errorf("metric window with %d draws: need at least 2", v.n)
	}
	n := float64(v.n)
	for i, m2 := range v.m2 {
		dst[i] = n/(n+5)*m2/(n-1) + 1e-3*5/(n+5)
		if !(dst[i] > 0) || dst[i] > 1e300 {
			return fmt.Errorf("metric adaptation: variance of coordinate %d is %v", i, dst[i])
		}
	}
	return nil
}
