package hmc

import "math"

// trajectory is the ChEES adaptation of the trajectory length T: RMSProp
// on log T and the iterate average used after the warm-up.
type trajectory struct {
	rate     float64 // RMSProp's learning rate
	length   float64 // T
	sq       float64 // running mean of the squared gradient
	n        int     // updates so far
	logMean  float64 // iterate average of log T
	maxSteps int
}

// Constants of the adaptation, TensorFlow Probability's: the running
// mean's rate, the clip of one update of log T (about log(2)/2) and the
// smallest acceptance probability that counts in the gradient.
const (
	sqRate       = 0.05
	maxLogUpdate = 0.35
	minAccept    = 1e-4
)

func newTrajectory(c Config) *trajectory {
	return &trajectory{rate: c.TrajectoryRate, length: c.InitialLength, maxSteps: c.MaxLeapfrog}
}

// steps is the number of leapfrog steps of size eps for the jittered
// length u T: ceil(u T / eps), at least 1 and at most maxSteps.
func (t *trajectory) steps(u, eps float64) int {
	l := math.Ceil(u * t.length / eps)
	if !(l >= 1) {
		return 1
	}
	return int(math.Min(l, float64(t.maxSteps)))
}

// update takes one RMSProp step on log T along the gradient g of the
// ChEES criterion (a step of the jittered length's share u of T) and
// keeps T at most eps maxSteps. A gradient that is not finite, or that
// no chain's acceptance supports (ok false), changes nothing but the
// average.
func (t *trajectory) update(g float64, ok bool, eps float64) {
	t.n++
	if ok && !math.IsNaN(g) && !math.IsInf(g, 0) {
		t.sq = (1-sqRate)*t.sq + sqRate*g*g
		unbiased := t.sq / (1 - math.Pow(1-sqRate, float64(t.n)))
		step := math.Max(-maxLogUpdate, math.Min(maxLogUpdate, t.rate*g/math.Sqrt(unbiased+1e-20)))
		t.length *= math.Exp(step)
	}
	w := math.Pow(float64(t.n), -0.5)
	t.logMean = w*math.Log(t.length) + (1-w)*t.logMean
	t.length = math.Min(t.length, eps*float64(t.maxSteps))
}

// averaged is exp of the iterate average of log T, the length after the
// warm-up (T itself when there was no update).
func (t *trajectory) averaged() float64 {
	if t.n == 0 {
		return t.length
	}
	return math.Exp(t.logMean)
}

// cheesGradient is the gradient of the ChEES criterion in the trajectory
// length, for a trajectory of the share u of T, in the coordinates
// whitened by the metric:
//
//	g = sum_c a_c (|x'_c - m'|^2 - |x_c - m|^2) (x'_c - m') . v'_c u / sum_c a_c,
//
// with m the mean of the current states, m' the mean of the proposals
// weighted by the acceptance probabilities a_c, and v' the velocity at
// the proposal; chains with a_c <= minAccept do not count. ok is false
// when none counts.
func (b *batch) cheesGradient(accept []float64, u float64) (g float64, ok bool) {
	dim := len(b.invMass)
	m, mq := make([]float64, dim), make([]float64, dim)
	var wsum float64
	for k, x := range b.x {
		a := weight(accept[k])
		wsum += a
		for i := range m {
			m[i] += x[i] / float64(b.chains())
			if a > 0 { // a proposal that diverged may not be finite
				mq[i] += a * b.qx[k][i]
			}
		}
	}
	if wsum == 0 {
		return 0, false
	}
	for i := range mq {
		mq[i] /= wsum
	}
	for k, x := range b.x {
		a := weight(accept[k])
		if a == 0 {
			continue
		}
		var after, before, along float64
		for i, v := range b.qx[k] {
			d, d0 := v-mq[i], x[i]-m[i]
			after += d * d / b.invMass[i]
			before += d0 * d0 / b.invMass[i]
			along += d * b.p[k][i] // (x' - m') . v' whitened: the metric cancels
		}
		g += a * (after - before) * along * u
	}
	return g / wsum, true
}

// weight is the acceptance probability a chain's proposal counts with in
// the ChEES gradient: 0 below minAccept.
func weight(a float64) float64 {
	if a <= minAccept {
		return 0
	}
	return a
}
