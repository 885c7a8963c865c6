package condense

import (
	"fmt"
	"math"

	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
)

// Bound is an upper bound on how much a change of the weights moves the
// normalised potential and the stress (Voigt order) at one deformation.
type Bound struct {
	Potential float64
	Stress    hyperelastic.Stress
}

// PruneBound bounds the change of the particle w's normalised potential and
// stress at k when its edges with |w| < threshold are pruned (set to 0):
// the whole change [Condense] makes with KeepConstantNodes, since its other
// steps (removing nodes without an outgoing edge, permuting, padding) leave
// the network unchanged.
//
// # Derivation
//
// Write W_k for the weights (layer k to k+1), W~_k for the pruned ones and
// Delta_k = W~_k - W_k, so that |Delta_k| <= eps M_k entrywise, M_k the 0/1
// mask of the pruned edges. Let h_0 = x, z_{k+1} = W_k h_k,
// h_{k+1} = icnn.HostSoftplus(z_{k+1}), NN = W_L h_L, and delta- the change of a
// quantity. Then exactly
//
//	delta-z_{k+1} = W~_k delta-h_k + Delta_k h_k,
//
// and softplus is 1-Lipschitz, so entrywise (|.| of a matrix taken entrywise)
//
//	|delta-h_{k+1}| <= Z_{k+1} := |W~_k| Z_k + eps M_k |h_k|,  Z_0 = 0,
//	|delta-NN|      <= |W~_L| Z_L + eps M_L |h_L|.
//
// The input gradient is g_0 with g_L = W_L, a_k = g_k ⊙ sigma(z_k),
// g_{k-1} = a_k W_{k-1}. Exactly, delta-g_{k-1} = delta-a_k W~_{k-1} +
// a_k Delta_{k-1} and delta-a_k = delta-g_k ⊙ sigma~_k + g_k ⊙
// (sigma~_k - sigma_k); the sigmoid is 1/4-Lipschitz and at most 1, so
//
//	|delta-g_L|     <= G_L := eps M_L,
//	|delta-a_k|     <= A_k := G_k ⊙ min(1, sigma(z_k) + Z_k/4) + |g_k| ⊙ Z_k/4,
//	|delta-g_{k-1}| <= G_{k-1} := A_k |W~_{k-1}| + |a_k| eps M_{k-1}.
//
// With Psi_i = NN_i(x) - [i = 3] n / (2 J), n = 2 (NN_1 + 2 NN_2 + NN_3)(0),
// |delta-n| <= 2 (G_0,1 + 2 G_0,2 + G_0,3)(0) =: N and
//
//	|delta-Psi| <= |delta-NN|(x) + |delta-NN|(0) + N |J - 1|,
//	|delta-S_v| <= 2 [G_0,1 |I_v| + G_0,2 |I1 I_v - C_v| + (G_0,3 + N / (2 J)) I3 |C^-1_v|],
//
// all evaluated at x = arch.Inputs.At(k) unless marked (0), which is the
// reference input x_ref = arch.Inputs.Reference(). Every
// step is an identity, the triangle inequality or a Lipschitz bound, so the
// bound is rigorous (up to rounding); it is eps times a sum, over the pruned
// edges, of sensitivities of the unpruned network, plus O(eps^2) — the same
// order as the change itself, which the tests confirm is not vacuous. It
// grows with the number of pruned edges where the true change, whose terms
// partly cancel, grows more slowly.
//
// PruneBound panics if w does not have arch.NumParams() entries or the
// network does not have the 3 invariants as inputs.
func PruneBound(arch icnn.Arch, w []float64, threshold float64, k hyperelastic.Kinematics) Bound {
	checkBoundArgs(arch, w)
	wt := make([]float64, len(w))
	dw := make([]float64, len(w))
	for i, v := range w {
		if present(v, threshold) {
			wt[i] = v
		} else if v != 0 {
			dw[i] = threshold
		}
	}
	return bound(arch, w, wt, dw, k)
}

