#!/bin/bash
set -euo pipefail
cat > /app/fastops.py <<'PY'
"""Normalisation layers."""

import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    """Normalise each row of x to mean 0, variance 1, then scale by gamma and shift by beta."""
    x = np.asarray(x, dtype=float)
    mean = x.mean(axis=1, keepdims=True)
    var = x.var(axis=1, keepdims=True)
    return (x - mean) / np.sqrt(var + eps) * gamma + beta
PY
