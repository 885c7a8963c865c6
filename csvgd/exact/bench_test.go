package exact_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/backend/backendtest"
	"github.com/csvgd/csvgd-go/csvgd/exact"
	"github.com/csvgd/csvgd-go/csvgd/hmc"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/stein"
)

// BenchmarkLogDensity times one evaluation of the log posterior and its
// gradient on the 80 training points for templates of the sizes that
// condensation leaves (57 and 101 weights), in the weights and in the
// prior-normal coordinates.
func BenchmarkLogDensity(b *testing.B) {
	samples := trainingSamples(b)
	for _, widths := range [][]int{{3, 5, 7, 1}, {3, 7, 10, 1}} {
		arch := icnn.Arch{Widths: widths}
		post, err := exact.NewPosterior(arch, icnn.NewBatch(samples), 1, stein.Prior{Alpha: 0.5, Lambda: 0.05, Smoothing: 1e-3})
		if err != nil {
			b.Fatal(err)
		}
		theta := arch.Init(1, rand.New(rand.NewPCG(1, 2))).Particle(0)
		grad := make([]float64, len(theta))
		b.Run(fmt.Sprint(widths, "/weights"), func(b *testing.B) {
			for b.Loop() {
				post.LogDensity(theta, grad)
			}
		})
		t := exact.PriorNormal{Alpha: 0.5, C: post.Prior.Penalty()}
		f := t.LogDensity(post)
		phi := make([]float64, len(theta))
		for i, v := range theta {
			phi[i] = t.Phi(v)
		}
		b.Run(fmt.Sprint(widths, "/prior-normal"), func(b *testing.B) {
			for b.Loop() {
				f(phi, grad)
			}
		})
	}
}

// BenchmarkBatchDensity times one evaluation of the log posterior and its
// gradient for a batch of 32 chains on the 101-weight template: on the
// host, the chains shared out over the CPUs (hmc.Parallel), and in one
// call of the ensembled graph (exact.GraphDensity) on the test backend.
func BenchmarkBatchDensity(b *testing.B) {
	samples := trainingSamples(b)
	arch := icnn.Arch{Widths: []int{3, 7, 10, 1}}
	post, err := exact.NewPosterior(arch, icnn.NewBatch(samples), 1, stein.Prior{Alpha: 0.5, Lambda: 0.05, Smoothing: 1e-3})
	if err != nil {
		b.Fatal(err)
	}
	const chains = 32
	rng := rand.New(rand.NewPCG(1, 2))
	x, grad, lp := make([][]float64, chains), make([][]float64, chains), make([]float64, chains)
	for k := range x {
		x[k], grad[k] = arch.Init(1, rng).Particle(0), make([]float64, arch.NumParams())
	}
	graph, err := exact.GraphDensity(backendtest.Backend(b), post)
	if err != nil {
		b.Fatal(err)
	}
	for name, f := range map[string]hmc.BatchDensity{"host": hmc.Parallel(post.LogDensity, 0), "graph": graph} {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				f.Eval(x, grad, lp, nil)
			}
		})
	}
}
