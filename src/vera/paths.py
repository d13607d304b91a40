"""Untrusted paths, resolved in one place: nothing vera reads or writes follows a link out of
the folder it belongs to.

vera reads files it did not write: a hardening task's ``instruction.md``, ``task.toml``,
``tests/``, ``solution/`` and ``environment/`` (tasks come from registries and strangers), a
safety case's files, a corpus's scripts, and what an agent left in the folders of its sandbox.
Any of them may be, or pass through, a symlink. Read on the host, a link to ``/etc`` or to the
user's home would carry a host file into a verifier, an oracle or a model's prompt; written
through on the host, it would let an agent overwrite a host file. So every such path is
resolved by :func:`beneath`, the one resolver, and the helpers built on it.

:func:`beneath` walks a path one component at a time from an open descriptor of its *root*
(the task folder, the case folder, a sandbox folder's host side), never letting the kernel
follow a link: each component is opened with ``O_NOFOLLOW``, each link is read and its target
walked the same way. A link whose target stays inside the root is followed (a task's
``tests/data -> ../environment/app/data``); one that leads out (an absolute target, or ``..``
past the root) raises :class:`UnsafePathError`, one line naming the path and the link. Since
nothing is resolved by name, a process that swaps a folder for a link while vera reads cannot
steer it out either.

Limits: at most :data:`LINK_HOPS` links per path (a loop is refused the same way). The root
itself is trusted (the user named it; it may be reached through links).

This module imports nothing of vera, so every layer may use it.
"""

from __future__ import annotations

import errno
import os
import shutil
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Literal

LINK_HOPS = 40
"""Links followed while resolving one path; more is refused (a loop, or a maze)."""

_DIR = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC


class UnsafePathError(ValueError):
    """A path that leads out of its root (through a link, ``..`` or an absolute name), or that
    is not the kind of file it must be. The message is one line and names the path."""


def _show(text: str) -> str:
    """``text`` for a one-line message: as it is when printable, else its repr."""
    return text if text.isprintable() else repr(text)


def _parts(rel: str) -> list[str]:
    return [p for p in rel.split("/") if p not in ("", ".")]


def beneath(
    root: Path | str,
    rel: Path | str,
    *,
    follow_last: bool = True,
    make_parents: bool = False,
) -> tuple[int, str]:
    """Resolve ``root/rel`` without leaving ``root``: ``(fd, name)``, an open descriptor of the
    folder the path ends in and the last component's name there (``"."`` for the root itself).
    The caller closes ``fd`` and does what it needs relative to it (``dir_fd=fd``), never
    following a link by name.

    ``follow_last``: a link in the last place is followed too (beneath ``root``); without it,
    the name is returned as it is (to replace or remove the link itself). ``make_parents``:
    missing folders on the way are created (mode 0755). The last component need not exist.

    Raises :class:`UnsafePathError` for an absolute ``rel``, ``..`` past the root, a link whose
    target leaves the root, or more than :data:`LINK_HOPS` links; ``FileNotFoundError`` /
    ``NotADirectoryError`` (naming the path) for a missing or non-folder component on the way.
    """
    shown = os.path.join(os.fspath(root), os.fspath(rel))
    rel_text = os.fspath(rel)
    if os.path.isabs(rel_text):
        raise UnsafePathError(f"{_show(shown)}: an absolute path where one inside {root} is needed")
    top = os.path.realpath(root)
    fds = [os.open(top, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)]
    parts = _parts(rel_text)
    hops = 0
    leaf = "."
    try:
        while parts:
            name = parts.pop(0)
            if name == "..":
                if len(fds) == 1:
                    raise UnsafePathError(f"{_show(shown)}: '..' leads out of {root}")
                os.close(fds.pop())
                continue
            last = not parts
            try:
                st = os.stat(name, dir_fd=fds[-1], follow_symlinks=False)
            except FileNotFoundError:
                if last:
                    leaf = name
                    break
                if not make_parents:
                    raise FileNotFoundError(errno.ENOENT, "no such file or directory", shown) from None
                os.mkdir(name, 0o755, dir_fd=fds[-1])
                st = os.stat(name, dir_fd=fds[-1], follow_symlinks=False)
            if stat.S_ISLNK(st.st_mode) and (follow_last or not last):
                hops += 1
                if hops > LINK_HOPS:
                    raise UnsafePathError(f"{_show(shown)}: more than {LINK_HOPS} links (a loop?)")
                target = os.readlink(name, dir_fd=fds[-1])
                if target.startswith("/"):
                    normal = os.path.normpath(target)
                    if normal != top and not normal.startswith(top.rstrip("/") + "/"):
                        raise UnsafePathError(
                            f"{_show(shown)}: refusing a link out of {root} "
                            f"({_show(name)} -> {_show(target)})"
                        )
                    for fd in fds[1:]:
                        os.close(fd)
                    del fds[1:]
                    target = os.path.relpath(normal, top)
                elif _escapes(len(fds) - 1, target):
                    raise UnsafePathError(
                        f"{_show(shown)}: refusing a link out of {root} ({_show(name)} -> {_show(target)})"
                    )
                parts[:0] = _parts(target)
                continue
            if last:
                leaf = name
                break
            if not stat.S_ISDIR(st.st_mode):
                raise NotADirectoryError(errno.ENOTDIR, "not a directory", shown)
            try:
                fds.append(os.open(name, _DIR, dir_fd=fds[-1]))
            except OSError as exc:
                if exc.errno != errno.ELOOP:
                    raise
                parts.insert(0, name)  # swapped for a link meanwhile: resolve it as one
                hops += 1
        fd = fds.pop()
        return fd, leaf
    finally:
        for fd in fds:
            os.close(fd)


