"""One Stein step of the ICNN ensemble in PyTorch, timed, for comparison
with `csvgd bench` on the same machine.

The step is the one `csvgd bench` times (package csvgd/speed): networks
3-W-W-1 with softplus activations and no biases, raw invariants as inputs;
the stress from the input gradient of the potential (autograd), normalised
at F = I; the mean-squared-error likelihood -1/(2 sigma^2 M) sum (S - S_data)^2
on the 80 training points at 10% noise with the calibrated scale
sigma = 0.07 (train.CalibratedSigma); its score by autograd; the smoothed
score of the alpha prior in its penalty form, -c |theta|^alpha with
c = lambda (alpha = 1/2, lambda = 0.05, s = 1e-3; stein.Prior); the RBF
kernel with Liu & Wang's median bandwidth, the median of the squared
distances of the N(N-1)/2 distinct pairs over 2 log(N + 1) (stein.MedianLiuWang,
docs/reading.md section 4); the Stein direction; Adam (0.01) ascending
along it; the non-negativity projection of W_1 and W_2. All in float64.

Usage: python bench/torch_step.py [--particles 10,100,1000] [--width 30,4]
       [--steps 20] [--device cuda] [--data data/hyperelastic/noise-0.10/train.csv]
Prints one JSON object: per ensemble size and width the median ms per step.
"""

import argparse
import csv
import json
import math
import statistics
import time

import torch

VOIGT = [(0, 0), (1, 1), (2, 2), (1, 2), (0, 2), (0, 1)]
SIGMA, ALPHA, LAMBDA, SMOOTH, LR = 0.07, 0.5, 0.05, 1e-3, 0.01


def load(path, dev):
    """Invariants [M, 3], stress basis [3, M, 6], 1/J [M] and targets [M, 6]."""
    with open(path) as f:
        rows = list(csv.DictReader(f))
    F = torch.tensor([[float(r[f"F{i}{j}"]) for i in (1, 2, 3) for j in (1, 2, 3)] for r in rows],
                     dtype=torch.float64, device=dev).reshape(-1, 3, 3)
    target = torch.tensor([[float(r[k]) for k in ("S11", "S22", "S33", "S23", "S13", "S12")] for r in rows],
                          dtype=torch.float64, device=dev)
    C = F.transpose(1, 2) @ F
    i1 = C.diagonal(dim1=1, dim2=2).sum(-1)
    i2 = 0.5 * (i1 ** 2 - (C @ C).diagonal(dim1=1, dim2=2).sum(-1))
    i3 = torch.linalg.det(C)
    cinv = torch.linalg.inv(C)
    eye = torch.eye(3, dtype=torch.float64, device=dev).expand_as(C)
    mats = [eye, i1[:, None, None] * eye - C, i3[:, None, None] * cinv]
    basis = torch.stack([torch.stack([m[:, a, b] for a, b in VOIGT], -1) for m in mats])
    return torch.stack([i1, i2, i3], -1), basis, 1 / torch.linalg.det(F), target


def shapes(width):
    return [(width, 3), (width, width), (1, width)]


def init(n, width, dev, gen):
    """W_0 ~ N(0, 1/fan_in); W_1, W_2 ~ U(0, 2/fan_in); flattened [n, P]."""
    parts = []
    for k, (rows, cols) in enumerate(shapes(width)):
        if k == 0:
            w = torch.randn(n, rows * cols, generator=gen, dtype=torch.float64) / math.sqrt(cols)
        else:
            w = torch.rand(n, rows * cols, generator=gen, dtype=torch.float64) * 2 / cols
        parts.append(w)
    return torch.cat(parts, 1).to(dev)


def unflatten(theta, width):
    ws, off = [], 0
    for rows, cols in shapes(width):
        ws.append(theta[:, off:off + rows * cols].reshape(-1, rows, cols))
        off += rows * cols
    return ws


def nn(ws, x):
    """NN(x) for every particle: x [N, M, 3] -> [N, M]."""
    h = x
    for w in ws[:-1]:
        h = torch.nn.functional.softplus(h @ w.transpose(1, 2))
    return (h @ ws[-1].transpose(1, 2)).squeeze(-1)


