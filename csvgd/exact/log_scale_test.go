package exact_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/exact"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/internal/numtest"
	"github.com/csvgd/csvgd-go/csvgd/nuts"
	"github.com/csvgd/csvgd-go/csvgd/stein"
)

// TestLogScaleDensity: the posterior in the log-scale coordinates is the
// plain posterior at theta = g(phi) plus log g'(phi) = phi (constrained)
// or log cosh(phi) (W_0), and its gradient matches central differences.
func TestLogScaleDensity(t *testing.T) {
	samples := trainingSamples(t)[:10]
	arch := icnn.Arch{Widths: []int{3, 4, 3, 1}}
	const sigma = 0.07
	post, err := exact.NewPosterior(arch, icnn.NewBatch(samples), 0.5/(sigma*sigma)/float64(len(samples)), stein.Prior{Alpha: 0.5, Lambda: 0.05, Smoothing: 1e-3})
	if err != nil {
		t.Fatal(err)
	}
	cons := arch.Constrained()
	f := exact.LogScale{Constrained: cons, Floor: 1e-3}.LogDensity(post)
	theta := arch.Init(1, rand.New(rand.NewPCG(3, 4))).Particle(0)
	phi := make([]float64, len(theta))
	var logJ float64
	for i, v := range theta {
		if cons[i] {
			v = math.Abs(v) + 1e-3
			theta[i], phi[i] = v, math.Log(v)
			logJ += phi[i]
		} else {
			phi[i] = math.Asinh(v)
			logJ += math.Log(math.Cosh(phi[i]))
		}
	}
	grad := make([]float64, len(phi))
	got := f(phi, grad)
	if want := post.LogDensity(theta, make([]float64, len(theta))) + logJ; math.Abs(got-want) > 1e-9*math.Abs(want) {
		t.Errorf("log density in phi %v, plain density plus log Jacobian %v", got, want)
	}
	fd := make([]float64, len(phi))
	scratch := make([]float64, len(phi))
	const h = 1e-6
	for i := range phi {
		v := phi[i]
		phi[i] = v + h
		up := f(phi, scratch)
		phi[i] = v - h
		down := f(phi, scratch)
		phi[i] = v
		fd[i] = (up - down) / (2 * h)
	}
	if d := numtest.RelDiff(grad, fd); !(d < 1e-6) {
		t.Errorf("gradient in phi against finite differences: relative difference %.3g", d)
	}
}

// TestSampleLogScaleKnownPosterior: without data, NUTS in the log-scale
// coordinates recovers the moments of N(0, 1) (W_0) and of the
// half-normal (W_1, mean sqrt(2/pi), variance 1 - 2/pi) within 4 Monte
// Carlo standard errors, with positive constrained weights, starting from
// particles with weights pruned to 0.
func TestSampleLogScaleKnownPosterior(t *testing.T) {
	post := priorOnly(t)
	c := exact.Config{Chains: 4, Overdispersed: 2, Warmup: 300, Draws: 500, Keep: 100, Seed: 5, MaxDepth: 10, Accept: 0.8, Coordinates: exact.LogScaleCoordinates}
	run, err := exact.Sample(post, starts, c, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := range post.Dim() {
		s := nuts.Summarize(run.Result.Coordinate(i))
		mean, sd := 0.0, 1.0
		if i >= 6 {
			mean, sd = math.Sqrt(2/math.Pi), math.Sqrt(1-2/math.Pi)
			for _, ch := range run.Result.Chains {
				for _, x := range ch.Draws {
					if !(x[i] > 0) {
						t.Fatalf("weight %d = %v in a draw, want > 0", i, x[i])
					}
				}
			}
		}
		if math.Abs(s.Mean-mean) > 4*s.MCSE || math.Abs(s.SD/sd-1) > 0.1 {
			t.Errorf("weight %d: mean %.3f (MCSE %.3f), sd %.3f; want %.3f, %.3f", i, s.Mean, s.MCSE, s.SD, mean, sd)
		}
	}
	if r := run.Report; r.RHatMax > 1.01 || r.Coordinates != exact.LogScaleCoordinates {
		t.Errorf("report: R-hat %v, coordinates %v", r.RHatMax, r.Coordinates)
	}
}
