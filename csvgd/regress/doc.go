// Package regress fits Stein ensembles of dense networks (package dense)
// to regression data (package tabular): SVGD as Liu & Wang (2016) run it
// on the UCI regression benchmark, and cSVGD, the same flow with the
// paper's sparsifying prior lambda |theta|^alpha on the networks' weights
// and biases and the stages of Alg. svgd, each ended by graph
// condensation (package train's [train.Schedule], the adaptive penalty
// included).
//
// The model ([Model]) is Liu & Wang's Bayesian neural network: a Gaussian
// likelihood whose noise precision is learned per target, a Gaussian
// prior on the weights whose precision is learned, Gamma(1, 0.1) priors on
// both precisions, all in log space with the Jacobian, on inputs and
// targets standardised on the training set. Its score ([Model.Score],
// [Model.BatchScore] for mini-batches drawn from the iteration count) is
// written out in the graph and checked against the hand-written
// [Model.HostScore], itself checked against finite differences of
// [Model.HostLogPosterior].
//
// [Fit] runs a whole fit: the development set, the standardisation, Liu &
// Wang's initialisation, the stages, the refit of the noise on the
// development set, and the measures of the benchmark ([Metrics]): the
// RMSE of the ensemble's mean prediction and the mean log predictive
// density of the test points, both in the data's units ([Predictive]:
// the mixture over particles of Gaussians, with the standardisation
// undone, its Jacobian 1/sd_y included). [Predictive] also gives the
// mixture's quantiles, central bands and their coverage.
//
// [LiuWang] is the benchmark's setup; docs/reading.md section 16 says
// what this package follows and where it differs.
package regress
