package nuts

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// Chain is one chain's draws after warm-up, with its sampler statistics.
type Chain struct {
	Draws             [][]float64  // Draws[i] is the i-th kept draw
	Stats             []Transition // Stats[i] is the transition that produced Draws[i]
	StepSize          float64      // step size after warm-up
	InvMass           []float64    // diagonal of M^-1 after warm-up
	InvMetric         []float64    // dense metric: M^-1 after warm-up, d x d row-major (nil: diagonal)
	WarmupGradients   int          // log density evaluations during warm-up (with initialisation)
	Gradients         int          // log density evaluations while drawing
	WarmupDivergences int          // divergent transitions during warm-up
	WarmupDivergedAt  [][]float64  // where the warm-up's divergent transitions diverged ([Transition].DivergedAt)
}

// chainRun is one chain in progress: its generator, kernel and current
// point, the warm-up's adaptation (the step size's dual averaging, the
// metric windows not ended yet and the current window's estimator; nil
// once the warm-up is over) and the chain's record so far. Its
// iterations are numbered from 0, warm-up first; done of them are done.
// Between two iterations it is exactly what [ChainState] saves.
type chainRun struct {
	c       Config
	pcg     *rand.PCG
	kern    *kernel
	z       point
	da      *DualAveraging
	windows []Window
	est     metricEstimator
	ch      *Chain
	done    int
}

// runChain runs chain number k of c on f (dimension dim), from the state
// that s holds for it, if any; through s it saves its state every
// s.interval() iterations, at its end and when c.Context stops it (s nil: no
// checkpoint).
func runChain(f LogDensity, dim int, c Config, k int, s *saver) (*Chain, error) {
	var r *chainRun
	var err error
	if st := s.resume(k); st != nil {
		r, err = restoreChain(f, dim, c, k, st)
	} else {
		r, err = startChain(f, dim, c, k)
	}
	if err != nil {
		return nil, err
	}
	saved, total := r.done, c.Warmup+c.Draws
	save := func() error {
		if s == nil || r.done == saved {
			return nil
		}
		saved = r.done
		st, err := r.state()
		if err != nil {
			return err
		}
		return s.save(k, st)
	}
	for r.done < total {
		if stop := Stopped(c.Context, r.done, total); stop != nil {
			if err := save(); err != nil {
				return nil, fmt.Errorf("%w (its state was not saved: %v)", stop, err)
			}
			return nil, stop
		}
		if r.done%s.interval() == 0 {
			if err := save(); err != nil {
				return nil, err
			}
		}
		if err := r.step(); err != nil {
			return nil, err
		}
	}
	if err := save(); err != nil {
		return nil, err
	}
	r.ch.Gradients = r.kern.dyn.gradients - r.ch.WarmupGradients
	return r.ch, nil
}

// startChain is chain k of c on f before its first iteration: at its
// initial point, with the initial step size of the warm-up's heuristic
// and the dual averaging centred on it.
func startChain(f LogDensity, dim int, c Config, k int) (*chainRun, error) {
	r := newChainRun(f, dim, c, rand.NewPCG(ChainSeed(c.Seed, k)))
	z, err := initialPoint(r.kern.dyn, r.kern.rng, c, k)
	if err != nil {
		return nil, err
	}
	r.z = z
	if c.Warmup == 0 {
		r.endWarmup()
		return r, nil
	}
	if err := r.kern.initStepSize(&r.z); err != nil {
		return nil, err
	}
	r.da.Restart(r.kern.eps)
	return r, nil
}

