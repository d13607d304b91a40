#!/bin/bash
# Alternative: du --apparent-size --bytes counts directories' own sizes too, so sum files in Python.
set -euo pipefail
mkdir -p /app/out
python3 - <<'PY'
from pathlib import Path
root = Path("/app/srv")
sizes = {d.name: sum(f.stat().st_size for f in d.rglob("*") if f.is_file() and not f.is_symlink())
         for d in root.iterdir() if d.is_dir()}
rows = sorted(sizes.items(), key=lambda kv: (-kv[1], kv[0]))
with open("/app/out/du_report.tsv", "w") as fh:
    for name, b in rows:
        fh.write(f"{b}\t{name}\n")
    fh.write(f"{sum(sizes.values())}\tTOTAL\n")
PY
