package exact_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/exact"
	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/internal/numtest"
	"github.com/csvgd/csvgd-go/csvgd/stein"
	"github.com/csvgd/csvgd-go/csvgd/train"
)

// trainingSamples are the 80 training points at 10% noise; the test is
// skipped when the committed data set is missing.
func trainingSamples(tb testing.TB) []hyperelastic.Sample {
	tb.Helper()
	data, err := train.LoadPaperData(0.1)
	if err != nil {
		tb.Skip(err)
	}
	return data.Train
}

// hostLogPosterior is the log posterior written independently of the
// package: the stress of icnn.Arch.HostStress in the mean-squared-error
// likelihood, plus the smoothed prior of every weight,
// -c (theta^2 + s^2)^(alpha/2), without the constants.
func hostLogPosterior(arch icnn.Arch, samples []hyperelastic.Sample, sigma float64, prior stein.Prior, theta []float64) float64 {
	var ss float64
	for _, p := range samples {
		st := arch.HostStress(theta, p.Kinematics)
		for k, v := range st {
			ss += (v - p.S[k]) * (v - p.S[k])
		}
	}
	lp := -ss / (2 * sigma * sigma * float64(len(samples)))
	for _, t := range theta {
		lp -= prior.Penalty() * math.Pow(t*t+prior.Smoothing*prior.Smoothing, prior.Alpha/2)
	}
	return lp
}

// TestLogDensityGradientMatchesFiniteDifferences: the gradient of the log
// posterior (likelihood and the alpha = 1/2 prior smoothed at s = 1e-3)
// against central differences of the host log posterior, with weights
// near 0 (where the smoothed prior bends most) and away from it.
func TestLogDensityGradientMatchesFiniteDifferences(t *testing.T) {
	samples := trainingSamples(t)[:10]
	arch := icnn.Arch{Widths: []int{3, 4, 3, 1}}
	prior := stein.Prior{Alpha: 0.5, Lambda: 0.05, Smoothing: 1e-3}
	const sigma = 0.07
	post, err := exact.NewPosterior(arch, icnn.NewBatch(samples), 0.5/(sigma*sigma)/float64(len(samples)), prior)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	theta := arch.Init(1, rng).Particle(0)
	theta[0], theta[len(theta)-1] = 2e-3, 5e-3 // near the smoothing scale
	got := make([]float64, len(theta))
	lp := post.LogDensity(theta, got)
	if want := hostLogPosterior(arch, samples, sigma, prior, theta); math.Abs(lp-want) > 1e-10*math.Abs(want) {
		t.Errorf("log posterior %v, host %v", lp, want)
	}
	const h = 1e-7
	fd := make([]float64, len(theta))
	for i := range theta {
		v := theta[i]
		theta[i] = v + h
		up := hostLogPosterior(arch, samples, sigma, prior, theta)
		theta[i] = v - h
		down := hostLogPosterior(arch, samples, sigma, prior, theta)
		theta[i] = v
		fd[i] = (up - down) / (2 * h)
	}
	if d := numtest.RelDiff(got, fd); !(d < 1e-6) {
		t.Errorf("gradient against finite differences: relative difference %.3g", d)
	}
}

// TestNonNegativeIsEveryLayerButTheFirst: the constrained coordinates are
// those of W_1, ..., W_L.
func TestNonNegativeIsEveryLayerButTheFirst(t *testing.T) {
	arch := icnn.Arch{Widths: []int{3, 2, 2, 1}}
	post, err := exact.NewPosterior(arch, icnn.NewBatch(trainingSamples(t)[:2]), 1, stein.Prior{Alpha: 1, Lambda: 1})
	if err != nil {
		t.Fatal(err)
	}
	got := post.NonNegative()
	if len(got) != 6 || got[0] != 6 || got[5] != 11 {
		t.Errorf("non-negative coordinates %v, want 6..11", got)
	}
}
