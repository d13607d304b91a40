#!/bin/bash
set -euo pipefail
mkdir -p /app/out
python3 - <<'PY'
import ipaddress
from pathlib import Path

owner, order = {}, {}
for f in sorted(Path("/app/hosts.d").glob("*.hosts")):
    for raw in f.read_text().splitlines():
        fields = raw.split("#", 1)[0].split()
        if len(fields) >= 2:
            order.setdefault(fields[0], len(order))
            for name in fields[1:]:
                owner[name] = fields[0]
names = {}
for name, ip in owner.items():
    names.setdefault(ip, set()).add(name)
key = lambda ip: (ipaddress.ip_address(ip).version, int(ipaddress.ip_address(ip)) if ":" not in ip else order[ip])
with open("/app/out/hosts", "w") as out:
    for ip in sorted(names, key=key):
        out.write(ip + " " + " ".join(sorted(names[ip])) + "\n")
PY
