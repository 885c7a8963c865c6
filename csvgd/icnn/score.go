package icnn

import (
	"github.com/csvgd/csvgd-go/csvgd/stein"
	. "github.com/gomlx/gomlx/core/graph" //nolint:revive // GoMLX graph DSL.
)

// Score is the gradient of [Arch.LogLikelihood] with respect to the
// weights of every particle, [N, P], written out in the graph instead of
// taken by autodiff (a [stein.Score]). The two agree to rounding (tested);
// this one builds a quarter of the nodes (79 against 320 for the paper's
// network), all of them batched over the particle axis, which is what
// makes a step fast on a backend with a fixed cost per operation.
func (a Arch) Score(b Batch, sigma float64) stein.Score {
	return a.gaussianScore(b, 0.5/(sigma*sigma))
}

// MeanScore is the gradient of [Arch.MeanLogLikelihood], in the same way
// as [Arch.Score].
func (a Arch) MeanScore(b Batch, sigma float64) stein.Score {
	return a.gaussianScore(b, 0.5/(sigma*sigma)/float64(max(b.Len(), 1)))
}

// gaussianScore is the gradient of -w sum_{m,k} (S_mk - S^data_mk)^2.
//
// The log-likelihood depends on the weights only through the input
// gradient d = dNN/dx of the network at the M data points and at the
// reference x_ref (F = I), which is appended as point M (n is made of it). With
// the stress S_m = 2 sum_i Psi_i B_im (B_im the Voigt basis of [Batch]),
// Psi = d - e_3 n / (2J) and n = 2 (d_1 + 2 d_2 + d_3) at x_ref, the
// cotangent of d is
//
//	dL/dPsi_m = -8w G_m Psi_m + 4w B_m T_m,   G_m = B_m B_m^T,
//	dL/dd_m   = dL/dPsi_m (m < M),   dL/dd_M = 2 (1, 2, 1) dL/dn,
//	dL/dn     = -sum_m (dL/dPsi_m)_3 / (2 J_m),
//
// and the parameter gradient is the reverse of the network's forward and
// backward passes ([Arch.Forward]) for that cotangent ([scoreGraph]).
func (a Arch) gaussianScore(b Batch, w float64) stein.Score {
	c := a.newScoreConsts(b, w)
	return func(theta *Node) *Node { return a.scoreGraph(theta, c) }
}

// scoreConsts are the host-side constants of the score graph over the
// M + 1 points (data, then the reference).
type scoreConsts struct {
	x  [][]float64   // [M+1, 3]: the network inputs, the reference last
	g  [][][]float64 // [M+1, 3, 3]: -8w G_m, zero at the reference
	bt [][]float64   // [M+1, 3]: 4w B_m T_m, zero at the reference
	e  [][]float64   // [M+1, 3]: e_3 / (2 J_m), zero at the reference
	c  [][]float64   // [M+1, 3]: 2 (1, 2, 1) at the reference, zero elsewhere
}

func (a Arch) newScoreConsts(b Batch, w float64) scoreConsts {
	m := b.Len()
	c := scoreConsts{x: grid(m+1, 3), bt: grid(m+1, 3), e: grid(m+1, 3), c: grid(m+1, 3), g: make([][][]float64, m+1)}
	for p := range c.g {
		c.g[p] = grid(3, 3)
	}
	for p := 0; p < m; p++ {
		c.x[p] = a.Inputs.Of(b.I[p][0], b.I[p][1], b.I[p][2])
		for i := 0; i < 3; i++ {
			for j := 0; j < 3; j++ {
				c.g[p][i][j] = -8 * w * dot6(b.Basis[i][p], b.Basis[j][p])
			}
			c.bt[p][i] = 4 * w * dot6(b.Basis[i][p], b.Target[p])
		}
		c.e[p][2] = 0.5 * b.InvJ[p]
	}
	c.x[m], c.c[m] = a.Inputs.Reference(), []float64{2, 4, 2}
	return c
}

func grid(rows, cols int) [][]float64 {
	g := make([][]float64, rows)
	for i := range g {
		g[i] = make([]float64, cols)
	}
	return g
}

func dot6(a, b []float64) float64 {
	var s float64
	for k := 0; k < 6; k++ {
		s += a[k] * b[k]
	}
	return s
}
