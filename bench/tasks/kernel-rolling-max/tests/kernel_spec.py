"""What the harness runs: the reference, fresh inputs per seed, and the correctness check."""

import math

import numpy as np

MODULE = "/app/fastops.py"
FUNC = "rolling_max"

def make_inputs(seed):
    rng = np.random.default_rng(seed)
    return rng.normal(size=(30, 800)).cumsum(axis=1), 20


def reference(x, w):
    out = []
    for row in x.tolist():
        out.append([max(row[j:j + w]) for j in range(len(row) - w + 1)])
    return np.array(out)


def check(out, ref):
    return out.shape == ref.shape and bool(np.array_equal(out, ref))
