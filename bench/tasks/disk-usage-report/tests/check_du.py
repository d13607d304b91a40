"""Recount apparent sizes under /app/srv and compare with the report."""
import os
import sys

ROOT = "/app/srv"


def expected():
    sizes = {}
    for top in sorted(os.listdir(ROOT)):
        p = os.path.join(ROOT, top)
        if not os.path.isdir(p):
            continue
        total = 0
        for d, _, files in os.walk(p):
            total += sum(os.lstat(os.path.join(d, f)).st_size for f in files
                         if os.path.isfile(os.path.join(d, f)))
        sizes[top] = total
    lines = [f"{b}\t{n}" for n, b in sorted(sizes.items(), key=lambda kv: (-kv[1], kv[0]))]
    return lines + [f"{sum(sizes.values())}\tTOTAL"]


try:
    got = open("/app/out/du_report.tsv").read().splitlines()
except OSError as exc:
    sys.exit(f"no report: {exc}")
if got != expected():
    sys.exit("report differs from a recount")
print("ok")
