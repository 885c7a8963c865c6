package nuts

import (
	"math"
	"math/rand/v2"
)

// Transition is what one NUTS transition reports: Stan's sampler
// parameters accept_stat__, stepsize__, treedepth__, n_leapfrog__,
// divergent__ and energy__, and lp__.
type Transition struct {
	AcceptStat float64 // mean of min(1, exp(H0 - H)) over the trajectory's states
	StepSize   float64 // leapfrog step size eps
	TreeDepth  int     // number of doublings kept
	Leapfrogs  int     // leapfrog steps taken
	Divergent  bool    // a state with H - H0 > MaxEnergyError or outside the support
	Energy     float64 // H at the new state
	LogDensity float64 // log p at the new state
	// DivergedAt is the position of the state at which the trajectory
	// diverged (nil when it did not): where the integrator broke down,
	// which the new state, drawn from the trajectory before it, is not.
	DivergedAt []float64
}

// kernel is the NUTS transition kernel of one chain.
type kernel struct {
	dyn       *dynamics
	rng       *rand.Rand
	eps       float64
	maxDepth  int
	maxDeltaH float64
}

// transition replaces the state z (position, log density and gradient) by
// the next state of the chain.
func (k *kernel) transition(z *point) Transition {
	k.dyn.drawMomentum(k.rng, z.p)
	b := builder{dyn: k.dyn, rng: k.rng, eps: k.eps, h0: k.dyn.energy(z), maxDeltaH: k.maxDeltaH}
	minus, plus, sample := z.clone(), z.clone(), z.clone()
	traj := singleSpan(k.dyn, z)
	depth := 0
	for depth < k.maxDepth {
		var t subtree
		var ok bool
		forward := k.rng.Float64() > 0.5
		if forward {
			t, ok = b.build(&plus, depth, 1)
		} else {
			t, ok = b.build(&minus, depth, -1)
		}
		if !ok {
			break
		}
		depth++
		// Biased progressive sampling: the new half replaces the sample
		// with probability min(1, W_new / W_old).
		if k.rng.Float64() < math.Exp(t.logW-traj.logW) {
			sample = t.propose
		}
		back, front := &traj, &t.span
		if !forward {
			back, front = front, back
		}
		if traj, ok = join(back, front); !ok {
			break
		}
	}
	z.set(&sample)
	return Transition{
		AcceptStat: b.sumAccept / float64(b.leapfrogs), StepSize: k.eps, TreeDepth: depth,
		Leapfrogs: b.leapfrogs, Divergent: b.divergent, Energy: k.dyn.energy(&sample), LogDensity: sample.logp,
		DivergedAt: b.at,
	}
}
