package exact

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"github.com/csvgd/csvgd-go/csvgd/nuts"
)

// Config is a NUTS run on a template's posterior: chains (some started
// away from the Stein particles), warm-up and kept iterations per chain,
// the seed of every random draw, the sampler's adaptation and limits, and
// how many of the draws to keep in the end.
type Config struct {
	Chains int // chains, each started at a Stein particle
	// Overdispersed of the chains (the last ones) start at perturbed
	// particles instead ([Perturb]): if they end where the others do,
	// the chains did not merely stay where the flow left them.
	Overdispersed int
	Warmup        int    // warm-up iterations per chain (step size and mass matrix adaptation)
	Draws         int    // kept iterations per chain
	Keep          int    // draws kept after thinning, over all chains (the ensemble saved)
	Seed          uint64 // every random draw of every chain derives from it
	MaxDepth      int    // most doublings of a trajectory
	Workers       int    // chains run at once (0: one per chain); the draws do not depend on it
	// Accept is the mean acceptance the warm-up adapts the step size to,
	// in (0, 1) (Stan's adapt_delta, 0.8 by default; 0.95 and more for
	// posteriors with regions of high curvature): a higher target takes
	// smaller steps, which resolve sharper curvature at more gradients
	// per draw.
	Accept float64
	Metric nuts.Metric // the form of the adapted mass matrix
	// Coordinates are those the trajectories move in (the weights
	// themselves by default); the draws are the weights' in every case.
	// Left out of the JSON when it is the default, so that the keys of
	// cached runs in the weights do not change.
	Coordinates Coordinates `json:",omitempty"`
}

// DefaultConfig is the reference of the comparisons with the Stein
// ensembles, sized to meet Stan's criteria on the templates of the
// cSVGD runs (docs/exact-posterior.md gives the measured diagnostics):
// 4 chains, 2 of them overdispersed, Stan's full warm-up of 1000
// iterations, 500 kept iterations per chain (aimed at a bulk and tail ESS
// of 400 of every watched stress), acceptance target 0.995, trees of at
// most 2^9 - 1 leapfrog steps, the diagonal metric, 1000 draws kept,
// seed 1. Nearly every transition stops at the depth limit, so the
// target sets the distance a transition covers, not its cost: in trial
// runs on the 10-particle template 0.95 left more than 1% of the
// transitions divergent, 0.999 took steps too small for the push-forward
// to mix within the limit, trees one doubling shorter left it unconverged
// and trees one doubling deeper let the chains drift further apart; the
// dense metric and the prior-normal and log-scale coordinates removed
// most divergences but did not let the push-forward mix. Quick mode runs 4 chains of 100 and
// 40 iterations with trees of at most 31 steps and keeps 80: enough to
// exercise the code, not a reference.
func DefaultConfig(quick bool) Config {
	if quick {
		return Config{Chains: 4, Overdispersed: 2, Warmup: 100, Draws: 40, Keep: 80, Seed: 1, MaxDepth: 5, Accept: 0.95}
	}
	return Config{Chains: 4, Overdispersed: 2, Warmup: 1000, Draws: 500, Keep: 1000, Seed: 1, MaxDepth: 9, Accept: 0.995}
}

// minDraws is the fewest kept iterations per chain for which the
// split-chain bulk and tail ESS are defined (halves of 4).
const minDraws = 8

