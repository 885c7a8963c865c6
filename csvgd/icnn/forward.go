package icnn

import (
	. "github.com/gomlx/gomlx/core/graph" //nolint:revive // GoMLX graph DSL.
)

// Forward evaluates the raw network NN and its input gradient for the
// ensemble theta [N, P] at the inputs x [M, in] shared by all particles:
// nn has shape [N, M] and grad [N, M, in] (grad[a, m, i] = dNN_a/dx_i at
// x_m). The gradient is the reverse-mode chain written out,
//
//	g_L = W_L,  g_k = (g_{k+1} ⊙ sigmoid(z_{k+1})) W_k,  dNN/dx = g_0,
//
// with z_{k+1} = W_k h_k the pre-activations (softplus' = sigmoid).
func (a Arch) Forward(theta, x *Node) (nn, grad *Node) {
	ws := a.Weights(theta)
	hidden := len(ws) - 1
	zs := make([]*Node, hidden) // pre-activations [N, M, width]
	h := Einsum("nji,mi->nmj", ws[0], x)
	for k := 0; k < hidden; k++ {
		zs[k] = h
		act := Softplus(h)
		if k+1 < hidden {
			h = Einsum("nkj,nmj->nmk", ws[k+1], act)
		} else {
			h = act
		}
	}
	last := ws[hidden] // [N, 1, width]
	nn = Squeeze(Einsum("noj,nmj->nmo", last, h), -1)
	g := Mul(Sigmoid(zs[hidden-1]), last) // [N, M, width] via broadcast of [N, 1, width]
	for k := hidden - 1; k > 0; k-- {
		g = Mul(Einsum("nmk,nkj->nmj", g, ws[k]), Sigmoid(zs[k-1]))
	}
	grad = Einsum("nmj,nji->nmi", g, ws[0])
	return nn, grad
}
