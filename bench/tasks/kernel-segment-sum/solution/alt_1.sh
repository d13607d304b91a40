#!/bin/bash
# Alternative: unbuffered scatter-add.
set -euo pipefail
cat > /app/fastops.py <<'PY'
import numpy as np


def segment_sum(values, ids, n):
    out = np.zeros(n)
    np.add.at(out, np.asarray(ids), np.asarray(values, dtype=float))
    return out
PY
