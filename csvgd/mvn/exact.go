package mvn

import (
	"fmt"
	"math"

	"github.com/csvgd/csvgd-go/csvgd/stein"
	"gonum.org/v1/gonum/mat"
)

// ExactMoments returns the mean and covariance of the posterior the Stein
// flow of the illustrative example targets,
//
//	p(theta) ∝ exp(-1/2 (theta - mu)^T P (theta - mu)) prod_i exp(f(theta_i)),
//
// with f = prior.SmoothedLogDensity1D, the prior with |theta| smoothed to
// sqrt(theta^2 + s^2) (lambda = 0: no prior), by deterministic quadrature
// independent of any sampler.
//
// The precision P must be block diagonal with blocks of at most two
// coordinates (the paper's target has blocks {theta_1, theta_2} and
// {theta_3}). The posterior is then the product of the blocks' posteriors,
// and each block's moments are integrals over a tensor product of
// [gradedRule]s: Gauss-Legendre panels at most half the likelihood's
// marginal standard deviation sigma_i wide, graded toward the kink at 0,
// on [min(0, mu_i) - K sigma_i, max(0, mu_i) + K sigma_i] with K = 12.
// Two checks make the result trustworthy: the integrand at the window's
// edges must be below e^-40 times its largest value (else the window is
// widened, K = 18 and 27), and the moments must agree to MomentTolerance with those
// of the rule whose panels are halved (else the panels are halved again,
// up to three times); otherwise ExactMoments returns an error.
func ExactMoments(t Target, prior stein.Prior) (mean []float64, cov *mat.SymDense, err error) {
	if err := prior.Validate(); err != nil {
		return nil, nil, fmt.Errorf("mvn: exact moments: %w", err)
	}
	sigma, err := t.Covariance()
	if err != nil {
		return nil, nil, err
	}
	blocks, err := diagonalBlocks(t.Precision)
	if err != nil {
		return nil, nil, err
	}
	mean, cov = make([]float64, t.Dim()), mat.NewSymDense(t.Dim(), nil)
	for _, b := range blocks {
		bt := blockTarget(t, sigma, b)
		m, err := bt.converged(prior)
		if err != nil {
			return nil, nil, fmt.Errorf("mvn: exact moments of coordinates %v: %w", b, err)
		}
		for i, bi := range b {
			mean[bi] = m.mean[i]
			for j, bj := range b {
				cov.SetSym(bi, bj, m.cov[i][j])
			}
		}
	}
	return mean, cov, nil
}

// diagonalBlocks splits the coordinates into the connected groups of the
// precision's non-zero pattern; it fails for a group of more than two.
func diagonalBlocks(p mat.Symmetric) ([][]int, error) {
	n := p.SymmetricDim()
	group := make([]int, n)
	for i := range group {
		group[i] = -1
	}
	var blocks [][]int
	for i := range n {
		if group[i] >= 0 {
			continue
		}
		group[i] = len(blocks)
		b := []int{i}
		for k := 0; k < len(b); k++ {
			for j := range n {
				if group[j] < 0 && p.At(b[k], j) != 0 {
					group[j] = group[i]
					b = append(b, j)
				}
			}
		}
		if len(b) > 2 {
			return nil, fmt.Errorf("mvn: exact moments: coordinates %v are coupled by the precision; quadrature handles blocks of at most 2", b)
		}
		blocks = append(blocks, b)
	}
	return blocks, nil
}

// block is the likelihood of a group of coordinates: its mean, precision
// (row-major) and marginal standard deviations.
type block struct {
	mu, prec, sd []float64
}

func blockTarget(t Target, sigma mat.Symmetric, b []int) block {
	k := len(b)
	bt := block{mu: make([]float64, k), prec: make([]float64, k*k), sd: make([]float64, k)}
	for i, bi := range b {
		bt.mu[i], bt.sd[i] = t.Mean[bi], math.Sqrt(sigma.At(bi, bi))
		for j, bj := range b {
			bt.prec[i*k+j] = t.Precision.At(bi, bj)
		}
	}
	return bt
}

// converged integrates with windows and panels refined until the checks of
// [ExactMoments] pass.
func (b block) converged(prior stein.Prior) (moments, error) {
	for _, k := range []float64{12, 18, 27} {
		m, inside, err := b.refined(prior, k)
		if err != nil {
			return moments{}, err
		}
		if inside {
			return m, nil
		}
	}
	return moments{}, fmt.Errorf("the posterior is not negligible at the edges of a window of 27 likelihood standard deviations")
}

// refined integrates on the window of k standard deviations, halving the
// panels until two successive rules agree; it also reports whether the
// integrand is negligible at the window's edges.
func (b block) refined(prior stein.Prior, k float64) (moments, bool, error) {
	prev, err := b.integrate(prior, k, 0.5)
	if err != nil {
		return moments{}, false, err
	}
	for h := 0.25; h >= 0.25/8; h /= 2 {
		next, err := b.integrate(prior, k, h)
		if err != nil {
			return moments{}, false, err
		}
		if next.close(prev, MomentTolerance) {
			return next, next.edge < -40, nil
		}
		prev = next
	}
	return moments{}, false, fmt.Errorf("quadrature did not converge to %g with panels of sigma/16", MomentTolerance)
}

// MomentTolerance is how closely [ExactMoments] requires two successive
// quadrature rules to agree.
const MomentTolerance = 1e-10
