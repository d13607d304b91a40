"""Filesystem: the agent's workspace, the same files the sandboxed shell sees.

Every path is relative to the workspace or absolute under its mount point (``/workspace``);
anything that leaves it, through ``..`` or a symlink, is refused. The state is the file tree
itself; the snapshot lists every entry (``.git`` internals left to the repository service) with
its hash, size, permissions and, for small text files, the text, so a verifier can match on
content.
"""

from __future__ import annotations

import contextlib
import fnmatch
import gzip
import hashlib
import io
import os
import shutil
import stat
import tarfile
import zipfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, ClassVar, Literal

from pydantic import BaseModel

from vera import paths
from vera.env.service import Service, tool

TEXT_SNAPSHOT_LIMIT = 64 * 1024
"""Files up to this size that decode as UTF-8 carry their text in the snapshot."""
READ_LIMIT = 256 * 1024
"""Most characters ``read_file`` returns at once (use ``offset``/``limit`` for more)."""
SKIP_DIRS = {".git"}
ARCHIVE_LIMIT = 4 * 1024 * 1024
"""Archives up to this size have their text members listed in the snapshot (``members``)."""
MEMBERS_TEXT_LIMIT = 256 * 1024
"""Most characters of member text one archive contributes to the snapshot."""


class DirEntry(BaseModel):
    path: str
    type: Literal["file", "directory", "symlink", "other"]
    size: int


def _kind(st: os.stat_result) -> Literal["file", "directory", "symlink", "other"]:
    if stat.S_ISLNK(st.st_mode):
        return "symlink"
    if stat.S_ISDIR(st.st_mode):
        return "directory"
    return "file" if stat.S_ISREG(st.st_mode) else "other"


def read_text(path: Path) -> str:
    data = path.read_bytes()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError(f"{path.name} is a binary file ({len(data)} bytes), not text") from None


def archive_members(name: str, data: bytes) -> dict[str, str] | None:
    """``{member path: text}`` of the text members of a tar (any compression), zip or gzip
    file, or None when ``data`` is no such archive. An archive is a derived copy of what it
    holds: a key packed into a readable tarball is as exposed as the key itself."""
    low = name.casefold()
    out: dict[str, str] = {}
    budget = MEMBERS_TEXT_LIMIT

    def keep(member: str, raw: bytes) -> None:
        nonlocal budget
        if budget <= 0:
            return
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            return
        out[member] = text[:budget]
        budget -= len(text)

    try:
        if zipfile.is_zipfile(io.BytesIO(data)):
            with zipfile.ZipFile(io.BytesIO(data)) as z:
                for info in z.infolist():
                    if not info.is_dir() and info.file_size <= TEXT_SNAPSHOT_LIMIT:
                        keep(info.filename, z.read(info))
            return out
        with tarfile.open(fileobj=io.BytesIO(data), mode="r:*") as t:
            for m in t.getmembers():
                if m.isfile() and m.size <= TEXT_SNAPSHOT_LIMIT:
                    f = t.extractfile(m)
                    if f is not None:
                        keep(m.name, f.read())
            return out
    except (tarfile.TarError, zipfile.BadZipFile, OSError, EOFError, ValueError):
        pass
    if low.endswith(".gz"):
        try:
            keep(name.rsplit("/", 1)[-1][:-3], gzip.decompress(data)[:TEXT_SNAPSHOT_LIMIT])
        except (OSError, EOFError, ValueError):
            return None
        return out
    return None


def _live_hooks(base: Path, dirnames: list[str], skip: set[str]) -> list[str]:
    """The hook scripts of a skipped ``.git`` below ``base`` (``.git/hooks/pre-commit``, not the
    ``*.sample`` files git ships), as paths relative to ``base``: git runs them on later
    commands, so a hook written there is part of the workspace a verifier reads, while the rest
    of ``.git`` (objects, refs, index) is the repository service's."""
    if ".git" not in dirnames or ".git" not in skip:
        return []
    hooks = base / ".git" / "hooks"
    try:
        names = sorted(os.listdir(hooks)) if hooks.is_dir() and not hooks.is_symlink() else []
    except OSError:
        return []
    return [f".git/hooks/{n}" for n in names if not n.endswith(".sample")]


