package svn

import "github.com/csvgd/csvgd-go/csvgd/stein"

// Model is the data part of a Newton flow's target, evaluated on the host
// in float64: for every particle theta_a of x, the data score
// grad log p(D | theta_a) and a positive semi-definite curvature of
// -log p(D | theta_a), the Gauss-Newton Hessian J^T J / sigma^2 for a
// Gaussian likelihood of a model's outputs (J their Jacobian), or the
// precision for a Gaussian target. The curvature of particle a is D x D,
// row-major, curvature[a][i*D+j].
type Model interface {
	Derivatives(x *stein.Ensemble) (score *stein.Ensemble, curvature [][]float64, err error)
}

// ModelFunc is a [Model] written as a function.
type ModelFunc func(x *stein.Ensemble) (*stein.Ensemble, [][]float64, error)

// Derivatives implements [Model].
func (f ModelFunc) Derivatives(x *stein.Ensemble) (*stein.Ensemble, [][]float64, error) { return f(x) }
