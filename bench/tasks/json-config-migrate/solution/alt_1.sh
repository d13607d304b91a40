#!/bin/bash
# Alternative: one jq program per file if jq is installed, Python otherwise.
set -euo pipefail
mkdir -p /app/config/v2
for f in /app/config/v1/*.json; do
  if command -v jq >/dev/null; then
    jq '{version: 2,
         service: {name: .name, tags: (.tags // [])},
         endpoint: ((if .tls then "https" else "http" end) + "://" + .host + ":" + (.port | tostring)),
         timeout_ms: (.timeout | capture("^(?<n>[0-9]+)(?<u>ms|s|m)$") | (.n | tonumber) * ({"ms": 1, "s": 1000, "m": 60000}[.u])),
         retry: {max_attempts: ((.retries // 3) + 1)}}' "$f" > "/app/config/v2/$(basename "$f")"
  else
    python3 -c '
import json, sys
c = json.load(open(sys.argv[1]))
t = c["timeout"]
ms = int(t[:-2]) if t.endswith("ms") else int(t[:-1]) * (1000 if t.endswith("s") else 60000)
print(json.dumps({"version": 2, "service": {"name": c["name"], "tags": c.get("tags", [])},
                  "endpoint": ("https" if c["tls"] else "http") + "://%s:%d" % (c["host"], c["port"]),
                  "timeout_ms": ms, "retry": {"max_attempts": c.get("retries", 3) + 1}}, indent=2))
' "$f" > "/app/config/v2/$(basename "$f")"
  fi
done