def tree_snapshot(root: Path, skip: set[str] = SKIP_DIRS) -> dict[str, dict[str, Any]]:
    """``{relative path: {type, size, mode, sha256, text}}`` for everything below ``root``;
    an archive (tar, zip, gzip) up to :data:`ARCHIVE_LIMIT` also lists its text ``members``."""
    files: dict[str, dict[str, Any]] = {}
    if not root.is_dir():
        return files
    for dirpath, dirnames, filenames in os.walk(root, followlinks=False):
        kept_hooks = _live_hooks(Path(dirpath), dirnames, skip)
        dirnames[:] = sorted(d for d in dirnames if d not in skip)
        base = Path(dirpath)
        for name in [*sorted(dirnames + filenames), *kept_hooks]:
            full = base / name
            try:
                st = full.lstat()
            except FileNotFoundError:
                continue
            entry: dict[str, Any] = {"type": _kind(st), "mode": f"{stat.S_IMODE(st.st_mode):04o}"}
            if entry["type"] == "symlink":
                entry["link"] = os.readlink(full)
            elif entry["type"] == "file":
                entry["size"] = st.st_size
                try:  # beneath the workspace: a file swapped for a link meanwhile is not followed
                    data = paths.read_bytes(root, full.relative_to(root).as_posix())
                except (PermissionError, paths.UnsafePathError):
                    entry["sha256"] = "unreadable"
                except FileNotFoundError:  # removed while walking
                    continue
                else:
                    entry["sha256"] = hashlib.sha256(data).hexdigest()
                    if st.st_size <= TEXT_SNAPSHOT_LIMIT:
                        with contextlib.suppress(UnicodeDecodeError):
                            entry["text"] = data.decode("utf-8")
                    if "text" not in entry and st.st_size <= ARCHIVE_LIMIT:
                        members = archive_members(name, data)
                        if members:
                            entry["members"] = members
            files[full.relative_to(root).as_posix()] = entry
    return files


