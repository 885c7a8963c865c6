package hmc

import (
	"fmt"
	"math"
	"slices"

	"github.com/csvgd/csvgd-go/csvgd/nuts"
)

// Result is a finished run: every chain's kept draws and transitions (as
// package nuts records them, so that its diagnostics apply), the adapted
// step size, trajectory length and metric, and the warm-up's course.
type Result struct {
	Dim    int
	Config Config
	// Chains hold the draws and transitions. A transition's AcceptStat is
	// its acceptance probability, Leapfrogs the steps it took (fewer than
	// the trajectory's when it diverged) and TreeDepth is 0.
	Chains           []nuts.Chain
	StepSize         float64   // eps after the warm-up
	TrajectoryLength float64   // T after the warm-up
	InvMass          []float64 // diagonal of M^-1 after the warm-up
	Warmup           []Iteration
}

// Iteration is the course of one warm-up iteration: the step size and
// trajectory length it used, its leapfrog steps and the harmonic mean of
// the acceptance probabilities over the chains.
type Iteration struct {
	StepSize, TrajectoryLength float64
	Leapfrogs                  int
	HarmonicAccept             float64
}

// Sample runs the chains of c on the batched log density f of dimension
// dim: c.Warmup adaptive iterations, then c.Draws kept ones. It fails
// when a starting point is outside the support or the adaptation breaks
// down (a metric window's variance or the step size search).
func Sample(f BatchDensity, dim int, c Config) (*Result, error) {
	if err := c.Validate(dim); err != nil {
		return nil, fmt.Errorf("hmc: %w", err)
	}
	b := newBatch(f, dim, c)
	if k := b.evaluate(); k >= 0 {
		return nil, fmt.Errorf("hmc: log density at the starting point of chain %d is not finite", k)
	}
	r := &Result{Dim: dim, Config: c, Chains: make([]nuts.Chain, b.chains())}
	s := &sampler{b: b, c: c, t: newTrajectory(c), r: r}
	if err := s.warmup(); err != nil {
		return nil, fmt.Errorf("hmc: %w", err)
	}
	for k := range r.Chains {
		r.Chains[k].WarmupGradients = b.gradients[k]
	}
	for n := range c.Draws {
		if err := s.stopped(c.Warmup + n); err != nil {
			return nil, fmt.Errorf("hmc: %w", err)
		}
		s.iterate(c.Warmup+n, true)
	}
	for k := range r.Chains {
		ch := &r.Chains[k]
		ch.Gradients = b.gradients[k] - ch.WarmupGradients
		ch.StepSize, ch.InvMass = s.eps, slices.Clone(b.invMass)
	}
	r.StepSize, r.TrajectoryLength, r.InvMass = s.eps, s.t.length, slices.Clone(b.invMass)
	return r, nil
}

// sampler is a run in progress.
type sampler struct {
	b   *batch
	c   Config
	t   *trajectory
	r   *Result
	eps float64
}

// warmup adapts the step size to the harmonic mean acceptance, the metric
// in Stan's windows and the trajectory length by ChEES, and fixes the
// averaged step size and trajectory length for the draws.
func (s *sampler) warmup() error {
	s.eps = 1
	if s.c.Warmup == 0 {
		return s.initStepSize()
	}
	if err := s.initStepSize(); err != nil {
		return err
	}
	a := s.c.Adapt
	a.TargetAccept = s.c.TargetAccept
	da := nuts.NewDualAveraging(a)
	da.Restart(s.eps)
	windows := a.Windows(s.c.Warmup)
	est := nuts.NewVarianceEstimator(len(s.b.invMass))
	for n := range s.c.Warmup {
		if err := s.stopped(n); err != nil {
			return err
		}
		accept, steps := s.iterate(n, false)
		hm := harmonicMean(accept)
		s.r.Warmup = append(s.r.Warmup, Iteration{StepSize: s.eps, TrajectoryLength: s.t.length, Leapfrogs: steps, HarmonicAccept: hm})
		s.eps = da.Update(hm)
		if len(windows) == 0 || n < windows[0].Start {
			continue
		}
		for _, x := range s.b.x {
			est.Add(x)
		}
		if n < windows[0].End-1 {
			continue
		}
		windows = windows[1:]
		if err := est.Regularized(s.b.invMass); err != nil {
			return fmt.Errorf("warm-up iteration %d: %w", n, err)
		}
		est.Reset()
		if err := s.initStepSize(); err != nil {
			return fmt.Errorf("warm-up iteration %d: %w", n, err)
		}
		da.Restart(s.eps)
	}
	s.eps = da.Final()
	s.t.length = math.Min(s.t.averaged(), s.eps*float64(s.c.MaxLeapfrog))
	return nil
}

