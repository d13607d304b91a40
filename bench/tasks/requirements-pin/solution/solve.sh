#!/bin/bash
set -euo pipefail
python3 - <<'PY'
import re
from pathlib import Path


def norm(name):
    return re.sub(r"[-_.]+", "-", name).lower()


pins = {}
for line in Path("/app/constraints.txt").read_text().splitlines():
    if "==" in line and not line.startswith("#"):
        name, version = line.split("==")
        pins[norm(name)] = version


def expand(path, seen):
    for raw in path.read_text().splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.startswith("-r "):
            yield from expand((path.parent / line[3:].strip()).resolve(), seen)
            continue
        req, _, marker = line.partition(";")
        m = re.match(r"^([A-Za-z0-9._-]+)(\[[^\]]*\])?", req.strip())
        name, extras = m.group(1), m.group(2) or ""
        if norm(name) not in seen:
            seen.add(norm(name))
            yield name, extras, marker.strip()


for svc in sorted(Path("/app/services").iterdir()):
    if svc.name == "common":
        continue
    rows = sorted((norm(n), f"{n}{e}=={pins[norm(n)]}" + (f" ; {m}" if m else ""))
                  for n, e, m in expand(svc / "requirements.in", set()))
    (svc / "requirements.txt").write_text("".join(line + "\n" for _, line in rows))
PY
