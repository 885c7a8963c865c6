// Package calibration asks whether an ensemble's uncertainty is right:
// how often the truth, and fresh noisy observations, fall inside its
// central bands along the test path, inside the training range.
//
// # Two questions
//
// An ensemble theta_1..theta_N (Stein particles or posterior draws) gives N
// predictions f_j(x) = S(x; theta_j) of each stress component at each
// test point x. Its central band at level L is [Q((1-L)/2), Q((1+L)/2)]
// of those N values (empirical quantiles, linearly interpolated;
// [PushForwardBand], through [metrics.EnsembleBand]).
//
// Coverage of the truth ([Report].Truth) is how often the noise-free
// stress S(x) lies inside the push-forward band. The push-forward is the
// uncertainty about the function. Credible bands promise no frequentist
// coverage, of the truth or of observations (and the posteriors here are
// tempered, below); a band covers the truth less often still when its
// model is biased.
//
// Coverage of new observations ([Report].Predictive) is how often a fresh
// noisy observation y = S(x)(1 + s xi), xi ~ N(0, 1), drawn with a seed
// that training never used ([Fresh]), lies inside the central interval of
// the plug-in predictive: the mixture over the ensemble of the
// likelihood's noise model at the run's fixed sigma (not the posterior
// predictive of the tempered posterior, below),
//
//	p(y | x) = 1/N sum_j N(y; f_j(x), sigma^2),
//
// the Gaussian N(0, sigma^2) per stress component of the
// mean-squared-error likelihood (docs/reading.md section 9), whose
// quantiles [PredictiveInterval] finds by bisection of the mixture's
// distribution function.
//
// # The noise model and the data's noise
//
// The likelihood's noise is additive and the same for every component
// and point (one sigma, train.CalibratedSigma); the data's is
// multiplicative, S(1 + s xi), with standard deviation s |S|, which
// vanishes at F = I and grows with the stress (docs/reading.md section
// 6). So the predictive intervals are too wide where the stress is small
// and may be too narrow where it is large; coverage averaged over the
// path mixes both. The mean over the training points in the likelihood
// tempers it by 1/M (docs/reading.md section 9): the posterior is that of
// a data set M = 80 times smaller, so where the likelihood dominates a
// near-Gaussian posterior the push-forward bands are about sqrt(80) = 9
// times wider than the sum over the data would make them at the same
// sigma (not measured here). The noise term of the predictive is sigma itself, not
// sigma sqrt(M): tempering widens the push-forward, not the noise model.
//
// # Which entries count
//
// Entries are the (point, component) pairs of test points with |d| <=
// [hyperelastic.TrainingDelta] whose true stress component is not zero
// ([Entries]): on the diagonal test path the shear components vanish for
// the truth and for every network, and would be covered trivially.
package calibration
