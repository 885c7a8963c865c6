package collapse

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/backend/backendtest"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
	"github.com/csvgd/csvgd-go/csvgd/stein"
	"github.com/csvgd/csvgd-go/csvgd/svn"
	"gonum.org/v1/gonum/mat"
)

// TestARTarget: the covariance s_i s_j rho^|i-j| is the inverse of the
// tridiagonal precision of ARTarget, to 1e-12.
func TestARTarget(t *testing.T) {
	for _, d := range []int{1, 2, 5, 50} {
		var prod mat.Dense
		prod.Mul(ARTarget(d).Precision, ARCovariance(d))
		for i := 0; i < d; i++ {
			for j := 0; j < d; j++ {
				want := 0.0
				if i == j {
					want = 1
				}
				if math.Abs(prod.At(i, j)-want) > 1e-12 {
					t.Fatalf("d = %d: (P Sigma)[%d][%d] = %v, want %v", d, i, j, prod.At(i, j), want)
				}
			}
		}
	}
}

func run(t *testing.T, p Problem, c Config) *Result {
	t.Helper()
	r, err := Run(backendtest.Backend(t), p, c)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestFixedPointTheory: on N(0, I_50) with 20 particles, the first-order
// flow with the median rule and the deterministic Newton update stop
// where the regular-simplex fixed point says, (gamma / D) log(1 + N /
// gamma) with gamma = 1 and gamma = D: 6.1% and 33.6% of the target's
// variance (in whitened coordinates; within 2%).
func TestFixedPointTheory(t *testing.T) {
	p, err := IsotropicProblem(50)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		update svn.Update
		gamma  float64
	}{{svn.SVGD, 1}, {svn.Newton, 50}} {
		r := run(t, p, Config{Update: c.update, Particles: 20, Seed: 1})
		want := FixedPointVariance(50, 20, c.gamma)
		if math.Abs(r.WhitenedRatio/want-1) > 0.02 {
			t.Errorf("%s: whitened variance ratio %.4f, fixed point %.4f", c.update, r.WhitenedRatio, want)
		}
	}
}

// TestCollapseInFiftyDimensions: on the 50-dimensional AR(1) Gaussian
// with 20 particles the first-order flow's variance collapses (ratio
// below 0.5), the deterministic Newton update stops at its fixed point
// (log(1 + N/D) in whitened coordinates, within 2%), and the stochastic
// update's particles have the target's variance within 3 of its standard
// errors for independent draws, and its mean within 3/sqrt(N) target
// standard deviations.
func TestCollapseInFiftyDimensions(t *testing.T) {
	p, err := NewProblem(50, stein.Prior{Alpha: 1})
	if err != nil {
		t.Fatal(err)
	}
	sv := run(t, p, Config{Update: svn.SVGD, Particles: 20, Seed: 1})
	if !(sv.VarianceRatio < 0.5) {
		t.Errorf("svgd: variance ratio %.3f, want a collapse below 0.5", sv.VarianceRatio)
	}
	nw := run(t, p, Config{Update: svn.Newton, Particles: 20, Seed: 1})
	if want := FixedPointVariance(50, 20, 50); math.Abs(nw.WhitenedRatio/want-1) > 0.02 {
		t.Errorf("newton: whitened variance ratio %.4f, fixed point %.4f", nw.WhitenedRatio, want)
	}
	st := run(t, p, Config{Update: svn.StochasticNewton, Particles: 20, Seed: 1})
	if math.Abs(st.VarianceRatio-1) > 3*st.VarianceRatioSE || st.MeanError > 3*st.MeanErrorIID {
		t.Errorf("snewton: variance ratio %.3f ± %.3f, mean error %.3f (independent draws: %.3f)", st.VarianceRatio, st.VarianceRatioSE, st.MeanError, st.MeanErrorIID)
	}
	t.Logf("variance ratio: svgd %.3f, newton %.3f, snewton %.3f ± %.3f", sv.VarianceRatio, nw.VarianceRatio, st.VarianceRatio, st.VarianceRatioSE)
}

