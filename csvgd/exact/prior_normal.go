package exact

import (
	"errors"
	"math"

	"gonum.org/v1/gonum/mathext"

	"github.com/csvgd/csvgd-go/csvgd/nuts"
)

// PriorNormal is the quantile transform of the prior exp(-c |theta|^alpha)
// of one weight onto the standard normal:
//
//	theta = g(phi) = sign(phi) (G / c)^(1/alpha),  Q(1/alpha, G) = erfc(|phi| / sqrt 2),
//
// with Q the regularised upper incomplete gamma function: for a prior draw
// theta, c |theta|^alpha is Gamma(1/alpha, 1) distributed, and for a
// standard normal phi, erfc(|phi| / sqrt 2) is uniform. Its slope is
//
//	g'(phi) = (2 / alpha) Gamma(1/alpha) c^(-1/alpha) exp(G - phi^2 / 2) / sqrt(2 pi),
//
// so that -c |g(phi)|^alpha + log g'(phi) = -phi^2 / 2 + const: the prior
// in phi is the standard normal, smooth at 0, where the prior in theta has
// its cusp. The smoothed prior of the posterior, -c (theta^2 + s^2)^(alpha/2),
// differs from it by at most c s^alpha, near theta = 0 only: for alpha < 1
// a bump of width about s / g'(0) in phi whose slope is steep, which a
// leapfrog step landing on it feels as a kick. g is odd and
// increasing, so theta >= 0 exactly when phi >= 0, and the reflection that
// keeps a constrained weight non-negative carries over. For alpha = 2,
// g(phi) = phi / sqrt(2c).
type PriorNormal struct {
	Alpha float64 // the prior's exponent, > 0
	C     float64 // the prior's coefficient c, > 0 ([stein.Prior.Penalty])
}

// Theta is g(phi) with G = c |g(phi)|^alpha.
func (t PriorNormal) Theta(phi float64) (theta, g float64) {
	a, x := 1/t.Alpha, math.Abs(phi)/math.Sqrt2
	g = gammaQuantile(a, math.Erf(x), math.Erfc(x))
	return math.Copysign(math.Pow(g/t.C, a), phi), g
}

// Phi is the inverse of [PriorNormal.Theta]: the phi with g(phi) = theta.
// |phi| = sqrt 2 erfinv(P(1/alpha, G)), or the standard normal quantile
// at 1 - Q(1/alpha, G)/2 beyond |phi| = 1, computed from the tail
// probability so that it stays exact far beyond the prior's scale.
func (t PriorNormal) Phi(theta float64) float64 {
	a, g := 1/t.Alpha, t.C*math.Pow(math.Abs(theta), t.Alpha)
	r := math.Sqrt2 * math.Erfinv(mathext.GammaIncReg(a, g))
	if r > 1 {
		r = -mathext.NormalQuantile(mathext.GammaIncRegComp(a, g) / 2)
	}
	return math.Copysign(r, theta)
}

// gammaQuantile is the G with P(a, G) = p and Q(a, G) = q = 1 - p, from
// the smaller of the two, refined by two Newton steps on it: the inverses
// of the incomplete gamma function alone lose digits far in either tail.
func gammaQuantile(a, p, q float64) float64 {
	if p == 0 {
		return 0
	}
	lg, _ := math.Lgamma(a)
	density := func(g float64) float64 { return math.Exp((a-1)*math.Log(g) - g - lg) }
	if p < 0.5 {
		g := mathext.GammaIncRegInv(a, p)
		for range 2 {
			g -= (mathext.GammaIncReg(a, g) - p) / density(g)
		}
		return g
	}
	g := mathext.GammaIncRegCompInv(a, q)
	for range 2 {
		g += (mathext.GammaIncRegComp(a, g) - q) / density(g)
	}
	return g
}

// LogSlope is log g'(phi), given G = c |g(phi)|^alpha.
func (t PriorNormal) LogSlope(phi, g float64) float64 {
	a := 1 / t.Alpha
	lg, _ := math.Lgamma(a)
	return math.Log(2*a) + lg - a*math.Log(t.C) + g - phi*phi/2 - 0.5*math.Log(2*math.Pi)
}

// priorNormalOf is the transform of the prior of post.
func priorNormalOf(post *Posterior) (PriorNormal, error) {
	c := post.Prior.Penalty()
	if !(c > 0) || !(post.Prior.Alpha > 0) {
		return PriorNormal{}, errors.New("prior-normal coordinates need a prior with lambda > 0 and alpha > 0")
	}
	return PriorNormal{Alpha: post.Prior.Alpha, C: c}, nil
}

// at is theta = g(phi), log g'(phi) and its derivative
// G'(phi) - phi = g'(phi) alpha G / theta - phi (0 at theta = 0, where
// the smoothed prior's score vanishes too).
func (t PriorNormal) at(_ int, phi float64) (theta, logSlope, dLogSlope float64) {
	theta, g := t.Theta(phi)
	logSlope = t.LogSlope(phi, g)
	dLogSlope = -phi
	if theta != 0 {
		dLogSlope += math.Exp(logSlope) * t.Alpha * g / theta
	}
	return theta, logSlope, dLogSlope
}

func (t PriorNormal) phi(_ int, theta float64) float64 { return t.Phi(theta) }

// reflects: g is odd, so theta >= 0 exactly when phi >= 0.
func (PriorNormal) reflects() bool { return true }

// LogDensity is the posterior of post in the coordinates phi
// ([inCoordinates]).
func (t PriorNormal) LogDensity(post *Posterior) nuts.LogDensity { return inCoordinates(post, t) }
