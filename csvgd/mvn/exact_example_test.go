package mvn_test

import (
	"fmt"
	"math"

	"github.com/csvgd/csvgd-go/csvgd/mvn"
	"github.com/csvgd/csvgd-go/csvgd/stein"
)

// ExampleExactMoments computes the posterior moments of the Sec. 4 example
// without a prior (lambda = 0: the likelihood's own mean and inverse
// precision) and under the Laplace prior (alpha = 1) with lambda = 1,
// which pulls theta_3, barely constrained by the likelihood (sd 20), to 0.
func ExampleExactMoments() {
	target := mvn.PaperTarget()
	mean, cov, err := mvn.ExactMoments(target, stein.Prior{Alpha: 1, Lambda: 0})
	if err != nil {
		panic(err)
	}
	fmt.Printf("no prior: mean %.3f, variances %.3f %.3f %.1f\n", mean, cov.At(0, 0), cov.At(1, 1), cov.At(2, 2))
	mean, cov, err = mvn.ExactMoments(target, stein.Prior{Alpha: 1, Lambda: 1})
	if err != nil {
		panic(err)
	}
	fmt.Printf("Laplace prior: |mean theta_3| < 0.1: %v, sd theta_3 < 2: %v\n", math.Abs(mean[2]) < 0.1, math.Sqrt(cov.At(2, 2)) < 2)
	// Output:
	// no prior: mean [1.000 2.000 3.000], variances 0.667 0.667 400.0
	// Laplace prior: |mean theta_3| < 0.1: true, sd theta_3 < 2: true
}
