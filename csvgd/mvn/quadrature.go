package mvn

import (
	"math"
	"slices"

	"gonum.org/v1/gonum/integrate/quad"
)

// rule is a one-dimensional quadrature rule: nodes x with weights w.
type rule struct{ x, w []float64 }

// gaussLegendreOrder is the number of Gauss-Legendre nodes per panel.
const gaussLegendreOrder = 16

// gradedRule is composite Gauss-Legendre quadrature on [lo, hi] whose
// panels are at most h wide and are graded geometrically toward 0, where
// the prior's smoothed kink sqrt(theta^2 + s^2) bends over a width s: the
// panel ends include 0 and +-s 2^k for k >= -2 while s 2^k < h, so the
// integrand is smooth on every panel at the panel's own scale.
func gradedRule(lo, hi, h, s float64) rule {
	ends := []float64{lo, hi}
	if lo < 0 && hi > 0 {
		ends = append(ends, 0)
	}
	for e := s / 4; e < h; e *= 2 {
		for _, x := range []float64{-e, e} {
			if x > lo && x < hi {
				ends = append(ends, x)
			}
		}
	}
	slices.Sort(ends)
	var r rule
	x := make([]float64, gaussLegendreOrder)
	w := make([]float64, gaussLegendreOrder)
	for i := 1; i < len(ends); i++ {
		n := int(math.Ceil((ends[i] - ends[i-1]) / h))
		step := (ends[i] - ends[i-1]) / float64(n)
		for k := range n {
			a := ends[i-1] + float64(k)*step
			quad.Legendre{}.FixedLocations(x, w, a, a+step)
			r.x = append(r.x, x...)
			r.w = append(r.w, w...)
		}
	}
	return r
}
