"""Rebuild the Unreleased section from the repository's history and compare the whole file."""
import re
import subprocess
import sys

REPO = "/app/shop"
SUBJECT = re.compile(r"^(\w+)(?:\(([^)]+)\))?(!)?: (.+)$")


def git(*args):
    return subprocess.run(["git", "-C", REPO, *args], check=True, capture_output=True, text=True).stdout


def expected():
    tag = git("describe", "--tags", "--abbrev=0").strip()
    groups = {"Breaking changes": [], "Features": [], "Fixes": []}
    for line in git("log", "--reverse", "--format=%H %s", f"{tag}..HEAD").splitlines():
        sha, subject = line.split(" ", 1)
        m = SUBJECT.match(subject)
        if not m:
            continue
        kind, scope, bang, desc = m.groups()
        entry = f"- {scope + ': ' if scope else ''}{desc} ({sha[:7]})"
        if bang:
            groups["Breaking changes"].append(entry)
        elif kind == "feat":
            groups["Features"].append(entry)
        elif kind == "fix":
            groups["Fixes"].append(entry)
    parts = ["## Unreleased", ""]
    for title, entries in groups.items():
        if entries:
            parts += [f"### {title}", *entries, ""]
    old = git("show", "HEAD:CHANGELOG.md")
    head, rest = old.split("\n\n", 1)
    return head + "\n\n" + "\n".join(parts) + "\n" + rest


try:
    got = open(f"{REPO}/CHANGELOG.md").read()
except OSError as exc:
    sys.exit(f"no changelog: {exc}")
if got != expected():
    sys.exit("CHANGELOG.md differs from the expected section")
print("ok")
