"""Run the script on fresh random backup directories and check what survives."""
import os
import random
import re
import subprocess
import sys
import tempfile

PATTERN = re.compile(r"^(.+)-(\d{8}T\d{4})\.sql\.gz$")


def make_dir(rng, root):
    names = set()
    for db in rng.sample(["orders", "users", "audit-log", "crm", "geo-ip", "billing"], 4):
        for _ in range(rng.randint(1, 12)):
            names.add(f"{db}-20{rng.randint(20, 25)}{rng.randint(1, 12):02d}{rng.randint(1, 28):02d}"
                      f"T{rng.randint(0, 23):02d}{rng.randint(0, 59):02d}.sql.gz")
    names |= {"notes.txt", "orders-latest.sql.gz", "crm-20240101T0000.sql.gz.partial", "x.sql.gz"}
    for n in names:
        open(os.path.join(root, n), "w").close()
    # mtimes opposite to name order, to catch scripts that sort by mtime
    for i, n in enumerate(sorted(names)):
        os.utime(os.path.join(root, n), (1_700_000_000 - i * 3600,) * 2)
    os.mkdir(os.path.join(root, "old-2019"))
    return names


def expected(names, keep):
    by_db = {}
    for n in names:
        m = PATTERN.match(n)
        if m:
            by_db.setdefault(m.group(1), []).append((m.group(2), n))
    doomed = set()
    for items in by_db.values():
        doomed |= {n for _, n in sorted(items, reverse=True)[keep:]}
    return doomed


rng = random.Random(int.from_bytes(os.urandom(4), "little"))
for keep in (None, 3, 1):
    with tempfile.TemporaryDirectory() as tmp:
        root = os.path.join(tmp, "dumps dir")
        os.mkdir(root)
        names = make_dir(rng, root)
        args = ["bash", "/app/bin/prune_backups.sh", root] + ([str(keep)] if keep else [])
        r = subprocess.run(args, capture_output=True, text=True, timeout=30)
        doomed = expected(names, keep or 5)
        left = set(os.listdir(root)) - {"old-2019"}
        if r.returncode != 0:
            sys.exit(f"exit {r.returncode}: {r.stderr[-300:]}")
        if left != names - doomed:
            sys.exit(f"keep={keep}: wrong files left")
        if r.stdout.splitlines() != sorted(doomed):
            sys.exit(f"keep={keep}: wrong output")
print("ok")
