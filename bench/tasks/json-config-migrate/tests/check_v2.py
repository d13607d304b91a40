"""Every v2 file must match the project's golden files."""
import json
import sys
from pathlib import Path

GOLDEN = Path("/app/tests/golden")
V2 = Path("/app/config/v2")
bad = []
for g in sorted(GOLDEN.glob("*.json")):
    out = V2 / g.name
    if not out.is_file() or out.read_text() != g.read_text():
        bad.append(g.name)
names = {p.name for p in Path("/tests/data/v1").glob("*.json")}
missing = names - {p.name for p in V2.glob("*.json")} if V2.is_dir() else names
for name in sorted(missing):
    bad.append(f"{name} (missing)")
for p in sorted(V2.glob("*.json")) if V2.is_dir() else []:
    try:
        if json.loads(p.read_text()).get("version") != 2:
            bad.append(f"{p.name} (version)")
    except ValueError:
        bad.append(f"{p.name} (not JSON)")
if bad:
    sys.exit("wrong: " + ", ".join(bad))
print("ok")