// Validate reports the first out-of-range setting, naming its value.
func (c Config) Validate() error {
	switch {
	case c.Chains < 1:
		return fmt.Errorf("chains = %d must be >= 1", c.Chains)
	case c.Overdispersed < 0 || c.Overdispersed > c.Chains:
		return fmt.Errorf("overdispersed chains = %d must be in [0, chains = %d]", c.Overdispersed, c.Chains)
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
	if err := c.Coordinates.Validate(); err != nil {
		return err
	}
	return c.Metric.Validate()
}

// nutsConfig is the sampler's configuration for post: chain k starts at
// particle floor(k N / Chains) of the N Stein particles, perturbed
// ([Perturb]) for the last c.Overdispersed chains.
func (c Config) nutsConfig(post *Posterior, particles [][]float64) (nuts.Config, error) {
	if len(particles) == 0 {
		return nuts.Config{}, errors.New("no Stein particles to start the chains at")
	}
	nc := nuts.DefaultConfig()
	nc.Chains, nc.Warmup, nc.Draws, nc.Seed, nc.MaxDepth, nc.Workers = c.Chains, c.Warmup, c.Draws, c.Seed, c.MaxDepth, c.Workers
	nc.NonNegative, nc.Metric = post.NonNegative(), c.Metric
	nc.Adapt.TargetAccept = c.Accept
	spread := Spread(particles)
	cons := post.Arch.Constrained()
	for k := range c.Chains {
		start := particles[k*len(particles)/c.Chains]
		if len(start) != post.Dim() {
			return nuts.Config{}, fmt.Errorf("particle of %d weights for a template of %d", len(start), post.Dim())
		}
		if k >= c.Chains-c.Overdispersed {
			start = Perturb(start, spread, cons, rand.New(rand.NewPCG(nuts.ChainSeed(c.Seed, perturbStream+k))))
		}
		nc.Init = append(nc.Init, start)
	}
	return nc, nc.Validate(post.Dim())
}

// The perturbation of [Perturb]: the standard deviation of the log of a
// weight's factor, and of its shift in units of the ensemble's spread.
const (
	PerturbScale = 0.3
	PerturbShift = 0.1
)

// perturbStream offsets the chain index of the perturbations' PCG
// streams from the chains' own ([nuts.ChainSeed]).
const perturbStream = 1 << 20

// Spread is the standard deviation of every weight over the particles
// (0 for a single particle).
func Spread(particles [][]float64) []float64 {
	out := make([]float64, len(particles[0]))
	for i := range out {
		var m, m2 float64
		for a, theta := range particles {
			d := theta[i] - m
			m += d / float64(a+1)
			m2 += d * (theta[i] - m)
		}
		if len(particles) > 1 {
			out[i] = math.Sqrt(m2 / float64(len(particles)-1))
		}
	}
	return out
}

// Perturb is an overdispersed start near the particle theta: every weight
// scaled by exp(PerturbScale g) and shifted by PerturbShift spread_i h,
// with g and h standard normal draws from rng and spread the ensemble's
// standard deviation of the weight; constrained weights (cons) are
// reflected to |.| >= 0. A weight that the flow pruned to 0 thereby
// starts at a tenth of the ensemble's spread, and the others within about
// 35% of where the particle has them: far enough that the chains do not
// merely stay where the flow left them, near enough that the data still
// hold the network (a start with every weight off by a factor e fits the
// data so badly that the warm-up adapts its step size to that region and
// the chain does not leave it).
func Perturb(theta, spread []float64, cons []bool, rng *rand.Rand) []float64 {
	out := make([]float64, len(theta))
	for i, v := range theta {
		out[i] = v*math.Exp(PerturbScale*rng.NormFloat64()) + PerturbShift*spread[i]*rng.NormFloat64()
		if cons[i] {
			out[i] = math.Abs(out[i])
		}
	}
	return out
}

// Run is a finished NUTS run: the sampler's result, the draws kept after
// thinning, the report, the trace of the rank plots and where the kept
// transitions diverged.
type Run struct {
	Config   Config
	Result   *nuts.Result
	Kept     [][]float64 // Config.Keep draws spread evenly over the chains ([Thin])
	Report   Report
	Trace    Trace
	Diverged [][]float64 // the positions at which kept transitions diverged (nuts.Transition.DivergedAt)
	// WarmupDiverged are the positions at which warm-up transitions
	// diverged: where the trajectories break down while the step size and
	// the metric adapt, which a run without kept divergences still shows.
	WarmupDiverged [][]float64
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
	res, err := sampleIn(c.Coordinates, post, nc)
	if err != nil {
		return nil, fmt.Errorf("exact: %w", err)
	}
	seconds := time.Since(start).Seconds()
	if err := finiteDraws(res); err != nil {
		return nil, fmt.Errorf("exact: %w", err)
	}
	rep, tr, err := newReport(post, res, c, seconds, watch)
	if err != nil {
		return nil, fmt.Errorf("exact: %w", err)
	}
	run := &Run{Config: c, Result: res, Kept: Thin(res, c.Keep), Report: rep, Trace: tr, Diverged: diverged(res)}
	for _, ch := range res.Chains {
		run.WarmupDiverged = append(run.WarmupDiverged, ch.WarmupDivergedAt...)
	}
	return run, nil
}

// sampleIn runs the sampler in the coordinates c and returns its result
// in the weights.
func sampleIn(c Coordinates, post *Posterior, nc nuts.Config) (*nuts.Result, error) {
	var m coordinateMap
	switch c {
	case WeightCoordinates:
		return nuts.Sample(post.LogDensity, post.Dim(), nc)
	case PriorNormalCoordinates:
		t, err := priorNormalOf(post)
		if err != nil {
			return nil, err
		}
		m = t
	case LogScaleCoordinates:
		m = logScaleOf(post)
	}
	nc.Init = toPhi(m, nc.Init)
	if !m.reflects() {
		nc.NonNegative = nil
	}
	res, err := nuts.Sample(inCoordinates(post, m), post.Dim(), nc)
	if err != nil {
		return nil, err
	}
	toWeights(m, post, res)
	return res, nil
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