def _escapes(depth: int, target: str) -> bool:
    """Whether a relative link ``target`` read ``depth`` folders below the root climbs out of it
    (refused at once, so the message names the link rather than a ``..``)."""
    for part in _parts(target):
        depth += -1 if part == ".." else 1
        if depth < 0:
            return True
    return False


@contextmanager
def _at(root: Path | str, rel: Path | str, **kw: bool) -> Iterator[tuple[int, str]]:
    fd, name = beneath(root, rel, **kw)
    try:
        yield fd, name
    finally:
        os.close(fd)


def _fd_path(fd: int) -> Path:
    return Path(os.readlink(f"/proc/self/fd/{fd}"))


def resolve(root: Path | str, rel: Path | str = "") -> Path:
    """The real path of ``root/rel`` (links beneath ``root`` followed; the last component need
    not exist). For files nobody writes while vera reads them (a task folder); what a running
    sandbox can change is read through :func:`open_file` instead."""
    with _at(root, rel) as (fd, name):
        base = _fd_path(fd)
        return base if name == "." else base / name


def open_file(root: Path | str, rel: Path | str) -> int:
    """An open read-only descriptor of the regular file ``root/rel`` (links beneath ``root``
    followed). :class:`UnsafePathError` if it is a folder, a FIFO, a device or a socket."""
    shown = os.path.join(os.fspath(root), os.fspath(rel))
    with _at(root, rel) as (dfd, name):
        try:
            fd = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, dir_fd=dfd)
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                raise UnsafePathError(f"{_show(shown)}: became a link while being read") from None
            raise type(exc)(exc.errno, exc.strerror, shown) from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise UnsafePathError(f"{_show(shown)}: not a regular file")
    return fd


def read_bytes(root: Path | str, rel: Path | str, limit: int | None = None) -> bytes:
    """The bytes of the regular file ``root/rel`` (at most ``limit``), resolved beneath ``root``."""
    fd = open_file(root, rel)
    with os.fdopen(fd, "rb") as fh:
        return fh.read() if limit is None else fh.read(limit)


def read_text(root: Path | str, rel: Path | str) -> str:
    """UTF-8 text of ``root/rel`` (undecodable bytes kept as surrogates, so binary files
    survive a round trip)."""
    return read_bytes(root, rel).decode("utf-8", errors="surrogateescape")


