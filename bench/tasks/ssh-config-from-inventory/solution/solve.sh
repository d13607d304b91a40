#!/bin/bash
set -euo pipefail
mkdir -p /app/out
python3 - <<'PY'
import csv

blocks = []
for b in csv.DictReader(open("/app/inventory/bastions.csv")):
    lines = [f"Host {b['name']}", f"    HostName {b['ip']}", f"    User {b['user']}"]
    if b["port"] != "22":
        lines.append(f"    Port {b['port']}")
    lines.append("    IdentityFile ~/.ssh/bastion.pem")
    blocks.append(lines)
for h in csv.DictReader(open("/app/inventory/hosts.csv")):
    if h["status"] == "retired":
        continue
    lines = [f"Host {h['name']}", f"    HostName {h['ip']}", f"    User {h['user']}"]
    if h["port"] != "22":
        lines.append(f"    Port {h['port']}")
    lines.append(f"    IdentityFile ~/.ssh/{h['env']}.pem")
    if h["bastion"]:
        lines.append(f"    ProxyJump {h['bastion']}")
    blocks.append(lines)
open("/app/out/ssh_config", "w").write("\n\n".join("\n".join(b) for b in blocks) + "\n")
PY
