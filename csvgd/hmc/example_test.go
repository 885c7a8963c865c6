package hmc_test

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/csvgd/csvgd-go/csvgd/hmc"
)

// Example samples N(1, 2^2) x half-normal on [0, inf) with 32 chains run
// as one batch: the second coordinate is kept at x >= 0 by reflection, and
// ChEES adapts the trajectory length across the chains.
func Example() {
	logp := func(x, grad []float64) float64 {
		grad[0], grad[1] = -(x[0]-1)/4, -x[1]
		return -(x[0]-1)*(x[0]-1)/8 - x[1]*x[1]/2
	}
	rng := rand.New(rand.NewPCG(1, 2))
	init := make([][]float64, 32)
	for k := range init {
		init[k] = []float64{4*rng.Float64() - 2, 2 * rng.Float64()}
	}
	c := hmc.DefaultConfig(init)
	c.NonNegative = []int{1}
	r, err := hmc.Sample(hmc.Parallel(logp, 0), 2, c)
	if err != nil {
		fmt.Println(err)
		return
	}
	var m0, m1, n float64
	for _, ch := range r.Chains {
		for _, x := range ch.Draws {
			m0, m1, n = m0+x[0], m1+x[1], n+1
		}
	}
	fmt.Printf("mean of x0 %.1f (1), of x1 %.1f (sqrt(2/pi) = %.1f)\n", m0/n, m1/n, math.Sqrt(2/math.Pi))
	fmt.Println("trajectory length adapted:", r.TrajectoryLength > 0)
	// Output:
	// mean of x0 1.0 (1), of x1 0.8 (sqrt(2/pi) = 0.8)
	// trajectory length adapted: true
}
