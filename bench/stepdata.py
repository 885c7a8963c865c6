"""What bench/torch_step.py and bench/jax_step.py share: the training data of
the Stein step as numpy arrays, the constants of the step, and the check of a
step against the hand-written reference (`csvgd bench -check-out FILE`).

The step is the one `csvgd bench` times (package csvgd/speed): networks
3-W-W-1 with softplus activations and no biases, raw invariants as inputs; the
stress from the input gradient of the potential, normalised at F = I; the
mean-squared-error likelihood -1/(2 sigma^2 M) sum (S - S_data)^2 on the 80
training points at 10% noise with the calibrated scale sigma = 0.07
(train.CalibratedSigma); its score; the smoothed score of the alpha prior in
its penalty form, -c |theta|^alpha with c = lambda (alpha = 1/2, lambda = 0.05,
s = 1e-3; stein.Prior); the RBF kernel with Liu & Wang's median bandwidth, the
median of the squared distances of the N(N-1)/2 distinct pairs over
2 log(N + 1) (stein.MedianLiuWang, docs/reading.md section 4); the Stein
direction; Adam (0.01) ascending along it; the non-negativity projection of
W_1 and W_2. All in float64.
"""

import csv
import json
import math

import numpy as np

VOIGT = [(0, 0), (1, 1), (2, 2), (1, 2), (0, 2), (0, 1)]
SIGMA, ALPHA, LAMBDA, SMOOTH, LR = 0.07, 0.5, 0.05, 1e-3, 0.01
BETA1, BETA2, EPS = 0.9, 0.999, 1e-8


def load(path):
    """Invariants [M, 3], stress basis [3, M, 6], 1/J [M] and targets [M, 6]."""
    with open(path) as f:
        rows = list(csv.DictReader(f))
    F = np.array([[float(r[f"F{i}{j}"]) for i in (1, 2, 3) for j in (1, 2, 3)] for r in rows]).reshape(-1, 3, 3)
    target = np.array([[float(r[k]) for k in ("S11", "S22", "S33", "S23", "S13", "S12")] for r in rows])
    C = np.transpose(F, (0, 2, 1)) @ F
    i1 = np.trace(C, axis1=1, axis2=2)
    i2 = 0.5 * (i1 ** 2 - np.trace(C @ C, axis1=1, axis2=2))
    i3 = np.linalg.det(C)
    cinv = np.linalg.inv(C)
    eye = np.broadcast_to(np.eye(3), C.shape)
    mats = [eye, i1[:, None, None] * eye - C, i3[:, None, None] * cinv]
    basis = np.stack([np.stack([m[:, a, b] for a, b in VOIGT], -1) for m in mats])
    return np.stack([i1, i2, i3], -1), basis, 1 / np.linalg.det(F), target


def shapes(width):
    """The weight matrices of a 3-W-W-1 network, [rows, cols] each."""
    return [(width, 3), (width, width), (1, width)]


def init(n, width, seed):
    """W_0 ~ N(0, 1/fan_in); W_1, W_2 ~ U(0, 2/fan_in); flattened [n, P]."""
    rng = np.random.default_rng(seed)
    parts = []
    for k, (rows, cols) in enumerate(shapes(width)):
        if k == 0:
            parts.append(rng.standard_normal((n, rows * cols)) / math.sqrt(cols))
        else:
            parts.append(rng.random((n, rows * cols)) * 2 / cols)
    return np.concatenate(parts, 1)


def constrained(width):
    """Which weights are kept non-negative (W_1 and W_2), [P]."""
    p = sum(r * c for r, c in shapes(width))
    mask = np.zeros(p, dtype=bool)
    mask[width * 3:] = True
    return mask


def load_check(path):
    """The reference's check: initial particles, particles after some steps."""
    with open(path) as f:
        c = json.load(f)
    return c["particles"], c["width"], c["steps"], np.array(c["initial"]), np.array(c["after"])


def compare(got, want):
    """Max |got - want| over max |want|."""
    return float(np.max(np.abs(got - want)) / np.max(np.abs(want)))
