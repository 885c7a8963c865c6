package stein

import (
	"errors"
	"fmt"

	. "github.com/gomlx/gomlx/core/graph" //nolint:revive // GoMLX graph DSL.
)

// ErrNonFinite is wrapped by the error a [Flow] returns when an update
// produced NaN or Inf; the particles are then left at their last finite
// values. The error is a [*NonFiniteError], which names the quantity.
var ErrNonFinite = errors.New("non-finite particles (NaN or Inf)")

// Quantity names a value of the Stein step that the finiteness check
// watches. The graph constants are in the order the step computes them, so
// the first non-finite one is where the trouble started: everything after
// it is computed from it.
type Quantity int

const (
	// LikelihoodGradient is the data score grad log p(D | theta) of every
	// particle (autodiff of the log-likelihood).
	LikelihoodGradient Quantity = iota + 1
	// PriorScore is the smoothed prior score grad log p(theta).
	PriorScore
	// KernelTerms are the kernel matrix and the repulsion built from the
	// kernel gradients (both depend on the bandwidth gamma).
	KernelTerms
	// SteinDirection is phi, the kernel-smoothed sum of the scores plus
	// the repulsion.
	SteinDirection
	// OptimizerState is the optimizer's new state (for example Adam's
	// moments); an overflowed state would freeze the particles silently.
	OptimizerState
	// UpdatedParticles are the particles after the optimizer step (and the
	// projection, when there is one).
	UpdatedParticles
	// InputParticles are the particles handed to the step, checked on the
	// host before the graph runs.
	InputParticles
)

// String is the quantity as an error message names it.
func (q Quantity) String() string {
	switch q {
	case LikelihoodGradient:
		return "the likelihood gradient (data score)"
	case PriorScore:
		return "the prior score"
	case KernelTerms:
		return "the kernel matrix or its gradient (bandwidth terms)"
	case SteinDirection:
		return "the Stein direction phi"
	case OptimizerState:
		return "the optimizer state"
	case UpdatedParticles:
		return "the update of the particles (optimizer step)"
	case InputParticles:
		return "the ensemble given to the step"
	}
	return fmt.Sprintf("quantity %d", int(q))
}

// NonFiniteError is the error of a step that met NaN or Inf: where (the
// iteration, lambda and gamma of the step) and what (the first non-finite
// quantity). It wraps [ErrNonFinite].
type NonFiniteError struct {
	Iter          int
	Lambda, Gamma float64
	Quantity      Quantity
}

// Error names the iteration, lambda, gamma and the quantity.
func (e *NonFiniteError) Error() string {
	return fmt.Sprintf("stein: iteration %d (lambda %g, gamma %g): %v is not finite (NaN or Inf): %v; particles kept at their last finite values",
		e.Iter, e.Lambda, e.Gamma, e.Quantity, ErrNonFinite)
}

// Unwrap returns [ErrNonFinite].
func (e *NonFiniteError) Unwrap() error { return ErrNonFinite }

// checks lists, in the order of the [Quantity] graph constants, the nodes
// of the step whose finiteness is checked. The kernel gradients ([N, N, D])
// are checked through the repulsion ([N, D]) they sum to: a NaN or Inf
// survives the sum, and the check stays small.
func (s stepParts) checks() [][]*Node {
	return [][]*Node{
		{s.scoreL},
		{s.scoreP},
		{s.kmat, s.forces.Repulsion},
		{s.phi},
		s.state,
		{s.next},
	}
}

// diagnoseGraph: inputs theta, its distances, gamma, lambda, iter and the
// optimizer state (those of the step that failed); output the [Quantity]
// (int32) that first went non-finite, 0 if none. It recomputes the step
// with one check per quantity, which costs a few reductions and scalar
// operations; the step graph itself only checks its results, so that
// healthy steps do not pay for the diagnosis.
func (f *Flow) diagnoseGraph(in []*Node) *Node {
	return firstNonFinite(in[0].Graph(), f.stepNodes(in[0], in[1], in[2], in[3], in[4], in[5:]).checks())
}

// nonFiniteStep is the error of a step whose results were not finite, the
// step from the carried particles with the flow's state, lambda, iteration
// and last bandwidth: it reruns the step through the diagnosis graph (same
// operations, same values) to name the first non-finite quantity. Should
// the rerun find every quantity finite (a backend that is not
// deterministic), the update of the particles is named.
func (f *Flow) nonFiniteStep(x *Ensemble) error {
	args := []any{f.carry.theta, f.carry.dist, f.LastGamma, f.Lambda, float64(f.Iter)}
	for _, s := range f.state {
		args = append(args, s)
	}
	out, err := f.execute(f.diagnosis, x, "diagnosis", args)
	if err != nil {
		return fmt.Errorf("stein: iteration %d (lambda %g, gamma %g): locating the non-finite value: %w (%w)",
			f.Iter, f.Lambda, f.LastGamma, err, ErrNonFinite)
	}
	q := Quantity(out[0].Value().(int32))
	if q == 0 {
		q = UpdatedParticles
	}
	return f.nonFinite(q)
}

// firstNonFinite builds an int32 scalar: 0 when every node of every group
// is finite, otherwise 1 + the index of the first group holding a NaN or
// Inf. It costs one IsFinite and one reduction per node, and a few scalar
// operations, instead of a host round trip per quantity.
func firstNonFinite(g *Graph, groups [][]*Node) *Node {
	code := Const(g, int32(0))
	for i := len(groups) - 1; i >= 0; i-- {
		if len(groups[i]) == 0 {
			continue
		}
		code = Where(allFinite(groups[i]), code, Const(g, int32(i+1)))
	}
	return code
}

// allFinite is a boolean scalar: whether every value of every node is finite.
func allFinite(nodes []*Node) *Node {
	ok := LogicalAll(IsFinite(nodes[0]))
	for _, n := range nodes[1:] {
		ok = LogicalAnd(ok, LogicalAll(IsFinite(n)))
	}
	return ok
}
