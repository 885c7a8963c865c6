package stein

import (
	"fmt"

	"github.com/csvgd/csvgd-go/csvgd"
)

// Settings are what every Stein flow of the project is configured by: the
// prior (eqs. prior_family and log_post, or eq. sparprior), the kernel and
// its bandwidth, the optimizer, the ensemble size, the iteration budget and
// the seed. The illustrative example (mvn.Config) and the training of the
// networks (train.Config) embed it, the command line fills it from one set
// of flags, and it is stored as JSON with the runs, so that a run says how
// it was made.
type Settings struct {
	Alpha     float64       // prior order alpha in (0, 2]
	Lambda    float64       // prior multiplier lambda >= 0 (0: no prior)
	Prior     PriorForm     // how lambda sets the prior's coefficient (penalty, the default, or normalized)
	Beta      float64       // kernel order beta > 0
	Bandwidth Bandwidth     // kernel bandwidth: a fixed gamma or a median rule
	Optimizer OptimizerName // adagrad, adagrad-reset, adam or sgd
	StepSize  float64       // optimizer step size
	Particles int           // ensemble size N >= 2
	Iters     int           // iterations >= 1
	Seed      uint64        // seed of the initial particles and of every other draw of the run
}

// PriorAt is the prior of the settings with the smoothing s of its score
// (0: [DefaultSmoothing]).
func (s Settings) PriorAt(smoothing float64) Prior {
	return Prior{Alpha: s.Alpha, Lambda: s.Lambda, Smoothing: smoothing, Form: s.Prior}
}

// FlowConfig is the configuration of a [Flow] with these settings, the
// kernel's axis mask and the prior's smoothing, checked.
func (s Settings) FlowConfig(mask, smoothing float64) (Config, error) {
	opt, err := NewOptimizer(s.Optimizer, s.StepSize)
	if err != nil {
		return Config{}, err
	}
	c := Config{Prior: s.PriorAt(smoothing), Kernel: Kernel{Beta: s.Beta, Mask: mask}, Bandwidth: s.Bandwidth, Optimizer: opt}
	return c, c.Validate()
}

// Validate reports the first out-of-range setting, naming its value.
func (s Settings) Validate() error {
	switch {
	case s.Particles < 2:
		return fmt.Errorf("particles = %d: need at least 2", s.Particles)
	case s.Iters < 1:
		return fmt.Errorf("iterations = %d: need at least 1", s.Iters)
	}
	if err := csvgd.CheckMemory(fmt.Sprintf("an ensemble of %d particles", s.Particles), pairBytes(s.Particles)); err != nil {
		return err
	}
	_, err := s.FlowConfig(0, 0)
	return err
}

// pairBytes estimates the bytes of a step's pairwise arrays for n
// particles: about eight [n, n] arrays of float64 (the distances, the
// kernel, the terms of its gradient), whatever the network.
func pairBytes(n int) float64 { return 8 * 8 * float64(n) * float64(n) }