// TestSec4PosteriorByQuadrature: on the posterior of Sec. 4 (alpha = 1,
// lambda = 0.1: theta_3's marginal has a kink at 0 and tails of scale
// 10), against its moments by quadrature. The deterministic updates with
// 50 particles: means within 0.1 posterior standard deviations, variances
// within 20% (in three dimensions 50 particles do not collapse). The
// stochastic update with 20 particles, over 12 seeds: the mean variance
// ratio within 3 Monte-Carlo standard errors (measured from the seeds'
// spread) of 1, plus 0.05 for the time step, and the root mean square of
// the mean error within 1.5 times that of independent draws.
func TestSec4PosteriorByQuadrature(t *testing.T) {
	p, err := NewProblem(3, stein.Prior{Alpha: 1, Lambda: 0.1})
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range []svn.Update{svn.SVGD, svn.Newton} {
		r := run(t, p, Config{Update: u, Particles: 50, Seed: 1})
		if r.MeanError > 0.1 {
			t.Errorf("%s: mean error %.3f posterior standard deviations", u, r.MeanError)
		}
		for i, v := range r.Ratios {
			if math.Abs(v-1) > 0.2 {
				t.Errorf("%s: variance ratio of theta_%d %.3f", u, i+1, v)
			}
		}
	}
	const seeds = 12
	var ratios []float64
	var ms float64
	for seed := uint64(1); seed <= seeds; seed++ {
		r := run(t, p, Config{Update: svn.StochasticNewton, Particles: 20, Seed: seed})
		ratios = append(ratios, r.VarianceRatio)
		ms += r.MeanError * r.MeanError / seeds
	}
	mean, se := metrics.MeanSE(ratios)
	if math.Abs(mean-1) > 3*se+0.05 {
		t.Errorf("snewton: variance ratio %.3f ± %.3f over %d seeds", mean, se, seeds)
	}
	if rms := math.Sqrt(ms); rms > 1.5/math.Sqrt(20) {
		t.Errorf("snewton: root mean square mean error %.3f, independent draws %.3f", rms, 1/math.Sqrt(20))
	}
	t.Logf("snewton: variance ratio %.3f ± %.3f, rms mean error %.3f", mean, se, math.Sqrt(ms))
}

// TestSameSeedSameResult: a stochastic run is a function of its seed.
func TestSameSeedSameResult(t *testing.T) {
	p, err := NewProblem(3, stein.Prior{Alpha: 0.5, Lambda: 0.05})
	if err != nil {
		t.Fatal(err)
	}
	c := Config{Update: svn.StochasticNewton, Particles: 8, Iters: 50, Seed: 7}
	a, b := run(t, p, c), run(t, p, c)
	c.Seed = 8
	o := run(t, p, c)
	if a.VarianceRatio != b.VarianceRatio || a.MeanError != b.MeanError || a.VarianceRatio == o.VarianceRatio {
		t.Errorf("seed 7 twice: %v and %v; seed 8: %v", a.VarianceRatio, b.VarianceRatio, o.VarianceRatio)
	}
}

// TestBadConfig: out-of-range settings are errors that name the value.
func TestBadConfig(t *testing.T) {
	p, _ := NewProblem(5, stein.Prior{Alpha: 1})
	for _, c := range []Config{{Update: "adam", Particles: 10}, {Particles: 1}, {Particles: 5, Iters: -1}, {Particles: 5, StepSize: math.NaN()}} {
		if _, err := Run(nil, p, c); err == nil {
			t.Errorf("%+v: no error", c)
		}
	}
	if _, err := NewProblem(5, stein.Prior{Alpha: 1, Lambda: 0.1}); err == nil {
		t.Error("a prior on the 5-dimensional Gaussian: no error")
	}
	for _, d := range []int{0, -1, MaxDim + 1, 100_000_000} {
		if _, err := NewProblem(d, stein.Prior{Alpha: 1}); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("dimension = %d", d)) {
			t.Errorf("NewProblem, dimension %d: %v, want an error naming it", d, err)
		}
		if _, err := IsotropicProblem(d); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("dimension = %d", d)) {
			t.Errorf("IsotropicProblem, dimension %d: %v, want an error naming it", d, err)
		}
	}
}

