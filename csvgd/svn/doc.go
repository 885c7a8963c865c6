// Package svn is Stein variational Newton: second-order Stein updates for
// ensembles of a few dozen to a few hundred parameters, the size of the
// condensed templates of the paper's Sec. 5, and the noise that makes the
// ensemble a sample of the posterior instead of a collapsed
// approximation of it.
//
// Every update starts from what the first-order flow of package stein
// has, the posterior scores g_a = grad log p(D | theta_a) + grad log
// p(theta_a) of the N particles, and adds their curvatures
//
//	H_a = G_a + diag Lambda(r),
//
// G_a the positive semi-definite curvature of -log p(D | theta_a) that the
// [Model] gives (for the networks the Gauss-Newton Hessian 2w J^T J of the
// stress likelihood, J the Jacobian of the 80 points' 6 stresses) and
// Lambda the curvature of the quadratic majorizer of the alpha prior
// ([stein.Prior.Curvature1D], docs/reading.md section 15) at each
// coordinate's root mean square over the ensemble, r. Their average
// M = 1/N sum_a H_a scales the kernel,
//
//	k(x, y) = exp(-(x - y)^T M (x - y) / (2h)),  h = D,
//
// the Hessian-scaled kernel of Detommaso, Cui, Spantini, Marzouk and
// Scheichl (NeurIPS 2018), and with it the Stein direction of eq.
// (stein_grad),
//
//	phi_a = 1/N sum_b [ k(x_b, x_a) g_b + grad_{x_b} k(x_b, x_a) ].
//
// Two updates use them ([Update]):
//
//   - [Newton], Detommaso et al.'s Stein variational Newton with the
//     block-diagonal Hessian: x_a += eps Htilde_a^-1 phi_a with
//     Htilde_a = 1/N sum_b [ k_ab^2 H_b + grad k_ab grad k_ab^T ]. Its
//     fixed points are those of the first-order flow with the same kernel
//     (phi = 0): it gets there in tens of iterations instead of thousands,
//     but with fewer particles than dimensions they are collapsed too
//     (package collapse derives where they are).
//   - [StochasticNewton]: x_a += eps M^-1 phi_a + sqrt(2 eps / N) U^-1
//     (L_K z)_a, z ~ N(0, I), K = L_K L_K^T the kernel matrix, M = U^T U:
//     the Euler-Maruyama step of the diffusion of all particles together
//     with diffusion matrix D = (K ⊗ M^-1) / N, whose divergence is the
//     preconditioned repulsion, so that its drift D grad log pi + div D is
//     exactly M^-1 phi. Its stationary law is the product of N copies of
//     the posterior: the particles become independent draws of it, within
//     the error of the time step. It is the construction of the
//     stochastic SVGD of Gallego and Rios Insua (2018), which Leviyev,
//     Chen, Wang, Ghattas and Zimmerman (2022) carry over to Newton with
//     the Stein Hessian as preconditioner; here the preconditioner is the
//     ensemble's average curvature, held fixed within a step, because the
//     divergence of a diffusion built from each particle's own Hessian
//     needs third derivatives of the model.
//
// Both run on the host in float64 with gonum's Cholesky factorisations:
// the systems are D x D (D <= a few hundred) and N x N. The model's
// derivatives can come from anywhere; for the networks package train
// computes them in a GoMLX graph or on the host, whichever its benchmark
// measured faster.
//
// Constraints: components marked in Config.Constrained (the non-negative
// weights of the input-convex network) are clipped at 0 after every
// update, the projection of the first-order flow.
package svn
