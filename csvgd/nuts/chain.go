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

// runChain runs chain number k of c on f (dimension dim).
func runChain(f LogDensity, dim int, c Config, k int) (*Chain, error) {
	rng := rand.New(rand.NewPCG(ChainSeed(c.Seed, k)))
	kern := &kernel{dyn: newDynamics(f, dim, c.NonNegative), rng: rng, eps: 1, maxDepth: c.MaxDepth, maxDeltaH: c.MaxEnergyError}
	z, err := initialPoint(kern.dyn, rng, c, k)
	if err != nil {
		return nil, err
	}
	ch := &Chain{}
	if err := kern.warmup(&z, c, ch); err != nil {
		return nil, err
	}
	ch.WarmupGradients = kern.dyn.gradients
	ch.StepSize, ch.InvMass = kern.eps, append([]float64(nil), kern.dyn.invMass...)
	ch.InvMetric = append([]float64(nil), kern.dyn.cov...)
	if kern.dyn.cov == nil {
		ch.InvMetric = nil
	}
	for i := range c.Draws {
		if err := Stopped(c.Context, c.Warmup+i, c.Warmup+c.Draws); err != nil {
			return nil, err
		}
		t := kern.transition(&z)
		ch.Draws = append(ch.Draws, append([]float64(nil), z.q...))
		ch.Stats = append(ch.Stats, t)
	}
	ch.Gradients = kern.dyn.gradients - ch.WarmupGradients
	return ch, nil
}

// warmup runs c.Warmup adaptive transitions from z: dual averaging of the
// step size throughout, the mass matrix (of c.Metric's form) at the end of
// each window.
func (k *kernel) warmup(z *point, c Config, ch *Chain) error {
	if c.Warmup == 0 {
		return nil
	}
	if err := k.initStepSize(z); err != nil {
		return err
	}
	da := NewDualAveraging(c.Adapt)
	da.Restart(k.eps)
	windows := c.Adapt.Windows(c.Warmup)
	est := newMetricEstimator(c.Metric, len(z.q))
	for i := range c.Warmup {
		if err := Stopped(c.Context, i, c.Warmup+c.Draws); err != nil {
			return err
		}
		t := k.transition(z)
		if t.Divergent {
			ch.WarmupDivergences++
			ch.WarmupDivergedAt = append(ch.WarmupDivergedAt, t.DivergedAt)
		}
		k.eps = da.Update(t.AcceptStat)
		if len(windows) == 0 || i < windows[0].Start {
			continue
		}
		est.Add(z.q)
		if i < windows[0].End-1 {
			continue
		}
		windows = windows[1:]
		if err := est.update(k.dyn); err != nil {
			return fmt.Errorf("warm-up iteration %d: %w", i, err)
		}
		est.Reset()
		if err := k.initStepSize(z); err != nil {
			return fmt.Errorf("warm-up iteration %d: %w", i, err)
		}
		da.Restart(k.eps)
	}
	k.eps = da.Final()
	return nil
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
