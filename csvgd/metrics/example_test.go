package metrics_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/csvgd/csvgd-go/csvgd/condense"
	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
)

// Example compares an ensemble's predictions at three test points with a
// seeded reference sample of the noisy truth, then smooths the W1 curve.
func Example() {
	rng := rand.New(rand.NewPCG(1, 1))
	truth := []hyperelastic.Stress{{1, 1, 1, 0, 0, 0}, {2, 2, 2, 0, 0, 0}, {3, 3, 3, 0, 0, 0}}
	const particles, draws, noise = 10, 1000, 0.1
	pred := make(hyperelastic.Predictions, particles)
	for a := range pred {
		bias := 0.05 * float64(a) // particle a over-predicts by 5a %
		for _, s := range truth {
			var p hyperelastic.Stress
			for c := range s {
				p[c] = s[c] * (1 + bias)
			}
			pred[a] = append(pred[a], p)
		}
	}
	ref := make([][]hyperelastic.Stress, len(truth)) // [point][draw]
	for p, s := range truth {
		for range draws {
			var r hyperelastic.Stress
			for c := range s {
				r[c] = s[c] * (1 + noise*rng.NormFloat64()) // multiplicative noise
			}
			ref[p] = append(ref[p], r)
		}
	}
	w, err := metrics.PushForwardW1(pred, ref)
	if err != nil {
		panic(err)
	}
	fmt.Printf("W1 per point %.2f, sum %.2f\n", w.PerPointSum, w.Sum)
	fmt.Printf("smoothed %.2f\n", metrics.MovingAverage(w.PerPointSum, 3))
	// Output:
	// W1 per point [0.68 1.34 2.03], sum 4.06
	// smoothed [0.68 1.35 2.03]
}

// ExampleActiveWeights counts the weights the paper would keep.
func ExampleActiveWeights() {
	particles := [][]float64{
		{0.8, -0.02, 1e-4, 0, 0.3},
		{0.5, 2e-3, -5e-4, 0, 0},
	}
	per, mean := metrics.ActiveWeights(particles, condense.PaperThreshold)
	fmt.Println(per, mean)
	d := metrics.Distances(particles)
	fmt.Printf("%.3f\n", d)
	// Output:
	// [3 2] 2.5
	// [[0.000 0.425] [0.425 0.000]]
}

// ExampleGaussianKDE estimates the density of a seeded normal sample with
// Silverman's bandwidth and compares it at 0 with the standard normal's
// 1/sqrt(2 pi) = 0.399 (0.054 at -2 and 2).
func ExampleGaussianKDE() {
	rng := rand.New(rand.NewPCG(2, 2))
	vals := make([]float64, 2000)
	for i := range vals {
		vals[i] = rng.NormFloat64()
	}
	h := metrics.Silverman(vals)
	f := metrics.GaussianKDE(vals, h, []float64{-2, 0, 2})
	fmt.Printf("h = %.2f, f(-2) = %.2f, f(0) = %.2f, f(2) = %.2f\n", h, f[0], f[1], f[2])
	// Output:
	// h = 0.20, f(-2) = 0.06, f(0) = 0.40, f(2) = 0.06
}
