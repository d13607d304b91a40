#!/bin/bash
set -euo pipefail
cat > /app/fastops.py <<'PY'
"""Scan kernels."""

import numpy as np


def row_cumsum(x):
    """Running total along each row."""
    return np.cumsum(np.asarray(x, dtype=float), axis=1)
PY
