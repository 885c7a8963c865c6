package study

import (
	"math"

	"github.com/csvgd/csvgd-go/csvgd/train"
)

// Spread is how far apart the particles of one record stand: the smallest
// and the median Euclidean distance over the N(N-1)/2 distinct pairs
// (eq. distances), and the bandwidth gamma that Liu & Wang's median rule
// gives there for the kernel of order beta = 2 (the runs' kernel), where
// the kernel's distance is the squared Euclidean one:
// gamma = med(|a-b|^2) / (2 log(N+1)) ([stein.MedianLiuWang];
// docs/reading.md section 4). For other orders the rule sums |a_i - b_i|^beta
// over the coordinates, which the Euclidean distances do not give, and
// Gamma is NaN.
type Spread struct {
	Min, Median float64
	Gamma       float64
}

// SpreadOf is the [Spread] of the distance matrix dist (N x N, symmetric)
// for a kernel of order beta. With fewer than two particles it is zero.
func SpreadOf(dist [][]float64, beta float64) Spread {
	n := len(dist)
	var pairs []float64
	for a := range n {
		for b := a + 1; b < n; b++ {
			pairs = append(pairs, dist[a][b])
		}
	}
	if len(pairs) == 0 {
		return Spread{}
	}
	med := median(pairs)
	lo := pairs[0]
	for _, d := range pairs {
		lo = math.Min(lo, d)
	}
	gamma := math.NaN()
	if beta == 2 {
		gamma = med * med / (2 * math.Log(float64(n+1)))
	}
	return Spread{Min: lo, Median: med, Gamma: gamma}
}

// FinalSpread is the [Spread] of the last history record of res that
// holds the distances, for the run's kernel order; zero when none does.
func FinalSpread(res *train.Result) Spread {
	for i := len(res.History) - 1; i >= 0; i-- {
		if d := res.History[i].Distances; len(d) > 1 {
			return SpreadOf(d, res.Config.Beta)
		}
	}
	return Spread{}
}
