package stein

import (
	"fmt"

	"github.com/gomlx/compute/dtypes"
	"github.com/gomlx/compute/shapes"

	. "github.com/gomlx/gomlx/core/graph" //nolint:revive // GoMLX graph DSL.
)

// posteriorGraph: inputs theta and lambda; output the score of the
// posterior the flow targets, the data score plus the (smoothed) prior
// score at lambda.
func (f *Flow) posteriorGraph(theta, lambda *Node) *Node {
	s := f.Prior.Score(theta, lambda)
	if f.score != nil {
		s = Add(s, f.score(theta))
	}
	return s
}

// PosteriorScore is the score of the posterior the flow's next step
// targets at every particle of x: grad log p(D | theta) + grad log
// p(theta), the data score and the prior score (smoothed as in
// [Prior.Score]) at the flow's current Lambda — the score every step
// computes inside its graph, here evaluated alone (under the watchdog)
// for diagnostics such as the kernel Stein discrepancy ([KSD]).
func (f *Flow) PosteriorScore(x *Ensemble) (*Ensemble, error) {
	out, err := f.execute(f.posterior, x, "posterior score", []any{x.Tensor(), f.Lambda})
	if err != nil {
		return nil, fmt.Errorf("stein: posterior score: %w", err)
	}
	s := NewEnsemble(x.N, x.D)
	if err := s.setFromTensor(out[0]); err != nil {
		return nil, err
	}
	return s, nil
}

// CompilePosterior compiles the graph of [Flow.PosteriorScore] for an
// ensemble shaped like x, so that its first call does not: a caller that
// times its stages compiles everything before the clock starts.
func (f *Flow) CompilePosterior(x *Ensemble) error {
	if _, err := f.posterior.Compile(shapes.Make(dtypes.Float64, x.N, x.D), shapes.Make(dtypes.Float64)); err != nil {
		return fmt.Errorf("stein: compiling the posterior score for %d x %d particles: %w", x.N, x.D, err)
	}
	return nil
}

// KSD is the kernel Stein discrepancy ([KSD], kernel [DefaultIMQ]) of
// the particles x to the posterior the flow targets at its current Lambda,
// from [Flow.PosteriorScore].
func (f *Flow) KSD(x *Ensemble) (float64, error) {
	s, err := f.PosteriorScore(x)
	if err != nil {
		return 0, err
	}
	return KSD(x.Rows(), s.Rows(), DefaultIMQ())
}
