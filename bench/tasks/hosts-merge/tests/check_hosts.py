"""Merge pristine copies of the fragments and compare with the output."""
import ipaddress
import sys
from pathlib import Path

owner, first_seen = {}, {}
for f in sorted(Path("/tests/data").glob("*.hosts")):
    for raw in f.read_text().splitlines():
        fields = raw.split("#", 1)[0].split()
        if len(fields) < 2:
            continue
        ip = fields[0]
        first_seen.setdefault(ip, len(first_seen))
        for name in fields[1:]:
            owner[name] = ip
by_ip = {}
for name, ip in owner.items():
    by_ip.setdefault(ip, []).append(name)
v4 = sorted((ip for ip in by_ip if ipaddress.ip_address(ip).version == 4), key=ipaddress.ip_address)
v6 = sorted((ip for ip in by_ip if ipaddress.ip_address(ip).version == 6), key=first_seen.get)
want = [f"{ip} {' '.join(sorted(by_ip[ip]))}" for ip in v4 + v6]
try:
    got = Path("/app/out/hosts").read_text().splitlines()
except OSError as exc:
    sys.exit(f"no hosts file: {exc}")
if got != want:
    sys.exit("merged hosts file differs")
print("ok")
