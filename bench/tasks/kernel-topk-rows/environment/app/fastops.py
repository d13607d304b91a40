"""Ranking kernels."""

import numpy as np


def topk_rows(x, k):
    """The k largest values of each row, largest first."""
    out = np.empty((x.shape[0], k))
    for i in range(x.shape[0]):
        best = []  # the k largest so far, largest first
        for j in range(x.shape[1]):
            v = float(x[i, j])
            if len(best) < k or v > best[-1]:
                pos = 0
                while pos < len(best) and best[pos] >= v:
                    pos += 1
                best.insert(pos, v)
                del best[k:]
        out[i] = best
    return out
