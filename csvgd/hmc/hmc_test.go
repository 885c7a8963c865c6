package hmc

import (
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/nuts"
)

// gaussian is the log density of N(0, diag(variance)).
func gaussian(variance []float64) nuts.LogDensity {
	return func(x, grad []float64) float64 {
		var lp float64
		for i, v := range x {
			lp -= v * v / (2 * variance[i])
			grad[i] = -v / variance[i]
		}
		return lp
	}
}

// starts are n starting points of dimension dim drawn uniformly from
// (-r, r) (from (0, r) for the non-negative coordinates), seeded.
func starts(n, dim int, r float64, nonNegative []int, seed uint64) [][]float64 {
	rng := rand.New(rand.NewPCG(seed, 99))
	out := make([][]float64, n)
	for k := range out {
		out[k] = make([]float64, dim)
		for i := range out[k] {
			out[k][i] = r * (2*rng.Float64() - 1)
		}
		for _, i := range nonNegative {
			out[k][i] = math.Abs(out[k][i])
		}
	}
	return out
}

// coordinate is coordinate i of the draws, one row per chain.
func coordinate(r *Result, i int) [][]float64 {
	return (&nuts.Result{Dim: r.Dim, Chains: r.Chains}).Coordinate(i)
}

// TestGaussianMoments: 64 chains on N(0, diag(1e-4, 1, 1e4)) started
// over (-2, 2): every coordinate's mean within 4 Monte Carlo standard
// errors of 0 and its variance within 10%, the adapted metric within 30%
// of the variances, the acceptance near its target, no divergence.
func TestGaussianMoments(t *testing.T) {
	variance := []float64{1e-4, 1, 1e4}
	c := DefaultConfig(starts(64, 3, 2, nil, 1))
	c.Warmup, c.Draws = 400, 100
	r, err := Sample(Parallel(gaussian(variance), 0), 3, c)
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range variance {
		s := nuts.Summarize(coordinate(r, i))
		if math.Abs(s.Mean) > 4*s.MCSE || math.Abs(s.SD*s.SD/v-1) > 0.1 {
			t.Errorf("coordinate %d: mean %.4g (MCSE %.2g), variance %.4g, want 0 and %g", i, s.Mean, s.MCSE, s.SD*s.SD, v)
		}
		if math.Abs(r.InvMass[i]/v-1) > 0.3 {
			t.Errorf("coordinate %d: M^-1 %.4g, variance %g", i, r.InvMass[i], v)
		}
	}
	var accept float64
	for _, ch := range r.Chains {
		for _, tr := range ch.Stats {
			accept += tr.AcceptStat / float64(len(r.Chains)*len(ch.Stats))
			if tr.Divergent {
				t.Fatalf("divergent transition %+v", tr)
			}
		}
	}
	if accept < 0.75 || accept > 0.99 {
		t.Errorf("mean acceptance %.3f with target harmonic mean %.2f", accept, c.TargetAccept)
	}
}

// TestChEESFindsItsOptimum: on N(0, I_10) the exact flow moves
// |x|^2 - |x0|^2 by sin^2 t (|p|^2 - |x|^2) + sin 2t x.p, so ChEES at a
// trajectory length t is d sin^2 t and its mean over the jittered
// lengths u T, u uniform on (0, 1), is d (1/2 - sin 2T / (4T)), largest
// where tan 2T = 2T, at T = 2.2467. The adapted T of 128 chains lies
// within 20% of it, with a step size small enough (harmonic-mean
// acceptance 0.97) that rounding u T up to whole steps does not move the
// optimum (with the default 0.75 the steps are about 0.7 long and T ends
// near 1.7).
func TestChEESFindsItsOptimum(t *testing.T) {
	variance := make([]float64, 10)
	for i := range variance {
		variance[i] = 1
	}
	c := DefaultConfig(starts(128, 10, 2, nil, 2))
	c.Warmup, c.Draws, c.TargetAccept = 600, 10, 0.97
	r, err := Sample(Parallel(gaussian(variance), 0), 10, c)
	if err != nil {
		t.Fatal(err)
	}
	const want = 2.2467
	t.Logf("trajectory length %.3f, step size %.3f", r.TrajectoryLength, r.StepSize)
	if math.Abs(r.TrajectoryLength/want-1) > 0.2 {
		t.Errorf("trajectory length %.3f, ChEES's optimum %.4f", r.TrajectoryLength, want)
	}
	if len(r.Warmup) != c.Warmup || r.Warmup[0].TrajectoryLength == r.Warmup[c.Warmup-1].TrajectoryLength {
		t.Errorf("warm-up course of %d iterations, first and last length %v and %v", len(r.Warmup), r.Warmup[0].TrajectoryLength, r.Warmup[len(r.Warmup)-1].TrajectoryLength)
	}
}

