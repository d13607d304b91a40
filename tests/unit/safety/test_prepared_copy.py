"""Trials of a case start from a copy of its prepared s0: the fast copy gives exactly what
``shutil.copytree(..., symlinks=True)`` gave, and anything unusual goes to shutil itself."""

from __future__ import annotations

import contextlib
import os
import shutil
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from vera.safety.conversation import PreparedState, _copy_prepared, make_trial_dirs


def manifest(root: Path) -> dict[str, tuple]:
    out: dict[str, tuple] = {".": (os.stat(root).st_mode, os.stat(root).st_mtime_ns)}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            p = os.path.join(dirpath, name)
            st = os.lstat(p)
            try:
                xattrs = sorted(
                    (k, os.getxattr(p, k, follow_symlinks=False))
                    for k in os.listxattr(p, follow_symlinks=False)
                )
            except OSError:
                xattrs = []
            if stat.S_ISLNK(st.st_mode):
                content: object = os.readlink(p)
            elif stat.S_ISREG(st.st_mode):
                content = Path(p).read_bytes()
            else:
                content = None
            out[os.path.relpath(p, root)] = (st.st_mode, st.st_mtime_ns, content, xattrs)
    return out


@pytest.fixture
def prepared(tmp_path: Path) -> Iterator[PreparedState]:
    root = tmp_path / "s0"
    ws, state = root / "workspace", root / "state"
    (ws / "repo" / ".git" / "objects" / "ab").mkdir(parents=True)
    state.mkdir()
    (state / "email.json").write_text('{"state": {}}')
    obj = ws / "repo" / ".git" / "objects" / "ab" / "cdef"
    obj.write_bytes(b"\x00\x01 blob")
    obj.chmod(0o444)
    (ws / "big.bin").write_bytes(os.urandom(3 << 20))
    (ws / "empty").write_bytes(b"")
    (ws / "run.sh").write_text("#!/bin/sh\n")
    (ws / "run.sh").chmod(0o755)
    (ws / "private").mkdir(mode=0o700)
    (ws / "private" / "key").write_text("k")
    (ws / "link").symlink_to("run.sh")
    (ws / "dangling").symlink_to("/nonexistent/x")
    (ws / "dirlink").symlink_to("private", target_is_directory=True)
    with contextlib.suppress(OSError):  # a file system without user xattrs: the rest counts
        os.setxattr(ws / "run.sh", "user.origin", b"s0")
    os.utime(ws / "link", ns=(1_000_000_000, 2_000_000_000), follow_symlinks=False)
    os.utime(ws / "private", ns=(3_000_000_000, 4_000_000_000))
    (ws / "ro").mkdir()
    (ws / "ro" / "f").write_text("r")
    (ws / "ro").chmod(0o555)
    yield PreparedState(root=root, s0={})
    for dirpath, _, _ in os.walk(tmp_path):  # let pytest remove what it made read-only
        os.chmod(dirpath, 0o755)


def test_copy_is_what_copytree_gives(tmp_path: Path, prepared: PreparedState):
    want = make_trial_dirs(tmp_path / "by_shutil")
    for src, dest in (("workspace", want.workspace), ("state", want.state)):
        shutil.copytree(prepared.root / src, dest, symlinks=True, dirs_exist_ok=True)
    got = make_trial_dirs(tmp_path / "fast")
    _copy_prepared(prepared, got)
    assert manifest(got.workspace) == manifest(want.workspace)
    assert manifest(got.state) == manifest(want.state)
    # the copy is a copy: writing it leaves s0 alone
    (got.workspace / "private" / "key").write_text("changed")
    assert (prepared.root / "workspace" / "private" / "key").read_text() == "k"


def test_special_files_go_to_shutil_with_its_error(tmp_path: Path, prepared: PreparedState):
    os.mkfifo(prepared.root / "workspace" / "pipe")
    dirs = make_trial_dirs(tmp_path / "t")
    with pytest.raises(shutil.Error, match="named pipe"):
        _copy_prepared(prepared, dirs)
    assert (dirs.workspace / "run.sh").is_file()  # shutil copied the rest, as it always did
