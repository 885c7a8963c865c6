package stein

import (
	"math"
	"testing"

	. "github.com/gomlx/gomlx/core/graph" //nolint:revive // GoMLX graph DSL.
	"github.com/gomlx/gomlx/core/tensors"
)

// TestRepulsionMatchesMatrix: the matrix-product form of the RBF kernel's
// repulsion equals the sum over the [N, N, D] gradients of Kernel.Matrix,
// also for an ensemble far from the origin (where an uncentred Gram form
// would cancel badly) and with two nearly equal particles; other kernels
// take the Matrix path.
func TestRepulsionMatchesMatrix(t *testing.T) {
	b := testBackend(t)
	for _, tc := range []struct {
		name   string
		shift  float64
		kernel Kernel
		tol    float64
	}{
		{"rbf", 0, Kernel{Beta: 2}, 1e-12},
		{"rbf far from 0", 1e3, Kernel{Beta: 2}, 1e-9},
		{"beta 1", 0, Kernel{Beta: 1}, 1e-14},
		{"rbf masked", 0, Kernel{Beta: 2, Mask: 0.05}, 1e-14},
	} {
		x := randomEnsemble(7, 6, 9, 3)
		for i := range x.Data {
			x.Data[i] += tc.shift
		}
		copy(x.Particle(4), x.Particle(2))
		x.Particle(4)[0] += 1e-7
		const gamma = 1.3
		out := MustExecOnceN(b, func(th, g *Node) []*Node {
			km, rep := tc.kernel.Repulsion(th, g)
			km2, grad := tc.kernel.Matrix(th, g)
			return []*Node{km, rep, km2, ReduceSum(grad, 0)}
		}, x.Tensor(), gamma)
		for _, pair := range [][2]int{{0, 2}, {1, 3}} {
			got, _ := tensors.CopyFlatData[float64](out[pair[0]])
			want, _ := tensors.CopyFlatData[float64](out[pair[1]])
			scale := 1.0
			for _, v := range want {
				scale = math.Max(scale, math.Abs(v))
			}
			if d := maxAbsDiff(got, want); !(d <= tc.tol*scale) {
				t.Errorf("%s: output %d differs from Matrix's by %g (tolerance %g)", tc.name, pair[0], d, tc.tol*scale)
			}
		}
	}
}
