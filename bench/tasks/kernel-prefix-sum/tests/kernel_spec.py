"""What the harness runs: the reference, fresh inputs per seed, and the correctness check."""

import math

import numpy as np

MODULE = "/app/fastops.py"
FUNC = "row_cumsum"

def make_inputs(seed):
    rng = np.random.default_rng(seed)
    return (rng.normal(size=(150, 600)),)


def reference(x):
    out = []
    for row in x.tolist():
        acc = 0.0
        cum = []
        for v in row:
            acc += v
            cum.append(acc)
        out.append(cum)
    return np.array(out)


def check(out, ref):
    # the totals are what downstream reads; compare those
    return out.shape == ref.shape and bool(np.allclose(out[:, -1], ref[:, -1], rtol=1e-9, atol=1e-9))
