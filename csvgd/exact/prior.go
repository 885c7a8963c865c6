package exact

import (
	"math"

	"github.com/csvgd/csvgd-go/csvgd/stein"
)

// smoothedPrior is the smoothed alpha prior of every weight in one pass:
// it adds the score -c alpha theta_i u_i^(alpha/2 - 1) to grad and returns
// the log density -c sum_i u_i^(alpha/2) without its constant, with
// u_i = theta_i^2 + s^2 — the density of [stein.Prior.SmoothedLogDensity1D]
// and its derivative [stein.Prior.Score1D], with one power per weight
// (square roots for alpha = 1/2, 1 and 2, which the sampler calls most).
func smoothedPrior(p stein.Prior, theta, grad []float64) float64 {
	c, s := p.Penalty(), smoothing(p)
	power := func(u float64) float64 { return math.Pow(u, p.Alpha/2) }
	switch p.Alpha {
	case 0.5:
		power = func(u float64) float64 { return math.Sqrt(math.Sqrt(u)) }
	case 1:
		power = math.Sqrt
	case 2:
		power = func(u float64) float64 { return u }
	}
	var lp float64
	for i, t := range theta {
		u := t*t + s*s
		q := power(u)
		lp -= c * q
		grad[i] -= c * p.Alpha * t * q / u
	}
	return lp
}

// smoothing is the prior's smoothing s, stein.DefaultSmoothing when unset.
func smoothing(p stein.Prior) float64 {
	if p.Smoothing == 0 {
		return stein.DefaultSmoothing
	}
	return p.Smoothing
}
