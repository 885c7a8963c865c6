package metrics

import (
	"math"
	"slices"
)

// TrimmedWasserstein1 is the 1-D Wasserstein-1 distance between the
// central parts of the empirical distributions of a and b, in quantile
// form,
//
//	W1_t = int_t^(1-t) |Q_a(u) - Q_b(u)| du,
//
// with Q the linearly interpolated empirical quantile function
// ([QuantileSorted]), integrated by the midpoint rule on 1000 points of
// [t, 1 - t]. With t = 0 it approximates [Wasserstein1] (whose quantile
// functions are steps); with t > 0 it ignores the outer 2t of both
// samples, so that a few extreme values, which dominate the plain W1,
// do not. a and b are not modified. It returns NaN when either sample is
// empty or not finite, or when t is outside [0, 1/2).
func TrimmedWasserstein1(a, b []float64, t float64) float64 {
	if len(a) == 0 || len(b) == 0 || !allFinite(a) || !allFinite(b) || !(t >= 0 && t < 0.5) {
		return math.NaN()
	}
	sa, sb := slices.Sorted(slices.Values(a)), slices.Sorted(slices.Values(b))
	const n = 1000
	h := (1 - 2*t) / n
	var sum float64
	for k := range n {
		u := t + (float64(k)+0.5)*h
		sum += math.Abs(QuantileSorted(sa, u) - QuantileSorted(sb, u))
	}
	return sum * h
}
