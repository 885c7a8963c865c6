// Package hmc is Hamiltonian Monte Carlo with many chains run as one
// batch, with ChEES trajectory length adaptation (Hoffman, Radul &
// Sountsov 2021): a sampler whose cost per iteration is one batched
// evaluation of the log density's gradient per leapfrog step for all
// chains together, so that on hardware that evaluates a batch at the
// price of one point (an accelerator running the ensembled graph of
// package icnn) hundreds of chains cost what a few cost.
//
// # The transition
//
// Every chain c makes the same number L of leapfrog steps of the same
// size eps with a diagonal mass matrix M (package nuts describes the
// leapfrog and the reflection that keeps Config.NonNegative coordinates
// at x_i >= 0), then accepts the end point with the Metropolis probability
//
//	a_c = min(1, exp(H(x_c, p_c) - H(x'_c, p'_c))).
//
// A trajectory whose energy error H - H0 exceeds Config.MaxEnergyError
// at any step, or that leaves the support, stops there and is a
// divergence: a_c = 0, and the chain stays where it was. The number of
// steps is L = ceil(u_n T / eps), with T the trajectory length and u_n
// the n-th element of the base-2 Halton sequence in (0, 1): jittering
// the length avoids the resonances of a fixed one, and the Halton
// sequence spreads the lengths more evenly than random draws.
//
// # ChEES
//
// T maximises the change in the estimator of the expected square,
//
//	ChEES(T) = 1/4 E[(|x' - E x|^2 - |x - E x|^2)^2],
//
// the expected squared jump of the squared distance to the mean, in the
// coordinates whitened by M (x_i / sqrt(M^-1_ii)). Long enough
// trajectories decorrelate second moments, too long ones turn back. Its
// gradient in T, with the means over chains standing in for E x,
//
//	g = sum_c a_c (|x'_c - m'|^2 - |x_c - m|^2) (x'_c - m') . v'_c u_n / sum_c a_c,
//
// (v' the whitened velocity at the end point, m the chains' mean and m'
// the proposals' mean weighted by a_c) drives RMSProp on log T: a running
// mean s of g^2 with rate 0.05, bias-corrected, and the step
// Config.TrajectoryRate g / sqrt(s), clipped to +-0.35 and T kept below
// eps Config.MaxLeapfrog. After the warm-up T is fixed at the iterate
// average of log T with weights n^-1/2. These are the choices of
// TensorFlow Probability's GradientBasedTrajectoryLengthAdaptation, the
// authors' implementation.
//
// # Warm-up
//
// The step size follows the dual averaging of package nuts
// ([nuts.DualAveraging]) of the harmonic mean of a_c over the chains, the
// summary that the worst chains dominate, with target
// Config.TargetAccept: one step size for every chain, small enough for the
// chains in the most sharply curved regions. (On the network posteriors of
// package exact, whose chains sit in regions of very different curvature,
// that made the steps a fraction of those NUTS adapts chain by chain, and
// the chains did not mix: docs/exact-posterior.md measures it.) The
// diagonal metric M^-1 is the variance across
// chains and iterations of the states in Stan's windows
// ([nuts.Adaptation.Windows]), regularised as Stan does; after each
// window the step size search restarts. With many chains the windows hold
// many states, so the metric is estimated well after few iterations.
//
// # Chains and seeds
//
// Every chain has its own random stream ([nuts.ChainSeed]), the jitter
// and the adaptation are functions of the chains' states only, and the
// batch evaluation does not change a value: the draws depend on the seed
// and the starting points, not on how many goroutines evaluate the batch.
//
// # References
//
//   - M. D. Hoffman, A. Radul, P. Sountsov (2021). An adaptive MCMC scheme
//     for setting trajectory lengths in Hamiltonian Monte Carlo. AISTATS,
//     PMLR 130, 3907-3915.
//   - C. C. Margossian, M. D. Hoffman, P. Sountsov, L. Riou-Durand,
//     A. Vehtari, A. Gelman (2024). Nested R-hat: assessing the convergence
//     of Markov chain Monte Carlo when running many short chains. Bayesian
//     Analysis ([nuts.NestedRHat]).
//   - R. M. Neal (2011). MCMC using Hamiltonian dynamics. Handbook of
//     Markov chain Monte Carlo, ch. 5.
package hmc