// TestReflectionKeepsTheHalfLine: on N(0, 1) x N(0, 1) with the second
// coordinate kept >= 0, the second coordinate is the half-normal (mean
// sqrt(2/pi), variance 1 - 2/pi, within 4 standard errors and 10%) and
// never negative.
func TestReflectionKeepsTheHalfLine(t *testing.T) {
	c := DefaultConfig(starts(64, 2, 2, []int{1}, 3))
	c.NonNegative, c.Warmup, c.Draws = []int{1}, 300, 100
	r, err := Sample(Parallel(gaussian([]float64{1, 1}), 0), 2, c)
	if err != nil {
		t.Fatal(err)
	}
	x := coordinate(r, 1)
	for _, ch := range x {
		for _, v := range ch {
			if v < 0 {
				t.Fatalf("draw %v < 0 of a non-negative coordinate", v)
			}
		}
	}
	s := nuts.Summarize(x)
	if mean := math.Sqrt(2 / math.Pi); math.Abs(s.Mean-mean) > 4*s.MCSE || math.Abs(s.SD*s.SD/(1-2/math.Pi)-1) > 0.1 {
		t.Errorf("half-normal: mean %.4f (MCSE %.3f), variance %.4f; want %.4f and %.4f", s.Mean, s.MCSE, s.SD*s.SD, mean, 1-2/math.Pi)
	}
}

// TestSameSeedSameDraws: one and two workers evaluating the batch give
// the same draws; another seed other draws.
func TestSameSeedSameDraws(t *testing.T) {
	run := func(seed uint64, workers int) *Result {
		c := DefaultConfig(starts(8, 3, 1, nil, 4))
		c.Warmup, c.Draws, c.Seed = 60, 20, seed
		r, err := Sample(Parallel(gaussian([]float64{1, 2, 3}), workers), 3, c)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	a, b := run(5, 1), run(5, 2)
	if !reflect.DeepEqual(a.Chains, b.Chains) || a.TrajectoryLength != b.TrajectoryLength {
		t.Fatal("one and two workers gave different chains")
	}
	if c := run(6, 2); reflect.DeepEqual(c.Chains[0].Draws, a.Chains[0].Draws) {
		t.Fatal("seeds 5 and 6 gave the same draws")
	}
}

// TestDivergenceIsCounted: a density that leaves the support for x > 1
// makes trajectories that reach it diverge: they are counted, with the
// position where they stopped, and the chain stays inside.
func TestDivergenceIsCounted(t *testing.T) {
	f := func(x, grad []float64) float64 {
		grad[0] = -x[0] / 100
		if x[0] > 1 {
			return math.Inf(-1)
		}
		return -x[0] * x[0] / 200
	}
	c := DefaultConfig(starts(16, 1, 0.5, nil, 5))
	c.Warmup, c.Draws = 50, 50
	r, err := Sample(Parallel(f, 0), 1, c)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, ch := range r.Chains {
		for i, tr := range ch.Stats {
			if ch.Draws[i][0] > 1 {
				t.Fatalf("draw %v outside the support", ch.Draws[i])
			}
			if tr.Divergent {
				n++
				if tr.DivergedAt == nil || tr.DivergedAt[0] <= 1 || tr.AcceptStat != 0 {
					t.Errorf("divergent transition %+v", tr)
				}
			}
		}
	}
	if n == 0 {
		t.Error("no divergent transition against a wall at 1 for N(0, 100)")
	}
}

// TestRefusesBadInput: settings out of range and starting points of the
// wrong length, sign or outside the support are refused, naming them.
func TestRefusesBadInput(t *testing.T) {
	good := DefaultConfig(starts(4, 2, 1, nil, 6))
	f := Parallel(gaussian([]float64{1, 1}), 0)
	for name, c := range map[string]Config{
		"one chain":      func() Config { c := good; c.Init = c.Init[:1]; return c }(),
		"no draws":       func() Config { c := good; c.Draws = 0; return c }(),
		"accept 1":       func() Config { c := good; c.TargetAccept = 1; return c }(),
		"max leapfrog 0": func() Config { c := good; c.MaxLeapfrog = 0; return c }(),
		"rate 0":         func() Config { c := good; c.TrajectoryRate = 0; return c }(),
		"short start":    func() Config { c := good; c.Init = [][]float64{{1}, {1, 2}}; return c }(),
		"negative start": func() Config { c := good; c.NonNegative = []int{0}; c.Init = [][]float64{{-1, 0}, {1, 0}}; return c }(),
		"coordinate 2":   func() Config { c := good; c.NonNegative = []int{2}; return c }(),
	} {
		if _, err := Sample(f, 2, c); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	outside := func(x, grad []float64) float64 { return math.NaN() }
	if _, err := Sample(Parallel(outside, 0), 2, good); err == nil {
		t.Error("starting points outside the support: no error")
	}
}

// TestHalton: the base-2 Halton sequence 1/2, 1/4, 3/4, 1/8, 5/8, 3/8.
func TestHalton(t *testing.T) {
	for n, want := range []float64{0.5, 0.25, 0.75, 0.125, 0.625, 0.375} {
		if got := halton(n + 1); got != want {
			t.Errorf("halton(%d) = %v, want %v", n+1, got, want)
		}
	}
}
