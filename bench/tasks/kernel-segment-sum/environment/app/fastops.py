"""Metric aggregation kernels."""

import numpy as np


def segment_sum(values, ids, n):
    """out[g] = sum of values[i] with ids[i] == g, for g in range(n)."""
    out = np.zeros(n)
    for i in range(len(values)):
        out[int(ids[i])] += float(values[i])
    return out
