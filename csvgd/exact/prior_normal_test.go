package exact_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mathext"

	"github.com/csvgd/csvgd-go/csvgd/exact"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/stein"
)

// priorNormals are transforms of the exponents the studies use, at a
// small and a unit coefficient.
var priorNormals = []exact.PriorNormal{
	{Alpha: 0.25, C: 0.05}, {Alpha: 0.5, C: 0.05}, {Alpha: 0.5, C: 1}, {Alpha: 1, C: 0.05}, {Alpha: 2, C: 1},
}

// TestPriorNormalRoundTrip: Phi inverts Theta from weights far below the
// prior's smoothing to far beyond its scale, on both sides of 0.
func TestPriorNormalRoundTrip(t *testing.T) {
	for _, tr := range priorNormals {
		for _, theta := range []float64{0, 1e-7, -1e-4, 0.01, -0.5, 1, 30, -400, 5000} {
			phi := tr.Phi(theta)
			got, _ := tr.Theta(phi)
			if math.Abs(got-theta) > 1e-9*math.Abs(theta) || math.Signbit(phi) != math.Signbit(theta) {
				t.Errorf("%+v: theta %v -> phi %v -> %v", tr, theta, phi, got)
			}
		}
	}
}

// TestPriorNormalClosedForms: for alpha = 2 the transform is linear,
// theta = phi / sqrt(2c); for alpha = 1 (Laplace) it is
// theta = -sign(phi) log(erfc(|phi|/sqrt 2)) / c.
func TestPriorNormalClosedForms(t *testing.T) {
	for _, phi := range []float64{-3, -0.7, -1e-5, 0.2, 1, 2.5} {
		gauss, _ := exact.PriorNormal{Alpha: 2, C: 0.7}.Theta(phi)
		if want := phi / math.Sqrt(1.4); math.Abs(gauss-want) > 1e-12*math.Abs(want) {
			t.Errorf("alpha 2, phi %v: theta %v, want %v", phi, gauss, want)
		}
		laplace, _ := exact.PriorNormal{Alpha: 1, C: 0.05}.Theta(phi)
		if want := math.Copysign(-math.Log(math.Erfc(math.Abs(phi)/math.Sqrt2)), phi) / 0.05; math.Abs(laplace-want) > 1e-10*math.Abs(want) {
			t.Errorf("alpha 1, phi %v: theta %v, want %v", phi, laplace, want)
		}
	}
}

// TestPriorNormalLogSlope: log g'(phi) against the log of central
// differences of g.
func TestPriorNormalLogSlope(t *testing.T) {
	for _, tr := range priorNormals {
		for _, phi := range []float64{-2.5, -0.3, 0.01, 0.8, 2} {
			_, g := tr.Theta(phi)
			const h = 1e-6
			up, _ := tr.Theta(phi + h)
			down, _ := tr.Theta(phi - h)
			want := math.Log((up - down) / (2 * h))
			if got := tr.LogSlope(phi, g); math.Abs(got-want) > 1e-6 {
				t.Errorf("%+v, phi %v: log g' %v, finite differences %v", tr, phi, got, want)
			}
		}
	}
}

// TestPriorNormalDensity: the posterior in phi is the plain posterior at
// theta = g(phi) plus the log of the finite-difference slopes of g, and
// its gradient matches central differences of itself, with weights near
// the prior's smoothing scale and away from it.
func TestPriorNormalDensity(t *testing.T) {
	post := smallPosterior(t)
	arch := post.Arch
	tr := exact.PriorNormal{Alpha: 0.5, C: post.Prior.Penalty()}
	f := tr.LogDensity(post)
	theta := arch.Init(1, rand.New(rand.NewPCG(3, 4))).Particle(0)
	theta[0], theta[len(theta)-1] = 2e-3, 5e-3
	phi := make([]float64, len(theta))
	var logJ float64
	const h = 1e-7
	for i, v := range theta {
		phi[i] = tr.Phi(v)
		up, _ := tr.Theta(phi[i] + h)
		down, _ := tr.Theta(phi[i] - h)
		logJ += math.Log((up - down) / (2 * h))
	}
	checkCoordinates(t, post, f, theta, phi, logJ, 1e-5)
}

// TestSamplePriorNormalRecoversPrior: without data, NUTS in the
// prior-normal coordinates draws the alpha = 1/2 prior, whose
// c |theta|^alpha is Gamma(2, 1) distributed: the share of draws of each
// weight below its median and its 90% quantile is 0.5 and 0.9 within 4
// Monte Carlo standard errors (at the bulk ESS), the constrained weights
// stay >= 0, at most 1% of the transitions diverge, and the draws and log
// densities are the weights'.
func TestSamplePriorNormalRecoversPrior(t *testing.T) {
	arch := icnn.Arch{Widths: []int{3, 2, 1}}
	prior := stein.Prior{Alpha: 0.5, Lambda: 0.05, Smoothing: 1e-3}
	post, err := exact.NewPosterior(arch, icnn.NewBatch(trainingSamples(t)[:2]), 0, prior)
	if err != nil {
		t.Fatal(err)
	}
	c := exact.Config{Chains: 4, Overdispersed: 2, Warmup: 300, Draws: 500, Keep: 100, Seed: 7, MaxDepth: 10, Accept: 0.8, Coordinates: exact.PriorNormalCoordinates}
	run, err := exact.Sample(post, starts, c, nil)
	if err != nil {
		t.Fatal(err)
	}
	cons := arch.Constrained()
	grad := make([]float64, post.Dim())
	for i := range post.Dim() {
		ess := run.Report.WeightsESSBulkMin
		for _, q := range []float64{0.5, 0.9} {
			limit := mathext.GammaIncRegInv(2, q)
			var below, n float64
			for _, ch := range run.Result.Chains {
				for j, x := range ch.Draws {
					if cons[i] && x[i] < 0 {
						t.Fatalf("weight %d = %v < 0", i, x[i])
					}
					if prior.Penalty()*math.Sqrt(math.Abs(x[i])) <= limit {
						below++
					}
					if lp := post.LogDensity(x, grad); lp != ch.Stats[j].LogDensity {
						t.Fatalf("log density of a draw %v, reported %v", lp, ch.Stats[j].LogDensity)
					}
					n++
				}
			}
			if mcse := math.Sqrt(q * (1 - q) / ess); math.Abs(below/n-q) > 4*mcse {
				t.Errorf("weight %d: %.3f of the draws below the prior's %v quantile (MCSE %.3f)", i, below/n, q, mcse)
			}
		}
	}
	// A few transitions may diverge: within about s of theta = 0 the
	// smoothed prior departs from the one the transform makes normal, a
	// bump of height c sqrt(s) and width about s / g'(0) in phi whose
	// slope kicks a leapfrog step that lands on it.
	if r := run.Report; float64(r.Divergences) > exact.MaxDivergentShare*float64(r.Transitions()) || r.RHatMax > 1.01 || r.Coordinates != exact.PriorNormalCoordinates {
		t.Errorf("report: %d divergences, R-hat %v, coordinates %v", r.Divergences, r.RHatMax, r.Coordinates)
	}
}
