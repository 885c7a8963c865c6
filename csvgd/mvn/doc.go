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
// and kernel orders (the paper's Fig. mvn_survey).
package mvn
