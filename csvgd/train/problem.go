package train

import (
	"math"

	"github.com/csvgd/csvgd-go/csvgd/backend"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/stein"
	"github.com/gomlx/compute"
)

// Problem is what one Stein step of a training run is made of: the
// configuration, the network of the current stage, the training batch and
// the noise scale sigma of the likelihood. Runs build their flows from it,
// and so do the benchmarks and the hand-written reference, so that all
// three take the same step.
type Problem struct {
	Config Config
	Arch   icnn.Arch
	Train  icnn.Batch
	Sigma  float64
}

// NewProblem is the problem of c at its first stage on the training data
// of data; sigma is c.Sigma, or, when c.Sigma is 0, one that follows the
// noise level: max(noise, 0.01) x RMS of the training stresses.
func NewProblem(c Config, data Data) Problem {
	p := Problem{Config: c, Arch: c.Arch, Train: icnn.NewBatch(data.Train), Sigma: c.Sigma}
	if p.Sigma == 0 {
		p.Sigma = math.Max(data.Noise, 0.01) * p.Train.RMS()
	}
	return p
}

// SteinConfig is the flow's configuration: prior, kernel, bandwidth,
// optimizer and the projection onto non-negative constrained weights.
func (p Problem) SteinConfig() (stein.Config, error) { return p.Config.steinConfig(p.Arch) }

// Score is the data score of Config.Likelihood in closed form.
func (p Problem) Score() stein.Score { return p.Config.score(p.Arch, p.Train, p.Sigma) }

// Weight is w of the log-likelihood -w sum_{m,k} (S_mk - S^data_mk)^2:
// 1/(2 sigma^2), divided by the number of points for the mean likelihood.
func (p Problem) Weight() float64 {
	w := 0.5 / (p.Sigma * p.Sigma)
	if p.Config.Likelihood == SumLikelihood {
		return w
	}
	return w / float64(max(p.Train.Len(), 1))
}

// Flow is the Stein flow of the problem for Config.Particles particles on
// backend b, or on its sequential twin when the step is small
// ([backend.ForWork]).
func (p Problem) Flow(b compute.Backend) (*stein.Flow, error) {
	return p.flow(b, func(o stein.Optimizer) stein.Optimizer { return o })
}

// HeldFlow is [Problem.Flow] with its optimizer wrapped in [stein.Held]:
// the flow of a run with fixed shapes, whose optimizer state ends with
// the mask of the coordinates that move.
func (p Problem) HeldFlow(b compute.Backend) (*stein.Flow, error) {
	return p.flow(b, func(o stein.Optimizer) stein.Optimizer { return stein.Held{Optimizer: o} })
}

// flow is the problem's flow with the optimizer wrap makes of the
// configured one.
func (p Problem) flow(b compute.Backend, wrap func(stein.Optimizer) stein.Optimizer) (*stein.Flow, error) {
	sc, err := p.SteinConfig()
	if err != nil {
		return nil, err
	}
	sc.Optimizer = wrap(sc.Optimizer)
	return stein.NewFlowScore(backend.ForWork(b, p.Work(p.Config.Particles)), sc, p.Score())
}

// Work is the size of the largest activations of the step for n
// particles: n x (points + 1) x the widest hidden layer.
func (p Problem) Work(n int) int {
	widest := 0
	for _, w := range p.Arch.Widths[1 : len(p.Arch.Widths)-1] {
		widest = max(widest, w)
	}
	return n * (p.Train.Len() + 1) * widest
}
