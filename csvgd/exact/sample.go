package exact

import (
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/csvgd/csvgd-go/csvgd/nuts"
)

// Config is a NUTS run on a template's posterior: chains, warm-up and kept
// iterations per chain, the seed of every random draw, the tree depth and
// how many of the draws to keep in the end.
type Config struct {
	Chains   int    // chains, each started at a Stein particle
	Warmup   int    // warm-up iterations per chain (step size and mass matrix adaptation)
	Draws    int    // kept iterations per chain
	Keep     int    // draws kept after thinning, over all chains (the ensemble saved)
	Seed     uint64 // every random draw of every chain derives from it
	MaxDepth int    // most doublings of a trajectory
	Workers  int    // chains run at once (0: one per chain); the draws do not depend on it
	// Accept is the mean acceptance the warm-up adapts the step size to,
	// in (0, 1) (Stan: 0.8); a higher target takes smaller steps, which
	// resolve sharper curvature at more gradients per draw.
	Accept float64
}

// DefaultConfig is the run of the comparisons with the Stein ensembles:
// 4 chains of 300 warm-up and 250 kept iterations, trees of at most
// 2^9 - 1 leapfrog steps, acceptance target 0.8, 200 draws kept, seed 1.
// The warm-up is the shortest after which the push-forward's R-hat settled
// in trial runs on the templates of 10 to 100 particles; the tree depth
// and the draws were chosen for the most bulk ESS of the push-forward per
// second (depth 9 gave about four fifths of the ESS per draw of Stan's 10
// at about half the gradients), aiming at about 400. Quick mode runs 2
// chains of 100 and 50 with trees of at most 255 steps and keeps 50.
func DefaultConfig(quick bool) Config {
	if quick {
		return Config{Chains: 2, Warmup: 100, Draws: 50, Keep: 50, Seed: 1, MaxDepth: 8, Accept: 0.8}
	}
	return Config{Chains: 4, Warmup: 300, Draws: 250, Keep: 200, Seed: 1, MaxDepth: 9, Accept: 0.8}
}

// minDraws is the fewest kept iterations per chain for which the
// split-chain bulk and tail ESS are defined (halves of 4).
const minDraws = 8

// Validate reports the first out-of-range setting, naming its value.
func (c Config) Validate() error {
	switch {
	case c.Chains < 1:
		return fmt.Errorf("chains = %d must be >= 1", c.Chains)
	case c.Warmup < 0:
		return fmt.Errorf("warmup = %d must be >= 0", c.Warmup)
	case c.Draws < minDraws:
		return fmt.Errorf("draws = %d: need at least %d per chain for the split-chain diagnostics", c.Draws, minDraws)
	case c.Keep < 1 || c.Keep > c.Chains*c.Draws:
		return fmt.Errorf("keep = %d must be in [1, chains x draws = %d]", c.Keep, c.Chains*c.Draws)
	case c.MaxDepth < 1 || c.MaxDepth > 30:
		return fmt.Errorf("max tree depth = %d must be in [1, 30]", c.MaxDepth)
	case !(c.Accept > 0 && c.Accept < 1):
		return fmt.Errorf("target acceptance = %v must be in (0, 1)", c.Accept)
	case c.Workers < 0:
		return fmt.Errorf("workers = %d must be >= 0", c.Workers)
	}
	return nil
}

// nutsConfig is the sampler's configuration for post, with chain k started
// at particle floor(k N / Chains) of the N Stein particles.
func (c Config) nutsConfig(post *Posterior, particles [][]float64) (nuts.Config, error) {
	if len(particles) == 0 {
		return nuts.Config{}, errors.New("no Stein particles to start the chains at")
	}
	nc := nuts.DefaultConfig()
	nc.Chains, nc.Warmup, nc.Draws, nc.Seed, nc.MaxDepth, nc.Workers = c.Chains, c.Warmup, c.Draws, c.Seed, c.MaxDepth, c.Workers
	nc.NonNegative = post.NonNegative()
	nc.Adapt.TargetAccept = c.Accept
	for k := range c.Chains {
		start := particles[k*len(particles)/c.Chains]
		if len(start) != post.Dim() {
			return nuts.Config{}, fmt.Errorf("particle of %d weights for a template of %d", len(start), post.Dim())
		}
		nc.Init = append(nc.Init, start)
	}
	return nc, nc.Validate(post.Dim())
}

// Run is a finished NUTS run: the sampler's result, the draws kept after
// thinning and the report.
type Run struct {
	Config Config
	Result *nuts.Result
	Kept   [][]float64 // Config.Keep draws spread evenly over the chains ([Thin])
	Report Report
}

// Sample runs NUTS on post from the Stein particles and reports the
// diagnostics of the weights, of the log density and of the quantities
// watch computes from a draw (nil: none), the push-forward the
// comparisons use. It fails when a kept draw or a watched quantity is not
// finite.
func Sample(post *Posterior, particles [][]float64, c Config, watch func([]float64) []float64) (*Run, error) {
	if err := c.Validate(); err != nil {
		return nil, fmt.Errorf("exact: %w", err)
	}
	nc, err := c.nutsConfig(post, particles)
	if err != nil {
		return nil, fmt.Errorf("exact: %w", err)
	}
	start := time.Now()
	res, err := nuts.Sample(post.LogDensity, post.Dim(), nc)
	if err != nil {
		return nil, fmt.Errorf("exact: %w", err)
	}
	seconds := time.Since(start).Seconds()
	if err := finiteDraws(res); err != nil {
		return nil, fmt.Errorf("exact: %w", err)
	}
	rep, err := newReport(res, seconds, watch)
	if err != nil {
		return nil, fmt.Errorf("exact: %w", err)
	}
	return &Run{Config: c, Result: res, Kept: Thin(res, c.Keep), Report: rep}, nil
}

// finiteDraws reports the first draw with a value that is not finite.
func finiteDraws(r *nuts.Result) error {
	for k, ch := range r.Chains {
		for i, x := range ch.Draws {
			for j, v := range x {
				if math.IsNaN(v) || math.IsInf(v, 0) {
					return fmt.Errorf("chain %d, draw %d: weight %d is %v", k, i, j, v)
				}
			}
		}
	}
	return nil
}
