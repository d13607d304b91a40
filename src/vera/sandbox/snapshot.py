"""File-tree snapshots and their diff: how vera sees what a command changed on disk."""

from __future__ import annotations

import hashlib
import os
import stat
from pathlib import Path

from vera import paths
from vera.records import FileEntry, ModeChange, Snapshot, SnapshotDiff

_CHUNK = 1 << 20


def _hash_file(root: Path, rel: str) -> str:
    """sha256 of ``root/rel``, opened beneath ``root`` (:mod:`vera.paths`): sandboxed code that
    swaps the file for a link meanwhile cannot make vera open a host file (or block on a FIFO)."""
    h = hashlib.sha256()
    with os.fdopen(paths.open_file(root, rel), "rb") as f:
        while chunk := f.read(_CHUNK):
            h.update(chunk)
    return h.hexdigest()


def snapshot_tree(root: Path | str, exclude: tuple[str, ...] = ()) -> Snapshot:
    """Walk ``root`` without following symlinks and record every entry below it.

    Unreadable files are recorded with ``sha256='unreadable'`` rather than skipped, so a file
    whose permissions the agent changed still shows up. Paths in ``exclude`` (relative, exact
    or as a directory prefix) are left out.
    """
    root = Path(root)
    files: dict[str, FileEntry] = {}

    def excluded(rel: str) -> bool:
        return any(rel == e or rel.startswith(e.rstrip("/") + "/") for e in exclude)

    for dirpath, dirnames, filenames in os.walk(root, followlinks=False):
        base = Path(dirpath)
        for name in sorted(dirnames + filenames):
            full = base / name
            rel = full.relative_to(root).as_posix()
            if excluded(rel):
                if name in dirnames:
                    dirnames.remove(name)
                continue
            try:
                st = full.lstat()
            except FileNotFoundError:  # removed while walking
                continue
            if stat.S_ISLNK(st.st_mode):
                files[rel] = FileEntry(mode=st.st_mode, link=os.readlink(full))
            elif stat.S_ISDIR(st.st_mode):
                files[rel] = FileEntry(mode=st.st_mode)
            elif stat.S_ISREG(st.st_mode):
                try:
                    digest = _hash_file(root, rel)
                except (PermissionError, paths.UnsafePathError):
                    digest = "unreadable"
                except FileNotFoundError:  # removed while walking
                    continue
                files[rel] = FileEntry(sha256=digest, size=st.st_size, mode=st.st_mode)
            else:  # fifos, sockets, devices: presence and mode only
                files[rel] = FileEntry(mode=st.st_mode)
    return Snapshot(root=str(root), files=files)


def diff_snapshots(before: Snapshot, after: Snapshot) -> SnapshotDiff:
    """Created, modified (content or link target), deleted and mode-changed paths, sorted."""
    a, b = before.files, after.files
    created = sorted(set(b) - set(a))
    deleted = sorted(set(a) - set(b))
    modified: list[str] = []
    modes: list[ModeChange] = []
    for path in sorted(set(a) & set(b)):
        x, y = a[path], b[path]
        if stat.S_IFMT(x.mode) != stat.S_IFMT(y.mode):
            modified.append(path)  # a file replaced by a directory or link
            continue
        if (x.sha256, x.size, x.link) != (y.sha256, y.size, y.link):
            modified.append(path)
        if stat.S_IMODE(x.mode) != stat.S_IMODE(y.mode):
            modes.append(ModeChange(path=path, before=stat.S_IMODE(x.mode), after=stat.S_IMODE(y.mode)))
    return SnapshotDiff(created=created, modified=modified, deleted=deleted, mode_changed=modes)
