package stein

import (
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/internal/numtest"
	. "github.com/gomlx/gomlx/core/graph" //nolint:revive // GoMLX graph DSL.
)

// TestHeldCoordinatesStay: a flow whose optimizer holds coordinates 1 and
// 3 of five (mask 0) leaves them at zero bit for bit, and moves the other
// three as a flow on those three alone moves them (a held coordinate, the
// same in every particle, adds nothing to the distances), in both modes of
// running many steps, with the Adam state carried through a change of the
// mask's tensors.
func TestHeldCoordinatesStay(t *testing.T) {
	score := func(theta *Node) *Node { return Neg(MulScalar(theta, 0.5)) } // N(0, 2 I)
	free := []int{0, 2, 4}
	for _, mode := range []StepsMode{LoopInGraph, ChainedSteps} {
		small := randomEnsemble(3, 12, len(free), 1)
		wide := NewEnsemble(small.N, 5)
		mask := NewEnsemble(small.N, 5)
		for a := range small.N {
			for i, j := range free {
				wide.Particle(a)[j] = small.Particle(a)[i]
				mask.Particle(a)[j] = 1
			}
		}
		cfg := adamConfig(Kernel{Beta: 2}, Bandwidth{Rule: MedianLiuWang})
		plain, err := NewFlowScore(testBackend(t), cfg, score)
		if err != nil {
			t.Fatal(err)
		}
		cfg.Optimizer = Held{Optimizer: cfg.Optimizer}
		held, err := NewFlowScore(testBackend(t), cfg, score)
		if err != nil {
			t.Fatal(err)
		}
		plain.Mode, held.Mode = mode, mode
		if err := held.SetState([]*Ensemble{NewEnsemble(wide.N, 5), NewEnsemble(wide.N, 5), mask}, 0); err != nil {
			t.Fatal(err)
		}
		for _, k := range []int{4, 9} {
			if err := plain.Steps(small, k); err != nil {
				t.Fatal(err)
			}
			if err := held.Steps(wide, k); err != nil {
				t.Fatal(err)
			}
		}
		got := make([]float64, 0, small.N*len(free))
		for a := range wide.N {
			p := wide.Particle(a)
			if p[1] != 0 || p[3] != 0 {
				t.Fatalf("%v: particle %d moved on a held coordinate: %v", mode, a, p)
			}
			for _, j := range free {
				got = append(got, p[j])
			}
		}
		if d := numtest.RelDiff(got, small.Clone().Data); !(d <= 1e-13) {
			t.Errorf("%v: the free coordinates differ from the flow on them alone by %.3g relative, want <= 1e-13", mode, d)
		}
		if held.Iter != plain.Iter || held.Optimizer.NumState() != 3 || held.Optimizer.Name() != "adam" {
			t.Errorf("%v: held flow at iteration %d with %d state tensors named %q; want %d, 3, adam", mode, held.Iter, held.Optimizer.NumState(), held.Optimizer.Name(), plain.Iter)
		}
	}
}
