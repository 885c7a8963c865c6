package exact

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"time"

	"github.com/csvgd/csvgd-go/csvgd/hmc"
	"github.com/csvgd/csvgd-go/csvgd/nuts"
)

// Config is a run on a template's posterior: the sampler, its chains and
// where they start, warm-up and kept iterations per chain, the seed of
// every random draw, the sampler's adaptation and limits, and how many of
// the draws to keep in the end.
type Config struct {
	Chains int // chains, each started at a point of Starts
	// Overdispersed of the chains (the last ones) start at perturbed
	// particles instead ([Perturb]): if they end where the others do,
	// the chains did not merely stay where the flow left them. Stein
	// starts only.
	Overdispersed int
	Warmup        int    // warm-up iterations per chain (step size and mass matrix adaptation)
	Draws         int    // kept iterations per chain
	Keep          int    // draws kept after thinning, over all chains (the ensemble saved)
	Seed          uint64 // every random draw of every chain derives from it
	MaxDepth      int    // NUTS: most doublings of a trajectory
	Workers       int    // NUTS: chains run at once, ChEES: goroutines of the batch (0: one per chain or CPU); the draws do not depend on it
	// Accept is the mean acceptance the warm-up adapts the step size to,
	// in (0, 1): for NUTS Stan's adapt_delta (0.8 by default; 0.95 and
	// more for posteriors with regions of high curvature), for ChEES the
	// harmonic mean over the chains. A higher target takes smaller steps,
	// which resolve sharper curvature at more gradients per draw.
	Accept float64
	Metric nuts.Metric // NUTS: the form of the adapted mass matrix (ChEES: diagonal)
	// Coordinates are those the trajectories move in (the weights
	// themselves by default); the draws are the weights' in every case.
	// Left out of the JSON when it is the default, so that the keys of
	// cached runs in the weights do not change; NUTS only.
	Coordinates Coordinates `json:",omitempty"`
	// Sampler is the algorithm, NUTS by default; Starts where the chains
	// start, the Stein particles by default.
	Sampler Sampler `json:",omitempty"`
	Starts  Starts  `json:",omitempty"`
	// OptimizeSteps are the steps of Adam that take each initialisation
	// of InitStarts into the region the data allow ([Optimize]).
	OptimizeSteps int `json:",omitempty"`
	// MaxLeapfrog is ChEES's most leapfrog steps per trajectory.
	MaxLeapfrog int `json:",omitempty"`
	// Progress, when set, receives a line every ProgressEvery iterations
	// of a ChEES run (its step size, trajectory length and acceptance).
	Progress io.Writer `json:"-"`
	// Context, when set, stops the sampler's chains when it is done
	// (before their next iteration); Sample then returns an error
	// wrapping the context's. Not part of the run's identity.
	Context context.Context `json:"-"`
	// Checkpoint, when set, makes a NUTS run resumable
	// ([nuts.Checkpoint]): its chains go on from Checkpoint.Resume, save
	// their states through Checkpoint.Save (also when the context stops
	// them) and end with the draws of an uninterrupted run. The starts
	// are computed again, as they are deterministic. Not part of the
	// run's identity; NUTS only (ChEES runs start again from their
	// beginning).
	Checkpoint *nuts.Checkpoint `json:"-"`
}

// ProgressEvery is how many iterations of a ChEES run separate its lines
// on Config.Progress.
const ProgressEvery = 50

// DefaultConfig is the NUTS setting of the reference runs of the
// comparisons with the Stein ensembles (the sampler table of
// docs/exact-posterior.md says which runs meet Stan's criteria; most do
// not): 4 chains, 2 of them overdispersed, Stan's full warm-up of 1000
// iterations, 500 kept iterations per chain (aimed at a bulk and tail ESS
// of 400 of every watched stress), acceptance target 0.995, trees of at
// most 2^9 - 1 leapfrog steps, the diagonal metric, 1000 draws kept,
// seed 1. Nearly every transition stops at the depth limit, so the
// target sets the distance a transition covers, not its cost. Other
// targets and depths, the dense metric and the changes of coordinates
// were tried on the 10-particle template; no result of those trials is
// claimed (csvgd nuts template -accept, -max-depth, -metric and
// -coordinates repeat them). Quick mode runs 4 chains of 60 and
// 20 iterations with trees of at most 15 steps and keeps 40: enough to
// exercise the code, not a reference.
func DefaultConfig(quick bool) Config {
	if quick {
		return Config{Chains: 4, Overdispersed: 2, Warmup: 60, Draws: 20, Keep: 40, Seed: 1, MaxDepth: 4, Accept: 0.95}
	}
	return Config{Chains: 4, Overdispersed: 2, Warmup: 1000, Draws: 500, Keep: 1000, Seed: 1, MaxDepth: 9, Accept: 0.995}
}

