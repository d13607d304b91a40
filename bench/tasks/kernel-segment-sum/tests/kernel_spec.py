"""What the harness runs: the reference, fresh inputs per seed, and the correctness check."""

import math

import numpy as np

MODULE = "/app/fastops.py"
FUNC = "segment_sum"

SAME_INPUTS = True  # every timed repetition sees the same arrays


def make_inputs(seed):
    rng = np.random.default_rng(seed)
    n = 400
    ids = rng.integers(0, n, size=100_000)
    return rng.exponential(10.0, size=ids.size), ids, n


def reference(values, ids, n):
    out = [0.0] * n
    for v, g in zip(values.tolist(), ids.tolist()):
        out[g] += v
    return np.array(out)


def check(out, ref):
    return out.shape == ref.shape and bool(np.allclose(out, ref, rtol=1e-9, atol=1e-9))
