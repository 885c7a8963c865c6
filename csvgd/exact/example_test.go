package exact_test

import (
	"fmt"
	"math"

	"github.com/csvgd/csvgd-go/csvgd/exact"
	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/nuts"
	"github.com/csvgd/csvgd-go/csvgd/stein"
)

// Example samples a posterior whose answer is known: that of the template
// [3, 2, 1] with the likelihood switched off (weight w = 0), so that only
// the alpha = 2 prior at lambda = 1/2 remains, exp(-theta^2/2) per weight:
// N(0, 1) for the six weights of W_0 and, on W_1 >= 0, the half-normal of
// mean sqrt(2/pi) = 0.80 for its two. NUTS starts 4 chains from two
// "Stein particles" (two of them perturbed), keeps the constraint by
// reflection, and its report checks Stan's criteria.
func Example() {
	dc := hyperelastic.PaperData(0, 1)
	dc.NTrain = 2
	train, _, err := hyperelastic.Generate(dc)
	if err != nil {
		fmt.Println(err)
		return
	}
	arch := icnn.Arch{Widths: []int{3, 2, 1}}
	post, err := exact.NewPosterior(arch, icnn.NewBatch(train), 0, stein.Prior{Alpha: 2, Lambda: 0.5})
	if err != nil {
		fmt.Println(err)
		return
	}
	particles := [][]float64{{0.1, -0.2, 0.3, 0, 0.5, -1, 0.4, 0}, {-0.3, 0.2, 0.1, 0.2, -0.5, 1, 0, 1.2}}
	c := exact.Config{Chains: 4, Overdispersed: 2, Warmup: 300, Draws: 500, Keep: 100, Seed: 1, MaxDepth: 10, Accept: 0.8}
	run, err := exact.Sample(post, particles, c, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	w0, w1 := nuts.Summarize(run.Result.Coordinate(0)), nuts.Summarize(run.Result.Coordinate(6))
	fmt.Printf("%d weights, %d of them constrained to >= 0\n", post.Dim(), len(post.NonNegative()))
	fmt.Printf("W_0 weight: mean within 0.1 of 0: %v, sd %.1f\n", math.Abs(w0.Mean) < 0.1, w0.SD)
	fmt.Printf("W_1 weight: mean %.1f, smallest draw >= 0: %v\n", w1.Mean, minDraw(run, 6) >= 0)
	fmt.Printf("Stan's criteria missed: %d; %d draws kept\n", len(run.Report.Misses()), len(run.Kept))
	// Output:
	// 8 weights, 2 of them constrained to >= 0
	// W_0 weight: mean within 0.1 of 0: true, sd 1.0
	// W_1 weight: mean 0.8, smallest draw >= 0: true
	// Stan's criteria missed: 0; 100 draws kept
}

// minDraw is the smallest value of weight i over every chain's draws.
func minDraw(run *exact.Run, i int) float64 {
	m := math.Inf(1)
	for _, ch := range run.Result.Chains {
		for _, x := range ch.Draws {
			m = math.Min(m, x[i])
		}
	}
	return m
}
