package regress

import (
	"fmt"
	"math"

	"github.com/csvgd/csvgd-go/csvgd/dense"
)

// The Gamma(a0, b0) prior of the noise precisions and of the weight
// precision, shape a0 and rate b0, as Liu & Wang's reference code sets
// them (and Hernández-Lobato & Adams before them).
const (
	PriorShape = 1.0
	PriorRate  = 0.1
)

// Model is Liu & Wang's Bayesian neural network for regression, on any
// dense network: on standardised inputs x and targets y (package tabular),
//
//	y_o = f_o(x; w) + e_o,  e_o ~ N(0, 1/gamma_o)   (each output o),
//	w_i ~ N(0, 1/lambda)                          (every weight and bias),
//	gamma_o, lambda ~ Gamma(a0, b0),
//
// with the precisions learned in log space: a particle is the network's
// parameters w ([dense.Arch.Layers]), then log gamma_1 .. log gamma_O,
// then log lambda ([Model.Extra] = O + 1 values). The log posterior of a
// particle given N training points is, up to a constant,
//
//	log p = sum_{m,o} [ log(gamma_o)/2 - gamma_o (y_mo - f_o(x_m; w))^2 / 2 ]
//	      + P/2 log(lambda) - lambda |w|^2 / 2
//	      + sum_o [ a0 log(gamma_o) - b0 gamma_o ] + a0 log(lambda) - b0 lambda,
//
// P the number of the network's parameters: the Gamma densities of the
// precisions, (a0 - 1) log gamma - b0 gamma, with the Jacobian of the log,
// + log gamma. With a fixed noise ([Model].NoiseSD > 0) every log gamma_o
// is held at the value of that standard deviation and its score is 0.
// cSVGD adds the alpha prior lambda_alpha |w|^alpha on the network's
// parameters (package stein's prior, [stein.Prior].Hyper = Extra leaves the
// precisions alone).
type Model struct {
	Arch dense.Arch
	// Fixed, when not nil, holds the noise precision of every output,
	// gamma_o (standardised units), that the model keeps instead of
	// learning it.
	Fixed []float64
}

// Extra is the number of the model's parameters after the network's:
// one log noise precision per output and the log weight precision.
func (m Model) Extra() int { return m.Arch.Outputs() + 1 }

// NumParams is the length of a particle.
func (m Model) NumParams() int { return m.Arch.NumParams() + m.Extra() }

// LogGamma is the index of log gamma_o in a particle; LogLambda that of
// log lambda.
func (m Model) LogGamma(o int) int { return m.Arch.NumParams() + o }
func (m Model) LogLambda() int     { return m.Arch.NumParams() + m.Arch.Outputs() }

// Validate checks the network and the fixed precisions.
func (m Model) Validate() error {
	if err := m.Arch.Validate(); err != nil {
		return err
	}
	if m.Fixed != nil && len(m.Fixed) != m.Arch.Outputs() {
		return fmt.Errorf("regress: %d fixed noise precisions for %d outputs", len(m.Fixed), m.Arch.Outputs())
	}
	for o, g := range m.Fixed {
		if !(g > 0) || math.IsInf(g, 0) {
			return fmt.Errorf("regress: fixed noise precision %v of output %d must be finite and > 0", g, o)
		}
	}
	return nil
}

// WithArch is the model on another network of the same inputs and
// outputs (a condensed template).
func (m Model) WithArch(a dense.Arch) Model { return Model{Arch: a, Fixed: m.Fixed} }
