#!/bin/bash
# Alternative: ufunc accumulate into a preallocated output.
set -euo pipefail
cat > /app/fastops.py <<'PY'
import numpy as np


def row_cumsum(x):
    x = np.asarray(x, dtype=float)
    out = np.empty_like(x)
    np.add.accumulate(x, axis=1, out=out)
    return out
PY
