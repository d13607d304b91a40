"""What the harness runs: the reference, fresh inputs per seed, and the correctness check."""

import math

import numpy as np

MODULE = "/app/fastops.py"
FUNC = "conv1d"

def make_inputs(seed):
    rng = np.random.default_rng(seed)
    return rng.normal(size=(16, 600)), rng.normal(size=13)


def reference(x, w):
    taps = w.tolist()
    k = len(taps)
    out = []
    for row in x.tolist():
        out.append([sum(row[j + t] * taps[t] for t in range(k)) for j in range(len(row) - k + 1)])
    return np.array(out)


def check(out, ref):
    return out.shape == ref.shape and bool(np.allclose(out, ref, rtol=1e-7, atol=1e-9))