// DefaultCHEESConfig is the ChEES counterpart of [DefaultConfig], at
// about its cost in gradients on the templates of the comparisons: 32
// chains from the Stein particles, 400 warm-up and 100 kept iterations,
// harmonic-mean acceptance 0.9, at most 1000 leapfrog steps per
// trajectory, 1024 draws kept (32 per chain), seed 1, and 1000 steps of
// Adam for initialisation starts. Quick mode runs 8 chains of 40 and 16
// iterations with at most 16 leapfrog steps and keeps 64.
func DefaultCHEESConfig(quick bool) Config {
	if quick {
		return Config{Sampler: CHEESSampler, Chains: 8, Warmup: 40, Draws: 16, Keep: 64, Seed: 1, Accept: 0.9, MaxLeapfrog: 16, OptimizeSteps: DefaultOptimizeSteps(quick)}
	}
	return Config{Sampler: CHEESSampler, Chains: 32, Warmup: 400, Draws: 100, Keep: 1024, Seed: 1, Accept: 0.9, MaxLeapfrog: 1000, OptimizeSteps: DefaultOptimizeSteps(quick)}
}

// DefaultOptimizeSteps are the steps of Adam that take each
// initialisation of InitStarts into the region the data allow: 1000 (100
// in quick mode). On the 10-particle templates of the comparisons 1000
// steps bring the log-likelihood from far below to near that of the
// Stein particles.
func DefaultOptimizeSteps(quick bool) int {
	if quick {
		return 100
	}
	return 1000
}

// minDraws is the fewest kept iterations per chain for which the
// split-chain bulk and tail ESS are defined (halves of 4).
const minDraws = 8

