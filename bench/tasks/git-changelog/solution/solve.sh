#!/bin/bash
set -euo pipefail
cd /app/shop
python3 - <<'PY'
import re
import subprocess

def git(*a):
    return subprocess.run(["git", *a], check=True, capture_output=True, text=True).stdout

tag = git("describe", "--tags", "--abbrev=0").strip()
groups = {"Breaking changes": [], "Features": [], "Fixes": []}
for line in git("log", "--reverse", "--format=%H %s", f"{tag}..HEAD").splitlines():
    sha, subject = line.split(" ", 1)
    m = re.match(r"^(\w+)(?:\(([^)]+)\))?(!)?: (.+)$", subject)
    if not m:
        continue
    kind, scope, bang, desc = m.groups()
    entry = f"- {scope + ': ' if scope else ''}{desc} ({sha[:7]})"
    key = "Breaking changes" if bang else {"feat": "Features", "fix": "Fixes"}.get(kind)
    if key:
        groups[key].append(entry)
section = ["## Unreleased", ""]
for title, entries in groups.items():
    if entries:
        section += [f"### {title}", *entries, ""]
text = open("CHANGELOG.md").read()
head, rest = text.split("\n\n", 1)
open("CHANGELOG.md", "w").write(head + "\n\n" + "\n".join(section) + "\n" + rest)
PY
git diff --stat
