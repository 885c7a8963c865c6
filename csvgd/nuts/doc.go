// Package nuts is a No-U-Turn sampler (NUTS) for a log density with its
// gradient, with Stan's warm-up and the convergence diagnostics of Stan and
// ArviZ. It samples the posterior beside a Stein ensemble (package exact,
// where independent runs must agree before their draws are a reference).
//
// # Hamiltonian Monte Carlo
//
// To sample p(x), x in R^d, Hamiltonian Monte Carlo adds a momentum r and
// follows the Hamiltonian
//
//	H(x, r) = -log p(x) + 1/2 r^T M^-1 r,  M = diag(m_1, ..., m_d),
//
// with the leapfrog integrator of step size eps:
//
//	r <- r + eps/2 grad log p(x),
//	x <- x + eps M^-1 r,
//	r <- r + eps/2 grad log p(x).
//
// The leapfrog map is reversible and preserves volume, so it leaves
// exp(-H) invariant when its states are chosen with the right weights.
// The momentum is drawn afresh, r ~ N(0, M), at every transition.
//
// # The No-U-Turn sampler
//
// [Sample] runs the multinomial NUTS as Stan and numpyro run it (Hoffman &
// Gelman 2014; Betancourt 2017, appendix A). A trajectory starts at the
// current state and doubles, each time in a random direction forward or
// backward in time, by a new sub-trajectory of the same length built
// recursively. Every state z of the trajectory has the weight
// w(z) = exp(H0 - H(z)). Inside a sub-trajectory the proposal is drawn
// from its states in proportion to their weights (progressive uniform
// sampling: the second half's proposal replaces the first's with
// probability W_second / (W_first + W_second)); at the top level the new
// half's proposal replaces the current sample with probability
// min(1, W_new / W_old) (biased progressive sampling, which favours states
// far from the start).
//
// The doubling stops at the generalised no-U-turn criterion: with rho the
// sum of the momenta of a (sub-)trajectory and r#_- = M^-1 r_-,
// r#_+ = M^-1 r_+ its end points' velocities, the trajectory continues while
//
//	r#_- . rho > 0  and  r#_+ . rho > 0.
//
// Every merge of two halves also checks the criterion on each half extended
// by the nearest state of the other half, the extra checks Stan added to
// catch U-turns hidden between the halves. The doubling also stops at
// Config.MaxDepth doublings (2^MaxDepth - 1 leapfrog steps) and at a
// divergence: a state with H - H0 > Config.MaxEnergyError (1000,
// Stan's value) or outside the support (log p = -Inf or NaN, or a
// non-finite gradient). A diverging half-trajectory is discarded whole, so
// no state outside the support is ever returned.
//
// # Hard boundaries
//
// Coordinates listed in Config.NonNegative are constrained to x_i >= 0 by
// reflection inside the leapfrog's position update (Neal 2011, "handling constraints"):
// when the drift x_i + eps (M^-1 r)_i crosses 0, the particle bounces
// elastically,
//
//	x_i <- -(x_i + eps (M^-1 r)_i),  r_i <- -r_i.
//
// On the half-line this is the exact free flight with a wall at 0. It is a
// piecewise isometry of phase space, so it preserves volume, and flipping
// the momentum and applying it again returns to the start, so it is
// reversible. The leapfrog built from it keeps both properties, and the
// NUTS transition remains in detailed balance with the density truncated to
// x_i >= 0. The log density is evaluated only at x_i >= 0; its values
// for x_i < 0 are never needed.
//
// # Warm-up
//
// The warm-up is Stan's (Stan Reference Manual, "HMC algorithm
// parameters"). The step size follows Nesterov's dual averaging of log eps
// (Hoffman & Gelman 2014, Sec. 3.2): after the n-th transition with mean
// acceptance statistic a_n,
//
//	s_n    = (1 - 1/(n+t0)) s_(n-1) + (delta - a_n) / (n + t0),
//	log eps_n = mu - sqrt(n)/gamma s_n,
//	log epsbar_n = n^-kappa log eps_n + (1 - n^-kappa) log epsbar_(n-1),
//
// with Stan's target delta = 0.8 (Config.Adapt.TargetAccept, which the
// posteriors of the templates raise), gamma = 0.05, t0 = 10, kappa = 0.75
// ([DefaultAdaptation]) and mu = log(10 eps0); the sampling phase uses
// epsbar. The initial eps0 comes
// from the heuristic of Hoffman & Gelman's Alg. 4 as Stan runs it: double
// or halve eps until the acceptance of one leapfrog step crosses 0.8.
//
// The diagonal mass matrix M^-1 is the variance of the draws of windowed
// adaptation: after an initial buffer (75 iterations) come windows of 25,
// 50, 100, ... iterations (the last stretched to the terminal buffer), then
// a terminal buffer (50) during which only the step size adapts. At the end
// of each window, with n draws and sample variance v,
//
//	M^-1 = n/(n+5) v + 1e-3 5/(n+5),
//
// and the step size heuristic and the dual averaging restart. [Adaptation.Windows]
// lists the windows. With Config.Metric = [Dense] (Stan's dense_e) M^-1 is
// the regularised covariance of the window's draws instead,
//
//	M^-1 = n/(n+5) Sigma + 1e-3 5/(n+5) I,
//
// the momentum is drawn as p = L^-T z with M^-1 = L L^T, and a reflection
// at a wall flips the velocity's component in the metric (see the
// reflection above with M^-1 in place of its diagonal).
//
// # Chains and seeds
//
// Each chain has its own random stream, a PCG generator seeded from the
// user's seed and the chain's index (see [ChainSeed]), so a given seed gives
// the same draws whether the chains run in parallel or one after another.
//
// # Checkpoints
//
// A run with a [Checkpoint] is resumable: each chain saves its state
// ([ChainState]: the generator, the current point, step size and
// metric, the dual averaging and the current metric window's
// accumulators during the warm-up, the evaluation count and the record
// so far) every [DefaultSaveEvery] iterations, at its end and when the
// run's context stops it, and a run resumed from the saved [State] ends
// with the chains of an uninterrupted run, bit for bit. A state of
// another configuration, or one that is not consistent, is refused
// ([ErrResume]).
//
// # Diagnostics
//
// [RankRHat], [ESSBulk] and [ESSTail] are those of Vehtari, Gelman, Simpson,
// Carpenter & Bürkner (2021): split chains, rank normalisation
// z = Phi^-1((r - 3/8)/(S + 1/4)), the folded draws |x - median| for the
// tail R-hat, and Geyer's initial monotone sequence on the FFT
// autocovariance for the effective sample size. [NestedRHat] is the R-hat
// of Margossian et al. (2024) over superchains of chains (runs of other
// seeds and starts, or groups of many short chains). [EBFMI] is Betancourt's
// energy Bayesian fraction of missing information of a chain. [Result]
// reports the sampler's own diagnostics: divergences (with the position
// at which each trajectory diverged, [Transition].DivergedAt), acceptance
// rate, tree depths, step size and mass matrix after warm-up, E-BFMI and
// gradient evaluations.
//
// # References
//
//   - M. D. Hoffman, A. Gelman (2014). The No-U-Turn sampler: adaptively
//     setting path lengths in Hamiltonian Monte Carlo. JMLR 15, 1593-1623.
//   - M. Betancourt (2017). A conceptual introduction to Hamiltonian Monte
//     Carlo. arXiv:1701.02434.
//   - R. M. Neal (2011). MCMC using Hamiltonian dynamics. Handbook of Markov
//     chain Monte Carlo, ch. 5.
//   - A. Vehtari, A. Gelman, D. Simpson, B. Carpenter, P.-C. Bürkner (2021).
//     Rank-normalization, folding, and localization: an improved R-hat for
//     assessing convergence of MCMC. Bayesian Analysis 16(2), 667-718.
//   - C. J. Geyer (1992). Practical Markov chain Monte Carlo. Statistical
//     Science 7(4), 473-483.
//   - M. Betancourt (2016). Diagnosing suboptimal cotangent disintegrations
//     in Hamiltonian Monte Carlo. arXiv:1604.00695 (E-BFMI).
//   - C. C. Margossian, M. D. Hoffman, P. Sountsov, L. Riou-Durand,
//     A. Vehtari, A. Gelman (2024). Nested R-hat: assessing the convergence
//     of Markov chain Monte Carlo when running many short chains. Bayesian
//     Analysis.
//
// No NUTS library for Go was found in the Go module proxy, hence this small
// package.
package nuts
