package mvn

import (
	"math"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/stein"
	"gonum.org/v1/gonum/mat"
)

// checkClose fails unless mean and cov are within tol of want (elementwise).
func checkClose(t *testing.T, name string, mean []float64, cov mat.Symmetric, wantMean []float64, wantCov mat.Symmetric, tol float64) {
	t.Helper()
	for i := range mean {
		if math.Abs(mean[i]-wantMean[i]) > tol {
			t.Errorf("%s: mean %v, want %v", name, mean, wantMean)
			return
		}
		for j := range mean {
			if math.Abs(cov.At(i, j)-wantCov.At(i, j)) > tol {
				t.Errorf("%s: cov[%d][%d] = %.12g, want %.12g", name, i, j, cov.At(i, j), wantCov.At(i, j))
			}
		}
	}
}

// TestExactFlatPriorIsLikelihood: with lambda = 0 the quadrature returns
// the likelihood's own moments, mu and P^-1, to 1e-8, for any alpha.
func TestExactFlatPriorIsLikelihood(t *testing.T) {
	target := PaperTarget()
	want, err := target.Covariance()
	if err != nil {
		t.Fatal(err)
	}
	for _, alpha := range []float64{0.25, 1, 2} {
		mean, cov, err := ExactMoments(target, stein.Prior{Alpha: alpha, Lambda: 0})
		if err != nil {
			t.Fatal(err)
		}
		checkClose(t, "flat prior", mean, cov, target.Mean, want, 1e-8)
	}
}

// TestExactGaussianPrior: for alpha = 2 the smoothed prior is Gaussian,
// log p = -k theta^2/2 + const with k = -Score1D(1) (checked: Score1D is
// linear), so the posterior is N((P + kI)^-1 P mu, (P + kI)^-1); the
// quadrature matches it to 1e-8 at several lambda.
func TestExactGaussianPrior(t *testing.T) {
	target := PaperTarget()
	for _, lambda := range []float64{0.1, 1, 5} {
		prior := stein.Prior{Alpha: 2, Lambda: lambda}
		k := -prior.Score1D(1)
		if math.Abs(prior.Score1D(-3)-3*k) > 1e-12*k {
			t.Fatalf("lambda %v: the alpha = 2 prior's score is not linear: %v at 1, %v at -3", lambda, -k, prior.Score1D(-3))
		}
		post := mat.NewSymDense(3, nil)
		post.AddSym(target.Precision, scaledIdentity(3, k))
		var chol mat.Cholesky
		if !chol.Factorize(post) {
			t.Fatal("P + kI is not positive definite")
		}
		wantCov := mat.NewSymDense(3, nil)
		if err := chol.InverseTo(wantCov); err != nil {
			t.Fatal(err)
		}
		var pmu, wantMean mat.VecDense
		pmu.MulVec(target.Precision, mat.NewVecDense(3, target.Mean))
		wantMean.MulVec(wantCov, &pmu)
		mean, cov, err := ExactMoments(target, prior)
		if err != nil {
			t.Fatal(err)
		}
		checkClose(t, "Gaussian prior", mean, cov, wantMean.RawVector().Data, wantCov, 1e-8)
	}
}

func scaledIdentity(n int, k float64) *mat.SymDense {
	m := mat.NewSymDense(n, nil)
	for i := range n {
		m.SetSym(i, i, k)
	}
	return m
}

// TestExactMatchesTrapezoid: theta_3 is a block of its own; its posterior
// mean and variance from the quadrature agree to 1e-8 with a trapezoid sum
// of step 5e-4 over [-150, 150] (standard deviations: 1 or less for the
// posterior, 20 for the likelihood), for the kinked priors alpha = 0.5 and
// 1 and a wide one (lambda = 0.05).
func TestExactMatchesTrapezoid(t *testing.T) {
	target := PaperTarget()
	for _, prior := range []stein.Prior{{Alpha: 0.5, Lambda: 1}, {Alpha: 1, Lambda: 1}, {Alpha: 1, Lambda: 0.05}} {
		mean, cov, err := ExactMoments(target, prior)
		if err != nil {
			t.Fatal(err)
		}
		logp := func(x float64) float64 {
			return -0.5*target.Precision.At(2, 2)*(x-3)*(x-3) + prior.SmoothedLogDensity1D(x)
		}
		m, v := trapezoidMoments(logp, -150, 150, 5e-4)
		t.Logf("prior %+v: theta_3 mean %.3g, variance %.3g; differences %.2g, %.2g", prior, m, v, mean[2]-m, cov.At(2, 2)-v)
		if math.Abs(mean[2]-m) > 1e-8 || math.Abs(cov.At(2, 2)-v) > 1e-8*v {
			t.Errorf("prior %+v: theta_3 mean %.10g variance %.10g, trapezoid %.10g %.10g", prior, mean[2], cov.At(2, 2), m, v)
		}
	}
}

// trapezoidMoments is the mean and variance of exp(logp) on [lo, hi] by the
// trapezoid rule of step h, the log density shifted by its value at 0.
func trapezoidMoments(logp func(float64) float64, lo, hi, h float64) (mean, variance float64) {
	n := int(math.Round((hi - lo) / h))
	shift := logp(0)
	var z, s1, s2 float64
	for i := 0; i <= n; i++ {
		x := lo + float64(i)*h
		w := math.Exp(logp(x) - shift)
		if i == 0 || i == n {
			w /= 2
		}
		z, s1, s2 = z+w, s1+w*x, s2+w*x*x
	}
	mean = s1 / z
	return mean, s2/z - mean*mean
}

func TestExactRejects(t *testing.T) {
	coupled := Target{Mean: []float64{0, 0, 0}, Precision: mat.NewSymDense(3, []float64{2, 1, 0, 1, 2, 1, 0, 1, 2})}
	for _, c := range []struct {
		target Target
		prior  stein.Prior
		want   string
	}{
		{coupled, stein.Prior{Alpha: 1, Lambda: 1}, "coordinates [0 1 2] are coupled"},
		{PaperTarget(), stein.Prior{Alpha: 3, Lambda: 1}, "alpha = 3"},
		{PaperTarget(), stein.Prior{Alpha: 1, Lambda: -1}, "lambda = -1"},
	} {
		if _, _, err := ExactMoments(c.target, c.prior); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("error %v, want one naming %q", err, c.want)
		}
	}
}
