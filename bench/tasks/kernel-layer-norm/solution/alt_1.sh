#!/bin/bash
# Alternative: one centred buffer, variance from it, in-place scaling.
set -euo pipefail
cat > /app/fastops.py <<'PY'
import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    c = np.array(x, dtype=float, copy=True)
    c -= c.mean(axis=1)[:, None]
    scale = 1.0 / np.sqrt((c * c).mean(axis=1) + eps)
    c *= scale[:, None]
    c *= gamma
    c += beta
    return c
PY
