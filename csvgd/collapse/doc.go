// Package collapse measures the variance collapse of Stein variational
// gradient descent on Gaussian targets whose moments are known, and what
// the Newton updates of package svn do about it: the experiment of Ba,
// Erdogdu, Ghassemi, Sun, Suzuki, Wu and Zhang (ICLR 2022), "Understanding
// the variance collapse of SVGD in high dimensions".
//
// A run ([Run]) moves N particles with one update ([svn.Update]) on a
// target ([Problem]) and compares the ensemble with the target:
//
//	variance_ratio = 1/D sum_i s_i^2 / Sigma_ii,
//	mean_error     = sqrt(1/D sum_i (m_i - mu_i)^2 / Sigma_ii),
//
// with m and s^2 the ensemble's mean and unbiased (1/(N-1)) variance per
// coordinate. For N independent draws of the target the ratio averages 1
// with the standard error of [Result.VarianceRatioSE], and the mean error
// is about 1/sqrt(N).
//
// Why the first-order update collapses. At a fixed point of SVGD on
// N(0, I_D) with the RBF kernel exp(-|a - b|^2 / (2 gamma)), take the
// particles at the vertices of a regular simplex centred at 0 (N - 1 <= D),
// with unbiased variance v per coordinate, so that |x_a - x_b|^2 = 2 D v
// for every pair and kappa = exp(-D v / gamma) is the kernel between any
// two of them. Then phi(x_a) is parallel to x_a, and setting it to zero
// leaves
//
//	(1 - kappa) gamma = kappa N,   i.e.   v = (gamma / D) log(1 + N / gamma).
//
// The median rule sets kappa = 1/(N + 1), hence gamma = 1 and
// v = log(N + 1) / D: at D = 50 and N = 20 the ensemble's variance is 6%
// of the target's. No bandwidth does better than v -> N / D (gamma ->
// infinity): with fewer particles than dimensions the deterministic flow
// cannot spread them over the target. Its repulsion is a sum of N kernel
// gradients that each weaken with the distance between particles, while
// the driving force pulls every coordinate back with the full score
// ([FixedPointVariance]; [RepulsionRatio] measures the two forces on exact
// draws of the target). The Hessian-scaled kernel of the Newton updates
// has gamma = D in whitened coordinates, so the deterministic Newton
// update converges to v = log(1 + N / D): the Newton step changes how fast
// the flow gets there, not where it stops. The simplex is the fixed point
// the flows reach (TestFixedPointTheory). The stochastic update adds the
// noise of a diffusion whose stationary law is the target itself, and its
// particles are draws of the target: their variance is right within
// Monte-Carlo error.
//
// The targets: for D = 3 the posterior of the paper's Sec. 4 (its
// Gaussian likelihood and the alpha prior), whose moments are computed by
// quadrature (mvn.ExactMoments); for any other D the Gaussian with
// covariance Sigma_ij = s_i s_j rho^|i-j|, rho = 1/2, s_i log-spaced from
// 1/2 to 2 ([ARTarget]), whose precision is tridiagonal and known in closed
// form.
package collapse
