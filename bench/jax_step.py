"""One Stein step of the ICNN ensemble in JAX, timed, for comparison with
`csvgd bench` on the same machine: the step of bench/stepdata.py (its
docstring says what the step computes), written in JAX as its users would:
the stress and the score by jax.grad, the whole step under jax.jit, the
median bandwidth on the device (a sort of the distinct pairs).

Two timings per case: a step per call (the jitted step, called from Python
once per step, as `csvgd bench` times its steps) and a step inside calls of
--calls-of steps (jax.lax.fori_loop inside one jit, as `csvgd bench` times
its steps in calls of many).

Usage: python bench/jax_step.py [--particles 10,100,1000] [--width 30,4]
       [--steps 20] [--calls-of 100] [--data data/hyperelastic/noise-0.10/train.csv]
       [--check FILE]
Prints one JSON object: per ensemble size and width the median ms per step
and the compile time; with --check (a file of `csvgd bench -check-out`), first
the largest relative difference of its steps from the hand-written
reference's.
"""

import argparse
import json
import math
import os
import statistics
import sys
import time

import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_enable_x64", True)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from stepdata import ALPHA, BETA1, BETA2, EPS, LAMBDA, LR, SIGMA, SMOOTH, compare, constrained, init, load, load_check, shapes  # noqa: E402


def softplus(z):
    """log(1 + e^z), as the project's reference computes it."""
    return jnp.maximum(z, 0) + jnp.log1p(jnp.exp(-jnp.abs(z)))


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
        h = softplus(jnp.einsum("nmi,nji->nmj", h, w))
    return jnp.einsum("nmi,nji->nmj", h, ws[-1])[..., 0]


def stress(theta, width, data):
    """The normalised stress of every particle at every point, [N, M, 6]."""
    inv, basis, inv_j, _ = data
    ws = unflatten(theta, width)
    n = theta.shape[0]
    x = jnp.broadcast_to(inv, (n,) + inv.shape)
    ref = jnp.broadcast_to(jnp.array([3.0, 3.0, 1.0]), (n, 1, 3))
    psi = jax.grad(lambda x: nn(ws, x).sum())(x)
    g0 = jax.grad(lambda r: nn(ws, r).sum())(ref)
    nref = 2 * (g0[:, 0, 0] + 2 * g0[:, 0, 1] + g0[:, 0, 2])  # [N]
    psi3 = psi[..., 2] - 0.5 * nref[:, None] * inv_j[None, :]  # Psi_3 = NN_3 - n / (2 J)
    psi = jnp.stack([psi[..., 0], psi[..., 1], psi3], -1)
    return 2 * jnp.einsum("nmi,imk->nmk", psi, basis)


def prior_score(theta):
    """Score of the smoothed penalty c (theta^2 + s^2)^(alpha/2), c = lambda."""
    return -LAMBDA * ALPHA * theta * (theta ** 2 + SMOOTH ** 2) ** (ALPHA / 2 - 1)


def bandwidth(d2):
    """gamma = med(|a - b|^2 over the pairs a < b) / (2 log(N + 1)), at least 1e-12."""
    n = d2.shape[0]
    i, j = np.triu_indices(n, k=1)
    pairs = jnp.sort(d2[i, j])
    m = pairs.shape[0]
    med = pairs[m // 2] if m % 2 else 0.5 * (pairs[m // 2 - 1] + pairs[m // 2])
    return jnp.maximum(med / (2 * math.log(n + 1)), 1e-12)


def phi(theta, score):
    """The Stein direction with the RBF kernel and Liu & Wang's median bandwidth."""
    n = theta.shape[0]
    sq = (theta ** 2).sum(1)
    d2 = jnp.maximum(sq[:, None] + sq[None, :] - 2 * theta @ theta.T, 0)
    gamma = bandwidth(d2)
    k = jnp.exp(-d2 / (2 * gamma))  # symmetric
    rep = (theta * k.sum(0)[:, None] - k.T @ theta) / gamma
    return (k.T @ score + rep) / n


def make_step(width, data):
    """One step (theta, m, v, t) -> (theta, m, v, t + 1), to be jitted."""
    w = 0.5 / SIGMA ** 2 / data[0].shape[0]
    mask = jnp.asarray(constrained(width))

    def loglik(theta):
        return -w * ((stress(theta, width, data) - data[3]) ** 2).sum()

    def step(theta, m, v, t):
        score = jax.grad(loglik)(theta) + prior_score(theta)
        p = phi(theta, score)
        m = BETA1 * m + (1 - BETA1) * p
        v = BETA2 * v + (1 - BETA2) * p * p
        upd = (m / (1 - BETA1 ** t)) / (jnp.sqrt(v / (1 - BETA2 ** t)) + EPS)
        theta = theta + LR * upd
        return jnp.where(mask & (theta < 0), 0.0, theta), m, v, t + 1

    return step


def steps_of(step, k):
    """k steps in one call: a fori_loop of step."""
    def many(theta, m, v, t):
        return jax.lax.fori_loop(0, k, lambda _, s: step(*s), (theta, m, v, t))
    return many


def timed(fn, state, calls):
    """Median ms of calls of fn (each on the state the last left) after one warm call."""
    state = jax.block_until_ready(fn(*state))
    times = []
    for _ in range(calls):
        start = time.perf_counter()
        state = jax.block_until_ready(fn(*state))
        times.append(1e3 * (time.perf_counter() - start))
    return statistics.median(times), state


def start(theta):
    return theta, jnp.zeros_like(theta), jnp.zeros_like(theta), jnp.asarray(1.0)


def time_case(n, width, steps, calls_of, data):
    theta = jnp.asarray(init(n, width, 1))
    step = make_step(width, data)
    one = jax.jit(step)
    t0 = time.perf_counter()
    one.lower(*start(theta)).compile()
    compile_ms = 1e3 * (time.perf_counter() - t0)
    ms, state = timed(one, start(theta), steps)
    out = {"particles": n, "width": width, "params": theta.shape[1], "ms_per_iter": ms, "iters": steps,
           "compile_ms": compile_ms}
    if calls_of > 0:
        many = jax.jit(steps_of(step, calls_of))
        ms_many, _ = timed(many, state, 3)
        out["ms_per_iter_steps"], out["steps_per_call"] = ms_many / calls_of, calls_of
    return out


def check(path, data):
    n, width, steps, initial, after = load_check(path)
    step = jax.jit(make_step(width, data))
    state = start(jnp.asarray(initial))
    for _ in range(steps):
        state = step(*state)
    return {"particles": n, "width": width, "steps": steps, "max_rel_diff": compare(np.asarray(state[0]), after)}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--particles", default="10,100,1000")
    ap.add_argument("--width", default="30", help="hidden-layer widths, comma-separated")
    ap.add_argument("--steps", type=int, default=20)
    ap.add_argument("--calls-of", type=int, default=100, help="steps per call of the fori_loop timing (0: not timed)")
    ap.add_argument("--data", default="data/hyperelastic/noise-0.10/train.csv")
    ap.add_argument("--check", help="a file of csvgd bench -check-out: check the step against the reference first")
    a = ap.parse_args()
    data = tuple(jnp.asarray(x) for x in load(a.data))
    dev = jax.devices()[0]
    out = {"jax": jax.__version__, "device": getattr(dev, "device_kind", str(dev)), "platform": dev.platform,
           "dtype": "float64"}
    if a.check:
        out["check"] = check(a.check, data)
    out["results"] = [time_case(int(n), int(w), a.steps, a.calls_of, data)
                      for n in a.particles.split(",") for w in a.width.split(",")]
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
