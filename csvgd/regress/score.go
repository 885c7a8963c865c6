package regress

import (
	"github.com/csvgd/csvgd-go/csvgd/stein"
	"github.com/gomlx/compute/dtypes"
	. "github.com/gomlx/gomlx/core/graph" //nolint:revive // GoMLX graph DSL.
)

// Points are the standardised inputs X and targets Y of training points,
// [point][column].
type Points struct {
	X, Y [][]float64
}

// Len is the number of points.
func (p Points) Len() int { return len(p.X) }

// Score is the score of the model's log posterior on all the points p
// for every particle, [N, D] (a [stein.Score]), in closed form: the
// gradient of [Model.HostLogPosterior] with scale 1, as
// [Model.HostScore] writes it, each product batched over the particles.
func (m Model) Score(p Points) stein.Score {
	return func(theta *Node) *Node {
		return m.scoreGraph(theta, ConstAs(theta, p.X), ConstAs(theta, p.Y), 1)
	}
}

// BatchScore is the score of Liu & Wang's mini-batches (a
// [stein.BatchScore]): at iteration t the b points of rows
// (t b + j) mod N, j = 0 .. b-1, of p (N points, in order, cycling
// through them), the data term scaled by N/b, an unbiased estimate of
// the full score. The batch is gathered inside the graph from the
// iteration count, so the particles never leave the device for it.
func (m Model) BatchScore(p Points, b int) stein.BatchScore {
	pos := make([]float64, b)
	for j := range pos {
		pos[j] = float64(j)
	}
	scale := float64(p.Len()) / float64(b)
	return func(theta, iter *Node) *Node {
		rows := ModScalar(Add(MulScalar(iter, float64(b)), ConstAs(iter, pos)), float64(p.Len()))
		idx := Reshape(ConvertDType(rows, dtypes.Int32), b, 1)
		x := Gather(ConstAs(theta, p.X), idx)
		y := Gather(ConstAs(theta, p.Y), idx)
		return m.scoreGraph(theta, x, y, scale)
	}
}

// scoreGraph is the score on the points x [B, inputs], y [B, outputs]
// with the data term scaled by scale.
func (m Model) scoreGraph(theta, x, y *Node, scale float64) *Node {
	p, o := m.Arch.NumParams(), m.Arch.Outputs()
	b := float64(x.Shape().Dimensions[0])
	f, vjp := m.Arch.ForwardVJP(theta, x)                                     // [N, B, O]
	w := SliceAxis(theta, 1, AxisRange(0, p))                                 // [N, P]
	gam := Exp(SliceAxis(theta, 1, AxisRange(p, p+o)))                        // [N, O]
	lam := Exp(SliceAxis(theta, 1, AxisRange(p+o, p+o+1)))                    // [N, 1]
	r := Sub(ExpandAxes(y, 0), f)                                             // [N, B, O]
	dw := Sub(vjp(MulScalar(Mul(r, ExpandAxes(gam, 1)), scale)), Mul(lam, w)) // [N, P]
	// d/dlog gamma = scale (B/2 - gamma sum_m r^2 / 2) + a0 - b0 gamma.
	dg := MulScalar(Sub(ConstAs(gam, b/2), MulScalar(Mul(gam, ReduceSum(Square(r), 1)), 0.5)), scale)
	dg = Add(dg, Sub(ConstAs(gam, PriorShape), MulScalar(gam, PriorRate)))
	if m.Fixed != nil {
		dg = ZerosLike(gam)
	}
	// d/dlog lambda = P/2 - lambda |w|^2 / 2 + a0 - b0 lambda.
	sq := ReduceSum(Square(w), 1) // [N]
	dl := Sub(ConstAs(lam, float64(p)/2+PriorShape), Add(MulScalar(Mul(lam, ExpandAxes(sq, 1)), 0.5), MulScalar(lam, PriorRate)))
	return Concatenate([]*Node{dw, dg, dl}, 1)
}
