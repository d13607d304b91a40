#!/bin/bash
# Alternative: argpartition for the indices of the top k, gather, then order the k columns.
set -euo pipefail
cat > /app/fastops.py <<'PY'
import numpy as np


def topk_rows(x, k):
    x = np.asarray(x, dtype=float)
    idx = np.argpartition(x, -k, axis=1)[:, -k:]
    top = np.take_along_axis(x, idx, axis=1)
    top.sort(axis=1)
    return top[:, ::-1].copy()
PY
