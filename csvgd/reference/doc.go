// Package reference is a hand-written, plain-Go reference of one Stein
// step of the ICNN ensemble: the step that [stein.Flow.Step] performs with
// the Gaussian stress likelihood of [icnn.Arch.LogLikelihood] or
// [icnn.Arch.MeanLogLikelihood], written with loops over float64 slices
// and no GoMLX graph. It serves as a correctness oracle for the graphs'
// gradients in tests and as the yardstick of the benchmarks: the pace of
// straightforward hand-written code.
//
// Results are computed with it too: [Likelihood] is the log-likelihood
// and its gradient of one network, safe for concurrent use, which
// package exact samples the posterior of a template with, and
// [Likelihood.GaussNewton] the Gauss-Newton curvature that the Newton
// updates of package train use on the host (train.HostPlacement, the
// default).
//
// One step ([Step.Do]) of the ensemble theta_1..theta_N is
//
//  1. the likelihood score of every particle ([Step.Score]),
//     grad log p(D | theta) with log p(D | theta) = -w sum_{m,k} (S_mk - S^data_mk)^2,
//     written out by hand: the stress is built from the input gradient of
//     the network, so its weight gradient is a second-order "backward of
//     the backward" (see score.go);
//  2. the smoothed score of the alpha prior (either form), as [stein.Prior.Score1D];
//  3. the bandwidth gamma of the configured rule ([stein.Bandwidth.Of]);
//  4. the kernel matrix K[b, a] = k(theta_b, theta_a) and the repulsion
//     R[a] = sum_b grad_{theta_b} k(theta_b, theta_a), with the formulas of
//     [stein.Kernel.Repulsion] and [stein.Kernel.Matrix] (axis mask and
//     any beta);
//  5. the Stein direction of eq. (stein_grad),
//     phi_a = 1/N sum_b K[b, a] (grad log p(D | theta_b) + grad log p(theta_b)) + 1/N R[a];
//  6. the optimizer update ([stein.Adam] or [stein.SGD], with Adam's bias
//     correction at t = iterations done + 1, as [stein.Flow] passes it);
//  7. the projection of the constrained weights (all layers but the
//     first, [icnn.Arch.Constrained]) onto [0, inf), when the
//     configuration has one.
//
// The network of a particle is that of package icnn,
//
//	h_0 = x,  h_k = softplus(W_{k-1} h_{k-1}) (k = 1..H),  NN(x) = W_H h_H,
//
// with no biases, any number H >= 1 of hidden layers, and the parameters
// laid out as [icnn.Arch.Layers]. The stress of a data point is
//
//	S = 2 (Psi_1 B_1 + Psi_2 B_2 + Psi_3 B_3),
//	Psi_1 = NN_1(x), Psi_2 = NN_2(x), Psi_3 = NN_3(x) - n / (2 J),
//	n = 2 (NN_1 + 2 NN_2 + NN_3) at the reference x_ref (F = I),
//
// (eq. (potential_normalization)), with x = arch.Inputs of the invariants
// (the raw invariants by default), NN_i = dNN/dx_i and B_i the stress
// basis of [icnn.Batch].
//
// A [Step] computes the scores of the particles in parallel, with one
// goroutine per worker and scratch buffers that are allocated once and
// reused from step to step. Its results do not depend on the number of
// workers: every particle's quantities are computed by one worker in a
// fixed order.
package reference
