package stein

import "math"

// Curvature1D is the curvature that the Newton updates of package svn
// give the prior of one component: that of the quadratic majorizer of the
// smoothed penalty at theta,
//
//	Lambda(theta) = -Score1D(theta) / theta = c alpha (theta^2 + s^2)^(alpha/2 - 1),  c = [Prior.Penalty],
//
// the weight of iteratively reweighted least squares for the alpha
// penalty and the local quadratic approximation of Fan & Li (2001)
// (docs/reading.md section 15).
//
// The smoothed penalty f(theta) = c (theta^2 + s^2)^(alpha/2) has the
// second derivative
//
//	D²f(theta) = c alpha (theta^2 + s^2)^(alpha/2 - 2) (s^2 + (alpha - 1) theta^2),
//
// which is negative for |theta| > s / sqrt(1 - alpha) when alpha < 1: the
// prior is not log-concave, and a Newton step on its raw curvature would
// climb away from the posterior's modes. As a function of u = theta^2 the
// penalty c (u + s^2)^(alpha/2) is concave for alpha <= 2, so its tangent
// in u is an upper bound, and that bound is the quadratic
// q(theta) = f(theta_0) + Lambda(theta_0) (theta^2 - theta_0^2) / 2: it
// touches f at theta_0 with the same slope and lies above it everywhere.
// Its curvature Lambda is
//
//   - positive for every theta (so adding it keeps a Gauss-Newton Hessian
//     positive definite),
//   - at least D²f wherever D²f is positive: Lambda - D²f =
//     c alpha (2 - alpha) theta^2 (theta^2 + s^2)^(alpha/2 - 2) >= 0, so the
//     step it gives is never longer than the exact Newton step of the
//     prior where that one exists,
//   - bounded by its value at 0, c alpha s^(alpha - 2): the smoothing s is
//     what keeps it finite (without it the curvature of |theta|^alpha is
//     infinite at 0 for alpha < 2),
//   - exact for alpha = 2, where the prior is Gaussian (Lambda = D²f = 2c).
//
// Lambda = 0 (no prior) gives 0.
func (p Prior) Curvature1D(theta float64) float64 {
	s := p.smoothing()
	return p.Penalty() * p.Alpha * math.Pow(theta*theta+s*s, p.Alpha/2-1)
}
