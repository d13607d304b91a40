"""One writer per run directory: an advisory lock every command that writes a run, an audit or
a loop folder holds while it writes.

Two ``vera run --resume DIR`` at once would run trials twice, delete each other's trials in
flight and leave spurious errors. So every writer takes :func:`writer_lock` on the folder first:
``DIR/.vera.lock``, held with ``flock`` (released by the kernel when the holder exits, however
it exits) and holding the holder's pid, host, command and start time. A second writer is refused
at once with :class:`DirectoryLockedError`, one line naming the holder. A lock file left by a
process that is gone (``kill -9``, a crash) is taken over, and the taker says so on stderr.

The lock is re-entrant within a process (a CLI command holds it and the runner it calls takes
it again) and is not inherited by worker processes (close-on-exec). It is advisory: readers
(``vera report``) do not take it. A clean release removes the file.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import json
import os
import socket
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

from vera.records import utcnow

LOCK_FILE = ".vera.lock"
"""The lock's file in the directory it guards; layout checks of run folders ignore it."""


class DirectoryLockedError(Exception):
    """Another live process is writing the directory; the message is one line naming it."""


_HELD: dict[str, list[int]] = {}
"""Real path of a locked directory -> [descriptor, depth], for this process."""
_GUARD = threading.Lock()


def _holder(text: str) -> dict[str, object]:
    try:
        data = json.loads(text)
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def _describe(h: dict[str, object]) -> str:
    pid, host = h.get("pid", "?"), h.get("host", "?")
    extra = ", ".join(str(x) for x in (h.get("command"), f"since {h['since']}" if h.get("since")
                                        else None) if x)  # fmt: skip
    return f"pid {pid} on {host}" + (f" ({extra})" if extra else "")


def _alive(pid: object) -> bool:
    if not isinstance(pid, int) or pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _read(fd: int) -> str:
    os.lseek(fd, 0, os.SEEK_SET)
    return os.read(fd, 4096).decode(errors="replace")


def _acquire(directory: Path, command: str) -> int:
    path = directory / LOCK_FILE
    while True:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC | os.O_NOFOLLOW, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            text = _read(fd) if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN) else ""
            os.close(fd)
            if exc.errno not in (errno.EWOULDBLOCK, errno.EAGAIN):
                raise
            raise DirectoryLockedError(
                f"{directory} is being written by another vera: {_describe(_holder(text))}; "
                "wait for it to finish or stop it (one writer per run directory)"
            ) from None
        # A holder that released meanwhile removed the file: lock the one at the path now.
        here = os.fstat(fd)
        try:
            there = os.stat(path, follow_symlinks=False)
        except FileNotFoundError:
            there = None
        if there is not None and (there.st_dev, there.st_ino) == (here.st_dev, here.st_ino):
            break
        os.close(fd)
    text = _read(fd)
    before = _holder(text) or ({"pid": "?", "host": "?", "command": "an unreadable lock file"}
                               if text.strip() else {})  # fmt: skip
    if before:
        same_host = before.get("host") == socket.gethostname()
        why = ("which is no longer running" if same_host and not _alive(before.get("pid"))
               else "which no longer holds it")  # fmt: skip
        print(f"vera: taking over the lock of {directory} left by {_describe(before)}, {why}",
              file=sys.stderr, flush=True)  # fmt: skip
    me = {"pid": os.getpid(), "host": socket.gethostname(), "command": command,
          "since": utcnow().isoformat(timespec="seconds")}  # fmt: skip
    os.ftruncate(fd, 0)
    os.lseek(fd, 0, os.SEEK_SET)
    os.write(fd, json.dumps(me).encode())
    return fd


def _command() -> str:
    argv = [os.path.basename(sys.argv[0]) if sys.argv else "python", *sys.argv[1:]]
    return " ".join(argv)[:200]


@contextlib.contextmanager
def writer_lock(directory: Path | str, *, command: str | None = None) -> Iterator[Path]:
    """Hold the writer's lock of ``directory`` (created if missing) for the ``with`` block.

    Raises :class:`DirectoryLockedError` when another live process holds it; ``OSError`` when
    the directory cannot hold a lock file (read-only, full). Re-entrant in one process."""
    directory = Path(directory)
    if directory.exists() and not directory.is_dir():
        raise NotADirectoryError(errno.ENOTDIR, "not a directory (a run directory is made there)",
                                 str(directory))  # fmt: skip
    directory.mkdir(parents=True, exist_ok=True)
    key = os.path.realpath(directory)
    with _GUARD:
        held = _HELD.get(key)
        if held is not None:
            held[1] += 1
        else:
            _HELD[key] = [_acquire(directory, command or _command()), 1]
    try:
        yield directory
    finally:
        with _GUARD:
            held = _HELD[key]
            held[1] -= 1
            if held[1] == 0:
                del _HELD[key]
                with contextlib.suppress(OSError):
                    os.unlink(directory / LOCK_FILE)  # while still holding it
                os.close(held[0])


def holds_lock(directory: Path | str) -> bool:
    """Whether this process holds ``directory``'s writer lock."""
    return os.path.realpath(directory) in _HELD


__all__ = ["LOCK_FILE", "DirectoryLockedError", "holds_lock", "writer_lock"]
