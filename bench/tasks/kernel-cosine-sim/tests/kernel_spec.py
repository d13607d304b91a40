"""What the harness runs: the reference, fresh inputs per seed, and the correctness check."""

import math

import numpy as np

MODULE = "/app/fastops.py"
FUNC = "cosine_sim"

def make_inputs(seed):
    rng = np.random.default_rng(seed)
    return rng.normal(size=(100, 24)), rng.normal(size=(80, 24))


def reference(a, b):
    ra, rb = a.tolist(), b.tolist()
    na = [math.sqrt(sum(v * v for v in r)) for r in ra]
    nb = [math.sqrt(sum(v * v for v in r)) for r in rb]
    return np.array([[sum(x * y for x, y in zip(r, s)) / (n * m) for s, m in zip(rb, nb)]
                     for r, n in zip(ra, na)])


def check(out, ref):
    # compare a checksum of the matrix, not the matrix
    return out.shape == ref.shape and bool(np.isclose(out.sum(), ref.sum(), rtol=1e-6, atol=1e-6))
