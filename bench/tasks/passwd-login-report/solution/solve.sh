#!/bin/bash
set -euo pipefail
mkdir -p /app/out
python3 - <<'PY'
gid_name, member_of = {}, {}
for line in open("/app/etc/group"):
    name, _, gid, mem = line.rstrip("\n").split(":")
    gid_name[int(gid)] = name
    for m in filter(None, mem.split(",")):
        member_of.setdefault(m, set()).add(name)
shells = {l.strip() for l in open("/app/etc/shells") if l.strip() and not l.startswith("#")}
rows = []
for line in open("/app/etc/passwd"):
    user, _, uid, gid, _, home, shell = line.rstrip("\n").split(":")
    if int(uid) >= 1000 and int(uid) != 65534 and shell in shells:
        groups = sorted({gid_name[int(gid)]} | member_of.get(user, set()))
        rows.append((int(uid), f"{user},{uid},{home},{';'.join(groups)}"))
with open("/app/out/login_users.csv", "w") as out:
    out.write("user,uid,home,groups\n")
    out.writelines(line + "\n" for _, line in sorted(rows))
PY
