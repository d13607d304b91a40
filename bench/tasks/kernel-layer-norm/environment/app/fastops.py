"""Normalisation layers."""

import math

import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    """Normalise each row of x to mean 0, variance 1, then scale by gamma and shift by beta."""
    rows, n = x.shape
    out = np.empty((rows, n))
    for i in range(rows):
        mean = 0.0
        for j in range(n):
            mean += float(x[i, j])
        mean /= n
        var = 0.0
        for j in range(n):
            var += (float(x[i, j]) - mean) ** 2
        inv = 1.0 / math.sqrt(var / n + eps)
        for j in range(n):
            out[i, j] = (float(x[i, j]) - mean) * inv * float(gamma[j]) + float(beta[j])
    return out
