"""The tarball's file list must be the expected one and SHA256SUMS must match the tarball."""
import hashlib
import sys
import tarfile
from pathlib import Path

dist = Path("/app/dist")
tgz = dist / "inventory-sync-2.3.1.tar.gz"
if not tgz.is_file():
    sys.exit("no tarball")
with tarfile.open(tgz) as tf:
    files = sorted(m.name.rstrip("/") for m in tf.getmembers() if m.isfile())
want = Path("/tests/members.txt").read_text().split()
if files != want:
    sys.exit(f"members differ: {len(files)} vs {len(want)}")
sums = (dist / "SHA256SUMS").read_text().split()
if sums != [hashlib.sha256(tgz.read_bytes()).hexdigest(), tgz.name]:
    sys.exit("SHA256SUMS does not match")
print("ok")
