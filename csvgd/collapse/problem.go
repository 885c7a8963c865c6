package collapse

import (
	"fmt"
	"math"

	"github.com/csvgd/csvgd-go/csvgd/mvn"
	"github.com/csvgd/csvgd-go/csvgd/stein"
	"gonum.org/v1/gonum/mat"
)

// Problem is a target with known moments: the likelihood (a Gaussian),
// the alpha prior applied with it, and the posterior's exact mean and
// covariance.
type Problem struct {
	Target mvn.Target
	Prior  stein.Prior // Lambda 0: the target is the Gaussian itself
	Mean   []float64
	Cov    *mat.SymDense
}

// Dim is the dimension of the target.
func (p Problem) Dim() int { return p.Target.Dim() }

// ARRho is the correlation between neighbouring coordinates of [ARTarget].
const ARRho = 0.5

// ARTarget is the Gaussian of dimension d with mean 0 and covariance
//
//	Sigma_ij = s_i s_j rho^|i-j|,  rho = 1/2,  s_i = 2^(2i/(d-1) - 1)
//
// (s from 1/2 to 2, log-spaced; s = 1 for d = 1): an AR(1) correlation
// with scales that differ 16-fold in variance, so that an update is tested
// on a target that is neither isotropic nor axis-aligned. Its precision
// is tridiagonal,
//
//	P = S^-1 R^-1 S^-1,  R^-1 = 1/(1 - rho^2) tridiag(-rho, 1 + rho^2, -rho)
//
// with the corners of the diagonal 1 instead of 1 + rho^2 (P = 1/s^2 for
// d = 1).
func ARTarget(d int) mvn.Target {
	s := arScales(d)
	r := ARRho
	prec := mat.NewSymDense(d, nil)
	for i := 0; i < d; i++ {
		diag := 1 + r*r
		switch {
		case d == 1:
			diag = 1 - r*r
		case i == 0 || i == d-1:
			diag = 1
		}
		prec.SetSym(i, i, diag/(1-r*r)/(s[i]*s[i]))
		if i+1 < d {
			prec.SetSym(i, i+1, -r/(1-r*r)/(s[i]*s[i+1]))
		}
	}
	return mvn.Target{Mean: make([]float64, d), Precision: prec}
}

// arScales are the scales s_i of [ARTarget].
func arScales(d int) []float64 {
	s := make([]float64, d)
	for i := range s {
		s[i] = 1
		if d > 1 {
			s[i] = math.Pow(2, 2*float64(i)/float64(d-1)-1)
		}
	}
	return s
}

// ARCovariance is the covariance of [ARTarget] written directly,
// s_i s_j rho^|i-j| (tests check that it inverts the precision).
func ARCovariance(d int) *mat.SymDense {
	cov := mat.NewSymDense(d, nil)
	s := arScales(d)
	for i := 0; i < d; i++ {
		for j := i; j < d; j++ {
			cov.SetSym(i, j, s[i]*s[j]*math.Pow(ARRho, float64(j-i)))
		}
	}
	return cov
}

// MaxDim is the largest dimension of a target: its precision and
// covariance are dense d x d matrices, and the Newton updates build one
// such matrix per particle: 20 particles at MaxDim take 20 x 2000^2 x 8
// bytes = 0.64 GB (MaxDim is 20 times the largest dimension of the study).
const MaxDim = 2000

// checkDim reports a dimension outside [1, MaxDim], naming it.
func checkDim(d int) error {
	if d < 1 || d > MaxDim {
		return fmt.Errorf("collapse: dimension = %d: want 1 to %d (the target's matrices are dense, d x d)", d, MaxDim)
	}
	return nil
}

// NewProblem is the target of dimension d: for d = 3 the posterior of the
// paper's Sec. 4 with the given prior, its moments by quadrature
// ([mvn.ExactMoments]); otherwise [ARTarget], which takes no prior
// (prior.Lambda must be 0).
func NewProblem(d int, prior stein.Prior) (Problem, error) {
	if err := checkDim(d); err != nil {
		return Problem{}, err
	}
	if err := prior.Validate(); err != nil {
		return Problem{}, fmt.Errorf("collapse: %w", err)
	}
	if d == 3 {
		t := mvn.PaperTarget()
		mean, cov, err := mvn.ExactMoments(t, prior)
		if err != nil {
			return Problem{}, fmt.Errorf("collapse: %w", err)
		}
		return Problem{Target: t, Prior: prior, Mean: mean, Cov: cov}, nil
	}
	if prior.Lambda != 0 {
		return Problem{}, fmt.Errorf("collapse: lambda = %v: the %d-dimensional target is a Gaussian without prior (only dimension 3, the posterior of Sec. 4, takes one)", prior.Lambda, d)
	}
	return Problem{Target: ARTarget(d), Prior: prior, Mean: make([]float64, d), Cov: ARCovariance(d)}, nil
}

// IsotropicProblem is the standard normal N(0, I_d), without prior: the
// target of Ba et al.'s experiment, on which [FixedPointVariance] holds
// for the first-order flow with the median rule too.
func IsotropicProblem(d int) (Problem, error) {
	if err := checkDim(d); err != nil {
		return Problem{}, err
	}
	id := mat.NewSymDense(d, nil)
	for i := 0; i < d; i++ {
		id.SetSym(i, i, 1)
	}
	return Problem{Target: mvn.Target{Mean: make([]float64, d), Precision: id}, Prior: stein.Prior{Alpha: 1}, Mean: make([]float64, d), Cov: id}, nil
}
