package nuts

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
)

// ChainState is one chain between two of its iterations: everything its
// later iterations depend on, and what it has recorded so far. A chain
// restored from it ([Checkpoint]) goes on exactly as if it had never
// stopped, bit for bit, as long as the log density is the same function
// and evaluates deterministically: every float64 survives the JSON round
// trip exactly (Go writes the shortest decimal that reads back to the
// same value; none of these values is NaN or infinite), and the
// generator's state is its binary form.
//
// What is saved, and why:
//   - Done: the iterations done (warm-up first), which with the
//     configuration also gives the metric windows still to come.
//   - RNG: the PCG generator's state, the source of every later momentum
//     and tree direction.
//   - Position, LogDensity, Gradient: the current point. The log density
//     and its gradient are saved rather than evaluated again, so that the
//     state does not depend on the evaluation being repeatable, and the
//     evaluation count stays that of an uninterrupted chain.
//   - StepSize, InvMass, InvMetric, Cholesky: the kernel's step size and
//     metric (the dense metric's M^-1 and its Cholesky factor, nil for
//     the diagonal one), adapted so far.
//   - Gradients: the log density's evaluations so far (the chain reports
//     them split at the end of the warm-up).
//   - DualAveraging and Window, during the warm-up only: the step size's
//     dual averaging since its last restart, and what the current metric
//     window has accumulated (also mid-window).
//   - Chain: the record so far: the kept draws and their transitions,
//     the warm-up's divergences and, once the warm-up is over, its step
//     size, metric and evaluations.
type ChainState struct {
	Done          int                 `json:"done"`
	RNG           []byte              `json:"rng"`
	Position      []float64           `json:"position"`
	LogDensity    float64             `json:"log_density"`
	Gradient      []float64           `json:"gradient"`
	StepSize      float64             `json:"step_size"`
	InvMass       []float64           `json:"inv_mass"`
	InvMetric     []float64           `json:"inv_metric,omitempty"`
	Cholesky      []float64           `json:"cholesky,omitempty"`
	Gradients     int                 `json:"gradients"`
	DualAveraging *DualAveragingState `json:"dual_averaging,omitempty"`
	Window        *WindowState        `json:"window,omitempty"`
	Chain         Chain               `json:"chain"`
}

// state is the chain's state between two iterations. The arrays the chain
// changes in place are copied; the record's lists are shared, as the
// chain only appends to them (the state's lengths stay its own).
func (r *chainRun) state() (*ChainState, error) {
	rng, err := r.pcg.MarshalBinary()
	if err != nil {
		return nil, fmt.Errorf("generator state: %w", err)
	}
	dyn := r.kern.dyn
	s := &ChainState{
		Done: r.done, RNG: rng, Position: slices.Clone(r.z.q), LogDensity: r.z.logp, Gradient: slices.Clone(r.z.grad),
		StepSize: r.kern.eps, InvMass: slices.Clone(dyn.invMass), InvMetric: slices.Clone(dyn.cov), Cholesky: slices.Clone(dyn.chol),
		Gradients: dyn.gradients, Chain: *r.ch,
	}
	if r.da != nil {
		da, w := r.da.State(), r.est.state()
		s.DualAveraging, s.Window = &da, &w
	}
	return s, nil
}

// restoreChain is chain k of c on f (dimension dim) at the state s,
// which [State.check] has checked against c.
func restoreChain(f LogDensity, dim int, c Config, k int, s *ChainState) (*chainRun, error) {
	var pcg rand.PCG
	if err := pcg.UnmarshalBinary(s.RNG); err != nil {
		return nil, fmt.Errorf("chain %d: generator state: %w", k, err)
	}
	r := newChainRun(f, dim, c, &pcg)
	r.done = s.Done
	r.z = newPoint(dim)
	copy(r.z.q, s.Position)
	copy(r.z.grad, s.Gradient)
	r.z.logp = s.LogDensity
	dyn := r.kern.dyn
	r.kern.eps, dyn.gradients = s.StepSize, s.Gradients
	copy(dyn.invMass, s.InvMass)
	dyn.cov, dyn.chol = slices.Clone(s.InvMetric), slices.Clone(s.Cholesky)
	ch := s.Chain
	ch.Draws, ch.Stats, ch.WarmupDivergedAt = slices.Clone(ch.Draws), slices.Clone(ch.Stats), slices.Clone(ch.WarmupDivergedAt)
	r.ch = &ch
	if s.Done >= c.Warmup {
		r.da, r.windows, r.est = nil, nil, nil
		return r, nil
	}
	r.da.SetState(*s.DualAveraging)
	for len(r.windows) > 0 && r.windows[0].End <= s.Done {
		r.windows = r.windows[1:]
	}
	if err := r.est.restore(*s.Window); err != nil {
		return nil, fmt.Errorf("chain %d: %w", k, err)
	}
	return r, nil
}

// check reports the first way in which s cannot be a state of a chain of
// c in dimension dim.
func (s *ChainState) check(c Config, dim int) error {
	total, d2 := c.Warmup+c.Draws, dim*dim
	kept := max(0, s.Done-c.Warmup)
	warm := s.Done < c.Warmup
	switch {
	case s.Done < 0 || s.Done > total:
		return fmt.Errorf("%d iterations done of %d", s.Done, total)
	case len(s.Position) != dim || len(s.Gradient) != dim || len(s.InvMass) != dim:
		return fmt.Errorf("position, gradient and metric of %d, %d and %d coordinates, want %d",
			len(s.Position), len(s.Gradient), len(s.InvMass), dim)
	case (s.InvMetric == nil) != (s.Cholesky == nil) || (s.InvMetric != nil && (len(s.InvMetric) != d2 || len(s.Cholesky) != d2 || c.Metric != Dense)):
		return fmt.Errorf("a dense metric of %d and a factor of %d values for the %s metric in dimension %d",
			len(s.InvMetric), len(s.Cholesky), c.Metric, dim)
	case !(s.StepSize > 0) || s.Gradients < 0:
		return fmt.Errorf("step size %v, %d evaluations", s.StepSize, s.Gradients)
	case warm != (s.DualAveraging != nil) || warm != (s.Window != nil):
		return errors.New("the warm-up's adaptation state does not match the iteration")
	case len(s.Chain.Draws) != kept || len(s.Chain.Stats) != kept:
		return fmt.Errorf("%d draws and %d transitions after %d kept iterations", len(s.Chain.Draws), len(s.Chain.Stats), kept)
	case s.Chain.WarmupDivergences != len(s.Chain.WarmupDivergedAt):
		return fmt.Errorf("%d warm-up divergences at %d positions", s.Chain.WarmupDivergences, len(s.Chain.WarmupDivergedAt))
	}
	for i, x := range s.Chain.Draws {
		if len(x) != dim {
			return fmt.Errorf("draw %d has %d coordinates, want %d", i, len(x), dim)
		}
	}
	if warm {
		m := dim
		if c.Metric == Dense {
			m = d2
		}
		if w := s.Window; w.N < 0 || len(w.Mean) != dim || len(w.M2) != m {
			return fmt.Errorf("metric window of %d draws with %d means and %d sums of squares, want %d and %d", w.N, len(w.Mean), len(w.M2), dim, m)
		}
	}
	var pcg rand.PCG
	if err := pcg.UnmarshalBinary(s.RNG); err != nil {
		return fmt.Errorf("generator state: %w", err)
	}
	return nil
}
