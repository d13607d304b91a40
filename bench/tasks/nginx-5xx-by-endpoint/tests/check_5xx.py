"""Recompute the 5xx table from pristine copies of the logs."""
import csv
import re
import sys
from collections import Counter
from pathlib import Path

LINE = re.compile(r'^\S+ \S+ \S+ \[[^\]]+\] "(\w+) (\S+) HTTP/[\d.]+" (\d{3}) \d+ "[^"]*" "[^"]*"$')


def expected():
    total, errors = Counter(), Counter()
    for f in sorted(Path("/tests/data").glob("*/access.log*")):
        for line in f.read_text().splitlines():
            m = LINE.match(line)
            if not m:
                continue
            method, target, status = m.groups()
            path = "/".join("{id}" if s.isdigit() else s for s in target.split("?", 1)[0].split("/"))
            key = f"{method} {path}"
            total[key] += 1
            errors[key] += 500 <= int(status) <= 599
    rows = [[k, str(total[k]), str(errors[k]), f"{errors[k] / total[k]:.4f}"] for k in total if errors[k]]
    rows.sort(key=lambda r: (-int(r[2]), r[0]))
    return [["endpoint", "requests", "errors_5xx", "error_rate"]] + rows


try:
    got = [r for r in csv.reader(open("/app/out/5xx_by_endpoint.csv", newline="")) if r]
except OSError as exc:
    sys.exit(f"no table: {exc}")
if got != expected():
    sys.exit("table differs from a recount")
print("ok")
