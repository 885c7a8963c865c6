package icnn

import (
	. "github.com/gomlx/gomlx/core/graph" //nolint:revive // GoMLX graph DSL.
)

// passes holds the forward and backward passes of every particle at the
// points of the score graph. Activations are laid out [N, points, width]
// and every weight is kept as W_k [N, out, in] and its transpose
// W_k^T [N, in, out], so that each product over the nodes is one
// DotGeneral batched over the particle axis that contracts the last axis
// of both operands: the layout the pure-Go backend multiplies without
// first copying its operands. Hidden layer k (0-based, L of them) has
//
//	z_k = W_k h_{k-1}  (h_{-1} = x),  s_k = sigmoid(z_k),  h_k = softplus(z_k),
//
// and the input gradient of NN = W_L h_{L-1} is the backward pass
//
//	e_{L-1} = W_L^T ⊙ s_{L-1},  u_k = W_{k+1}^T e_{k+1},  e_k = u_k ⊙ s_k,  d = W_0^T e_0.
type passes struct {
	ws, wt []*Node // W_k and W_k^T
	x      *Node   // the points, [N, M+1, 3]
	s, h   []*Node // s_k, h_k (h only for k < L-1: the last one is not needed)
	e      []*Node // e_k
	d      *Node   // dNN/dx, [N, M+1, 3]
}

// layerWeights slices theta [N, P] into W_k of shape [N, rows, cols].
// (Slice is fine here: nothing takes an autodiff gradient through it.)
func (a Arch) layerWeights(theta *Node) []*Node {
	n := theta.Shape().Dimensions[0]
	var ws []*Node
	for _, l := range a.Layers() {
		w := SliceAxis(theta, 1, AxisRange(l.Offset, l.Offset+l.Rows*l.Cols))
		ws = append(ws, Reshape(w, n, l.Rows, l.Cols))
	}
	return ws
}

// mulLast is sum_c x[n, r, c] y[n, q, c] -> [N, R, Q]: a product batched
// over the particles, contracting the last axis of both operands.
func mulLast(x, y *Node) *Node { return DotGeneral(x, []int{2}, []int{0}, y, []int{2}, []int{0}) }

// sumPoints is sum_m x[n, m, r] y[n, m, c] -> [N, R, C]: the sum over the
// points of outer products, the form of every weight gradient. Both
// operands are transposed explicitly to [N, R, M] and [N, C, M] first:
// the pure-Go backend's Transpose is about twice as fast as the copy a
// DotGeneral makes of operands that it cannot multiply in place.
func sumPoints(x, y *Node) *Node { return mulLast(Transpose(x, 1, 2), Transpose(y, 1, 2)) }

// softplus is log(1 + e^z) as max(z, 0) + log1p(e^-|z|): stable for any z.
func softplus(z *Node) *Node {
	zero := ScalarZero(z.Graph(), z.DType())
	return Add(Max(z, zero), Log1p(Exp(Neg(Abs(z)))))
}

// forwardBackward runs the forward pass and the input-gradient backward
// pass of every particle at the points x [N, M+1, 3].
func (a Arch) forwardBackward(theta, x *Node) passes {
	ws := a.layerWeights(theta)
	hidden := len(ws) - 1
	p := passes{ws: ws, x: x, s: make([]*Node, hidden), h: make([]*Node, hidden), e: make([]*Node, hidden)}
	for _, w := range ws {
		p.wt = append(p.wt, Transpose(w, 1, 2))
	}
	h := x
	for k := 0; k < hidden; k++ {
		z := mulLast(h, ws[k]) // [N, M+1, H_k]
		p.s[k] = Sigmoid(z)
		if k+1 < hidden {
			p.h[k] = softplus(z)
			h = p.h[k]
		}
	}
	p.e[hidden-1] = Mul(ws[hidden], p.s[hidden-1]) // [N, 1, H] broadcast over the points
	for k := hidden - 2; k >= 0; k-- {
		p.e[k] = Mul(mulLast(p.e[k+1], p.wt[k+1]), p.s[k]) // u_k ⊙ s_k
	}
	p.d = mulLast(p.e[0], p.wt[0])
	return p
}

