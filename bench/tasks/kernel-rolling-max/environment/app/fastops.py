"""Alerting kernels."""

import numpy as np


def rolling_max(x, w):
    """Maximum of each window of w consecutive values along each row."""
    rows, n = x.shape
    out = np.empty((rows, n - w + 1))
    for i in range(rows):
        for j in range(n - w + 1):
            best = float(x[i, j])
            for t in range(1, w):
                v = float(x[i, j + t])
                if v > best:
                    best = v
            out[i, j] = best
    return out
