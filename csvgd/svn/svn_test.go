package svn

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/stein"
	"gonum.org/v1/gonum/mat"
)

func testPrecision() (*mat.SymDense, []float64) {
	return mat.NewSymDense(3, []float64{2, 1, 0, 1, 2, 0.5, 0, 0.5, 3}), []float64{1, -2, 0.5}
}

// TestNewtonStepIsNewtonFarApart: with the particles so far apart that
// the kernel between them vanishes, the block Hessian of particle a is
// H_a / N and phi_a = g_a / N, so the full step (eps = 1) is the Newton
// step of the target itself: on a Gaussian it lands every particle on the
// mean (to 1e-10).
func TestNewtonStepIsNewtonFarApart(t *testing.T) {
	p, mu := testPrecision()
	f, err := NewFlow(gaussianModel(mu, p), Config{Update: Newton, Prior: stein.Prior{Alpha: 1}, StepSize: 1})
	if err != nil {
		t.Fatal(err)
	}
	x, err := stein.EnsembleFromRows([][]float64{{100, 0, 0}, {0, 100, 0}, {0, 0, -100}})
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Step(x); err != nil {
		t.Fatal(err)
	}
	for a, row := range x.Rows() {
		for i, v := range row {
			if math.Abs(v-mu[i]) > 1e-10 {
				t.Errorf("particle %d: %v, want the mean %v", a, row, mu)
				break
			}
		}
	}
}

// TestKernelGradient: the Hessian-scaled kernel's gradients are those of
// k(x_b, x_a) = exp(-(x_b - x_a)^T M (x_b - x_a) / (2h)) in x_b, by
// central differences (1e-7 relative).
func TestKernelGradient(t *testing.T) {
	m, _ := testPrecision()
	rng := rand.New(rand.NewPCG(1, 2))
	x := make([][]float64, 4)
	for a := range x {
		x[a] = []float64{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}
	}
	k, grad := hessianKernel(x, m, 0.7)
	kab := func(xb, xa []float64) float64 {
		d := make([]float64, 3)
		for i := range d {
			d[i] = xb[i] - xa[i]
		}
		return math.Exp(-mat.Inner(mat.NewVecDense(3, d), m, mat.NewVecDense(3, d)) / (2 * 0.7 * 3))
	}
	for a := range x {
		for b := range x {
			if math.Abs(k[a][b]-kab(x[b], x[a])) > 1e-14 {
				t.Fatalf("k[%d][%d] = %v, want %v", a, b, k[a][b], kab(x[b], x[a]))
			}
			for i := 0; i < 3; i++ {
				const h = 1e-6
				xp, xm := append([]float64(nil), x[b]...), append([]float64(nil), x[b]...)
				xp[i] += h
				xm[i] -= h
				fd := (kab(xp, x[a]) - kab(xm, x[a])) / (2 * h)
				if math.Abs(grad[a][b][i]-fd) > 1e-7*math.Max(1, math.Abs(fd)) {
					t.Errorf("grad[%d][%d][%d] = %v, finite differences %v", a, b, i, grad[a][b][i], fd)
				}
			}
		}
	}
}

// TestNoiseCovariance: the noise of the stochastic update has covariance
// 2 eps k_ac M^-1 / N between particles a and c (20000 draws, 5
// standard errors).
func TestNoiseCovariance(t *testing.T) {
	m, _ := testPrecision()
	var chol mat.Cholesky
	if !chol.Factorize(m) {
		t.Fatal("M is not positive definite")
	}
	var minv mat.SymDense
	if err := chol.InverseTo(&minv); err != nil {
		t.Fatal(err)
	}
	k := [][]float64{{1, 0.6, 0.2}, {0.6, 1, 0.4}, {0.2, 0.4, 1}}
	const eps, draws = 0.3, 20000
	rng := rand.New(rand.NewPCG(3, 4))
	n := float64(len(k))
	// the covariance of component 0 of particle a with component j of particle c
	pairs := [][4]int{{0, 0, 0, 0}, {0, 0, 1, 0}, {0, 1, 2, 1}, {1, 2, 1, 2}, {2, 0, 2, 2}}
	sums := make([]float64, len(pairs))
	sq := make([]float64, len(pairs))
	for r := 0; r < draws; r++ {
		xi, err := noise(k, []*mat.Cholesky{&chol, &chol, &chol}, nil, eps, rng)
		if err != nil {
			t.Fatal(err)
		}
		for q, pr := range pairs {
			v := xi[pr[0]][pr[1]] * xi[pr[2]][pr[3]]
			sums[q] += v
			sq[q] += v * v
		}
	}
	for q, pr := range pairs {
		mean := sums[q] / draws
		se := math.Sqrt((sq[q]/draws - mean*mean) / draws)
		want := 2 * eps * k[pr[0]][pr[2]] * minv.At(pr[1], pr[3]) / n
		if math.Abs(mean-want) > 5*se {
			t.Errorf("cov(xi[%d][%d], xi[%d][%d]) = %.5f ± %.5f, want %.5f", pr[0], pr[1], pr[2], pr[3], mean, se, want)
		}
	}
}

