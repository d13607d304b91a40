#!/bin/bash
# Alternative: a weighted histogram with one unit-wide bin per group.
set -euo pipefail
cat > /app/fastops.py <<'PY'
import numpy as np


def segment_sum(values, ids, n):
    sums, _ = np.histogram(np.asarray(ids), bins=n, range=(0, n),
                           weights=np.asarray(values, dtype=float))
    return sums.astype(float)
PY