// paramGradient is the gradient with respect to the weights of a scalar
// L whose cotangent on the input gradient d is dd [N, M+1, 3]: the
// reverse of [Arch.forwardBackward], with ē = dL/de, z̄ = dL/dz (and
// e_k ⊙ (1 - s_k) = u_k ⊙ sigmoid'(z_k)):
//
//	dW_0 += e_0 ⊗ dd,  ē_0 = W_0 dd,
//	ū_k = ē_k ⊙ s_k,  z̄_k = ē_k ⊙ e_k ⊙ (1 - s_k),  dW_{k+1} += e_{k+1} ⊗ ū_k,  ē_{k+1} = W_{k+1} ū_k,
//	dW_L = sum_m ē_{L-1} ⊙ s_{L-1},  z̄_{L-1} = ē_{L-1} ⊙ e_{L-1} ⊙ (1 - s_{L-1}),
//	dW_k += z̄_k ⊗ h_{k-1},  z̄_{k-1} += (W_k^T z̄_k) ⊙ s_{k-1},
//
// where ⊗ sums the outer products over the points; the two sums of a
// layer are one product over the points of both halves concatenated. It
// returns [N, P].
func (p passes) paramGradient(dd *Node) *Node {
	hidden := len(p.ws) - 1
	zbar := make([]*Node, hidden)
	ubar := make([]*Node, hidden)
	ebar := mulLast(dd, p.ws[0])
	for k := 0; k < hidden; k++ {
		zbar[k] = Mul(Mul(ebar, p.e[k]), OneMinus(p.s[k]))
		ubar[k] = Mul(ebar, p.s[k])
		if k+1 < hidden {
			ebar = mulLast(ubar[k], p.ws[k+1])
		}
	}
	dw := make([]*Node, len(p.ws))
	dw[hidden] = ExpandAxes(ReduceSum(ubar[hidden-1], 1), 1)
	for k := hidden - 1; k >= 0; k-- {
		if k > 0 {
			dw[k] = sumPoints(Concatenate([]*Node{p.e[k], zbar[k]}, 1), Concatenate([]*Node{ubar[k-1], p.h[k-1]}, 1))
			zbar[k-1] = Add(zbar[k-1], Mul(mulLast(zbar[k], p.wt[k]), p.s[k-1]))
			continue
		}
		dw[0] = sumPoints(Concatenate([]*Node{p.e[0], zbar[0]}, 1), Concatenate([]*Node{dd, p.x}, 1))
	}
	n := dd.Shape().Dimensions[0]
	flat := make([]*Node, len(dw))
	for k, w := range dw {
		flat[k] = Reshape(w, n, -1)
	}
	return Concatenate(flat, 1)
}

// scoreGraph is the score of [Arch.gaussianScore] for theta [N, P].
func (a Arch) scoreGraph(theta *Node, c scoreConsts) *Node {
	n := theta.Shape().Dimensions[0]
	lead := func(v [][]float64) *Node { return ExpandAxes(ConstAs(theta, v), 0) } // [1, M+1, 3]
	p := a.forwardBackward(theta, ConstAs(theta, repeat(c.x, n)))
	e, cref := lead(c.e), lead(c.c)
	nref := ReduceSum(Mul(p.d, cref), 1, 2)                                        // n, [N]
	psi := Sub(p.d, Mul(ExpandAxes(nref, 1, 2), e))                                // [N, M+1, 3]
	q := ReduceSum(Mul(ExpandAxes(psi, 2), ExpandAxes(ConstAs(theta, c.g), 0)), 3) // -8w G Psi
	q = Add(q, lead(c.bt))                                                         // dL/dPsi
	dn := Neg(ReduceSum(Mul(q, e), 1, 2))                                          // dL/dn, [N]
	return p.paramGradient(Add(q, Mul(ExpandAxes(dn, 1, 2), cref)))                // dd
}

// repeat stacks n copies of x: a constant with the particle axis already
// in place, so that the first layer is a product like the others.
func repeat(x [][]float64, n int) [][][]float64 {
	out := make([][][]float64, n)
	for i := range out {
		out[i] = x
	}
	return out
}
