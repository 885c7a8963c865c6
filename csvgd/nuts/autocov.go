package nuts

import (
	"math/cmplx"

	"gonum.org/v1/gonum/dsp/fourier"
)

// Autocovariance returns the biased autocovariance of x at every lag,
//
//	c_t = 1/N sum_{i=0}^{N-1-t} (x_i - xbar)(x_(i+t) - xbar),  t = 0, ..., N-1,
//
// computed by FFT on x padded with zeros to a 2,3,5-smooth length >= 2N.
// The 1/N normalisation (not 1/(N-t)) is the one Geyer (1992) recommends:
// it keeps the sequence positive definite.
func Autocovariance(x []float64) []float64 {
	n := len(x)
	if n == 0 {
		return nil
	}
	m := smoothSize(2 * n)
	y := make([]float64, m)
	var mean float64
	for _, v := range x {
		mean += v
	}
	mean /= float64(n)
	for i, v := range x {
		y[i] = v - mean
	}
	fft := fourier.NewFFT(m)
	c := fft.Coefficients(nil, y)
	for i, v := range c {
		c[i] = complex(real(v*cmplx.Conj(v)), 0)
	}
	s := fft.Sequence(nil, c) // m sum_i y_i y_(i+t)
	out := make([]float64, n)
	for t := range out {
		out[t] = s[t] / float64(m) / float64(n)
	}
	return out
}

// smoothSize is the least n' >= n whose only prime factors are 2, 3 and 5.
func smoothSize(n int) int {
	for ; ; n++ {
		m := n
		for _, p := range []int{2, 3, 5} {
			for m%p == 0 {
				m /= p
			}
		}
		if m == 1 {
			return n
		}
	}
}
