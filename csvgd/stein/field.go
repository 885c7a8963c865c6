package stein

import (
	"fmt"
	"math"
)

// PriorField is the Stein direction and the pseudopotential seen by one
// moving particle theta in the field of fixed particles when there are no
// data: only the prior and the kernel act, as in the paper's eq.
// (prior_grad) and Fig. mvn_gradient. It is evaluated on the host, point by
// point, for drawing the field over a grid of positions of theta.
//
// The ensemble is theta_1 = theta followed by the Fixed particles,
// N = len(Fixed) + 1. The Stein direction of eq. (stein_grad) without its
// data term is
//
//	phi(theta) = 1/N sum_b [ k(theta_b, theta) grad log p(theta_b) + grad_{theta_b} k(theta_b, theta) ]
//	           = 1/N [ grad log p(theta) + sum_{b in Fixed} ( k(theta_b, theta) grad log p(theta_b) + grad_{theta_b} k(theta_b, theta) ) ],
//
// where the self term b = theta contributes k(theta, theta) = 1 times the
// prior score at theta and no kernel gradient (grad k(theta, theta) = 0). By
// eq. (prior_grad) each term is k(theta_b, theta) times the gradient of
// log k(theta_b, theta) + log p(theta_b) in theta_b. The prior score is the
// smoothed one of [Prior.Score1D] and the kernel gradient is
// [Kernel.GradFirst] (mask included), so that phi equals the sum of the three
// forces [Flow.Forces] returns for the same ensemble with no likelihood.
//
// The pseudopotential of eq. (pseudopotential) is the kernel-smoothed prior
// density
//
//	P(theta) = 1/N sum_b k(theta_b, theta) p(theta_b)
//	         = 1/N [ p(theta) + sum_{b in Fixed} k(theta_b, theta) p(theta_b) ],
//
// with the exact (unsmoothed) density p of [Prior.LogDensity]. It is zero
// everywhere for lambda = 0, the improper flat prior.
type PriorField struct {
	Prior  Prior
	Kernel Kernel
	Gamma  float64     // kernel bandwidth gamma > 0
	Fixed  [][]float64 // the other particles, each of the moving particle's dimension
}

// Validate reports an out-of-range prior, kernel or bandwidth, or fixed
// particles of differing dimensions.
func (f PriorField) Validate() error {
	if err := f.Prior.Validate(); err != nil {
		return err
	}
	if err := f.Kernel.Validate(); err != nil {
		return err
	}
	if !(f.Gamma > 0) || math.IsInf(f.Gamma, 0) {
		return fmt.Errorf("bandwidth gamma = %v must be finite and > 0", f.Gamma)
	}
	for b, x := range f.Fixed {
		if len(x) != len(f.Fixed[0]) {
			return fmt.Errorf("fixed particle %d has %d components, particle 0 has %d", b, len(x), len(f.Fixed[0]))
		}
	}
	return nil
}

// N is the ensemble size: the moving particle and the fixed ones.
func (f PriorField) N() int { return len(f.Fixed) + 1 }

// Phi returns the Stein direction phi(theta) of the moving particle at theta.
func (f PriorField) Phi(theta []float64) []float64 {
	phi := make([]float64, len(theta))
	for i, t := range theta {
		phi[i] = f.Prior.Score1D(t) // self term: k(theta, theta) = 1, no kernel gradient
	}
	grad := make([]float64, len(theta))
	for _, xb := range f.Fixed {
		kv := f.Kernel.Eval(xb, theta, f.Gamma)
		f.Kernel.GradFirst(xb, theta, f.Gamma, grad)
		for i := range phi {
			phi[i] += kv*f.Prior.Score1D(xb[i]) + grad[i]
		}
	}
	n := float64(f.N())
	for i := range phi {
		phi[i] /= n
	}
	return phi
}

// Pseudopotential returns P(theta), the kernel-smoothed prior density seen
// by the moving particle at theta.
func (f PriorField) Pseudopotential(theta []float64) float64 {
	s := math.Exp(f.Prior.LogDensity(theta))
	for _, xb := range f.Fixed {
		s += f.Kernel.Eval(xb, theta, f.Gamma) * math.Exp(f.Prior.LogDensity(xb))
	}
	return s / float64(f.N())
}
