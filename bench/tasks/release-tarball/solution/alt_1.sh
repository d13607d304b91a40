#!/bin/bash
# Alternative: stage a copy with rsync-like filtering in Python's tarfile.
set -euo pipefail
mkdir -p /app/dist
python3 - <<'PY'
import hashlib
import tarfile
from pathlib import Path

root = Path("/app/project")
version = (root / "VERSION").read_text().strip()
name = f"inventory-sync-{version}"


def keep(p: Path) -> bool:
    rel = p.relative_to(root)
    return not (rel.parts[0] == "tests" or "__pycache__" in rel.parts
                or p.suffix == ".pyc" or p.name == ".DS_Store")


out = Path(f"/app/dist/{name}.tar.gz")
with tarfile.open(out, "w:gz") as tf:
    for p in sorted(root.rglob("*")):
        if p.is_file() and keep(p):
            tf.add(p, arcname=f"{name}/{p.relative_to(root)}")
digest = hashlib.sha256(out.read_bytes()).hexdigest()
Path("/app/dist/SHA256SUMS").write_text(f"{digest}  {out.name}\n")
PY
