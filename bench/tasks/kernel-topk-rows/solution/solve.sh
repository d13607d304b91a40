#!/bin/bash
set -euo pipefail
cat > /app/fastops.py <<'PY'
"""Ranking kernels."""

import numpy as np


def topk_rows(x, k):
    """The k largest values of each row, largest first."""
    x = np.asarray(x, dtype=float)
    part = np.partition(x, x.shape[1] - k, axis=1)[:, -k:]
    return -np.sort(-part, axis=1)
PY
