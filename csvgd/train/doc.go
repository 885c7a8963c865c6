// Package train fits a Stein ensemble of input-convex networks to the
// hyperelastic data of the paper's Sec. 5 and measures it: the driver of
// Alg. svgd for one stage without condensation (method "svgd"), with the
// history of training error, push-forward W1 (Sec. 5.3), active-weight
// count and inter-particle distances (eq. distances) at a chosen interval.
//
// The likelihood is Gaussian on the six stress components with one noise
// scale sigma. Unless set, sigma = max(s, 0.01) x RMS(S_train): the noise
// level s of the data times the data's scale, which is the standard
// deviation of the multiplicative noise S s xi averaged over the data, with
// a floor of 1% for noise-free data.
//
// The paper does not give the scale of its likelihood against the prior's
// lambda. By default (Config.Likelihood "mean") the log-likelihood is taken
// per data point, -1/(2 sigma^2 M) sum_m |S_m - S^data_m|^2, the mean
// squared error of the usual training loss: then lambda = 0.05 and
// alpha = 0.5 condense the 1020-parameter network to 10-20 active weights,
// near the paper's 22. The printed product over all M = 80 points
// ("sum") makes the data term 80 times stronger; at the same lambda the
// prior then barely sparsifies (about 200 active weights after 4000
// iterations), and lambda would have to be about 80 times larger for
// the same effect.
//
// [RunWith] makes long runs resumable: with a checkpoint file it saves the
// whole state of the run at an interval and at the end of every stage,
// and a later call with the same configuration and data goes on from it,
// ending exactly where an uninterrupted run ends (checkpoint.go).
//
// Beyond the paper, Config.Align "assignment" follows every condensation
// with condense.Align (each particle's hidden nodes matched to the
// ensemble's medoid by linear assignment, the optimizer state carried
// through the same permutation), and every history record holds the
// kernel Stein discrepancy of the particles to the posterior of their
// stage (Record.KSD; stein.KSD, IMQ kernel).
package train
