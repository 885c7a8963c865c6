// Package icnn is the input-convex neural network of the paper's Sec. 5.1,
// ensembled: every graph works on all particles at once, with the particles
// on a leading axis.
//
// A particle is the flat parameter vector of the network
//
//	h_1 = softplus(W_0 x),  h_{k+1} = softplus(W_k h_k),  NN(x) = W_L h_L,
//
// with no biases and no separate skip weights (the paper's "V_k = W_k" adds
// none): for the paper's layer widths [3, 30, 30, 1] that is
// 3x30 + 30x30 + 30x1 = 1020 parameters, stored layer by layer, each W_k
// row-major with rows the layer's output nodes. W_0 is free; W_1 .. W_L are
// kept non-negative by projection ([Arch.Project]), which with the convex,
// non-decreasing softplus makes NN convex in its inputs.
//
// The inputs are the invariants of C = F^T F themselves, x = (I1, I2, I3),
// as eq. (potential_normalization) writes the network ([Raw], the default);
// [Shifted] inputs x = (I1 - 3, I2 - 3, I3 - 1) are an option that shows
// why not: without biases they put every first-layer kink through F = I
// (see [Inputs]). The potential is normalised as eq.
// (potential_normalization),
//
//	Psi(I) = NN(I) - NN(3, 3, 1) - n (J - 1),  J = sqrt(I3),
//	n = 2 (NN_1 + 2 NN_2 + NN_3) at (3, 3, 1),
//
// so that the stress S = 2 dPsi/dC = 2 [Psi_1 I + Psi_2 (I1 I - C) +
// Psi_3 I3 C^-1] vanishes at F = I for every particle. The derivatives
// NN_i = dNN/dI_i are built explicitly in the graph (reverse mode through the
// layers, a few matrix products), so that the parameter gradient of the
// stress likelihood needs only first-order autodiff. Training does not use
// even that: [Arch.Score] writes the parameter gradient out as well (the
// reverse of the forward and backward passes for the stress residuals), in
// a layout where every product is one batched DotGeneral over the last axes
// (backward.go); it is checked against autodiff and against the
// hand-written reference of package reference. [Arch.GaussNewton] builds
// the Gauss-Newton curvature of the stress likelihood from the stresses'
// Jacobian ([Arch.StressJacobian]) for the Newton updates.
//
// A [Predictor] evaluates an ensemble's stresses at fixed points with one
// compiled graph, as [hyperelastic.Predictions] ([PredictAt] for one use);
// [Arch.HostStress] and its kin evaluate one particle on the host in plain
// float64 loops, for tests, samplers and tools that need no graph.
// [ArchOf] is the network of a saved ensemble file.
package icnn
