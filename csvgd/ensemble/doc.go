// Package ensemble is the on-disk format of a saved Stein ensemble of
// input-convex networks (ICNN, the paper's Sec. 5.1), or of dense
// networks fitted to regression data (below): a versioned JSON file
// that Go writes with [Save] and reads with [Load], and that any JSON
// reader (Python's json module included) can read.
//
// # The network and a particle
//
// The network with layer widths [n_0, n_1, ..., n_L] (input first, output
// last; the paper's is [3, 30, 30, 1]) is
//
//	h_1 = softplus(W_0 x),  h_{k+1} = softplus(W_k h_k),  NN(x) = W_{L-1} h_{L-1},
//
// (the potential Psi is NN normalised at F = I: package icnn) with no
// biases, W_k an n_{k+1} x n_k matrix (row = output node), and x
// the invariants of C = F^T F: raw, x = (I1, I2, I3), or shifted,
// x = (I1 - 3, I2 - 3, I3 - 1), as the file's "inputs" says. A
// particle is the flat parameter vector of all weight matrices, W_0 first,
// each row-major:
//
//	[ W_0[0][0] .. W_0[0][n_0-1], W_0[1][0], .., W_1[0][0], .. ]
//
// so a particle has [NumParams] = sum_k n_{k+1} n_k values: 3x30 + 30x30 +
// 30x1 = 1020 for the paper's widths. Graph condensation (Alg.
// graph_condense) shrinks the hidden widths, so the widths are part of the
// file; all particles share them (the condensed template, where particles
// with fewer active nodes are padded with zero nodes). The format does not
// check the ICNN sign constraint (W_1 .. W_{L-1} >= 0).
//
// # The file (format "csvgd-ensemble", version 3)
//
// One JSON object:
//
//	{
//	  "format": "csvgd-ensemble",
//	  "version": 3,
//	  "widths": [3, 2, 1],
//	  "inputs": "raw",
//	  "prior": "penalty",
//	  "meta": {
//	    "alpha": 0.5,
//	    "lambda": 0.05,
//	    "iterations": 4000
//	  },
//	  "particles": [
//	    [0.12, -0.5, 1.3, 0.7, 0, 2.25, 0.4, 0.031],
//	    [0.2, -0.45, 1.1, 0.66, 0.01, 2.5, 0.38, 0]
//	  ]
//	}
//
// Its fields:
//
//   - "format" is always "csvgd-ensemble" ([Format]).
//   - "version" is the format's version ([Version]); a reader refuses a
//     newer version than it knows. A change that an older reader would
//     misread increments it.
//   - "widths" are the layer widths, input first, output last; at least two
//     layers, each at least 1.
//   - "inputs" is "raw" or "shifted" (see above). It came with version 2:
//     version 1 files have none, and were written when csvgd fed the
//     shifted invariants to the network, so [Read] reads them as "shifted"
//     and [File.Note] says so; writing such a file gives the current
//     version.
//   - "prior" is the form of the alpha prior the ensemble was trained
//     with: "penalty" (exp(-lambda |theta|^alpha), eqs. prior_family and
//     log_post) or "normalized" (the generalised normal of eq. sparprior;
//     docs/reading.md section 2). It came with version 3: older files have
//     none and were trained with the normalized form, so [Read] reads them
//     so and [File.Note] says it.
//   - "particles" is [particle][parameter], each particle the flat vector
//     above; at least one particle. Every value is a finite JSON number:
//     JSON has no NaN or Infinity, and a file holding "NaN", null or a
//     number beyond float64's range is refused. Numbers are written in the
//     shortest form that reads back to the same float64, so a round trip
//     through the file is exact to the bit.
//   - "meta" is optional and free-form (training configuration, data,
//     history summary). It comes back as JSON types: numbers as float64
//     (store integers above 2^53, such as seeds, as strings), arrays as
//     []any and objects as map[string]any.
//
// Readers ignore fields they do not know. Writers put one particle on each
// line, so that a diff of two files shows which particles changed.
//
// Reading a file from Python (NumPy):
//
//	import json, numpy as np
//	f = json.load(open("ensemble.json"))
//	assert f["format"] == "csvgd-ensemble" and f["version"] <= 3
//	w = f["widths"]
//	shifted = f.get("inputs", "shifted") == "shifted"   # version 1: shifted
//	theta = np.array(f["particles"])              # [particle, parameter]
//	layers, k = [], 0
//	for n_in, n_out in zip(w[:-1], w[1:]):
//	    layers.append(theta[:, k:k + n_out * n_in].reshape(-1, n_out, n_in))
//	    k += n_out * n_in
//	# layers[l][a] is W_l of particle a, rows = output nodes
//
// # Dense networks (version 4)
//
// A file may instead hold dense networks with biases (package dense),
// fitted to regression data by package regress ("csvgd fit -save"):
//
//	{
//	  "format": "csvgd-ensemble",
//	  "version": 4,
//	  "network": "dense",
//	  "widths": [6, 12, 1],
//	  "dense": {
//	    "activation": "relu",
//	    "inputs": [{"name": "c0", "mean": -2.38, "sd": 1.51}, ...],
//	    "targets": [{"name": "c6", "mean": 10.5, "sd": 15.2}]
//	  },
//	  "prior": "penalty",
//	  "particles": [...]
//	}
//
// Each layer k holds W_k (row-major, rows the output nodes) and then its
// biases b_k; after the last layer come one log noise precision per
// target and the log weight precision of the regression model, all on
// the standardised scale (x' = (x - mean) / sd for inputs and targets;
// the noise standard deviation of target o in its own units is
// sd_o exp(-log gamma_o / 2)), so a particle has [DenseParams] values.
// "inputs" is absent: the "dense" block names the inputs and targets,
// with the means and standard deviations that standardised them. Files of
// input-convex networks are written as version 3, which older readers
// read; a version 3 reader refuses a version 4 file.
//
// [Save] writes atomically (a temporary file in the same folder, then a
// rename) and does not replace an existing file unless asked to. [Load]
// and [Read] return one-line errors that name the file and say what is
// wrong with it.
package ensemble
