package nuts

import "math"

// LogDensity is an unnormalised log density log p(x) with its gradient: it
// writes d log p / dx into grad (len(grad) == len(x)) and returns log p(x).
//
// A return of -Inf or NaN, or a gradient with a NaN or Inf, marks x as
// outside the support: the sampler counts the step as a divergence and
// never returns x. The function must not keep x or grad, and it must be
// safe for concurrent calls when chains run in parallel (Config.Workers
// other than 1).
type LogDensity func(x, grad []float64) float64

// evaluate calls f and maps a non-finite log density or gradient to -Inf,
// so that NaN never reaches the sampler's state.
func evaluate(f LogDensity, x, grad []float64) float64 {
	lp := f(x, grad)
	if math.IsNaN(lp) || math.IsInf(lp, 0) {
		return math.Inf(-1)
	}
	for _, g := range grad {
		if math.IsNaN(g) || math.IsInf(g, 0) {
			return math.Inf(-1)
		}
	}
	return lp
}
