package nuts

import (
	"fmt"
	"math"
)

// DualAveraging adapts log eps by Nesterov's dual averaging (Hoffman &
// Gelman 2014, Sec. 3.2, as Stan's stepsize_adaptation):
//
//	s_n          = (1 - 1/(n+t0)) s_(n-1) + (delta - a_n)/(n+t0),
//	log eps_n    = mu - sqrt(n)/gamma s_n,
//	log epsbar_n = n^-kappa log eps_n + (1 - n^-kappa) log epsbar_(n-1).
//
// The statistic a_n is the acceptance of the last transition (NUTS) or
// any acceptance summary a sampler steers, such as the harmonic mean over
// many chains of package hmc.
type DualAveraging struct {
	delta, gamma, t0, kappa float64
	mu, n, s, logEpsBar     float64
}

// NewDualAveraging is the dual averaging of a's target, gamma, t0 and
// kappa; call [DualAveraging.Restart] before the first update.
func NewDualAveraging(a Adaptation) *DualAveraging {
	return &DualAveraging{delta: a.TargetAccept, gamma: a.Gamma, t0: a.T0, kappa: a.Kappa}
}

// Restart forgets the history and centres the search on mu = log(10 eps0).
func (d *DualAveraging) Restart(eps0 float64) {
	d.mu, d.n, d.s, d.logEpsBar = math.Log(10*eps0), 0, 0, 0
}

// Update takes the acceptance statistic of the last transition and returns
// the step size of the next.
func (d *DualAveraging) Update(accept float64) float64 {
	d.n++
	accept = math.Min(accept, 1)
	eta := 1 / (d.n + d.t0)
	d.s = (1-eta)*d.s + eta*(d.delta-accept)
	logEps := d.mu - math.Sqrt(d.n)/d.gamma*d.s
	w := math.Pow(d.n, -d.kappa)
	d.logEpsBar = (1-w)*d.logEpsBar + w*logEps
	return math.Exp(logEps)
}

// Final is the averaged step size epsbar used after warm-up.
func (d *DualAveraging) Final() float64 { return math.Exp(d.logEpsBar) }

// DualAveragingState is the history of a [DualAveraging] since its last
// restart: mu = log(10 eps0), the count n, the averaged gradient s_n and
// log epsbar_n. With the adaptation's settings it determines every later
// update, so a warm-up saved mid-way ([ChainState]) goes on as if it had
// never stopped.
type DualAveragingState struct {
	Mu, N, S, LogEpsBar float64
}

// State is the history of d.
func (d *DualAveraging) State() DualAveragingState {
	return DualAveragingState{Mu: d.mu, N: d.n, S: d.s, LogEpsBar: d.logEpsBar}
}

// SetState replaces the history of d by s (of a dual averaging of the
// same settings).
func (d *DualAveraging) SetState(s DualAveragingState) {
	d.mu, d.n, d.s, d.logEpsBar = s.Mu, s.N, s.S, s.LogEpsBar
}

// initStepSize is the heuristic of Hoffman & Gelman's Alg. 4 as Stan runs
// it: from the current k.eps, double (or halve) the step size while the
// acceptance exp(H0 - H) of one leapfrog step from z with a fresh momentum
// stays above (below) 0.8. It leaves z unchanged.
func (k *kernel) initStepSize(z *point) error {
	logTarget := math.Log(0.8)
	trial := newPoint(len(z.q))
	deltaH := func() float64 {
		trial.set(z)
		k.dyn.drawMomentum(k.rng, trial.p)
		h0 := k.dyn.energy(&trial)
		k.dyn.leapfrog(&trial, k.eps)
		return h0 - k.dyn.energy(&trial)
	}
	up := deltaH() > logTarget
	for {
		if d := deltaH(); up != (d > logTarget) {
			return nil
		}
		if up {
			k.eps *= 2
		} else {
			k.eps /= 2
		}
		if k.eps > 1e7 || k.eps == 0 {
			return fmt.Errorf("initial step size search reached eps = %g: the log density is flat or degenerate near the initial point", k.eps)
		}
	}
}
