// Package weights holds the data that the weight explorer reads (package
// explore, notebook 07 and csvgd explore) and that the explorer's views in
// package figures draw: [Networks], a labelled ensemble of input-convex
// networks of one architecture, and [Entry], one weight W_k[i][j] of them.
//
// Three types of the module hold an ensemble, each what its user needs:
//   - stein.Ensemble is the N x D matrix of particles that a Stein flow
//     updates, for any target: it knows no layers;
//   - ensemble.File is an ensemble saved on disk: the widths, the inputs,
//     the prior's form, free-form meta and the particles, in a versioned
//     format;
//   - weights.Networks is an ensemble as the explorer shows it: a label for
//     titles, the architecture that gives each parameter its place in a
//     weight matrix, and the particles.
//
// A particle is the flat vector of all weight matrices, W_0 first, each
// row-major (package ensemble's layout; icnn.Arch.Layers gives each
// matrix's offset and shape); [Entry.Index] finds one weight in it.
package weights
