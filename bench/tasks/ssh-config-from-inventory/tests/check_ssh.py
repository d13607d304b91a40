"""The config must have a Host block for every bastion and active host, and no others."""
import csv
import sys

want = [r["name"] for r in csv.DictReader(open("/tests/data/bastions.csv"))]
want += [r["name"] for r in csv.DictReader(open("/tests/data/hosts.csv")) if r["status"] != "retired"]
try:
    lines = open("/app/out/ssh_config").read().splitlines()
except OSError as exc:
    sys.exit(f"no config: {exc}")
got = [l.split(None, 1)[1] for l in lines if l.startswith("Host ")]
if got != want:
    sys.exit(f"Host blocks differ: {len(got)} vs {len(want)}")
print("ok")
