package exact

import (
	"math"

	"github.com/csvgd/csvgd-go/csvgd/nuts"
)

// coordinateMap is a change of coordinates theta_i = g_i(phi_i), one
// increasing map per weight, in which the sampler moves.
type coordinateMap interface {
	// at is theta_i = g_i(phi), log g_i'(phi) and d/dphi log g_i'(phi).
	at(i int, phi float64) (theta, logSlope, dLogSlope float64)
	// phi is the inverse of g_i.
	phi(i int, theta float64) float64
	// reflects reports whether a constrained weight stays constrained by
	// reflecting phi_i at 0 (g_i odd); otherwise g_i maps onto theta_i > 0
	// and phi_i is free.
	reflects() bool
}

// inCoordinates is the posterior of post in the coordinates phi of m, with
// the Jacobian of theta = g(phi):
//
//	log p_phi(phi) = log p(g(phi) | D) + sum_i log g_i'(phi_i),
//	d/dphi_i       = g_i'(phi_i) d/dtheta_i log p(theta | D) + d/dphi_i log g_i'(phi_i).
//
// It has the signature of nuts.LogDensity and is safe for concurrent use.
func inCoordinates(post *Posterior, m coordinateMap) nuts.LogDensity {
	return func(phi, grad []float64) float64 {
		theta := make([]float64, len(phi))
		logSlope, dLogSlope := make([]float64, len(phi)), make([]float64, len(phi))
		for i, v := range phi {
			theta[i], logSlope[i], dLogSlope[i] = m.at(i, v)
		}
		lp := post.LogDensity(theta, grad)
		for i := range phi {
			grad[i] = math.Exp(logSlope[i])*grad[i] + dLogSlope[i]
			lp += logSlope[i]
		}
		return lp
	}
}

// toPhi maps points in the weights to the coordinates of m.
func toPhi(m coordinateMap, points [][]float64) [][]float64 {
	out := make([][]float64, len(points))
	for k, x := range points {
		out[k] = make([]float64, len(x))
		for i, v := range x {
			out[k][i] = m.phi(i, v)
		}
	}
	return out
}

// toTheta maps a point in the coordinates of m to the weights, in place.
func toTheta(m coordinateMap, x []float64) {
	for i, v := range x {
		x[i], _, _ = m.at(i, v)
	}
}

// toWeights maps a run in the coordinates of m to the weights, in place:
// the draws, the positions at which transitions diverged, and each kept
// transition's log density, which becomes log p(theta | D) (without the
// Jacobian) so that the log density's diagnostics do not depend on the
// coordinates.
func toWeights(m coordinateMap, post *Posterior, res *nuts.Result) {
	grad := make([]float64, post.Dim())
	for _, ch := range res.Chains {
		for i, x := range ch.Draws {
			toTheta(m, x)
			ch.Stats[i].LogDensity = post.LogDensity(x, grad)
			if d := ch.Stats[i].DivergedAt; d != nil {
				toTheta(m, d)
			}
		}
		for _, d := range ch.WarmupDivergedAt {
			toTheta(m, d)
		}
	}
}
