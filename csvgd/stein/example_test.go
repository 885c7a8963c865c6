package stein_test

import (
	"fmt"
	"io"
	"math"
	"math/rand/v2"

	"github.com/csvgd/csvgd-go/csvgd/backend"
	"github.com/csvgd/csvgd-go/csvgd/stein"
	. "github.com/gomlx/gomlx/core/graph" //nolint:revive // GoMLX graph DSL.
)

// Example runs SVGD on a 1-D standard normal likelihood with 50 particles
// and checks the ensemble's mean and variance.
func Example() {
	backend.Notice = io.Discard // keep the example's output clean
	b := backend.MustDefault()
	logLik := func(theta *Node) *Node { return MulScalar(ReduceSum(Square(theta), -1), -0.5) }
	cfg := stein.Config{
		Prior:     stein.Prior{Alpha: 2, Lambda: 0}, // no prior
		Kernel:    stein.Kernel{Beta: 2},
		Bandwidth: stein.Bandwidth{Rule: stein.MedianLiuWang},
		Optimizer: stein.AdagradMomentum{LR: 0.05, Decay: 0.9, Eps: 1e-6},
	}
	flow, err := stein.NewFlow(b, cfg, logLik)
	if err != nil {
		panic(err)
	}
	x := stein.GaussianEnsemble(50, []float64{3}, 0.5, rand.New(rand.NewPCG(1, 1)))
	if err := flow.Run(x, 2000, nil, nil); err != nil {
		panic(err)
	}
	var m, v float64
	for _, t := range x.Data {
		m += t / 50
	}
	for _, t := range x.Data {
		v += (t - m) * (t - m) / 49
	}
	fmt.Printf("mean %.1f, variance %.1f\n", math.Abs(m), v) // |m|: no "-0.0" from a mean of -0.001
	// Output: mean 0.0, variance 1.0
}
