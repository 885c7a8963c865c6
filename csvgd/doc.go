// Package csvgd is the reference implementation, in Go on GoMLX, of
// condensed Stein variational gradient descent (cSVGD): Padmanabha, Safta,
// Bouklas and Jones, "Condensed Stein Variational Gradient Descent for
// Uncertainty Quantification of Neural Networks".
//
// The work is split by the paper's concepts:
//
//   - [github.com/csvgd/csvgd-go/csvgd/stein]: the Stein core of Sec. 3 —
//     the alpha prior family (eqs. prior_family, log_post; eq. sparprior as
//     an option), the beta-exponential kernel,
//     bandwidth rules, optimizers and the ensembled Stein step (eq.
//     stein_grad) compiled as one GoMLX graph with a leading particle axis.
//   - [github.com/csvgd/csvgd-go/csvgd/mvn]: the illustrative example of
//     Sec. 4 (3-D Gaussian, Bhattacharyya distance, sparsity of theta_3, the
//     lambda x gamma survey).
//   - [github.com/csvgd/csvgd-go/csvgd/hyperelastic]: the truth model and
//     data of Sec. 5.2 (invariants, stress, generator, CSV).
//   - [github.com/csvgd/csvgd-go/csvgd/icnn]: the input-convex network of
//     Sec. 5.1, ensembled (forward, stress, likelihood, its score written
//     out in the graph, projection).
//   - [github.com/csvgd/csvgd-go/csvgd/train]: the training driver —
//     stages ended by condensation, the adaptive penalty, the baselines,
//     checkpoints — and its history (training error, push-forward W1,
//     sparsity, distances, KSD).
//   - [github.com/csvgd/csvgd-go/csvgd/condense]: graph condensation, Alg.
//     graph_condense (prune, sort by importance, common template), and the
//     alignment of the nodes by assignment, with
//     [github.com/csvgd/csvgd-go/csvgd/assign], the linear assignment
//     problem.
//   - [github.com/csvgd/csvgd-go/csvgd/metrics]: the measures of Secs.
//     5.3-5.5 on host slices (Wasserstein-1, push-forward W1, distances,
//     active weights, kernel densities, errors).
//   - [github.com/csvgd/csvgd-go/csvgd/ensemble]: the saved-ensemble file
//     format.
//   - [github.com/csvgd/csvgd-go/csvgd/nuts],
//     [github.com/csvgd/csvgd-go/csvgd/hmc],
//     [github.com/csvgd/csvgd-go/csvgd/exact],
//     [github.com/csvgd/csvgd-go/csvgd/compare] and
//     [github.com/csvgd/csvgd-go/csvgd/calibration]: beyond the paper, the
//     No-U-Turn sampler with Stan's diagnostics and nested R-hat; many
//     chains as one batch with ChEES trajectory lengths; the posterior of
//     a template sampled by either, a reference only where independent
//     runs from two kinds of starts agree; a Stein ensemble's bands and W1
//     against such draws; and how often an ensemble's bands cover the
//     truth and fresh observations.
//   - [github.com/csvgd/csvgd-go/csvgd/svn] and
//     [github.com/csvgd/csvgd-go/csvgd/collapse]: beyond the paper, Stein
//     variational Newton and its stochastic variant, and SVGD's variance
//     collapse on Gaussians of known moments.
//   - [github.com/csvgd/csvgd-go/csvgd/study]: the runs behind the paper's
//     figures and tables, study by study, and the figures and tables made
//     from them.
//   - [github.com/csvgd/csvgd-go/csvgd/runcache]: the cache of computed
//     results — training runs, NUTS runs and studies cached whole — named
//     by their configuration, each computed once under its lock.
//   - [github.com/csvgd/csvgd-go/csvgd/figures]: the paper's figures as
//     gonum/plot plots, shared by the notebooks and the command line, drawn
//     with [github.com/csvgd/csvgd-go/csvgd/figures/plotkit], the plotting
//     kit (a figure of aligned panels, axes, ticks, colours, plotters).
//   - [github.com/csvgd/csvgd-go/csvgd/explore]: the weight explorer —
//     cached runs and saved ensembles opened, condensed and drawn (weight
//     densities, pairs of weights, the template by node importance, runs
//     side by side) for notebook 07 and "csvgd explore"; what it opens is
//     a [github.com/csvgd/csvgd-go/csvgd/weights].Networks, a labelled
//     ensemble of networks of one architecture, and an Entry names one of
//     their weights.
//   - [github.com/csvgd/csvgd-go/csvgd/backend]: the one place that picks the
//     GoMLX backend.
//   - [github.com/csvgd/csvgd-go/csvgd/reference] and
//     [github.com/csvgd/csvgd-go/csvgd/speed]: the Stein step and the
//     stress likelihood of the ICNN ensemble written by hand in plain Go —
//     the posterior's density for the samplers, the Newton updates' curvature on
//     the host, the tests' oracle for the graph's gradients — and the
//     benchmark that times the graph against it.
//   - [github.com/csvgd/csvgd-go/csvgd/cmd/csvgd]: the command line, a
//     thin main over the packages.
//
// This package holds what they share: quick mode (CSVGD_QUICK, for CI and
// a first look), the repository root, and the paths of the committed data
// and of the cache.
package csvgd
