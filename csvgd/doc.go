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
//   - [github.com/csvgd/csvgd-go/csvgd/train]: the training driver and its
//     history (training error, push-forward W1, sparsity, distances).
//   - [github.com/csvgd/csvgd-go/csvgd/condense]: graph condensation, Alg.
//     graph_condense (prune, sort by importance, common template).
//   - [github.com/csvgd/csvgd-go/csvgd/metrics] and
//     [github.com/csvgd/csvgd-go/csvgd/ensemble]: Wasserstein distances and
//     the saved-ensemble file format.
//   - [github.com/csvgd/csvgd-go/csvgd/figures]: the paper's figures as
//     gonum/plot plots, shared by the notebooks and the command line.
//   - [github.com/csvgd/csvgd-go/csvgd/explore]: the weight explorer —
//     cached runs and saved ensembles opened, condensed and drawn (weight
//     densities, pairs of weights, the template by node importance, runs
//     side by side) for notebook 07 and "csvgd explore".
//   - [github.com/csvgd/csvgd-go/csvgd/backend]: the one place that picks the
//     GoMLX backend.
//   - [github.com/csvgd/csvgd-go/csvgd/reference] and
//     [github.com/csvgd/csvgd-go/csvgd/speed]: the Stein step of the ICNN
//     ensemble written by hand in plain Go (the tests' oracle for the
//     graph's gradients) and the benchmark that times the graph against it.
//
// This package holds the few settings they share, such as the quick mode
// used by CI.
package csvgd
