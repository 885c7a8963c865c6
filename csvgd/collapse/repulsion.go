package collapse

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/csvgd/csvgd-go/csvgd/stein"
	"github.com/gomlx/compute"
)

// Forces are the two terms of the first-order Stein direction on exact
// draws of N(0, I_D) with the RBF kernel and the median rule: the mean
// length over the particles of the driving term (the kernel-smoothed
// score, term (a) of eq. stein_grad) and of the repulsion (term (c)).
type Forces struct {
	Dim, Particles  int
	Driving, Repels float64
}

// Ratio is Repels / Driving.
func (f Forces) Ratio() float64 { return f.Repels / f.Driving }

// RepulsionRatio measures [Forces] on n independent draws of N(0, I_d)
// (seeded), with the first-order flow's own graphs (stein.Flow.Forces) on
// backend b. On an exact sample the driving force of particle a is about
// its self term -x_a / N, of length sqrt(d)/N, while its repulsion
// 1/(N gamma) sum_b k_ab (x_a - x_b) is about k |x_a| / gamma, with the
// kernel k near 1/(N + 1) between particles and gamma near
// d / log(N + 1) under the median rule: the repulsion is about
// N log(N + 1) / ((N + 1) d) times the driving force, and it fades as the
// dimension grows. The flow then contracts the particles until the two
// balance, at the fixed point of [FixedPointVariance].
func RepulsionRatio(b compute.Backend, d, n int, seed uint64) (Forces, error) {
	p, err := IsotropicProblem(d)
	if err != nil {
		return Forces{}, err
	}
	opt, _ := stein.NewOptimizer(stein.SGDName, 1)
	f, err := stein.NewFlow(b, stein.Config{Prior: p.Prior, Kernel: stein.Kernel{Beta: 2}, Bandwidth: stein.Bandwidth{Rule: stein.MedianLiuWang}, Optimizer: opt}, p.Target.LogLikelihood)
	if err != nil {
		return Forces{}, err
	}
	x := stein.GaussianEnsemble(n, make([]float64, d), 1, rand.New(rand.NewPCG(seed, 0xf0ce)))
	ff, err := f.Forces(x, 0)
	if err != nil {
		return Forces{}, fmt.Errorf("collapse: %w", err)
	}
	return Forces{Dim: d, Particles: n, Driving: meanLength(ff.Likelihood), Repels: meanLength(ff.Repulsion)}, nil
}

// meanLength is the mean Euclidean length of the rows of e.
func meanLength(e *stein.Ensemble) float64 {
	var s float64
	for _, row := range e.Rows() {
		var q float64
		for _, v := range row {
			q += v * v
		}
		s += math.Sqrt(q)
	}
	return s / float64(e.N)
}
