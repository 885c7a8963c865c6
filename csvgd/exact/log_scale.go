package exact

import (
	"math"

	"github.com/csvgd/csvgd-go/csvgd/nuts"
)

// LogScale are coordinates in which the magnitudes of the weights add:
//
//	theta_i = exp(phi_i)   for a constrained weight (W_1, ..., W_L > 0),
//	theta_i = sinh(phi_i)  for a weight of W_0,
//
// so that a product of weights that the data pin (an output weight times
// an incoming one of the same hidden node, large and nearly cancelling
// elsewhere) becomes a sum of coordinates: the funnel along which one of
// them grows while the other shrinks becomes a straight ridge, which a
// dense metric can follow. sinh is linear near 0 and logarithmic beyond
// |theta| = 1, so W_0's weights may change sign. A constrained weight at
// exactly 0 (pruned by the flow) starts at Floor. The slopes are
// exp(phi) and cosh(phi):
//
//	d/dphi log g'(phi) = 1 (constrained), tanh(phi) (W_0).
type LogScale struct {
	Constrained []bool  // per weight: whether it is constrained to theta > 0
	Floor       float64 // the smallest start of a constrained weight, > 0
}

// logScaleOf are the log-scale coordinates of post, with the prior's
// smoothing s as the floor of a pruned weight's start.
func logScaleOf(post *Posterior) LogScale {
	return LogScale{Constrained: post.Arch.Constrained(), Floor: smoothing(post.Prior)}
}

func (l LogScale) at(i int, phi float64) (theta, logSlope, dLogSlope float64) {
	if l.Constrained[i] {
		return math.Exp(phi), phi, 1
	}
	a := math.Abs(phi)
	// log cosh(phi) without overflow: |phi| + log1p(exp(-2|phi|)) - log 2.
	return math.Sinh(phi), a + math.Log1p(math.Exp(-2*a)) - math.Ln2, math.Tanh(phi)
}

func (l LogScale) phi(i int, theta float64) float64 {
	if l.Constrained[i] {
		return math.Log(math.Max(theta, l.Floor))
	}
	return math.Asinh(theta)
}

// reflects: the constrained weights are positive for every phi.
func (LogScale) reflects() bool { return false }

// LogDensity is the posterior of post in these coordinates
// ([inCoordinates]).
func (l LogScale) LogDensity(post *Posterior) nuts.LogDensity { return inCoordinates(post, l) }