// Validate reports the first out-of-range setting, naming its value.
func (c Config) Validate() error {
	if err := c.validateSampler(); err != nil {
		return err
	}
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

// validateSampler checks the sampler, the starts and the settings that
// belong to one of them only.
func (c Config) validateSampler() error {
	if err := c.Sampler.Validate(); err != nil {
		return err
	}
	if err := c.Starts.Validate(); err != nil {
		return err
	}
	switch {
	case c.Sampler == NUTSSampler && (c.MaxDepth < 1 || c.MaxDepth > 30):
		return fmt.Errorf("max tree depth = %d must be in [1, 30]", c.MaxDepth)
	case c.Sampler == CHEESSampler && c.Chains < 2:
		return fmt.Errorf("chains = %d: ChEES adapts across chains and needs at least 2", c.Chains)
	case c.Sampler == CHEESSampler && c.MaxLeapfrog < 1:
		return fmt.Errorf("max leapfrog steps = %d must be >= 1", c.MaxLeapfrog)
	case c.Sampler == CHEESSampler && (c.Coordinates != WeightCoordinates || c.Metric != nuts.Diagonal):
		return fmt.Errorf("ChEES moves in the weights with a diagonal metric, not in the %s coordinates with the %s metric", c.Coordinates, c.Metric)
	case c.Sampler == CHEESSampler && c.Checkpoint != nil:
		return fmt.Errorf("a checkpoint is for NUTS runs only, not for %s", c.Sampler)
	case c.Starts == InitStarts && c.Overdispersed > 0:
		return fmt.Errorf("overdispersed chains = %d: only Stein starts are perturbed", c.Overdispersed)
	case c.Starts == InitStarts && c.OptimizeSteps < 0:
		return fmt.Errorf("optimisation steps = %d must be >= 0", c.OptimizeSteps)
	}
	return nil
}

// nutsConfig is NUTS's configuration for post with the chains' starting
// points init.
func (c Config) nutsConfig(post *Posterior, init [][]float64) (nuts.Config, error) {
	nc := nuts.DefaultConfig()
	nc.Chains, nc.Warmup, nc.Draws, nc.Seed, nc.MaxDepth, nc.Workers = c.Chains, c.Warmup, c.Draws, c.Seed, c.MaxDepth, c.Workers
	nc.NonNegative, nc.Metric, nc.Init = post.NonNegative(), c.Metric, init
	nc.Adapt.TargetAccept, nc.Context, nc.Checkpoint = c.Accept, c.Context, c.Checkpoint
	return nc, nc.Validate(post.Dim())
}

// cheesConfig is ChEES's configuration for post with the chains' starting
// points init.
func (c Config) cheesConfig(post *Posterior, init [][]float64) (hmc.Config, error) {
	hc := hmc.DefaultConfig(init)
	hc.Warmup, hc.Draws, hc.Seed, hc.NonNegative = c.Warmup, c.Draws, c.Seed, post.NonNegative()
	hc.TargetAccept, hc.MaxLeapfrog, hc.Context = c.Accept, c.MaxLeapfrog, c.Context
	if w := c.Progress; w != nil {
		start, total := time.Now(), c.Warmup+c.Draws
		hc.Progress = func(n int, it hmc.Iteration) {
			if (n+1)%ProgressEvery == 0 || n+1 == total {
				fmt.Fprintf(w, "chees: iteration %d of %d (%d warm-up): step size %.3g, trajectory length %.3g, %d leapfrog steps, harmonic mean acceptance %.2f, %.0f s\n",
					n+1, total, c.Warmup, it.StepSize, it.TrajectoryLength, it.Leapfrogs, it.HarmonicAccept, time.Since(start).Seconds())
			}
		}
	}
	return hc, hc.Validate(post.Dim())
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

// Sample runs the sampler of c on post from the starting points of
// c.Starts (the Stein particles, or initialisations optimised on post)
// and reports the diagnostics of the weights, of the log density and of
// the quantities watch computes from a draw (nil: none), the push-forward
// the comparisons use. It fails when a kept draw or a watched quantity is
// not finite.
func Sample(post *Posterior, particles [][]float64, c Config, watch func([]float64) []float64) (*Run, error) {
	if err := c.Validate(); err != nil {
		return nil, fmt.Errorf("exact: %w", err)
	}
	start := time.Now()
	init, err := c.starts(post, particles)
	if err != nil {
		return nil, fmt.Errorf("exact: %w", err)
	}
	res, st, err := c.sample(post, init)
	if err != nil {
		return nil, fmt.Errorf("exact: %w", err)
	}
	seconds := time.Since(start).Seconds()
	if ck := c.Checkpoint; ck != nil && ck.Resume != nil {
		seconds += ck.Resume.Seconds // the chains' time in the sittings before
	}
	if err := finiteDraws(res.Result); err != nil {
		return nil, fmt.Errorf("exact: %w", err)
	}
	rep, tr, err := newReport(post, res, st, c, seconds, watch)
	if err != nil {
		return nil, fmt.Errorf("exact: %w", err)
	}
	run := &Run{Config: c, Result: res.Result, Kept: Thin(res.Result, c.Keep), Report: rep, Trace: tr, Diverged: diverged(res.Result)}
	for _, ch := range res.Chains {
		run.WarmupDiverged = append(run.WarmupDiverged, ch.WarmupDivergedAt...)
	}
	return run, nil
}

// sampled is a finished run of either sampler: its chains as package
// nuts records them, and ChEES's adapted trajectory length (0 for NUTS).
type sampled struct {
	*nuts.Result
	TrajectoryLength float64
}

// sample runs c's sampler from init and returns its chains and the
// sampler's statistics.
func (c Config) sample(post *Posterior, init [][]float64) (sampled, nuts.Stats, error) {
	if c.Sampler == CHEESSampler {
		hc, err := c.cheesConfig(post, init)
		if err != nil {
			return sampled{}, nuts.Stats{}, err
		}
		r, err := hmc.Sample(hmc.Parallel(post.LogDensity, c.Workers), post.Dim(), hc)
		if err != nil {
			return sampled{}, nuts.Stats{}, err
		}
		res := &nuts.Result{Dim: r.Dim, Config: nuts.Config{Chains: c.Chains, Draws: c.Draws, MaxDepth: math.MaxInt}, Chains: r.Chains}
		st := res.Stats()
		st.AtMaxDepth = 0
		for _, ch := range r.Chains {
			for _, t := range ch.Stats {
				if t.Leapfrogs >= c.MaxLeapfrog {
					st.AtMaxDepth++
				}
			}
		}
		return sampled{Result: res, TrajectoryLength: r.TrajectoryLength}, st, nil
	}
	nc, err := c.nutsConfig(post, init)
	if err != nil {
		return sampled{}, nuts.Stats{}, err
	}
	res, err := sampleIn(c.Coordinates, post, nc)
	if err != nil {
		return sampled{}, nuts.Stats{}, err
	}
	return sampled{Result: res}, res.Stats(), nil
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
