"""Feature extraction kernels."""

import numpy as np


def conv1d(x, w):
    """Valid cross-correlation of each row of x with the filter w."""
    rows, n = x.shape
    k = len(w)
    out = np.zeros((rows, n - k + 1))
    for i in range(rows):
        for j in range(n - k + 1):
            acc = 0.0
            for t in range(k):
                acc += float(x[i, j + t]) * float(w[t])
            out[i, j] = acc
    return out
