package mvn

import (
	"fmt"
	"math"
	"slices"

	"github.com/csvgd/csvgd-go/csvgd/stein"
)

// Marginal is the exact marginal density of coordinate i of the posterior
// the Stein flow targets ([ExactMoments]), for a coordinate that the
// likelihood's precision does not couple to any other (theta_3 of the
// paper's target). The posterior then factorises, and the marginal is the
// coordinate's own likelihood times its prior,
//
//	p(theta_i) = exp(-P_ii (theta_i - mu_i)^2 / 2 + f(theta_i)) / Z,
//
// with f = prior.SmoothedLogDensity1D (0 for lambda = 0) and Z by the
// quadrature of [ExactMoments], refined until two rules agree to 1e-10 in
// log Z. It fails for a coordinate coupled to others.
func Marginal(t Target, prior stein.Prior, i int) (func(float64) float64, error) {
	if err := prior.Validate(); err != nil {
		return nil, fmt.Errorf("mvn: marginal: %w", err)
	}
	if i < 0 || i >= t.Dim() {
		return nil, fmt.Errorf("mvn: marginal of coordinate %d of a %d-dimensional target", i, t.Dim())
	}
	blocks, err := diagonalBlocks(t.Precision)
	if err != nil {
		return nil, err
	}
	for _, b := range blocks {
		if slices.Contains(b, i) && len(b) > 1 {
			return nil, fmt.Errorf("mvn: marginal: coordinate %d is coupled to the others of %v by the precision", i, b)
		}
	}
	sigma, err := t.Covariance()
	if err != nil {
		return nil, err
	}
	b := blockTarget(t, sigma, []int{i})
	m, err := b.converged(prior)
	if err != nil {
		return nil, fmt.Errorf("mvn: marginal of coordinate %d: %w", i, err)
	}
	return func(x float64) float64 {
		d := x - b.mu[0]
		lp := -b.prec[0]*d*d/2 - m.logZ
		if prior.Lambda > 0 {
			lp += prior.SmoothedLogDensity1D(x)
		}
		return math.Exp(lp)
	}, nil
}
