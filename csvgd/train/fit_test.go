package train

import (
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
)

// The acceptance tests of the hyperelastic application (docs/reading.md
// sections 4, 8 and 9): with the network on the raw invariants, Liu & Wang's median
// bandwidth and the fixed likelihood scale, the networks fit the data and
// the particles interact. Each trains for 10 to 30 seconds on 2 cores.

// fitRun trains c on the committed data set of the noise level (skipped
// with -short: each trains for 10 to 30 seconds).
func fitRun(t *testing.T, noise float64, c Config) (*Result, Data) {
	t.Helper()
	if testing.Short() {
		t.Skip("trains for 10 to 30 s")
	}
	data, err := LoadPaperData(noise)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Run(testBackend(t), c, data, nil)
	if err != nil {
		t.Fatal(err)
	}
	return res, data
}

// predict returns the stresses of res's ensemble at samples.
func predict(t *testing.T, res *Result, samples []hyperelastic.Sample) hyperelastic.Predictions {
	t.Helper()
	pred, err := icnn.PredictAt(testBackend(t), res.Arch, samples, res.Particles)
	if err != nil {
		t.Fatal(err)
	}
	return pred
}

// TestNoiseFreeFit: on noise-free data, without a prior (lambda = 0), every
// network of a small ensemble fits the 80 training stresses to within 3%
// relative RMS error.
func TestNoiseFreeFit(t *testing.T) {
	c := DefaultConfig()
	c.Method, c.Particles, c.Iters, c.Every = "svgd", 3, 4000, 0
	res, data := fitRun(t, 0, c)
	pred := predict(t, res, data.Train)
	for a := range pred {
		e, err := metrics.MeanRelativeError(pred[a:a+1], hyperelastic.TrueStresses(data.Train), nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("network %d: %.2f%% relative RMS error on the training stresses", a, 100*e)
		if !(e <= 0.03) {
			t.Errorf("network %d fits the noise-free training stresses to %.2f%%, want <= 3%%", a, 100*e)
		}
	}
}

// TestEnsembleMeanOnTheTestPath: a 10-particle SVGD ensemble trained on
// 10% noise has its mean within 10% relative RMS of the true stress on the
// printed test path inside the training range (|d| <= 0.2).
func TestEnsembleMeanOnTheTestPath(t *testing.T) {
	c := DefaultConfig()
	c.Method, c.Every = "svgd", 0
	res, data := fitRun(t, 0.1, c)
	in := hyperelastic.WithinRange(data.Test, hyperelastic.TrainingDelta)
	e, err := metrics.MeanRelativeError(predict(t, res, data.Test), hyperelastic.TrueStresses(data.Test), in)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("ensemble mean: %.2f%% relative RMS error on the %d test points with |d| <= 0.2", 100*e, len(in))
	if !(e <= 0.10) {
		t.Errorf("ensemble mean %.2f%% off the truth inside the training range, want <= 10%%", 100*e)
	}
	if d := res.MeanErrorInRange - e; d > 1e-12 || d < -1e-12 {
		t.Errorf("Result.MeanErrorInRange = %v, measured here %v", res.MeanErrorInRange, e)
	}
}

// TestKernelKeepsTheParticlesInteracting: in the cSVGD run of the paper's
// Sec. 5.4 (alpha = 0.5, lambda = 0.05, 10 particles, 10% noise) the median
// kernel value between particles is the median rule's 1/(N+1) at every
// recorded iteration, through every condensation, and the kernel keeps all
// particles in one group: the repulsion term of eq. (stein_grad) is alive
// (with the paper's rule read literally it is about 1e-10).
func TestKernelKeepsTheParticlesInteracting(t *testing.T) {
	c := DefaultConfig()
	c.Lambda = 0.05
	res, _ := fitRun(t, 0.1, c)
	for _, h := range res.History {
		if d := h.KernelMedian - 1.0/11; d > 1e-12 || d < -1e-12 {
			t.Errorf("iteration %d (template %v): median kernel value %.15g, want 1/11", h.Iter, h.Widths, h.KernelMedian)
		}
		if h.KernelGroups != 1 {
			t.Errorf("iteration %d (template %v): the kernel splits the particles into %d groups, want 1", h.Iter, h.Widths, h.KernelGroups)
		}
	}
	t.Logf("median kernel value: %.3g at the start, %.3g at the end", res.History[0].KernelMedian, res.History[len(res.History)-1].KernelMedian)
}
