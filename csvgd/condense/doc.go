// Package condense is graph condensation, the paper's Sec. 3.3 and Alg.
// graph_condense, for an ensemble of the input-convex networks of package
// icnn: it prunes every particle, sorts its hidden nodes by importance and
// lays all particles onto one common, smaller graph (the template), so that
// the Stein flow's next stage runs on smaller shapes and the particles'
// weights are comparable entry by entry (eq. distances).
//
// Hidden nodes of a layer are fungible: permuting them, with the matching
// permutations of the rows of the matrix into the layer and of the columns
// of the matrix out of it, W'_l = P_{l+1}^T W_l P_l, gives the same network.
// [Condense] repeats, until a pass changes nothing:
//
//  1. prune: weights with |w| < epsilon ([Options].Threshold; the paper's
//     1e-3 is [PaperThreshold]) are set to 0; a hidden node with no
//     non-zero outgoing edge, or no non-zero incoming edge, is removed,
//     repeatedly (removals disconnect neighbours);
//  2. sort: the hidden nodes of each layer in descending importance
//     s_{l,j} = sum_i [W_l]_{ij} (eq. importance, [Importance]), the sum of
//     node j's outgoing weights: column j of W_l, whose rows are the nodes
//     of layer l+1;
//  3. template: each hidden layer as wide as its largest remaining node
//     count over the ensemble; particles with fewer nodes are padded with
//     nodes whose incoming and outgoing weights are 0.
//
// Inputs and the output are never removed or permuted. [Result] holds the
// template, the condensed particles and, per particle, a [ParticleMap]: the
// original index of every weight and every node, so that optimizer state
// shaped like the particles follows the same pruning, permutation and
// padding ([Result.Remap]; pruned and padded entries restart at 0).
// [ActiveCounts] gives the node counts the template is made of,
// [LiveNodes] the nodes of one particle that survive, and
// [github.com/csvgd/csvgd-go/csvgd/metrics.ActiveWeights] the number of
// weights a particle uses, to report beside the template's size,
// Arch.NumParams().
//
// # What is exact
//
// Permuting hidden nodes, removing a node without an outgoing edge (it
// reaches nothing) and padding (a padded node outputs log 2 into weights of
// 0) leave every particle's potential and stress unchanged to rounding
// (tests: 1e-12). Edge pruning changes them, within [PruneBound].
//
// # Nodes without incoming edges
//
// With softplus and no biases, a hidden node whose incoming weights are all
// 0 outputs softplus(0) = log 2 whatever the input, and that constant still
// flows on through its outgoing weights: removing it changes the network.
// Condense removes such nodes by default, as the paper does, because
//
//   - in the last hidden layer the removal is exact: the node adds the
//     constant W_L[j] log 2 to NN, which the normalisation
//     Psi = NN(x) - NN(x_ref) - n (J - 1) cancels, and the input gradient
//     does not see it;
//   - in an earlier layer it shifts the next layer's pre-activations by
//     log 2 times the node's outgoing weights — a change of the order of
//     the node's influence, not of epsilon; the next stage of the flow
//     refits the condensed network.
//
// Measured (TestConstantNodeRemoval: the paper's [3, 30, 30, 1] network at
// its initialisation, 10 particles, one node per particle cut off from its
// inputs, 20 deformations F = I + U(-0.2, 0.2)^9; the test logs the
// values): a node of the first hidden layer removed changes the stress by
// up to about 1% of its largest component at the same deformation, and
// the potential by about as much; a node of the last hidden layer changes
// them by rounding only. The change is within the a posteriori
// [PerturbationBound]. Set
// [Options].KeepConstantNodes to keep them instead: then the only change is
// that of edge pruning.
//
// # The pruning bound
//
// Pruning edges below epsilon moves the potential and the stress at a
// deformation by no more than [PruneBound]: propagating the entrywise
// changes through the layers with softplus 1-Lipschitz and its derivative,
// the sigmoid, 1/4-Lipschitz and at most 1, gives a bound that is epsilon
// times a sum, over the pruned edges, of sensitivities of the network, plus
// O(epsilon^2) (the derivation is in PruneBound's documentation). On the
// tests' ensembles it lies within a factor 10 to 40 of the largest change
// (TestPruneBound logs it).
//
// # Alignment by assignment
//
// The importance sort orders each particle on its own. [Align] (chosen
// with [ByAssignment]; [ByImportance] is the default) goes further, as
// the paper's Sec. 5.4 suggests ("there are likely better metrics to sort
// and align the parameterizations"): it permutes every particle's hidden
// nodes, layer by layer, to match a reference particle (the [Medoid] or a
// running [Barycenter]) by solving, per layer, the linear assignment
// problem whose cost is the squared distance between nodes' incoming and
// outgoing weights (weight matching, Git Re-Basin), with package assign.
// Permutations keep every network's function, the template and the
// active weights; only the distances between particles change, and with
// them, during training, the kernel's repulsion and bandwidth.
//
// # Reading of the paper
//
// The paper leaves some points open; this package reads them as follows.
//
//   - Alg. graph_condense prunes "[W_l]_{ij} < epsilon"; the text speaks of
//     near-zero weights, and W_0 is signed, so the test is |w| < epsilon
//     (|w| = epsilon is kept).
//   - "Prune nodes that do not have at least one incoming edge and outgoing
//     edge with non-zero weights": a node goes when it lacks either, as in
//     the text ("only zero incoming or outgoing weights").
//   - The importance is the signed sum of eq. importance; the weights out
//     of hidden nodes are non-negative here, so it is also their L1 norm.
//     Ties keep the current order, and the sum is taken in a fixed order,
//     so that condensing is idempotent and undoes permutations exactly.
//   - The loop's condition reads "while the ensemble is not changing
//     topologically"; it is taken to mean: until it stops changing.
//   - A hidden layer left with no node in any particle keeps one padded
//     node: a network needs one per layer. The particles are then the zero
//     network.
//   - The node index ranges differ (layers 0 .. N_l in step 2, hidden layers
//     2 .. N_l - 1 in the loops); every hidden layer, and only those, is
//     condensed.
package condense