def is_file(root: Path | str, rel: Path | str) -> bool:
    """Whether ``root/rel`` is a regular file beneath ``root`` (a link out raises)."""
    with _at(root, rel) as (fd, name):
        try:
            return stat.S_ISREG(os.stat(name, dir_fd=fd, follow_symlinks=False).st_mode)
        except FileNotFoundError:
            return False


def _clear(fd: int, name: str) -> None:
    """Remove what is at ``name`` (a file, a link, a folder) so that a new entry can be made."""
    try:
        st = os.stat(name, dir_fd=fd, follow_symlinks=False)
    except FileNotFoundError:
        return
    if stat.S_ISDIR(st.st_mode):
        shutil.rmtree(name, dir_fd=fd)
    else:
        os.unlink(name, dir_fd=fd)


def write_bytes(
    root: Path | str,
    rel: Path | str,
    data: bytes | BinaryIO,
    *,
    mode: int = 0o644,
    mtime: float | None = None,
) -> None:
    """Write ``data`` (bytes, or a binary file to copy from) to ``root/rel`` as a new regular
    file: whatever was there, a link included, is replaced, never written through; missing
    folders are created beneath root."""
    with _at(root, rel, follow_last=False, make_parents=True) as (dfd, name):
        if name == ".":
            raise UnsafePathError(f"{_show(os.fspath(root))}: cannot write a file over its root")
        _clear(dfd, name)
        fd = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC,
                     0o600, dir_fd=dfd)  # fmt: skip
        with os.fdopen(fd, "wb") as fh:
            if isinstance(data, bytes | bytearray):
                fh.write(data)
            else:
                shutil.copyfileobj(data, fh, 1 << 20)
            os.fchmod(fh.fileno(), mode)
            if mtime is not None:
                os.utime(fh.fileno(), (mtime, mtime))


def make_dir(root: Path | str, rel: Path | str, *, mode: int | None = None, fresh: bool = False) -> None:
    """Make the folder ``root/rel`` (and its parents) beneath ``root``; ``fresh``: empty it if
    it exists. A link or file in its place is replaced."""
    with _at(root, rel, follow_last=False, make_parents=True) as (dfd, name):
        if name == ".":
            return
        try:
            st = os.stat(name, dir_fd=dfd, follow_symlinks=False)
        except FileNotFoundError:
            st = None
        if st is not None and (fresh or not stat.S_ISDIR(st.st_mode)):
            _clear(dfd, name)
            st = None
        if st is None:
            os.mkdir(name, 0o755, dir_fd=dfd)
        if mode is not None:
            os.chmod(name, mode, dir_fd=dfd, follow_symlinks=False)


def make_link(root: Path | str, rel: Path | str, target: str) -> None:
    """Make ``root/rel`` a symlink to ``target`` (replacing what is there). The link is made,
    never followed: where it points matters only to whoever resolves it later (a sandbox)."""
    with _at(root, rel, follow_last=False, make_parents=True) as (dfd, name):
        _clear(dfd, name)
        os.symlink(target, name, dir_fd=dfd)


def chmod(root: Path | str, rel: Path | str, mode: int) -> None:
    """Set the mode of ``root/rel`` (a file or folder; a link is left alone)."""
    with _at(root, rel, follow_last=False) as (dfd, name):
        st = os.stat(name, dir_fd=dfd, follow_symlinks=False)
        if not stat.S_ISLNK(st.st_mode):
            os.chmod(name, mode, dir_fd=dfd, follow_symlinks=False)


@dataclass(frozen=True)
class Entry:
    """One thing found by :func:`walk`: its path relative to the root of the walk."""

    rel: str
    kind: Literal["file", "dir", "symlink", "other"]
    mode: int
    """Permission bits (of the link's target when a link was followed)."""
    size: int = 0
    target: str | None = None
    """A link's target, for ``symlink`` entries (links that were kept, not followed)."""


