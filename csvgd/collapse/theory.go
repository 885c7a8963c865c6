package collapse

import "math"

// FixedPointVariance is the unbiased variance per coordinate, in units of
// the target's, of N particles of a deterministic Stein flow at its
// regular-simplex fixed point on a Gaussian of dimension d >= N - 1 with
// the RBF kernel of bandwidth gamma in whitened coordinates:
//
//	v = (gamma / d) log(1 + N / gamma)
//
// (the package documentation derives it). gamma = 1 is the median rule's
// value at that fixed point (v = log(N + 1) / d), gamma = d the
// Hessian-scaled kernel of the Newton updates (v = log(1 + N / d)), and
// gamma -> infinity the bound N / d of every bandwidth (pass +Inf).
func FixedPointVariance(d, n int, gamma float64) float64 {
	if math.IsInf(gamma, 1) {
		return float64(n) / float64(d)
	}
	return gamma / float64(d) * math.Log1p(float64(n)/gamma)
}
