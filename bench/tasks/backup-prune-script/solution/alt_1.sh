#!/bin/bash
# Alternative: the script in Python.
set -euo pipefail
mkdir -p /app/bin
cat > /app/bin/prune_backups.sh <<'SH'
#!/bin/bash
exec python3 - "$@" <<'PY'
import os, re, sys
root = sys.argv[1]
keep = int(sys.argv[2]) if len(sys.argv) > 2 else 5
pat = re.compile(r"^(.+)-(\d{8}T\d{4})\.sql\.gz$")
groups = {}
for name in os.listdir(root):
    m = pat.match(name)
    if m and os.path.isfile(os.path.join(root, name)):
        groups.setdefault(m.group(1), []).append((m.group(2), name))
doomed = sorted(n for items in groups.values() for _, n in sorted(items, reverse=True)[keep:])
for name in doomed:
    os.remove(os.path.join(root, name))
    print(name)
PY
SH
chmod +x /app/bin/prune_backups.sh
