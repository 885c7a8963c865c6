package metrics

import "math"

// MeanSE is the mean of v and its standard error, s / sqrt(n) with s the
// sample standard deviation (divisor n - 1): the "mean ± standard error"
// over splits of the regression benchmark's tables. The standard error of
// fewer than two values is NaN; the mean of none is NaN.
func MeanSE(v []float64) (mean, se float64) {
	n := float64(len(v))
	if len(v) == 0 {
		return math.NaN(), math.NaN()
	}
	for _, x := range v {
		mean += x / n
	}
	if len(v) < 2 {
		return mean, math.NaN()
	}
	var ss float64
	for _, x := range v {
		ss += (x - mean) * (x - mean)
	}
	return mean, math.Sqrt(ss/(n-1)) / math.Sqrt(n)
}
