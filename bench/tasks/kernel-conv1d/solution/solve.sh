#!/bin/bash
set -euo pipefail
cat > /app/fastops.py <<'PY'
"""Feature extraction kernels."""

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view


def conv1d(x, w):
    """Valid cross-correlation of each row of x with the filter w."""
    x = np.asarray(x, dtype=float)
    return sliding_window_view(x, len(w), axis=1) @ np.asarray(w, dtype=float)
PY
