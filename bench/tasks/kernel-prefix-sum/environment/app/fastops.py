"""Scan kernels."""

import numpy as np


def row_cumsum(x):
    """Running total along each row."""
    out = np.empty_like(x, dtype=float)
    for i in range(x.shape[0]):
        acc = 0.0
        for j in range(x.shape[1]):
            acc += float(x[i, j])
            out[i, j] = acc
    return out
