#!/bin/bash
set -euo pipefail
mkdir -p /app/out
python3 - <<'PY'
import re
from pathlib import Path


def parse(path):
    out = {}
    for line in Path(path).read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("export "):
            line = line[len("export "):]
        key, value = line.split("=", 1)
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        out[key] = value
    return out


def expand(env, value):
    return re.sub(r"\$\{(\w+)\}", lambda m: expand(env, env.get(m.group(1), "")), value)


for svc in sorted(p.name for p in Path("/app/services").iterdir() if p.is_dir()):
    env = {}
    for f in ("/app/config/common.env", f"/app/services/{svc}/.env.defaults", f"/app/services/{svc}/.env"):
        env.update(parse(f))
    Path(f"/app/out/{svc}.env").write_text("".join(f"{k}={expand(env, env[k])}\n" for k in sorted(env)))
PY
