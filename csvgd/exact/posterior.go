package exact

import (
	"fmt"

	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/reference"
	"github.com/csvgd/csvgd-go/csvgd/stein"
)

// Posterior is the posterior a Stein flow on the template Arch targets:
// the Gaussian stress likelihood times the smoothed alpha prior of every
// weight,
//
//	log p(theta | D) = -w sum_{m,k} (S_mk(theta) - S^data_mk)^2
//	                   - c sum_i (theta_i^2 + s^2)^(alpha/2) + const,
//
// with w = 1/(2 sigma^2 M) for the mean-squared-error form over the M
// training points (docs/reading.md section 9) or 1/(2 sigma^2) for the sum,
// c the prior's coefficient at its lambda (docs/reading.md section 2) and s
// its smoothing, on the region W_1, ..., W_L >= 0 (every layer but the
// first, docs/reading.md section 8). It is evaluated in float64 on the host
// by [reference.Likelihood] and [stein.Prior.SmoothedLogDensity1D].
type Posterior struct {
	Arch  icnn.Arch
	Prior stein.Prior
	Like  *reference.Likelihood
	Batch icnn.Batch // the training points of the likelihood
}

// NewPosterior is the posterior of arch on the training batch b with
// likelihood weight w (see [Posterior]) and the given prior.
func NewPosterior(arch icnn.Arch, b icnn.Batch, w float64, prior stein.Prior) (*Posterior, error) {
	if err := prior.Validate(); err != nil {
		return nil, fmt.Errorf("exact: %w", err)
	}
	like, err := reference.NewLikelihood(arch, b, w)
	if err != nil {
		return nil, fmt.Errorf("exact: %w", err)
	}
	return &Posterior{Arch: arch, Prior: prior, Like: like, Batch: b}, nil
}

// Dim is the number of weights of the template.
func (p *Posterior) Dim() int { return p.Like.Dim() }

// LogDensity writes the gradient of log p(theta | D) into grad and returns
// it, up to a constant; it has the signature of nuts.LogDensity and is safe
// for concurrent use.
func (p *Posterior) LogDensity(theta, grad []float64) float64 {
	lp := p.Like.Eval(theta, grad)
	if p.Prior.Lambda == 0 {
		return lp
	}
	return lp + smoothedPrior(p.Prior, theta, grad)
}

// NonNegative lists the constrained weights, those of every layer but the
// first ([icnn.Arch.Constrained]).
func (p *Posterior) NonNegative() []int {
	var out []int
	for i, c := range p.Arch.Constrained() {
		if c {
			out = append(out, i)
		}
	}
	return out
}
