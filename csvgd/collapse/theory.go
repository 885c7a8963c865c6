package collapse

import "math"

// FixedPointVariance is the unbiased variance per coordinate, in units of
// the target's, of N particles of a deterministic Stein flow at its
// regular-simplex fixed point on a Gaussian of dimension d with the RBF
// kernel of bandwidth gamma in whitened coordinates:
//
//	v = (gamma / d) log(1 + N / gamma)
//
// (the package documentation derives it). gamma = 1 is the median rule's
// value at that fixed point (v = log(N + 1) / d), gamma = d the
// Hessian-scaled kernel of the Newton updates (v = log(1 + N / d)), and
// gamma -> infinity the bound N / d of every bandwidth (pass +Inf). It
// holds only where [FixedPointHolds]: for other d and N it returns the
// formula's value, which is then no fixed point of anything.
func FixedPointVariance(d, n int, gamma float64) float64 {
	if math.IsInf(gamma, 1) {
		return float64(n) / float64(d)
	}
	return gamma / float64(d) * math.Log1p(float64(n)/gamma)
}

// FixedPointHolds reports whether [FixedPointVariance] is a fixed point of
// the deterministic flows for n particles in dimension d: whether n >= 2
// particles fit at the vertices of a regular simplex in d >= 1
// dimensions,
//
//	N - 1 <= d.
//
// With more than d + 1 particles there is no such simplex, and neither
// the fixed points nor the bound N / d are derived.
func FixedPointHolds(d, n int) bool { return n >= 2 && d >= 1 && n-1 <= d }