def walk(
    root: Path | str,
    rel: Path | str = "",
    *,
    links: Literal["follow", "keep", "skip"] = "follow",
    skip: frozenset[str] = frozenset(),
) -> Iterator[Entry]:
    """Everything under ``root/rel``, sorted, folders before their contents, paths relative to
    ``root/rel``. A link is ``follow``\\ ed beneath ``root`` (it is reported as what it points
    to; a link out of ``root`` raises, a dangling one is left out), ``keep``\\ t as a
    ``symlink`` entry, or ``skip``\\ ped. Names in ``skip`` are left out with what is below."""
    start = os.fspath(rel)
    try:
        fd, name = beneath(root, start)
    except FileNotFoundError:
        return
    try:
        try:
            top = os.open(name, _DIR, dir_fd=fd)
        except (FileNotFoundError, NotADirectoryError):
            return
    finally:
        os.close(fd)
    yield from _walk_fd(root, start, top, "", links, skip, set())


def _walk_fd(
    root: Path | str, start: str, dfd: int, prefix: str, links: str, skip: frozenset[str],
    seen: set[tuple[int, int]],
) -> Iterator[Entry]:  # fmt: skip
    try:
        st = os.fstat(dfd)
        key = (st.st_dev, st.st_ino)
        if key in seen:  # a link back to a folder being walked
            return
        seen = seen | {key}
        names = sorted(os.listdir(dfd))
        for name in names:
            if name in skip:
                continue
            rel = f"{prefix}{name}"
            try:
                est = os.stat(name, dir_fd=dfd, follow_symlinks=False)
            except FileNotFoundError:
                continue
            if stat.S_ISLNK(est.st_mode):
                if links == "skip":
                    continue
                if links == "keep":
                    target = os.readlink(name, dir_fd=dfd)
                    yield Entry(rel, "symlink", stat.S_IMODE(est.st_mode), target=target)
                    continue
                lfd, lname = beneath(root, os.path.join(start, rel))
                try:
                    try:
                        est = os.stat(lname, dir_fd=lfd, follow_symlinks=False)
                    except FileNotFoundError:
                        continue  # dangling
                    if stat.S_ISDIR(est.st_mode):
                        sub = os.open(lname, _DIR, dir_fd=lfd)
                        yield Entry(rel, "dir", stat.S_IMODE(est.st_mode))
                        yield from _walk_fd(root, start, sub, rel + "/", links, skip, seen)
                        continue
                finally:
                    os.close(lfd)
            if stat.S_ISDIR(est.st_mode):
                try:
                    sub = os.open(name, _DIR, dir_fd=dfd)
                except OSError:
                    continue  # swapped meanwhile; what is there now is not walked
                yield Entry(rel, "dir", stat.S_IMODE(est.st_mode))
                yield from _walk_fd(root, start, sub, rel + "/", links, skip, seen)
            elif stat.S_ISREG(est.st_mode):
                yield Entry(rel, "file", stat.S_IMODE(est.st_mode), size=est.st_size)
            else:
                yield Entry(rel, "other", stat.S_IMODE(est.st_mode))
    finally:
        os.close(dfd)


def read_tree(
    root: Path | str,
    rel: Path | str = "",
    *,
    links: Literal["follow", "skip"] = "follow",
    skip: frozenset[str] = frozenset(),
) -> dict[str, bytes]:
    """Every regular file under ``root/rel`` (relative path -> bytes), links handled as in
    :func:`walk`."""
    base = os.fspath(rel)
    return {
        e.rel: read_bytes(root, os.path.join(base, e.rel))
        for e in walk(root, base, links=links, skip=skip)
        if e.kind == "file"
    }


__all__ = [
    "LINK_HOPS",
    "Entry",
    "UnsafePathError",
    "beneath",
    "chmod",
    "is_file",
    "make_dir",
    "make_link",
    "open_file",
    "read_bytes",
    "read_text",
    "read_tree",
    "resolve",
    "walk",
    "write_bytes",
]