def stress(theta, width, data):
    inv, basis, inv_j, _ = data
    ws = unflatten(theta, width)
    n = theta.shape[0]
    x = inv.expand(n, -1, -1).clone().requires_grad_(True)
    ref = torch.tensor([3.0, 3.0, 1.0], dtype=torch.float64, device=theta.device).expand(n, 1, 3).clone().requires_grad_(True)
    psi, g0 = torch.autograd.grad(nn(ws, x).sum() + nn(ws, ref).sum(), (x, ref), create_graph=True)
    nref = 2 * (g0[:, 0, 0] + 2 * g0[:, 0, 1] + g0[:, 0, 2])  # [N]
    psi3 = psi[..., 2] - 0.5 * nref[:, None] * inv_j[None, :]  # Psi_3 = NN_3 - n / (2 J)
    psi = torch.stack([psi[..., 0], psi[..., 1], psi3], -1)
    return 2 * torch.einsum("nmi,imk->nmk", psi, basis)


def prior_score(theta):
    """Score of the smoothed penalty c (theta^2 + s^2)^(alpha/2), c = lambda."""
    return -LAMBDA * ALPHA * theta * (theta ** 2 + SMOOTH ** 2) ** (ALPHA / 2 - 1)


def bandwidth(d2):
    """gamma = med(|a - b|^2 over the pairs a < b) / (2 log(N + 1)), at least 1e-12."""
    n = d2.shape[0]
    i, j = torch.triu_indices(n, n, offset=1, device=d2.device)
    pairs = d2[i, j].sort().values
    m = pairs.numel()
    med = pairs[m // 2] if m % 2 else 0.5 * (pairs[m // 2 - 1] + pairs[m // 2])
    return torch.clamp(med / (2 * math.log(n + 1)), min=1e-12)


def phi(theta, score):
    """The Stein direction with the RBF kernel and Liu & Wang's median bandwidth."""
    n = theta.shape[0]
    d2 = torch.cdist(theta, theta) ** 2
    gamma = bandwidth(d2)
    k = torch.exp(-d2 / (2 * gamma))  # symmetric
    rep = (theta * k.sum(0)[:, None] - k.T @ theta) / gamma
    return (k.T @ score + rep) / n


def make_step(width, data, constrained):
    w = 0.5 / SIGMA ** 2 / data[0].shape[0]
    b1, b2, eps = 0.9, 0.999, 1e-8

    def step(theta, m, v, t):
        th = theta.detach().requires_grad_(True)
        loglik = -w * ((stress(th, width, data) - data[3]) ** 2).sum()
        score = torch.autograd.grad(loglik, th)[0] + prior_score(theta)
        with torch.no_grad():
            p = phi(theta, score)
            m.mul_(b1).add_((1 - b1) * p)
            v.mul_(b2).add_((1 - b2) * p * p)
            upd = (m / (1 - b1 ** t)) / ((v / (1 - b2 ** t)).sqrt() + eps)
            theta = theta + LR * upd
            return torch.where(constrained & (theta < 0), torch.zeros_like(theta), theta)

    return step


def time_case(n, width, steps, dev, data):
    theta = init(n, width, dev, torch.Generator().manual_seed(1))
    constrained = torch.zeros(theta.shape[1], dtype=torch.bool, device=dev)
    constrained[width * 3:] = True
    m, v = torch.zeros_like(theta), torch.zeros_like(theta)
    step = make_step(width, data, constrained)
    times = []
    for t in range(1, steps + 4):
        sync(dev)
        start = time.perf_counter()
        theta = step(theta, m, v, t)
        sync(dev)
        if t > 3:  # the first steps warm up
            times.append(1e3 * (time.perf_counter() - start))
    return {"particles": n, "width": width, "params": theta.shape[1],
            "ms_per_iter": statistics.median(times), "iters": len(times)}


def sync(dev):
    if dev.type == "cuda":
        torch.cuda.synchronize(dev)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--particles", default="10,100,1000")
    ap.add_argument("--width", default="30", help="hidden-layer widths, comma-separated")
    ap.add_argument("--steps", type=int, default=20)
    ap.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    ap.add_argument("--data", default="data/hyperelastic/noise-0.10/train.csv")
    a = ap.parse_args()
    dev = torch.device(a.device)
    data = load(a.data, dev)
    results = [time_case(int(n), int(w), a.steps, dev, data)
               for n in a.particles.split(",") for w in a.width.split(",")]
    name = torch.cuda.get_device_name(dev) if dev.type == "cuda" else "cpu"
    print(json.dumps({"torch": torch.__version__, "device": name, "dtype": "float64", "results": results}, indent=2))


if __name__ == "__main__":
    main()
