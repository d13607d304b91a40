#!/bin/bash
set -euo pipefail
python3 - <<'PY'
import re
from pathlib import Path

accounts = {}
for line in Path("/app/accounts.txt").read_text().splitlines():
    if line.strip() and not line.startswith("#"):
        unit, account, net = line.split()
        accounts[unit] = (account, net == "yes")


def edit(text, unit):
    account, net = accounts[unit]
    sections, order = {}, []
    current = None
    for line in text.splitlines():
        m = re.match(r"^\[(\w+)\]$", line)
        if m:
            current = m.group(1)
            order.append(current)
            sections[current] = []
        elif current is None:
            order.append(None)
            sections.setdefault(None, []).append(line)
        else:
            sections[current].append(line)
    for name in ("Unit", "Service", "Install"):
        if name not in sections:
            sections[name] = []
            order.append(name)

    def setting(sec, key, value, merge=False):
        lines = sections[sec]
        for i, line in enumerate(lines):
            if line.startswith(key + "="):
                if merge:
                    items = line.split("=", 1)[1].split()
                    if value not in items:
                        items.append(value)
                    lines[i] = f"{key}={' '.join(items)}"
                else:
                    lines[i] = f"{key}={value}"
                return
        # insert before the trailing blank lines of the section
        end = len(lines)
        while end > 0 and lines[end - 1] == "":
            end -= 1
        lines.insert(end, f"{key}={value}")

    svc = sections["Service"]
    oneshot = any(l == "Type=oneshot" for l in svc)
    workdir = next((l.split("=", 1)[1] for l in svc if l.startswith("WorkingDirectory=")), "/")
    setting("Service", "User", account)
    for i, line in enumerate(svc):
        if line.startswith("ExecStart=") and not line.startswith("ExecStart=/"):
            cmd = line.split("=", 1)[1]
            first, _, rest = cmd.partition(" ")
            first = first[2:] if first.startswith("./") else first
            svc[i] = "ExecStart=" + workdir.rstrip("/") + "/" + first + (" " + rest if rest else "")
    if not oneshot:
        setting("Service", "Restart", "on-failure")
    if net:
        setting("Unit", "After", "network-online.target", merge=True)
        setting("Unit", "Wants", "network-online.target", merge=True)
    setting("Install", "WantedBy", "multi-user.target")
    out = []
    for name in order:
        if name is None:
            continue
        if out and out[-1] != "":
            out.append("")
        out.append(f"[{name}]")
        out.extend(sections[name])
    return "\n".join(out).rstrip("\n") + "\n"


for unit in accounts:
    p = Path(f"/app/units/{unit}.service")
    p.write_text(edit(p.read_text(), unit))
PY
