"""One Stein step of the ICNN ensemble in PyTorch, timed, for comparison
with `csvgd bench` on the same machine: the step of bench/stepdata.py (its
docstring says what the step computes), with autograd for the stress and the
score.

Usage: python bench/torch_step.py [--particles 10,100,1000] [--width 30,4]
       [--steps 20] [--device cuda] [--data data/hyperelastic/noise-0.10/train.csv]
       [--check FILE]
Prints one JSON object: per ensemble size and width the median ms per step;
with --check (a file of `csvgd bench -check-out`), first the largest relative
difference of its steps from the hand-written reference's.
"""

import argparse
import json
import math
import os
import statistics
import sys
import time

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from stepdata import ALPHA, BETA1, BETA2, EPS, LAMBDA, LR, SIGMA, SMOOTH, compare, constrained, load, load_check, init, shapes  # noqa: E402


def tensors(data, dev):
    return tuple(torch.tensor(np.ascontiguousarray(a), dtype=torch.float64, device=dev) for a in data)


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


def make_step(width, data, mask):
    w = 0.5 / SIGMA ** 2 / data[0].shape[0]

    def step(theta, m, v, t):
        th = theta.detach().requires_grad_(True)
        loglik = -w * ((stress(th, width, data) - data[3]) ** 2).sum()
        score = torch.autograd.grad(loglik, th)[0] + prior_score(theta)
        with torch.no_grad():
            p = phi(theta, score)
            m.mul_(BETA1).add_((1 - BETA1) * p)
            v.mul_(BETA2).add_((1 - BETA2) * p * p)
            upd = (m / (1 - BETA1 ** t)) / ((v / (1 - BETA2 ** t)).sqrt() + EPS)
            theta = theta + LR * upd
            return torch.where(mask & (theta < 0), torch.zeros_like(theta), theta)

    return step


def run(theta, width, data, steps, dev, timed):
    """steps steps from theta; the median ms of the timed ones (after 3)."""
    mask = torch.tensor(constrained(width), device=dev)
    m, v = torch.zeros_like(theta), torch.zeros_like(theta)
    step = make_step(width, data, mask)
    times = []
    for t in range(1, steps + 1):
        sync(dev)
        start = time.perf_counter()
        theta = step(theta, m, v, t)
        sync(dev)
        times.append(1e3 * (time.perf_counter() - start))
    return theta, statistics.median(times[3:]) if timed else None


def time_case(n, width, steps, dev, data):
    theta = torch.tensor(init(n, width, 1), device=dev)
    _, ms = run(theta, width, data, steps + 3, dev, True)
    return {"particles": n, "width": width, "params": theta.shape[1], "ms_per_iter": ms, "iters": steps}


def check(path, dev, data):
    n, width, steps, initial, after = load_check(path)
    theta, _ = run(torch.tensor(initial, device=dev), width, data, steps, dev, False)
    return {"particles": n, "width": width, "steps": steps, "max_rel_diff": compare(theta.cpu().numpy(), after)}


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
    ap.add_argument("--check", help="a file of csvgd bench -check-out: check the step against the reference first")
    a = ap.parse_args()
    dev = torch.device(a.device)
    data = tensors(load(a.data), dev)
    out = {"torch": torch.__version__, "device": torch.cuda.get_device_name(dev) if dev.type == "cuda" else "cpu",
           "dtype": "float64"}
    if a.check:
        out["check"] = check(a.check, dev, data)
    out["results"] = [time_case(int(n), int(w), a.steps, dev, data)
                      for n in a.particles.split(",") for w in a.width.split(",")]
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