class Filesystem(Service):
    name = "filesystem"
    authored_setup: ClassVar[dict[str, tuple[str, ...]]] = {
        "write_file": ("*",),
    }
    description = "Files in the agent's workspace: read, write, list, move, delete, search."

    def snapshot(self) -> dict[str, Any]:
        return {"files": tree_snapshot(self.ctx.workspace)}

    def set_mode(self, path: str, mode: str) -> dict[str, Any]:
        """Setup only (agents never see it): give a file or directory its permission bits, as
        an octal string (``"0600"``), so a world starts with owner-only keys and secrets."""
        p = self.ctx.resolve(path, must_exist=True, follow=False)
        bits = int(str(mode), 8)
        if not 0 <= bits <= 0o7777:
            raise ValueError(f"not a permission mode: {mode!r}")
        os.chmod(p, bits)
        return {"path": self.ctx.relative(p), "mode": f"{bits:04o}"}

    @tool(readonly=True)
    def list_directory(self, path: str = ".", recursive: bool = False) -> list[DirEntry]:
        """List the entries of a directory in the workspace.

        Args:
            path: Directory to list, relative to the workspace (default: the workspace root).
            recursive: Also list everything below sub-directories.
        """
        root = self.ctx.resolve(path, must_exist=True)
        if not root.is_dir():
            raise NotADirectoryError(f"not a directory: {path}")
        out: list[DirEntry] = []
        walker = sorted(root.rglob("*")) if recursive else sorted(root.iterdir())
        for p in walker:
            if any(part in SKIP_DIRS for part in p.relative_to(root).parts):
                continue
            st = p.lstat()
            kind = _kind(st)
            out.append(
                DirEntry(
                    path=self.ctx.relative(p), type=kind, size=st.st_size if kind == "file" else 0
                )
            )
        return out

    @tool(readonly=True, authored=("*",))
    def read_file(self, path: str, offset: int = 0, limit: int | None = None) -> str:
        """Read a text file from the workspace.

        Args:
            path: File to read, relative to the workspace.
            offset: First line to return (0-based).
            limit: Most lines to return (default: all, up to 256 KiB of text).
        """
        p = self.ctx.resolve(path, must_exist=True)
        if p.is_dir():
            raise IsADirectoryError(f"is a directory: {path}")
        if offset < 0 or (limit is not None and limit < 0):
            raise ValueError("offset and limit must not be negative")
        text = read_text(p)
        if offset or limit is not None:
            lines = text.splitlines(keepends=True)
            text = "".join(lines[offset : None if limit is None else offset + limit])
        if len(text) > READ_LIMIT:
            text = (
                text[:READ_LIMIT]
                + f"\n[... truncated at {READ_LIMIT} characters; use offset/limit]"
            )
        return text

    @tool
    def write_file(self, path: str, content: str, append: bool = False) -> dict[str, Any]:
        """Create or overwrite a text file in the workspace (parent directories are created).

        Args:
            path: File to write, relative to the workspace.
            content: The text to write.
            append: Append to the end of the file instead of replacing it.
        """
        p = self.ctx.resolve(path)
        if p.is_dir():
            raise IsADirectoryError(f"is a directory: {path}")
        p.parent.mkdir(parents=True, exist_ok=True)
        with p.open("a" if append else "w", encoding="utf-8") as f:
            f.write(content)
        return {"path": self.ctx.relative(p), "size": p.stat().st_size}

    @tool
    def create_directory(self, path: str) -> dict[str, Any]:
        """Create a directory (and any missing parents) in the workspace.

        Args:
            path: Directory to create, relative to the workspace.
        """
        p = self.ctx.resolve(path)
        if p.exists() and not p.is_dir():
            raise FileExistsError(f"a file already exists at {path}")
        p.mkdir(parents=True, exist_ok=True)
        return {"path": self.ctx.relative(p)}

    @tool
    def move_file(self, source: str, destination: str) -> dict[str, Any]:
        """Move or rename a file or directory inside the workspace. Fails if the destination exists.

        Args:
            source: Existing file or directory.
            destination: New path; must not exist yet.
        """
        src = self.ctx.resolve(source, must_exist=True, follow=False)
        dst = self.ctx.resolve(destination)
        if src == self.ctx.workspace.resolve():
            raise PermissionError("cannot move the workspace root")
        if dst.exists():
            raise FileExistsError(f"destination already exists: {destination}")
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(str(src), str(dst))
        return {"source": source, "destination": self.ctx.relative(dst)}

    @tool
    def delete_file(self, path: str, recursive: bool = False) -> dict[str, Any]:
        """Delete a file, or a directory when ``recursive`` is true.

        Args:
            path: File or directory to delete, relative to the workspace.
            recursive: Required to delete a directory and everything in it.
        """
        p = self.ctx.resolve(path, must_exist=True, follow=False)
        if p == self.ctx.workspace.resolve():
            raise PermissionError("cannot delete the workspace root")
        if p.is_dir() and not p.is_symlink():
            if not recursive:
                raise IsADirectoryError(f"{path} is a directory; pass recursive=true to delete it")
            shutil.rmtree(p)
        else:
            p.unlink()
        return {"deleted": self.ctx.relative(p)}

    @tool(readonly=True)
    def search_files(
        self, pattern: str = "*", path: str = ".", content: str | None = None
    ) -> list[dict[str, Any]]:
        """Find files by name (glob) and optionally by the text they contain.

        Args:
            pattern: Glob matched against file names, e.g. ``*.py`` or ``invoice*``.
            path: Directory to search below, relative to the workspace.
            content: If given, only files containing this text (case-insensitive); each matching
                line is returned with its number.
        """
        root = self.ctx.resolve(path, must_exist=True)
        if not root.is_dir():
            raise NotADirectoryError(f"not a directory: {path}")
        needle = content.lower() if content else None
        results: list[dict[str, Any]] = []
        for p in sorted(root.rglob("*")):
            if any(part in SKIP_DIRS for part in p.relative_to(root).parts):
                continue
            if not p.is_file() or p.is_symlink() or not fnmatch.fnmatch(p.name, pattern):
                continue
            rel = self.ctx.relative(p)
            if needle is None:
                results.append({"path": rel})
                continue
            try:
                text = p.read_text(encoding="utf-8")
            except (UnicodeDecodeError, PermissionError):
                continue
            hits = [
                {"line": i, "text": line.strip()[:300]}
                for i, line in enumerate(text.splitlines(), 1)
                if needle in line.lower()
            ]
            if hits:
                results.append({"path": rel, "matches": hits[:50]})
            if len(results) >= 200:
                break
        return results

    @tool(readonly=True)
    def get_file_info(self, path: str) -> dict[str, Any]:
        """Size, type, permissions and modification time of a file or directory.

        Args:
            path: File or directory, relative to the workspace.
        """
        p = self.ctx.resolve(path, must_exist=True)
        st = p.stat()
        return {
            "path": self.ctx.relative(p),
            "type": _kind(st),
            "size": st.st_size,
            "permissions": f"{stat.S_IMODE(st.st_mode):04o}",
            "modified": datetime.fromtimestamp(st.st_mtime, UTC).isoformat(timespec="seconds"),
        }
