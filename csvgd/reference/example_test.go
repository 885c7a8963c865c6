package reference_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/reference"
	"github.com/csvgd/csvgd-go/csvgd/stein"
	"github.com/csvgd/csvgd-go/csvgd/train"
)

// Example runs 50 reference Stein steps of 10 particles of the paper's
// network on the 80 training points at noise 0.1, with the configuration
// of the ICNN flow (the per-point likelihood at sigma 0.065, Adam, the
// alpha = 0.5 prior, the RBF kernel with the paper's bandwidth, the
// projection), and compares the ensemble's mean log-likelihood before and
// after.
func Example() {
	data, err := train.LoadPaperData(0.1)
	if err != nil {
		panic(err)
	}
	arch := icnn.Paper()
	batch := icnn.NewBatch(data.Train)
	const sigma = 0.065
	opt, err := stein.NewOptimizer("adam", 0.01)
	if err != nil {
		panic(err)
	}
	cfg := stein.Config{
		Prior:     stein.Prior{Alpha: 0.5, Lambda: 0.05, Smoothing: 1e-3},
		Kernel:    stein.Kernel{Beta: 2},
		Bandwidth: stein.Bandwidth{Rule: stein.MedianPaper},
		Optimizer: opt,
		Project:   arch.Project,
	}
	// The weight of arch.MeanLogLikelihood(batch, sigma).
	step, err := reference.NewStep(arch, batch, 0.5/(sigma*sigma)/float64(batch.Len()), cfg)
	if err != nil {
		panic(err)
	}
	x := arch.Init(10, rand.New(rand.NewPCG(1, 2)))
	meanLL := func() float64 {
		var s float64
		for a := 0; a < x.N; a++ {
			s += step.LogLikelihood(x.Particle(a)) / float64(x.N)
		}
		return s
	}
	before := meanLL()
	for k := 0; k < 50; k++ {
		if err := step.Do(x); err != nil {
			panic(err)
		}
	}
	fmt.Printf("%d steps of %d particles of %d weights\n", step.Iter, x.N, x.D)
	fmt.Printf("mean log-likelihood rose: %v\n", meanLL() > before)
	// Output:
	// 50 steps of 10 particles of 1020 weights
	// mean log-likelihood rose: true
}