// PerturbationBound is the bound of [PruneBound] for any change of the
// weights, from w to wt (both of arch), with |Delta_k| the actual entrywise
// changes in place of eps M_k: a bound a posteriori, which needs no
// threshold and covers, for instance, the removal of nodes without incoming
// edges (their outgoing weights set to 0). For pruning it is at most
// PruneBound.
//
// PerturbationBound panics as PruneBound, or if wt and w differ in length.
func PerturbationBound(arch icnn.Arch, w, wt []float64, k hyperelastic.Kinematics) Bound {
	checkBoundArgs(arch, w)
	if len(wt) != len(w) {
		panic(fmt.Sprintf("condense: PerturbationBound: perturbed particle has %d parameters, want %d", len(wt), len(w)))
	}
	dw := make([]float64, len(w))
	for i := range w {
		dw[i] = math.Abs(wt[i] - w[i])
	}
	return bound(arch, w, wt, dw, k)
}

func checkBoundArgs(arch icnn.Arch, w []float64) {
	if err := arch.Validate(); err != nil {
		panic(fmt.Sprintf("condense: bound: %v", err))
	}
	if arch.Widths[0] != 3 {
		panic(fmt.Sprintf("condense: bound: widths %v: want the 3 invariants as inputs", arch.Widths))
	}
	if n := arch.NumParams(); len(w) != n {
		panic(fmt.Sprintf("condense: bound: particle has %d parameters, widths %v need %d", len(w), arch.Widths, n))
	}
}

// bound evaluates the derivation of PruneBound with |Delta| <= dw.
func bound(arch icnn.Arch, w, wt, dw []float64, k hyperelastic.Kinematics) Bound {
	nnX, gX := changeBound(arch, w, wt, dw, arch.Inputs.At(k))
	nn0, g0 := changeBound(arch, w, wt, dw, arch.Inputs.Reference())
	n := 2 * (g0[0] + 2*g0[1] + g0[2])
	b := Bound{Potential: nnX + nn0 + n*math.Abs(k.J-1)}
	for v := range 6 {
		id := 0.0
		if v < 3 {
			id = 1
		}
		b.Stress[v] = 2 * (gX[0]*id + gX[1]*math.Abs(k.I1*id-k.C[v]) + (gX[2]+n/(2*k.J))*k.I3*math.Abs(k.Cinv[v]))
	}
	return b
}

// changeBound returns the bounds on |delta-NN| and |delta-g_0| at x of the
// derivation of PruneBound.
func changeBound(arch icnn.Arch, w, wt, dw []float64, x []float64) (nn float64, grad []float64) {
	ls := arch.Layers()
	L := len(ls) - 1
	hs := make([][]float64, L+1)  // h_0 .. h_L
	sig := make([][]float64, L+1) // sigma(z_k), k = 1 .. L
	zb := make([][]float64, L+1)  // Z_k, k = 0 .. L
	hs[0], zb[0] = x, make([]float64, len(x))
	for k := 0; k < L; k++ {
		l := ls[k]
		hs[k+1], sig[k+1], zb[k+1] = make([]float64, l.Rows), make([]float64, l.Rows), make([]float64, l.Rows)
		for r := 0; r < l.Rows; r++ {
			var z, b float64
			for c := 0; c < l.Cols; c++ {
				i := l.Offset + r*l.Cols + c
				z += w[i] * hs[k][c]
				b += math.Abs(wt[i])*zb[k][c] + dw[i]*math.Abs(hs[k][c])
			}
			hs[k+1][r], sig[k+1][r], zb[k+1][r] = icnn.HostSoftplus(z), icnn.HostSigmoid(z), b
		}
	}
	last := ls[L]
	g := make([]float64, last.Cols)  // g_L
	gb := make([]float64, last.Cols) // G_L
	for c := range g {
		i := last.Offset + c
		g[c], gb[c] = w[i], dw[i]
		nn += math.Abs(wt[i])*zb[L][c] + dw[i]*math.Abs(hs[L][c])
	}
	for k := L; k >= 1; k-- {
		l := ls[k-1]
		prev, prevB := make([]float64, l.Cols), make([]float64, l.Cols)
		for r := 0; r < l.Rows; r++ {
			a := g[r] * sig[k][r]
			ab := gb[r]*math.Min(1, sig[k][r]+zb[k][r]/4) + math.Abs(g[r])*zb[k][r]/4
			for c := 0; c < l.Cols; c++ {
				i := l.Offset + r*l.Cols + c
				prev[c] += a * w[i]
				prevB[c] += ab*math.Abs(wt[i]) + math.Abs(a)*dw[i]
			}
		}
		g, gb = prev, prevB
	}
	return nn, gb
}
