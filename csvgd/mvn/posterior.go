package mvn

import "github.com/csvgd/csvgd-go/csvgd/stein"

// LogPosterior is the log density, up to a constant, of the posterior the
// Stein flow targets, the likelihood times the smoothed prior per
// component:
//
//	log p(theta) = -1/2 (theta - mu)^T P (theta - mu) + sum_i prior.SmoothedLogDensity1D(theta_i),
//
// with its gradient, [PosteriorScore], written into grad. Lambda = 0 is the
// flat prior (the likelihood alone). The function has the signature of
// nuts.LogDensity and is safe for concurrent use.
func (t Target) LogPosterior(prior stein.Prior) func(theta, grad []float64) float64 {
	return func(theta, grad []float64) float64 {
		copy(grad, PosteriorScore(t, prior, theta))
		lp := t.LogLikelihood1(theta)
		if prior.Lambda > 0 {
			for _, x := range theta {
				lp += prior.SmoothedLogDensity1D(x)
			}
		}
		return lp
	}
}
