package reference_test

import (
	"math"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/backend/backendtest"
	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/reference"
	. "github.com/gomlx/gomlx/core/graph" //nolint:revive // GoMLX graph DSL.
	"github.com/gomlx/gomlx/core/tensors"
)

// fdJacobian is the Jacobian of the stresses of one particle at the
// samples by central differences of icnn.Arch.HostStress, [6M][P].
func fdJacobian(arch icnn.Arch, theta []float64, b icnn.Batch, samples func(m int) hyperelastic.Stress, m int) [][]float64 {
	p := len(theta)
	rows := make([][]float64, 6*m)
	for r := range rows {
		rows[r] = make([]float64, p)
	}
	for j := 0; j < p; j++ {
		h := 1e-6 * math.Max(1, math.Abs(theta[j]))
		old := theta[j]
		theta[j] = old + h
		plus := make([]hyperelastic.Stress, m)
		for k := 0; k < m; k++ {
			plus[k] = samples(k)
		}
		theta[j] = old - h
		for k := 0; k < m; k++ {
			minus := samples(k)
			for c := 0; c < 6; c++ {
				rows[6*k+c][j] = (plus[k][c] - minus[c]) / (2 * h)
			}
		}
		theta[j] = old
	}
	return rows
}

// TestGaussNewtonAgainstFiniteDifferences: the host's Gauss-Newton
// curvature 2w J^T J and the graph's (icnn.Arch.GaussNewton) both equal
// the one built from the Jacobian of the stresses by central differences
// of icnn.Arch.HostStress (1e-6 of the largest entry), and agree with each
// other to 1e-10; the host's score is Eval's. On two condensed templates
// and the three-hidden-layer network, 12 training points, two particles.
func TestGaussNewtonAgainstFiniteDifferences(t *testing.T) {
	all := trainingSamples(t)[:12]
	b := icnn.NewBatch(all)
	w := meanWeight(b)
	for _, c := range archs[1:] {
		arch := c.arch
		like, err := reference.NewLikelihood(arch, b, w)
		if err != nil {
			t.Fatal(err)
		}
		x := initial(arch, 2, 3)
		p := arch.NumParams()
		exec := MustNewExec(backendtest.Backend(t), func(theta *Node) *Node { return arch.GaussNewton(theta, b, w) })
		out := exec.MustExec(x.Tensor())[0]
		graph := tensors.MustCopyFlatData[float64](out)
		for a, theta := range x.Rows() {
			grad, curv := make([]float64, p), make([]float64, p*p)
			like.GaussNewton(theta, grad, curv)
			ref := make([]float64, p)
			like.Eval(theta, ref)
			for j := range grad {
				if grad[j] != ref[j] {
					t.Fatalf("%s: score[%d] %v, Eval's %v", c.name, j, grad[j], ref[j])
				}
			}
			jac := fdJacobian(arch, theta, b, func(m int) hyperelastic.Stress { return arch.HostStress(theta, all[m].Kinematics) }, len(all))
			var top float64
			for _, v := range curv {
				top = math.Max(top, math.Abs(v))
			}
			for i := 0; i < p; i++ {
				for j := 0; j < p; j++ {
					var fd float64
					for _, row := range jac {
						fd += row[i] * row[j]
					}
					fd *= 2 * w
					if math.Abs(curv[i*p+j]-fd) > 1e-6*top {
						t.Fatalf("%s particle %d: curvature[%d][%d] %v, finite differences %v", c.name, a, i, j, curv[i*p+j], fd)
					}
					if g := graph[a*p*p+i*p+j]; math.Abs(g-curv[i*p+j]) > 1e-10*top {
						t.Fatalf("%s particle %d: graph curvature[%d][%d] %v, host %v", c.name, a, i, j, g, curv[i*p+j])
					}
				}
			}
		}
	}
}
