"""Recompute the login report from pristine copies of the account files and compare."""
import csv
import sys

D = "/tests/data"


def expected():
    shells = {l.strip() for l in open(f"{D}/shells") if l.strip() and not l.startswith("#")}
    gid_name, member_of = {}, {}
    for line in open(f"{D}/group"):
        name, _, gid, mem = line.rstrip("\n").split(":")
        gid_name[int(gid)] = name
        for m in filter(None, mem.split(",")):
            member_of.setdefault(m, set()).add(name)
    rows = []
    for line in open(f"{D}/passwd"):
        user, _, uid, gid, _, home, shell = line.rstrip("\n").split(":")
        uid, gid = int(uid), int(gid)
        if uid < 1000 or uid == 65534 or shell not in shells:
            continue
        groups = {gid_name[gid]} | member_of.get(user, set())
        rows.append([user, str(uid), home, ";".join(sorted(groups))])
    return [["user", "uid", "home", "groups"]] + sorted(rows, key=lambda r: int(r[1]))


try:
    got = list(csv.reader(open("/app/out/login_users.csv", newline="")))
except OSError as exc:
    sys.exit(f"no report: {exc}")
got = [r for r in got if r]
want = expected()
if got != want:
    sys.exit(f"report differs: {len(got)} rows vs {len(want)} expected")
print("ok")
