package metrics

import (
	"fmt"
	"math"
)

// Wilson is the Wilson score interval of a binomial proportion at the
// confidence level conf: the proportions p for which the score test of
// k successes in n trials does not reject, at z = Phi^-1((1 + conf)/2)
// (1.959964 at 0.95; Wilson 1927, Newcombe 1998's method 3):
//
//	centre = (p̂ + z²/(2n)) / (1 + z²/n)
//	half   = z / (1 + z²/n) · sqrt(p̂(1 - p̂)/n + z²/(4n²))
//	[lo, hi] = [centre - half, centre + half],   p̂ = k/n.
//
// Unlike the Wald interval p̂ ± z sqrt(p̂(1-p̂)/n) it stays inside [0, 1]
// and does not collapse at k = 0 or k = n: 0 of n gives
// [0, z²/(n + z²)], n of n gives [n/(n + z²), 1]. It is the interval of
// the regression benchmark's coverages (docs/reading.md section 18). It
// fails when n < 1, k is outside [0, n] or conf is not in (0, 1).
func Wilson(k, n int, conf float64) (lo, hi float64, err error) {
	if n < 1 || k < 0 || k > n {
		return math.NaN(), math.NaN(), fmt.Errorf("metrics: Wilson interval of %d successes in %d trials: want 0 <= k <= n, n >= 1", k, n)
	}
	if !(conf > 0 && conf < 1) {
		return math.NaN(), math.NaN(), fmt.Errorf("metrics: Wilson interval at confidence %v: want a level in (0, 1)", conf)
	}
	z := math.Sqrt2 * math.Erfinv(conf)
	nf, p, z2 := float64(n), float64(k)/float64(n), z*z
	d := 1 + z2/nf
	centre := (p + z2/(2*nf)) / d
	half := z / d * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf))
	lo, hi = math.Max(centre-half, 0), math.Min(centre+half, 1)
	if k == 0 {
		lo = 0 // exactly: centre = half when p̂ = 0
	}
	if k == n {
		hi = 1
	}
	return lo, hi, nil
}
