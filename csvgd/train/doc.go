// Package train fits a Stein ensemble of input-convex networks to the
// hyperelastic data of the paper's Sec. 5 and measures it. [Run] drives
// Alg. svgd over a whole run, by [Method]:
//
//   - csvgd, the paper's method: stages of Config.Stage iterations, each
//     ended by graph condensation (Alg. graph_condense) onto a common,
//     smaller template, the optimizer state carried through the same
//     pruning and permutation ([StageRecord]); with Config.Adaptive the
//     prior's lambda follows the adaptive schedule of Sec. 5.6
//     ([AdaptiveSchedule]);
//   - svgd: one stage on the full network, without condensation;
//   - sequential: the authors' earlier "L2 + Stein", one network
//     sparsified by MAP training and pruned, then SVGD on its structure
//     (docs/reading.md section 12).
//
// Every run records a history at a chosen interval ([Record]): the
// training error, the push-forward W1 (Sec. 5.3) over the whole test path
// and inside the training range ([InRangeW1]), the active-weight count,
// the inter-particle distances (eq. distances), the kernel's health and
// the KSD; a csvgd run records the end of every stage before and after
// its condensation ([Phase]).
//
// The likelihood is Gaussian on the six stress components with one noise
// scale sigma: by default [CalibratedSigma] at every noise level, the one
// number this project calibrates against the paper (docs/reading.md
// section 9). With Config.Sigma = 0 it follows the noise instead,
// sigma = max(s, 0.01) x RMS(S_train): the noise level s of the data times
// the data's scale, which is the standard deviation of the multiplicative
// noise S s xi averaged over the data, with a floor of 1% for noise-free
// data.
//
// The paper does not give the scale of its likelihood against the prior's
// lambda. By default (Config.Likelihood "mean") the log-likelihood is taken
// per data point, -1/(2 sigma^2 M) sum_m |S_m - S^data_m|^2, the mean
// squared error of the usual training loss: then lambda = 0.05 and
// alpha = 0.5 condense the 1020-parameter network near the paper's 22
// active weights (docs/results.md). The printed product over all M = 80
// points ("sum") makes the data term 80 times stronger; at the same lambda
// the prior then sparsifies far less, and lambda would have to be about
// 80 times larger for the same effect.
//
// [RunWith] makes long runs resumable: with a checkpoint file it saves the
// whole state of the run at an interval and at the end of every stage,
// and a later call with the same configuration and data goes on from it,
// ending exactly where an uninterrupted run ends (checkpoint.go).
//
// Options.Shapes says at which shapes the stages compile their graphs
// ([Shapes]): each template's own, or once at the first stage's network
// with every later template embedded in it and the weights outside it
// held at zero (icnn.Embedding, stein.Held), which saves XLA one set of
// compilations per template and computes the same run up to the order of
// sums (docs/speed.md, "Fixed shapes").
//
// Beyond the paper, Config.Align "assignment" follows every condensation
// with condense.Align (each particle's hidden nodes matched by linear
// assignment to a reference, the ensemble's medoid by default, the
// optimizer state carried through the same permutation); Config.Update "newton" or "snewton"
// takes Stein variational Newton steps (package svn) on the templates of
// at most Config.NewtonMaxParams weights, first-order steps on larger
// ones; and every history record holds the kernel Stein discrepancy of
// the particles to the posterior of their stage (Record.KSD; stein.KSD,
// IMQ kernel).
package train
