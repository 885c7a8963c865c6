package nuts

import (
	"context"
	"fmt"
	"math"
)

// Config is a NUTS run: chains, warm-up and sampling lengths, seed, the
// limits of the trajectory and the warm-up's adaptation.
type Config struct {
	Chains         int         // number of chains, >= 1
	Warmup         int         // warm-up iterations per chain (adaptation; not kept), >= 0
	Draws          int         // kept iterations per chain, >= 1
	Seed           uint64      // every random draw of every chain derives from it
	Workers        int         // chains run at once: 0 one per chain, 1 one after another
	MaxDepth       int         // most doublings of a trajectory, >= 1 (Stan: 10)
	MaxEnergyError float64     // H - H0 above it is a divergence, > 0 (Stan: 1000)
	InitRadius     float64     // chains start uniformly in (-R, R)^d ((0, R) where non-negative), > 0
	Init           [][]float64 // one initial point per chain instead of the uniform draw (nil: draw)
	NonNegative    []int       // coordinates constrained to x_i >= 0, by reflection
	Metric         Metric      // form of the adapted mass matrix: Diagonal (Stan's default) or Dense
	Adapt          Adaptation
	// Context, when set, stops the run when it is done: every chain looks
	// at it before each iteration, and Sample returns an error wrapping
	// the context's (no draws: a chain stopped early is no sample; with a
	// Checkpoint, each chain saves its state first).
	Context context.Context `json:"-"`
	// Checkpoint, when set, makes the run resumable: its chains go on
	// from Checkpoint.Resume and save their states through
	// Checkpoint.Save, also when the context stops them ([Checkpoint]).
	// Not part of the run's identity.
	Checkpoint *Checkpoint `json:"-"`
}

// DefaultConfig is Stan's default run: 4 chains of 1000 warm-up and 1000
// kept iterations, tree depth at most 10, divergence at an energy error of
// 1000, initial points uniform in (-2, 2), seed 1.
func DefaultConfig() Config {
	return Config{
		Chains: 4, Warmup: 1000, Draws: 1000, Seed: 1, MaxDepth: 10,
		MaxEnergyError: 1000, InitRadius: 2, Adapt: DefaultAdaptation(),
	}
}

// Validate reports the first out-of-range setting for a target of
// dimension dim, naming its value.
func (c Config) Validate(dim int) error {
	switch {
	case dim < 1:
		return fmt.Errorf("dimension = %d must be >= 1", dim)
	case c.Chains < 1:
		return fmt.Errorf("chains = %d must be >= 1", c.Chains)
	case c.Warmup < 0:
		return fmt.Errorf("warmup = %d must be >= 0", c.Warmup)
	case c.Draws < 1:
		return fmt.Errorf("draws = %d must be >= 1", c.Draws)
	case c.Workers < 0:
		return fmt.Errorf("workers = %d must be >= 0", c.Workers)
	case c.MaxDepth < 1 || c.MaxDepth > 30:
		return fmt.Errorf("max tree depth = %d must be in [1, 30]", c.MaxDepth)
	case !(c.MaxEnergyError > 0):
		return fmt.Errorf("max energy error = %v must be > 0", c.MaxEnergyError)
	case !(c.InitRadius > 0) || math.IsInf(c.InitRadius, 0):
		return fmt.Errorf("initial radius = %v must be finite and > 0", c.InitRadius)
	case c.Init != nil && len(c.Init) != c.Chains:
		return fmt.Errorf("%d initial points for %d chains", len(c.Init), c.Chains)
	}
	for _, i := range c.NonNegative {
		if i < 0 || i >= dim {
			return fmt.Errorf("non-negative coordinate %d is outside [0, %d)", i, dim)
		}
	}
	if err := CheckInit(c.Init, dim, c.NonNegative); err != nil {
		return err
	}
	if err := c.Metric.Validate(); err != nil {
		return err
	}
	return c.Adapt.Validate()
}

// CheckInit checks initial points of chains: dim coordinates each, and
// x_i >= 0 for the nonNegative coordinates i.
func CheckInit(init [][]float64, dim int, nonNegative []int) error {
	for k, x := range init {
		if len(x) != dim {
			return fmt.Errorf("initial point of chain %d has %d coordinates, want %d", k, len(x), dim)
		}
		for _, i := range nonNegative {
			if !(x[i] >= 0) {
				return fmt.Errorf("initial point of chain %d: x[%d] = %v, want >= 0", k, i, x[i])
			}
		}
	}
	return nil
}

// Stopped is the error of a run whose context ctx ([Config.Context]) is
// done before its iteration i of n (from 0, warm-up first), wrapping the
// context's cause, or nil: ctx is nil or still running. Package hmc stops
// its loop with it too.
func Stopped(ctx context.Context, i, n int) error {
	if ctx == nil || ctx.Err() == nil {
		return nil
	}
	return fmt.Errorf("stopped before iteration %d of %d: %w", i+1, n, context.Cause(ctx))
}