// newChainRun is a chain of c on f drawing from pcg, with the unit
// metric and step size, at no point yet; during a warm-up, with its dual
// averaging, metric windows and estimator fresh.
func newChainRun(f LogDensity, dim int, c Config, pcg *rand.PCG) *chainRun {
	r := &chainRun{c: c, pcg: pcg, ch: &Chain{}}
	r.kern = &kernel{dyn: newDynamics(f, dim, c.NonNegative), rng: rand.New(pcg), eps: 1, maxDepth: c.MaxDepth, maxDeltaH: c.MaxEnergyError}
	if c.Warmup > 0 {
		r.da = NewDualAveraging(c.Adapt)
		r.windows = c.Adapt.Windows(c.Warmup)
		r.est = newMetricEstimator(c.Metric, dim)
	}
	return r
}

// step runs the chain's next iteration: a warm-up transition with its
// adaptation, or a transition whose draw is kept.
func (r *chainRun) step() error {
	t := r.kern.transition(&r.z)
	if r.done >= r.c.Warmup {
		r.ch.Draws = append(r.ch.Draws, append([]float64(nil), r.z.q...))
		r.ch.Stats = append(r.ch.Stats, t)
		r.done++
		return nil
	}
	if t.Divergent {
		r.ch.WarmupDivergences++
		r.ch.WarmupDivergedAt = append(r.ch.WarmupDivergedAt, t.DivergedAt)
	}
	r.kern.eps = r.da.Update(t.AcceptStat)
	if err := r.adaptMetric(r.done); err != nil {
		return fmt.Errorf("warm-up iteration %d: %w", r.done, err)
	}
	if r.done++; r.done == r.c.Warmup {
		r.endWarmup()
	}
	return nil
}

// adaptMetric adds the point of warm-up iteration i to the estimator
// when i is inside a metric window; at the window's end it makes the
// estimate the metric, and the step size heuristic and the dual
// averaging restart.
func (r *chainRun) adaptMetric(i int) error {
	if len(r.windows) == 0 || i < r.windows[0].Start {
		return nil
	}
	r.est.Add(r.z.q)
	if i < r.windows[0].End-1 {
		return nil
	}
	r.windows = r.windows[1:]
	if err := r.est.update(r.kern.dyn); err != nil {
		return err
	}
	r.est.Reset()
	if err := r.kern.initStepSize(&r.z); err != nil {
		return err
	}
	r.da.Restart(r.kern.eps)
	return nil
}

// endWarmup ends the warm-up: the sampling phase takes the dual
// averaging's epsbar (the unit step of no warm-up), and the chain
// records its step size, metric and the warm-up's evaluations.
func (r *chainRun) endWarmup() {
	if r.da != nil {
		r.kern.eps = r.da.Final()
	}
	r.da, r.windows, r.est = nil, nil, nil
	dyn := r.kern.dyn
	r.ch.WarmupGradients = dyn.gradients
	r.ch.StepSize, r.ch.InvMass = r.kern.eps, append([]float64(nil), dyn.invMass...)
	r.ch.InvMetric = nil
	if dyn.cov != nil {
		r.ch.InvMetric = append([]float64(nil), dyn.cov...)
	}
}

// initialPoint is chain k's starting state: c.Init[k], or a uniform draw in
// (-R, R) per coordinate ((0, R) for non-negative ones), retried up to 100
// times, as Stan does, until the log density and its gradient are finite.
func initialPoint(d *dynamics, rng *rand.Rand, c Config, k int) (point, error) {
	z := newPoint(len(d.invMass))
	if c.Init != nil {
		copy(z.q, c.Init[k])
		if d.evaluate(&z); math.IsInf(z.logp, -1) {
			return z, fmt.Errorf("log density at the initial point %v is not finite", z.q)
		}
		return z, nil
	}
	for range 100 {
		for i := range z.q {
			z.q[i] = c.InitRadius * (2*rng.Float64() - 1)
			if d.reflect != nil && d.reflect[i] {
				z.q[i] = math.Abs(z.q[i])
			}
		}
		if d.evaluate(&z); !math.IsInf(z.logp, -1) {
			return z, nil
		}
	}
	return z, fmt.Errorf("no finite log density at 100 random initial points in (-%g, %g)^d", c.InitRadius, c.InitRadius)
}
