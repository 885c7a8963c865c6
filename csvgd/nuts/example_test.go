package nuts_test

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/csvgd/csvgd-go/csvgd/nuts"
)

// Example samples a 2-D Gaussian with mean (1, -2), standard deviations 1
// and 3 and correlation 0.5, and compares the posterior summary with them.
// (The draws are exact for a seed on one platform; the printed comparisons
// hold on all.)
func Example() {
	// Precision of Sigma = [[1, 1.5], [1.5, 9]]: Sigma^-1 = [[9, -1.5], [-1.5, 1]] / 6.75.
	prec := [4]float64{9 / 6.75, -1.5 / 6.75, -1.5 / 6.75, 1 / 6.75}
	logp := func(x, grad []float64) float64 {
		d0, d1 := x[0]-1, x[1]+2
		grad[0] = -(prec[0]*d0 + prec[1]*d1)
		grad[1] = -(prec[2]*d0 + prec[3]*d1)
		return 0.5 * (d0*grad[0] + d1*grad[1])
	}
	c := nuts.DefaultConfig()
	c.Seed = 42
	r, err := nuts.Sample(logp, 2, c)
	if err != nil {
		panic(err)
	}
	mean, sd := []float64{1, -2}, []float64{1, 3}
	for i, s := range r.Summary() {
		fmt.Printf("x%d: mean within 4 MCSE: %v, sd within 5%%: %v, R-hat below 1.01: %v\n",
			i, math.Abs(s.Mean-mean[i]) < 4*s.MCSE, math.Abs(s.SD/sd[i]-1) < 0.05, s.RHat < 1.01)
	}
	fmt.Println("divergences:", r.Stats().Divergences)
	// Output:
	// x0: mean within 4 MCSE: true, sd within 5%: true, R-hat below 1.01: true
	// x1: mean within 4 MCSE: true, sd within 5%: true, R-hat below 1.01: true
	// divergences: 0
}

// Example_nonNegative samples the half-normal: N(0, 1) restricted to
// x >= 0 by reflection at the wall. Its mean is sqrt(2/pi) = 0.80.
func Example_nonNegative() {
	logp := func(x, grad []float64) float64 {
		grad[0] = -x[0]
		return -x[0] * x[0] / 2
	}
	c := nuts.DefaultConfig()
	c.NonNegative = []int{0}
	r, err := nuts.Sample(logp, 1, c)
	if err != nil {
		panic(err)
	}
	s := nuts.Summarize(r.Coordinate(0))
	fmt.Println("mean within 4 MCSE of sqrt(2/pi):", math.Abs(s.Mean-math.Sqrt(2/math.Pi)) < 4*s.MCSE)
	// Output:
	// mean within 4 MCSE of sqrt(2/pi): true
}

// ExampleESS compares the effective sample size of an AR(1) chain with its
// closed form N (1 - rho) / (1 + rho).
func ExampleESS() {
	const n, rho = 100000, 0.8
	rng := rand.New(rand.NewPCG(1, 2))
	x := make([]float64, n)
	for t := 1; t < n; t++ {
		x[t] = rho*x[t-1] + math.Sqrt(1-rho*rho)*rng.NormFloat64()
	}
	ess := nuts.ESS([][]float64{x})
	want := n * (1 - rho) / (1 + rho)
	fmt.Println("ESS within 10% of the closed form:", math.Abs(ess/want-1) < 0.1)
	// Output:
	// ESS within 10% of the closed form: true
}
