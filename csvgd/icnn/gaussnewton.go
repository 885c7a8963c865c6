package icnn

import (
	. "github.com/gomlx/gomlx/core/graph" //nolint:revive // GoMLX graph DSL.
)

// StressJacobian builds the Jacobian of the stresses of every particle at
// the points of b with respect to its weights, [N, M, 6, P]: entry
// [n, m, k, j] is dS_mk / dtheta_j of particle n. The stress depends on the
// weights through the input gradient d = dNN/dx of the network at the
// points and at the reference ([Arch.Score]), so
//
//	dS_m / dtheta = 2 sum_i B_im dPsi_mi / dtheta,
//	dPsi_mi / dtheta = dd_mi / dtheta - [i = 3] (1 / (2 J_m)) dn / dtheta,
//	dn / dtheta = 2 (1, 2, 1) . dd_ref / dtheta.
//
// The rows dd_mi / dtheta are the weight gradients of the single outputs
// d_mi: the reverse pass of [passes.paramGradient] with the cotangent e_i
// at the one point m. The graph computes all of them at once by giving
// each (particle, point, component) its own copy of the particle's
// weights, a batch of N (M + 1) 3 networks evaluated at one point each,
// so no derivative rule beyond the score's is needed.
func (a Arch) StressJacobian(theta *Node, b Batch) *Node {
	n, p := theta.Shape().Dimensions[0], theta.Shape().Dimensions[1]
	m := b.Len()
	pts := append(a.inputs(b), a.Inputs.Reference()) // [M+1][3], the reference last
	batch := n * (m + 1) * 3
	rep := Reshape(BroadcastToDims(ExpandAxes(theta, 1, 2), n, m+1, 3, p), batch, p)
	x := Reshape(BroadcastToDims(ExpandAxes(ConstAs(theta, pts), 0, 2), n, m+1, 3, 3), batch, 1, 3)
	eye := [][]float64{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}
	dd := Reshape(BroadcastToDims(ExpandAxes(ConstAs(theta, eye), 0, 1), n, m+1, 3, 3), batch, 1, 3)
	jd := Reshape(a.forwardBackward(rep, x).paramGradient(dd), n, m+1, 3, p)            // dd_mi/dtheta
	jdata := SliceAxis(jd, 1, AxisRange(0, m))                                          // [N, M, 3, P]
	jref := SliceAxis(jd, 1, AxisRange(m, m+1))                                         // [N, 1, 3, P]
	jn := MulScalar(Einsum("noip,i->nop", jref, ConstAs(theta, []float64{1, 2, 1})), 2) // dn/dtheta, [N, 1, P]
	half := make([][]float64, m)                                                        // [M, 3]: e_3 / (2 J_m)
	for k := range half {
		half[k] = []float64{0, 0, 0.5 * b.InvJ[k]}
	}
	jpsi := Sub(jdata, Mul(ExpandAxes(ConstAs(theta, half), 0, -1), ExpandAxes(jn, 2))) // [N, M, 3, P]
	return MulScalar(Einsum("nmip,imk->nmkp", jpsi, ConstAs(theta, b.Basis)), 2)
}

// GaussNewton builds the Gauss-Newton curvature of the negative
// log-likelihood -log p(D | theta) = w sum_{m,k} (S_mk - S^data_mk)^2 of
// every particle, 2w J^T J with J = [Arch.StressJacobian] (the M x 6 rows
// of one particle), [N, P, P]: the exact Hessian without the terms of
// the stresses' second derivatives times the residuals, positive
// semi-definite.
func (a Arch) GaussNewton(theta *Node, b Batch, w float64) *Node {
	n, p := theta.Shape().Dimensions[0], theta.Shape().Dimensions[1]
	j := Reshape(a.StressJacobian(theta, b), n, 6*b.Len(), p)
	return MulScalar(DotGeneral(j, []int{1}, []int{0}, j, []int{1}, []int{0}), 2*w)
}
