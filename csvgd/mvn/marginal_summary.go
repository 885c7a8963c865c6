package mvn

import (
	"fmt"
	"math"

	"github.com/csvgd/csvgd-go/csvgd/stein"
)

// MarginalSummary is what the exact marginal of coordinate i ([Marginal])
// says about sparsity: the mean |theta_i| (the survey's L1 measure for
// theta_3) and the probability P(|theta_i| < h) of landing within h of zero
// (h = 1e-3: the pruning threshold of Sec. 5). Both are 1-D integrals of the
// marginal, computed with Simpson's rule in u on x = sign(u) |u|^4 over
// |x| <= span (fine near the prior's kink at 0, coarse in the tails), and
// P(|theta_i| < h) with Simpson's rule on [-h, h] itself; both are divided
// by the integral of the density over the same range, so that a truncated
// tail does not bias them. span must cover the marginal: the caller passes
// a multiple of the likelihood's scale beyond its mean.
func MarginalSummary(t Target, prior stein.Prior, i int, h float64) (meanAbs, near float64, err error) {
	if !(h > 0) {
		return 0, 0, fmt.Errorf("mvn: marginal summary: need h > 0, got %g", h)
	}
	p, err := Marginal(t, prior, i)
	if err != nil {
		return 0, 0, err
	}
	sigma, err := t.Covariance()
	if err != nil {
		return 0, 0, err
	}
	span := math.Abs(t.Mean[i]) + 12*math.Sqrt(sigma.At(i, i))
	const n = 200000 // even: Simpson's panels
	mass := gradedSimpson(p, span, n)
	meanAbs = gradedSimpson(func(x float64) float64 { return math.Abs(x) * p(x) }, span, n) / mass
	near = simpson(p, -h, h, 2000) / mass
	return meanAbs, near, nil
}

// gradedSimpson is the integral of f over [-span, span] with the
// substitution x = sign(u) |u|^4, dx = 4 |u|^3 du, and Simpson's rule on n
// panels of u.
func gradedSimpson(f func(float64) float64, span float64, n int) float64 {
	um := math.Pow(span, 0.25)
	return simpson(func(u float64) float64 {
		a := math.Abs(u)
		return f(math.Copysign(a*a*a*a, u)) * 4 * a * a * a
	}, -um, um, n)
}

// simpson is Simpson's rule for f on [a, b] with n (even) panels.
func simpson(f func(float64) float64, a, b float64, n int) float64 {
	hh := (b - a) / float64(n)
	s := f(a) + f(b)
	for k := 1; k < n; k++ {
		w := 2.0
		if k%2 == 1 {
			w = 4
		}
		s += w * f(a+float64(k)*hh)
	}
	return s * hh / 3
}
