package hmc

import (
	"context"
	"fmt"
	"math"

	"github.com/csvgd/csvgd-go/csvgd/nuts"
)

// Config is a run of many chains: their starting points, the warm-up and
// kept iterations, the seed, and the adaptation's settings.
type Config struct {
	Init   [][]float64 // one starting point per chain, at least 2 chains
	Warmup int         // adaptive iterations (step size, metric, trajectory length), not kept
	Draws  int         // kept iterations per chain, >= 1
	Seed   uint64      // every chain's random stream derives from it ([nuts.ChainSeed])
	// NonNegative are the coordinates kept at x_i >= 0 by reflection.
	NonNegative []int
	// TargetAccept is the harmonic mean over the chains of the acceptance
	// probability that the step size adaptation aims at, in (0, 1).
	TargetAccept float64
	// MaxLeapfrog is the most leapfrog steps of one trajectory: T stays
	// below eps MaxLeapfrog.
	MaxLeapfrog int
	// TrajectoryRate is the learning rate of RMSProp on log T, > 0.
	TrajectoryRate float64
	// InitialLength is the trajectory length T the warm-up starts from,
	// > 0, in the units of the whitened coordinates (about 1 reaches
	// across a unit-variance Gaussian).
	InitialLength  float64
	MaxEnergyError float64 // H - H0 above it is a divergence, > 0
	// Adapt holds the dual averaging's gamma, t0 and kappa and the
	// metric's windows (its TargetAccept is not read: TargetAccept above
	// is).
	Adapt nuts.Adaptation
	// Progress, when set, is called after every iteration n (from 0; the
	// warm-up's first) with its step size, trajectory length, leapfrog
	// steps and harmonic mean acceptance. It must not keep the sampler
	// waiting.
	Progress func(n int, it Iteration) `json:"-"`
	// Context, when set, stops the run when it is done, before the next
	// iteration; Sample then returns an error wrapping the context's.
	Context context.Context `json:"-"`
}

// DefaultConfig are the settings of TensorFlow Probability's ChEES-HMC for
// the given starting points: harmonic-mean acceptance 0.75, at most 1000
// leapfrog steps, learning rate 0.025, initial trajectory length 1,
// divergence at an energy error of 1000, Stan's dual averaging and
// windows; 500 warm-up and 100 kept iterations, seed 1.
func DefaultConfig(init [][]float64) Config {
	return Config{
		Init: init, Warmup: 500, Draws: 100, Seed: 1, TargetAccept: 0.75, MaxLeapfrog: 1000,
		TrajectoryRate: 0.025, InitialLength: 1, MaxEnergyError: 1000, Adapt: nuts.DefaultAdaptation(),
	}
}

// Chains is the number of chains, one per starting point.
func (c Config) Chains() int { return len(c.Init) }

// Validate reports the first out-of-range setting for a target of
// dimension dim, naming its value.
func (c Config) Validate(dim int) error {
	switch {
	case dim < 1:
		return fmt.Errorf("dimension = %d must be >= 1", dim)
	case len(c.Init) < 2:
		return fmt.Errorf("%d starting points: the cross-chain adaptation needs at least 2 chains", len(c.Init))
	case c.Warmup < 0:
		return fmt.Errorf("warmup = %d must be >= 0", c.Warmup)
	case c.Draws < 1:
		return fmt.Errorf("draws = %d must be >= 1", c.Draws)
	case !(c.TargetAccept > 0 && c.TargetAccept < 1):
		return fmt.Errorf("target acceptance = %v must be in (0, 1)", c.TargetAccept)
	case c.MaxLeapfrog < 1:
		return fmt.Errorf("max leapfrog steps = %d must be >= 1", c.MaxLeapfrog)
	case !(c.TrajectoryRate > 0) || math.IsInf(c.TrajectoryRate, 0):
		return fmt.Errorf("trajectory learning rate = %v must be finite and > 0", c.TrajectoryRate)
	case !(c.InitialLength > 0) || math.IsInf(c.InitialLength, 0):
		return fmt.Errorf("initial trajectory length = %v must be finite and > 0", c.InitialLength)
	case !(c.MaxEnergyError > 0):
		return fmt.Errorf("max energy error = %v must be > 0", c.MaxEnergyError)
	}
	for _, i := range c.NonNegative {
		if i < 0 || i >= dim {
			return fmt.Errorf("non-negative coordinate %d is outside [0, %d)", i, dim)
		}
	}
	if err := nuts.CheckInit(c.Init, dim, c.NonNegative); err != nil {
		return err
	}
	a := c.Adapt
	a.TargetAccept = c.TargetAccept
	return a.Validate()
}
