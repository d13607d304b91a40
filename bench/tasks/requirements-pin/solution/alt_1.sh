#!/bin/bash
# Alternative: use the packaging library's parser (pip vendors it; fall back to the standalone one).
set -euo pipefail
python3 - <<'PY'
import re
from pathlib import Path

try:
    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name
except ImportError:
    from pip._vendor.packaging.requirements import Requirement
    from pip._vendor.packaging.utils import canonicalize_name

pins = {}
for line in Path("/app/constraints.txt").read_text().splitlines():
    if line and not line.startswith("#"):
        r = Requirement(line)
        pins[canonicalize_name(r.name)] = str(r.specifier).lstrip("=")


def lines(path):
    for raw in path.read_text().splitlines():
        line = raw.split("#", 1)[0].strip()
        if line.startswith("-r "):
            yield from lines(path.parent / line[3:].strip())
        elif line:
            yield line


for svc in sorted(p for p in Path("/app/services").iterdir() if p.name != "common"):
    seen = {}
    for line in lines(svc / "requirements.in"):
        spec, _, marker = line.partition(";")
        r = Requirement(spec.strip())
        key = canonicalize_name(r.name)
        if key in seen:
            continue
        written = re.match(r"^[A-Za-z0-9._-]+(\[[^\]]*\])?", spec.strip()).group(0)
        seen[key] = f"{written}=={pins[key]}" + (f" ; {marker.strip()}" if marker.strip() else "")
    (svc / "requirements.txt").write_text("".join(seen[k] + "\n" for k in sorted(seen)))
PY
