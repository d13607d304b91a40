#!/bin/bash
set -euo pipefail
mkdir -p /app/config/v2
python3 - <<'PY'
import json
import re
from pathlib import Path

MS = {"ms": 1, "s": 1000, "m": 60_000}
for src in sorted(Path("/app/config/v1").glob("*.json")):
    c = json.loads(src.read_text())
    num, unit = re.fullmatch(r"(\d+)(ms|s|m)", c["timeout"]).groups()
    v2 = {
        "version": 2,
        "service": {"name": c["name"], "tags": c.get("tags", [])},
        "endpoint": f"{'https' if c['tls'] else 'http'}://{c['host']}:{c['port']}",
        "timeout_ms": int(num) * MS[unit],
        "retry": {"max_attempts": c.get("retries", 3) + 1},
    }
    (Path("/app/config/v2") / src.name).write_text(json.dumps(v2, indent=2) + "\n")
PY
