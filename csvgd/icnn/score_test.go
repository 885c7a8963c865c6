package icnn

import (
	"fmt"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/internal/numtest"

	. "github.com/gomlx/gomlx/core/graph" //nolint:revive // GoMLX graph DSL.
	"github.com/gomlx/gomlx/core/tensors"
)

// TestScoreMatchesAutodiff: the score written out in the graph equals
// GoMLX's autodiff gradient of the log-likelihood, for the paper's network,
// condensed templates and a deeper one, for both likelihood scales and
// both input maps.
func TestScoreMatchesAutodiff(t *testing.T) {
	b := testBackend(t)
	batch := NewBatch(testSamples(t, 12, 7))
	for _, widths := range [][]int{{3, 30, 30, 1}, {3, 8, 3, 1}, {3, 4, 4, 1}, {3, 5, 4, 3, 1}, {3, 6, 1}} {
		for _, c := range []struct {
			in   Inputs
			mean bool
		}{{Raw, false}, {Raw, true}, {Shifted, true}} {
			a, mean := Arch{Widths: widths, Inputs: c.in}, c.mean
			t.Run(fmt.Sprintf("%v/%v/mean=%v", widths, c.in, mean), func(t *testing.T) {
				like, score := a.LogLikelihood(batch, 0.3), a.Score(batch, 0.3)
				if mean {
					like, score = a.MeanLogLikelihood(batch, 0.3), a.MeanScore(batch, 0.3)
				}
				x := particles(a, 5, 11).Tensor()
				want, _ := tensors.CopyFlatData[float64](MustExecOnce(b, func(theta *Node) *Node { return like.Score()(theta) }, x))
				got, _ := tensors.CopyFlatData[float64](MustExecOnce(b, func(theta *Node) *Node { return score(theta) }, x))
				if d := numtest.RelDiff(got, want); !(d <= 1e-11) {
					t.Fatalf("closed form and autodiff differ by %.3g (relative)", d)
				}
			})
		}
	}
}
