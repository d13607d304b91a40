"""Similarity kernels for the recommender."""

import math

import numpy as np


def cosine_sim(a, b):
    """Cosine similarity of every row of a with every row of b."""
    out = np.zeros((a.shape[0], b.shape[0]))
    for i in range(a.shape[0]):
        for j in range(b.shape[0]):
            dot = na = nb = 0.0
            for k in range(a.shape[1]):
                dot += float(a[i, k]) * float(b[j, k])
                na += float(a[i, k]) ** 2
                nb += float(b[j, k]) ** 2
            out[i, j] = dot / (math.sqrt(na) * math.sqrt(nb))
    return out
