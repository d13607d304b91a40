#!/bin/bash
# Alternative: accumulate shifted slices, one per filter tap.
set -euo pipefail
cat > /app/fastops.py <<'PY'
import numpy as np


def conv1d(x, w):
    x = np.asarray(x, dtype=float)
    k = len(w)
    m = x.shape[1] - k + 1
    out = np.zeros((x.shape[0], m))
    for t in range(k):
        out += w[t] * x[:, t:t + m]
    return out
PY
