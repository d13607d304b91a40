#!/bin/bash
set -euo pipefail
cat > /app/fastops.py <<'PY'
"""Similarity kernels for the recommender."""

import numpy as np


def cosine_sim(a, b):
    """Cosine similarity of every row of a with every row of b."""
    a = np.asarray(a, dtype=float)
    b = np.asarray(b, dtype=float)
    an = a / np.linalg.norm(a, axis=1, keepdims=True)
    bn = b / np.linalg.norm(b, axis=1, keepdims=True)
    return an @ bn.T
PY