// stopped is the error of a run whose context is done before iteration
// n (from 0, the warm-up's first), or nil.
func (s *sampler) stopped(n int) error {
	return nuts.Stopped(s.c.Context, n, s.c.Warmup+s.c.Draws)
}

// iterate is iteration n: a trajectory of the jittered length u_n T for
// every chain, in the warm-up the ChEES step of T, and the Metropolis
// decisions, recorded as the chains' transitions (kept ones when keep is
// set, the warm-up's divergences otherwise).
func (s *sampler) iterate(n int, keep bool) (accept []float64, steps int) {
	u := halton(n + 1)
	steps = s.t.steps(u, s.eps)
	accept, divergedAt := s.b.trajectory(s.eps, steps, s.c.MaxEnergyError)
	if s.c.Progress != nil {
		s.c.Progress(n, Iteration{StepSize: s.eps, TrajectoryLength: s.t.length, Leapfrogs: steps, HarmonicAccept: harmonicMean(accept)})
	}
	if !keep {
		g, ok := s.b.cheesGradient(accept, u)
		s.t.update(g, ok, s.eps)
	}
	for k := range accept {
		ch := &s.r.Chains[k]
		_, energy := s.b.accept(k, accept[k])
		if !keep {
			if divergedAt[k] != nil {
				ch.WarmupDivergences++
				ch.WarmupDivergedAt = append(ch.WarmupDivergedAt, divergedAt[k])
			}
			continue
		}
		ch.Draws = append(ch.Draws, slices.Clone(s.b.x[k]))
		ch.Stats = append(ch.Stats, nuts.Transition{AcceptStat: accept[k], StepSize: s.eps, Leapfrogs: steps,
			Divergent: divergedAt[k] != nil, Energy: energy, LogDensity: s.b.lp[k], DivergedAt: divergedAt[k]})
	}
	return accept, steps
}

// harmonicMean is the harmonic mean of the acceptance probabilities (0
// when one of them is 0).
func harmonicMean(a []float64) float64 {
	var inv float64
	for _, v := range a {
		if v <= 0 {
			return 0
		}
		inv += 1 / v
	}
	return float64(len(a)) / inv
}

// initStepSize is the heuristic of Hoffman & Gelman's Alg. 4 for a batch:
// from the current eps, double (or halve) it while the harmonic mean over
// the chains of the acceptance of one leapfrog step from the current
// states with fresh momenta stays above (below) 0.8. The states do not
// change; the chains' streams advance.
func (s *sampler) initStepSize() error {
	trial := func() float64 {
		a, _ := s.b.trajectory(s.eps, 1, math.Inf(1))
		return harmonicMean(a)
	}
	up := trial() > 0.8
	for {
		if a := trial(); up != (a > 0.8) {
			return nil
		}
		if up {
			s.eps *= 2
		} else {
			s.eps /= 2
		}
		if s.eps > 1e7 || s.eps < 1e-12 {
			return fmt.Errorf("initial step size search reached eps = %g: the log density is flat or degenerate near the chains' states", s.eps)
		}
	}
}

// halton is element n >= 1 of the base-2 Halton (van der Corput)
// sequence: the bits of n mirrored behind the binary point, in (0, 1).
func halton(n int) float64 {
	var r float64
	for f := 0.5; n > 0; f, n = f/2, n/2 {
		r += f * float64(n%2)
	}
	return r
}
