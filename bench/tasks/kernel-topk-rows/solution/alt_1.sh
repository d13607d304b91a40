#!/bin/bash
# Alternative: full sort, then the last k columns reversed.
set -euo pipefail
cat > /app/fastops.py <<'PY'
import numpy as np


def topk_rows(x, k):
    return np.sort(np.asarray(x, dtype=float), axis=1)[:, ::-1][:, :k].copy()
PY
