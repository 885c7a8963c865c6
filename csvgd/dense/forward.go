package dense

import (
	"github.com/gomlx/gomlx/core/graph"
)

// passes holds the forward pass of every particle at M points, laid out
// [N, M, width] with the particles on the leading axis, so that every
// product over the nodes is one DotGeneral batched over the particles that
// contracts the last axis of both operands (the layout package icnn's
// score uses). With h_0 = x and L hidden layers,
//
//	z_k = h_{k-1} W_{k-1}^T + b_{k-1},  h_k = act(z_k)  (k = 1..L),
//	y   = h_L W_L^T + b_L.
type passes struct {
	ws, wt []*graph.Node // W_k [N, rows, cols] and W_k^T [N, cols, rows]
	hs     []*graph.Node // h_0 .. h_L, [N, M, width]
	slopes []*graph.Node // act'(z_k), k = 1..L
	out    *graph.Node   // y, [N, M, outputs]
}

// Forward builds the outputs of every particle of theta [N, P] (P at
// least [Arch.NumParams]; the network's parameters first, as
// [Arch.Layers] lays them out, anything after them ignored) at the points
// x [M, inputs], a constant or a node shared by all particles: [N, M,
// outputs].
func (a Arch) Forward(theta, x *graph.Node) *graph.Node { return a.forward(theta, x).out }

// ForwardVJP builds [Arch.Forward] and a function that builds, for a
// cotangent g [N, M, outputs] on the outputs, the gradient of sum(g ⊙ y)
// with respect to every particle's network parameters, [N, NumParams], in
// the layout of [Arch.Layers]: the reverse pass written out,
//
//	d_L = g,  dW_L = sum_m d_L ⊗ h_L,  db_L = sum_m d_L,
//	d_k = (d_{k+1} W_k) ⊙ act'(z_k),  dW_{k-1} = sum_m d_k ⊗ h_{k-1},  db_{k-1} = sum_m d_k,
//
// with ⊗ the outer product and every sum over the points one batched
// product. It is checked against GoMLX's autodiff and against the
// hand-written [Arch.HostVJP].
func (a Arch) ForwardVJP(theta, x *graph.Node) (y *graph.Node, vjp func(g *graph.Node) *graph.Node) {
	p := a.forward(theta, x)
	return p.out, p.backward
}

// weights slices theta [N, P] into W_k [N, rows, cols] and b_k [N, 1, rows].
// (Slice is fine: no autodiff gradient is taken through it.)
func (a Arch) weights(theta *graph.Node) (ws, bs []*graph.Node) {
	n := theta.Shape().Dimensions[0]
	for _, l := range a.Layers() {
		w := graph.SliceAxis(theta, 1, graph.AxisRange(l.Offset, l.Offset+l.Rows*l.Cols))
		ws = append(ws, graph.Reshape(w, n, l.Rows, l.Cols))
		b := graph.SliceAxis(theta, 1, graph.AxisRange(l.Bias, l.Bias+l.Rows))
		bs = append(bs, graph.Reshape(b, n, 1, l.Rows))
	}
	return ws, bs
}

// mulLast is sum_c x[n, r, c] y[n, q, c] -> [N, R, Q].
func mulLast(x, y *graph.Node) *graph.Node {
	return graph.DotGeneral(x, []int{2}, []int{0}, y, []int{2}, []int{0})
}

// sumPoints is sum_m x[n, m, r] y[n, m, c] -> [N, R, C], the form of
// every weight gradient (both operands transposed first: the pure-Go
// backend multiplies contiguous last axes fastest).
func sumPoints(x, y *graph.Node) *graph.Node {
	return mulLast(graph.Transpose(x, 1, 2), graph.Transpose(y, 1, 2))
}

func (a Arch) forward(theta, x *graph.Node) passes {
	n := theta.Shape().Dimensions[0]
	xd := x.Shape().Dimensions
	ws, bs := a.weights(theta)
	p := passes{ws: ws}
	for _, w := range ws {
		p.wt = append(p.wt, graph.Transpose(w, 1, 2))
	}
	h := graph.BroadcastToDims(graph.ExpandAxes(x, 0), n, xd[0], xd[1])
	p.hs = append(p.hs, h)
	last := len(ws) - 1
	for k := 0; k < last; k++ {
		z := graph.Add(mulLast(h, ws[k]), bs[k])
		var slope *graph.Node
		h, slope = a.Activation.node(z)
		p.hs, p.slopes = append(p.hs, h), append(p.slopes, slope)
	}
	p.out = graph.Add(mulLast(h, ws[last]), bs[last])
	return p
}

// backward is the reverse pass of [Arch.ForwardVJP].
func (p passes) backward(g *graph.Node) *graph.Node {
	n := g.Shape().Dimensions[0]
	last := len(p.ws) - 1
	grads := make([]*graph.Node, 2*len(p.ws))
	d := g
	for k := last; k >= 0; k-- {
		grads[2*k] = graph.Reshape(sumPoints(d, p.hs[k]), n, -1)
		grads[2*k+1] = graph.ReduceSum(d, 1)
		if k > 0 {
			d = graph.Mul(mulLast(d, p.wt[k]), p.slopes[k-1])
		}
	}
	return graph.Concatenate(grads, 1)
}
