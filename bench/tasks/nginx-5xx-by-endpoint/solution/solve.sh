#!/bin/bash
set -euo pipefail
mkdir -p /app/out
python3 - <<'PY'
import re
from collections import Counter
from pathlib import Path

LINE = re.compile(r'^\S+ \S+ \S+ \[[^\]]+\] "(\w+) (\S+) HTTP/[\d.]+" (\d{3}) \d+ "[^"]*" "[^"]*"$')
total, errors = Counter(), Counter()
for f in Path("/app/logs").glob("*/access.log*"):
    for line in f.read_text().splitlines():
        m = LINE.match(line)
        if not m:
            continue
        method, target, status = m.groups()
        path = "/".join("{id}" if s.isdigit() else s for s in target.split("?", 1)[0].split("/"))
        key = f"{method} {path}"
        total[key] += 1
        errors[key] += 500 <= int(status) <= 599
rows = sorted((k for k in total if errors[k]), key=lambda k: (-errors[k], k))
with open("/app/out/5xx_by_endpoint.csv", "w") as out:
    out.write("endpoint,requests,errors_5xx,error_rate\n")
    for k in rows:
        out.write(f"{k},{total[k]},{errors[k]},{errors[k] / total[k]:.4f}\n")
PY
