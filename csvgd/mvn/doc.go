// Package mvn is the illustrative example of the paper's Sec. 4: a Stein
// ensemble in three dimensions under a Gaussian likelihood, a sparsifying
// alpha prior and a beta-exponential kernel.
//
// The likelihood is a multivariate normal with mean mu = (1, 2, 3) and
// precision [[2, 1, 0], [1, 2, 0], [0, 0, 0.0025]]: theta_3 is barely
// constrained by the data (standard deviation 20), so a sparsifying prior
// pulls it to zero while theta_1 and theta_2 stay where the data put them.
//
// Error is the Bhattacharyya distance between the ensemble's empirical mean
// and covariance and the likelihood's own moments (docs/reading.md section 5);
// sparsity is the mean |theta_3| over the ensemble. [Survey] sweeps the
// prior multiplier lambda and the kernel bandwidth gamma for several prior
// and kernel orders (the paper's Fig. mvn_survey); [ParticlesStudy] keeps
// the converged ensembles of a grid of lambda and gamma (Fig.
// mvn_particles). [CachedSurvey] and [CachedMarginalStudy] keep the
// studies' results in a file.
//
// Beyond the paper, the posterior the flow targets is known:
// [ExactMoments] computes its mean and covariance by deterministic
// quadrature and [Marginal] the exact density of theta_3, against which
// [MarginalStudy] measures the ensembles' theta_3 (Fig. mvn_exact: the
// 1-D Wasserstein distance [W1ToDensity] and the Bhattacharyya distance to
// the exact moments) as the bandwidth, the kernel order and the ensemble
// size vary. [KSD] follows a run's kernel Stein discrepancy to that
// posterior, with [KSDFloor] and [ExactSampleKSDs], the level an exact
// sample of the same size reaches.
package mvn
