package mvn

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/csvgd/csvgd-go/csvgd/stein"
	. "github.com/gomlx/gomlx/core/graph" //nolint:revive // GoMLX graph DSL.
	"gonum.org/v1/gonum/mat"
)

// Target is a Gaussian likelihood N(Mean, Precision^-1) on theta.
type Target struct {
	Mean      []float64
	Precision *mat.SymDense
}

// PaperTarget is the likelihood of the paper's Sec. 4:
// mu = (1, 2, 3), precision [[2, 1, 0], [1, 2, 0], [0, 0, 0.0025]].
func PaperTarget() Target {
	return Target{
		Mean:      []float64{1, 2, 3},
		Precision: mat.NewSymDense(3, []float64{2, 1, 0, 1, 2, 0, 0, 0, 0.0025}),
	}
}

// Dim is the dimension of theta.
func (t Target) Dim() int { return len(t.Mean) }

// Covariance is the inverse of the precision: the "true" covariance the
// ensemble is compared with.
func (t Target) Covariance() (*mat.SymDense, error) {
	var chol mat.Cholesky
	if !chol.Factorize(t.Precision) {
		return nil, fmt.Errorf("mvn: precision matrix is not positive definite")
	}
	cov := mat.NewSymDense(t.Dim(), nil)
	if err := chol.InverseTo(cov); err != nil {
		return nil, fmt.Errorf("mvn: inverting the precision: %w", err)
	}
	return cov, nil
}

// LogLikelihood builds -1/2 (theta_a - mu)^T P (theta_a - mu) for every
// particle of theta [N, D]; it has the signature of stein.LogLikelihood.
func (t Target) LogLikelihood(theta *Node) *Node {
	d := Sub(theta, ExpandAxes(ConstAs(theta, t.Mean), 0))
	p := ConstAs(theta, Rows(t.Precision))
	pd := Einsum("nd,ed->ne", d, p)
	return MulScalar(ReduceSum(Mul(d, pd), -1), -0.5)
}

// Score1 is the host-side likelihood score -P (theta - mu) of one point.
func (t Target) Score1(theta []float64) []float64 {
	d := mat.NewVecDense(t.Dim(), nil)
	for i := range theta {
		d.SetVec(i, theta[i]-t.Mean[i])
	}
	var s mat.VecDense
	s.MulVec(t.Precision, d)
	s.ScaleVec(-1, &s)
	return s.RawVector().Data
}

// LogLikelihood1 is the host-side log-likelihood of one point (up to a constant).
func (t Target) LogLikelihood1(theta []float64) float64 {
	s := t.Score1(theta)
	var q float64
	for i := range theta {
		q += (theta[i] - t.Mean[i]) * s[i]
	}
	return 0.5 * q
}

// Rows is the symmetric matrix m as nested slices, row by row (the JSON
// form of a covariance or precision).
func Rows(m mat.Symmetric) [][]float64 {
	n := m.SymmetricDim()
	rows := make([][]float64, n)
	for i := range rows {
		rows[i] = make([]float64, n)
		for j := range rows[i] {
			rows[i][j] = m.At(i, j)
		}
	}
	return rows
}

// Sample draws n independent points of the likelihood N(Mean,
// Precision^-1) from rng.
func (t Target) Sample(n int, rng *rand.Rand) (*stein.Ensemble, error) {
	cov, err := t.Covariance()
	if err != nil {
		return nil, err
	}
	var chol mat.Cholesky
	if !chol.Factorize(cov) {
		return nil, errors.New("mvn: the likelihood's covariance is not positive definite")
	}
	var l mat.TriDense
	chol.LTo(&l)
	d := t.Dim()
	x := stein.NewEnsemble(n, d)
	z := mat.NewVecDense(d, nil)
	var v mat.VecDense
	for a := range n {
		for i := range d {
			z.SetVec(i, rng.NormFloat64())
		}
		v.MulVec(&l, z)
		for i := range d {
			x.Particle(a)[i] = t.Mean[i] + v.AtVec(i)
		}
	}
	return x, nil
}