// TestSweepCache: a sweep lists each run once, is written by CachedSweep
// and read back by ReadSweep; another configuration is not read.
func TestSweepCache(t *testing.T) {
	c := SweepConfig{Updates: []svn.Update{svn.SVGD, svn.StochasticNewton}, Dims: []int{2, 4}, Particles: 3, Dim: 4, Counts: []int{3, 5}, Seed: 1, Quick: true}
	if n := len(c.Points()); n != 6 {
		t.Fatalf("%d points, want 6 (the run at D = 4, N = 3 once per update)", n)
	}
	path := t.TempDir() + "/sweep.json"
	ran, err := CachedSweep(backendtest.Backend(t), c, path, nil)
	if err != nil {
		t.Fatal(err)
	}
	read, err := ReadSweep(path, c)
	if err != nil {
		t.Fatal(err)
	}
	for i := range ran {
		if read[i].VarianceRatio != ran[i].VarianceRatio || read[i].Update != ran[i].Update {
			t.Fatalf("run %d: read %+v, ran %+v", i, read[i], ran[i])
		}
	}
	c.Seed = 2
	if _, err := ReadSweep(path, c); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("another seed: error %v, want fs.ErrNotExist", err)
	}
}

// TestRepulsionFades: on exact draws the repulsion's share of the
// first-order direction falls as the dimension grows, and for D >= 50 it
// is within 20% of N log(N + 1) / ((N + 1) D).
func TestRepulsionFades(t *testing.T) {
	prev := math.Inf(1)
	for _, d := range []int{5, 20, 50, 200} {
		f, err := RepulsionRatio(backendtest.Backend(t), d, 20, 1)
		if err != nil {
			t.Fatal(err)
		}
		want := 20 * math.Log(21) / (21 * float64(d))
		r := f.Ratio()
		if !(r < prev) || (d >= 50 && math.Abs(r/want-1) > 0.2) {
			t.Errorf("D = %d: repulsion / driving force %.4f (previous %.4f), estimate %.4f", d, r, prev, want)
		}
		prev = r
	}
}

// TestRatioSE: over many exact samples of N standard normal draws in
// D = 3, one coordinate's variance ratio scatters by RatioSE and their
// mean by VarianceRatioSE, each within 10%, and the first is sqrt(D) times
// the second on an isotropic target.
func TestRatioSE(t *testing.T) {
	const d, n, reps = 3, 50, 4000
	p, err := IsotropicProblem(d)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 6))
	var one, mean []float64
	var r *Result
	for range reps {
		rows := make([][]float64, n)
		for a := range rows {
			rows[a] = make([]float64, d)
			for i := range rows[a] {
				rows[a][i] = rng.NormFloat64()
			}
		}
		x, err := stein.EnsembleFromRows(rows)
		if err != nil {
			t.Fatal(err)
		}
		r = measure(p, x)
		one, mean = append(one, r.Ratios[0]), append(mean, r.VarianceRatio)
	}
	sd := func(v []float64) float64 { _, se := metrics.MeanSE(v); return se * math.Sqrt(float64(len(v))) }
	if got := sd(one); math.Abs(got/r.RatioSE-1) > 0.1 {
		t.Errorf("one coordinate's ratio scatters by %.4f, RatioSE %.4f", got, r.RatioSE)
	}
	if got := sd(mean); math.Abs(got/r.VarianceRatioSE-1) > 0.1 {
		t.Errorf("the mean ratio scatters by %.4f, VarianceRatioSE %.4f", got, r.VarianceRatioSE)
	}
	if math.Abs(r.RatioSE/r.VarianceRatioSE-math.Sqrt(d)) > 1e-12 {
		t.Errorf("RatioSE %.4f is not sqrt(D) times VarianceRatioSE %.4f", r.RatioSE, r.VarianceRatioSE)
	}
}
