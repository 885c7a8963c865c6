// Package dense is the dense feedforward network family beside the
// input-convex network of package icnn: any number of inputs and outputs,
// hidden layers of chosen widths with biases and an activation (ReLU,
// tanh or softplus), a linear output layer,
//
//	h_0 = x,  h_k = act(W_{k-1} h_{k-1} + b_{k-1})  (k = 1..L),  y = W_L h_L + b_L,
//
// ensembled as package icnn's network is: every graph works on all
// particles at once, with the particles on a leading axis.
//
// A particle holds, layer by layer, W_k (Widths[k+1] x Widths[k],
// row-major, rows the output nodes) and then b_k ([Arch.Layers]); a model
// may append parameters of its own after them (package regress appends
// the log noise and weight precisions), which the graphs ignore and graph
// condensation carries along.
//
// [Arch.Forward] builds the outputs of an ensemble; [Arch.ForwardVJP]
// also the reverse pass for a cotangent on the outputs, written out as
// batched products (no autodiff), from which a model builds its score.
// [Arch.HostForward] and [Arch.HostVJP] are the same in plain float64
// loops, the tests' oracle. [Arch.Init] draws a particle as Liu & Wang's
// reference code for Bayesian neural networks does.
//
// [Arch.Condense] is graph condensation (the paper's Alg. graph_condense)
// generalised to biases through [condense.CondenseNetwork]: a hidden node
// whose incoming edges are all pruned outputs a constant, act(b_j), which
// is folded into the next layer's biases before the node is removed, so
// that removing nodes never changes the function; only pruning weights
// and biases below the threshold does. The importance that sorts the
// hidden nodes is the sum of the magnitudes of their outgoing weights (the
// paper's signed sum, eq. importance, would let weights of opposite signs
// cancel; docs/reading.md section 17).
package dense