// TestWorkersAndSeeds: the result does not depend on the number of
// workers; the stochastic update depends on its seed and iteration only.
func TestWorkersAndSeeds(t *testing.T) {
	p, mu := testPrecision()
	start := stein.GaussianEnsemble(6, []float64{0, 0, 0}, 1, rand.New(rand.NewPCG(5, 6)))
	runWith := func(u Update, workers int, seed uint64) []float64 {
		f, err := NewFlow(gaussianModel(mu, p), Config{Update: u, Prior: stein.Prior{Alpha: 0.5, Lambda: 0.05}, StepSize: 0.3, Seed: seed, Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		x := start.Clone()
		if err := f.Run(x, 20, nil); err != nil {
			t.Fatal(err)
		}
		return x.Data
	}
	for _, u := range []Update{Newton, StochasticNewton} {
		one, two := runWith(u, 1, 1), runWith(u, 3, 1)
		for i := range one {
			if math.Float64bits(one[i]) != math.Float64bits(two[i]) {
				t.Fatalf("%s: 1 and 3 workers differ at %d: %v, %v", u, i, one[i], two[i])
			}
		}
	}
	if a, b := runWith(StochasticNewton, 1, 1), runWith(StochasticNewton, 1, 2); a[0] == b[0] {
		t.Error("seeds 1 and 2 gave the same particles")
	}
}

// TestConstrainedClipped: constrained components stay >= 0 after every
// step, as the first-order flow's projection keeps them.
func TestConstrainedClipped(t *testing.T) {
	p, _ := testPrecision()
	f, err := NewFlow(gaussianModel([]float64{-3, -3, 1}, p), Config{Update: StochasticNewton, Prior: stein.Prior{Alpha: 1}, StepSize: 0.3, Constrained: []bool{false, true, true}})
	if err != nil {
		t.Fatal(err)
	}
	x := stein.GaussianEnsemble(5, []float64{1, 1, 1}, 0.5, rand.New(rand.NewPCG(1, 1)))
	err = f.Run(x, 30, func(_ int, x *stein.Ensemble) bool {
		for _, row := range x.Rows() {
			if row[1] < 0 || row[2] < 0 {
				t.Fatalf("a constrained component is negative: %v", row)
			}
		}
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestNonFinite: a model that returns NaN stops the step with a
// NonFiniteError naming the likelihood gradient, x unchanged.
func TestNonFinite(t *testing.T) {
	bad := ModelFunc(func(x *stein.Ensemble) (*stein.Ensemble, [][]float64, error) {
		s := stein.NewEnsemble(x.N, x.D)
		s.Data[1] = math.NaN()
		c := make([][]float64, x.N)
		for a := range c {
			c[a] = make([]float64, x.D*x.D)
		}
		return s, c, nil
	})
	f, err := NewFlow(bad, Config{Update: Newton, Prior: stein.Prior{Alpha: 1}, StepSize: 1})
	if err != nil {
		t.Fatal(err)
	}
	x := stein.GaussianEnsemble(3, []float64{0, 0}, 1, rand.New(rand.NewPCG(1, 1)))
	before := x.Clone()
	err = f.Step(x)
	var nf *stein.NonFiniteError
	if !errors.As(err, &nf) || nf.Quantity != stein.LikelihoodGradient || !errors.Is(err, stein.ErrNonFinite) {
		t.Fatalf("error %v, want a NonFiniteError naming the likelihood gradient", err)
	}
	for i := range x.Data {
		if x.Data[i] != before.Data[i] {
			t.Fatal("the particles changed")
		}
	}
}

// TestUpdateNames: names parse in any case, the zero value is svgd, and
// bad names and configurations are errors.
func TestUpdateNames(t *testing.T) {
	var u Update
	if err := u.UnmarshalText([]byte(" SNewton ")); err != nil || u != StochasticNewton {
		t.Errorf("SNewton: %v, %v", u, err)
	}
	if err := u.UnmarshalText([]byte("adam")); err == nil {
		t.Error("adam: no error")
	}
	if Update("").String() != "svgd" || Update("").SecondOrder() || !Newton.SecondOrder() {
		t.Error("the zero value is not svgd, or SecondOrder is wrong")
	}
	for _, c := range []Config{{Update: SVGD, StepSize: 1, Prior: stein.Prior{Alpha: 1}}, {Update: Newton, Prior: stein.Prior{Alpha: 1}}, {Update: Newton, StepSize: 1, Prior: stein.Prior{Alpha: 3}}} {
		if _, err := NewFlow(gaussianModel([]float64{0}, mat.NewSymDense(1, []float64{1})), c); err == nil {
			t.Errorf("%+v: no error", c)
		}
	}
}
