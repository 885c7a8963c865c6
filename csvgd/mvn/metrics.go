package mvn

import (
	"fmt"
	"math"

	"github.com/csvgd/csvgd-go/csvgd/stein"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat"
)

// Moments are the empirical mean and covariance of an ensemble; the
// covariance uses the unbiased 1/(N-1) normalisation.
func Moments(e *stein.Ensemble) (mean []float64, cov *mat.SymDense) {
	x := mat.NewDense(e.N, e.D, append([]float64(nil), e.Data...))
	cov = mat.NewSymDense(e.D, nil)
	stat.CovarianceMatrix(cov, x, nil)
	mean = make([]float64, e.D)
	for i := range mean {
		mean[i] = stat.Mean(e.Component(i), nil)
	}
	return mean, cov
}

// Bhattacharyya is the Bhattacharyya distance between N(mu1, s1) and
// N(mu2, s2) (the paper's Sec. 4):
//
//	d = 1/8 (mu1 - mu2)^T S^-1 (mu1 - mu2) + 1/2 log(det S / sqrt(det s1 det s2)),
//	S = (s1 + s2) / 2.
//
// It returns +Inf when a covariance is singular (for example when every
// particle has collapsed onto an axis).
func Bhattacharyya(mu1 []float64, s1 mat.Symmetric, mu2 []float64, s2 mat.Symmetric) (float64, error) {
	n := len(mu1)
	if len(mu2) != n || s1.SymmetricDim() != n || s2.SymmetricDim() != n {
		return 0, fmt.Errorf("mvn: Bhattacharyya: dimensions %d, %d, %d, %d differ", n, len(mu2), s1.SymmetricDim(), s2.SymmetricDim())
	}
	avg := mat.NewSymDense(n, nil)
	avg.AddSym(s1, s2)
	avg.ScaleSym(0.5, avg)
	var chol, c1, c2 mat.Cholesky
	if !chol.Factorize(avg) || !c1.Factorize(s1) || !c2.Factorize(s2) {
		return math.Inf(1), nil
	}
	diff := mat.NewVecDense(n, nil)
	for i := range mu1 {
		diff.SetVec(i, mu1[i]-mu2[i])
	}
	var sol mat.VecDense
	if err := chol.SolveVecTo(&sol, diff); err != nil {
		return math.Inf(1), nil
	}
	quad := mat.Dot(diff, &sol)
	return quad/8 + 0.5*(chol.LogDet()-0.5*(c1.LogDet()+c2.LogDet())), nil
}

// L1Theta3 is the paper's sparsity measure: the mean of |theta_3| over the
// ensemble (component index 2).
func L1Theta3(e *stein.Ensemble) float64 {
	var s float64
	for _, v := range e.Component(2) {
		s += math.Abs(v)
	}
	return s / float64(e.N)
}
