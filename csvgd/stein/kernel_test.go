package stein

import (
	"math"
	"testing"

	. "github.com/gomlx/gomlx/core/graph" //nolint:revive // GoMLX graph DSL.
	"github.com/gomlx/gomlx/core/tensors"
)

func TestKernelGradientAgainstFiniteDifferences(t *testing.T) {
	const h = 1e-6
	a := []float64{0.3, -1.2, 0.8}
	b := []float64{-0.4, 0.5, 0.1}
	for _, beta := range []float64{1, 2, 1.5} {
		for _, gamma := range []float64{0.1, 1, 5} {
			k := Kernel{Beta: beta}
			grad := make([]float64, len(a))
			k.GradFirst(a, b, gamma, grad)
			for i := range a {
				ap, am := append([]float64(nil), a...), append([]float64(nil), a...)
				ap[i] += h
				am[i] -= h
				fd := (k.Eval(ap, b, gamma) - k.Eval(am, b, gamma)) / (2 * h)
				if math.Abs(grad[i]-fd) > 1e-7*(1+math.Abs(fd)) {
					t.Errorf("beta=%v gamma=%v component %d: gradient %v, finite difference %v", beta, gamma, i, grad[i], fd)
				}
			}
		}
	}
}

func TestKernelSelfGradientIsZero(t *testing.T) {
	a := []float64{0.3, 0, -2}
	for _, beta := range []float64{0.5, 1, 2} {
		g := make([]float64, 3)
		Kernel{Beta: beta}.GradFirst(a, a, 1, g)
		for i, v := range g {
			if v != 0 {
				t.Errorf("beta=%v: grad k(a, a)[%d] = %v, want 0", beta, i, v)
			}
		}
	}
}

// TestKernelMatrixMatchesHost checks the graph's [N, N] kernel matrix and
// [N, N, D] gradients against the host formulas, including beta < 1 with
// repeated coordinates (where the guard must give 0, not NaN) and the mask.
func TestKernelMatrixMatchesHost(t *testing.T) {
	b := testBackend(t)
	x := randomEnsemble(3, 5, 4, 1)
	x.Data[1*4+2] = x.Data[3*4+2] // a shared coordinate
	x.Data[0*4+1] = 0.01          // near an axis
	for _, k := range []Kernel{{Beta: 2}, {Beta: 1}, {Beta: 0.5}, {Beta: 2, Mask: 0.05}, {Beta: 1.5, Mask: 0.05}} {
		const gamma = 0.7
		out := MustExecOnceN(b, func(th, g *Node) []*Node {
			km, kg := k.Matrix(th, g)
			return []*Node{km, kg}
		}, x.Tensor(), gamma)
		km, _ := tensors.CopyFlatData[float64](out[0])
		kg, _ := tensors.CopyFlatData[float64](out[1])
		grad := make([]float64, x.D)
		for bi := 0; bi < x.N; bi++ {
			for ai := 0; ai < x.N; ai++ {
				want := k.Eval(x.Particle(bi), x.Particle(ai), gamma)
				if got := km[bi*x.N+ai]; math.Abs(got-want) > 1e-14 {
					t.Errorf("%+v: K[%d,%d] = %v, want %v", k, bi, ai, got, want)
				}
				k.GradFirst(x.Particle(bi), x.Particle(ai), gamma, grad)
				got := kg[(bi*x.N+ai)*x.D : (bi*x.N+ai+1)*x.D]
				if d := maxAbsDiff(got, grad); !(d <= 1e-12) {
					t.Errorf("%+v: grad K[%d,%d] = %v, want %v", k, bi, ai, got, grad)
				}
			}
		}
	}
}
