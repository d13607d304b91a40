#!/bin/bash
# Alternative: concatenate the three files per service with grep/sed, then expand references
# by repeated substitution until nothing changes.
set -euo pipefail
mkdir -p /app/out
for dir in /app/services/*/; do
  svc=$(basename "$dir")
  cat /app/config/common.env "$dir.env.defaults" "$dir.env" |
    grep -Ev '^[[:space:]]*(#|$)' | sed -E 's/^[[:space:]]*export //' |
    python3 -c '
import re, sys
env = {}
for line in sys.stdin:
    k, v = line.rstrip("\n").split("=", 1)
    if len(v) >= 2 and v[0] == v[-1] and v[0] in "\x27\"":
        v = v[1:-1]
    env[k] = v
changed = True
while changed:
    changed = False
    for k, v in env.items():
        nv = re.sub(r"\$\{(\w+)\}", lambda m: env.get(m.group(1), ""), v)
        if nv != v:
            env[k], changed = nv, True
sys.stdout.write("".join(f"{k}={env[k]}\n" for k in sorted(env)))
' > "/app/out/$svc.env"
done
