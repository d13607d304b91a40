"""The sandbox contract. Every backend (bwrap, docker, local) implements this class.

A sandbox is one isolated place where commands run one after another and may leave processes
behind (a daemon started by one ``exec`` is still there for the next), until ``close()``.
The workspace is a host directory bound read-write, so vera reads state from the host side
while the sandboxed processes can only reach what the spec binds.

Limits every backend enforces: ``exec`` stops a command at its timeout (exit code 124,
``killed=True``, ``kill_reason='timeout'``); captured stdout and stderr are each capped at
``spec.limits.output_bytes``; memory, process count, open files and file size follow
``spec.limits``. ``close()`` kills every process the sandbox started, daemons included, and is
safe to call twice.

Errors: ``SandboxError`` for a bad spec or a backend that cannot run here (raised by
``start``); ``FileNotFoundError`` / ``IsADirectoryError`` / ``PermissionError`` from
``read_file``; a command that does not exist is not an error but an ``ExecResult`` with exit
code 127.
"""

from __future__ import annotations

import abc
import base64
import shlex
from collections.abc import Callable, Sequence
from pathlib import Path, PurePosixPath
from types import TracebackType

from vera import paths
from vera.records import ExecResult, Snapshot, SnapshotDiff
from vera.sandbox.snapshot import diff_snapshots, snapshot_tree
from vera.sandbox.spec import SandboxError, SandboxSpec

OutputCallback = Callable[[str, bytes], None]
"""Called with ``("stdout" | "stderr", chunk)`` as output arrives, for streaming."""


class Sandbox(abc.ABC):
    """An isolated place to run commands. Use as ``async with open_sandbox(spec) as sb: ...``."""

    backend: str = "?"

    def __init__(self, spec: SandboxSpec) -> None:
        self.spec = spec
        self._started = False
        self._closed = False

    # -- lifecycle ------------------------------------------------------------------------------

    async def start(self) -> None:
        """Create the sandbox. Raises SandboxError when the spec or the host cannot support it."""
        self.spec.check()
        await self._start()
        self._started = True

    async def close(self) -> None:
        """Kill every process the sandbox started and release its resources. Idempotent."""
        if self._closed:
            return
        self._closed = True
        if self._started:
            await self._close()

    async def __aenter__(self) -> Sandbox:
        await self.start()
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()

    @abc.abstractmethod
    async def _start(self) -> None: ...

    @abc.abstractmethod
    async def _close(self) -> None: ...

    # -- commands -------------------------------------------------------------------------------

    async def exec(
        self,
        cmd: Sequence[str] | str,
        *,
        stdin: bytes | str | None = None,
        timeout: float | None = None,
        env: dict[str, str] | None = None,
        cwd: str | None = None,
        on_output: OutputCallback | None = None,
    ) -> ExecResult:
        """Run ``cmd`` (an argv list, or a string for ``/bin/sh -c``) inside the sandbox.

        ``env`` is added to the spec's environment; ``cwd`` defaults to ``spec.cwd``;
        ``timeout`` defaults to ``spec.limits.wall_s``. Output is captured (capped) and, when
        ``on_output`` is given, streamed to it as it arrives.
        """
        if not self._started or self._closed:
            raise SandboxError("sandbox is not running (call start() first, or it was closed)")
        argv = ["/bin/sh", "-c", cmd] if isinstance(cmd, str) else list(cmd)
        if not argv:
            raise SandboxError("empty command")
        data = stdin.encode() if isinstance(stdin, str) else stdin
        return await self._exec(
            argv,
            stdin=data,
            timeout=timeout if timeout is not None else self.spec.limits.wall_s,
            env={**self.spec.env, **(env or {})},
            cwd=cwd or self.spec.cwd,
            on_output=on_output,
        )

    @abc.abstractmethod
    async def _exec(
        self,
        argv: list[str],
        *,
        stdin: bytes | None,
        timeout: float | None,
        env: dict[str, str],
        cwd: str,
        on_output: OutputCallback | None,
    ) -> ExecResult: ...

    # -- files ----------------------------------------------------------------------------------

    def host_path(self, path: str) -> Path | None:
        """The host path behind a sandbox path, when it lies in the workspace or a bind."""
        found = self._host_mount(path)
        return None if found is None else found[0] / found[1]

    def _host_mount(self, path: str) -> tuple[Path, str] | None:
        """(host folder of the mount, path inside it) behind a sandbox path, or None."""
        p = PurePosixPath(path)
        mounts = [(self.spec.workspace_target, self.spec.workspace)] + [
            (b.target, b.source) for b in self.spec.binds
        ]
        for target, source in sorted(mounts, key=lambda m: -len(m[0])):
            try:
                rel = p.relative_to(target)
            except ValueError:
                continue
            if ".." in rel.parts:
                raise SandboxError(f"path escapes its mount: {path}")
            return Path(source), rel.as_posix()
        return None

    async def read_file(self, path: str) -> bytes:
        """Read a file as the sandbox sees it (binary-safe). A file in a mount is read on the
        host beneath the mount (:mod:`vera.paths`): a link sandboxed code made that leads out
        of it is refused (``PermissionError``), never followed to a host file."""
        found = self._host_mount(path)
        if found is not None:
            source, rel = found
            if (source / rel).is_dir():
                raise IsADirectoryError(path)
            try:
                return paths.read_bytes(source, rel)  # FileNotFoundError propagates
            except paths.UnsafePathError as exc:
                raise PermissionError(f"{path}: {exc}") from None
        res = await self.exec(["base64", "-w0", "--", path], timeout=60)
        if res.exit_code != 0:
            msg = res.stderr.strip() or f"cannot read {path}"
            if "No such file" in msg:
                raise FileNotFoundError(path)
            if "Is a directory" in msg:
                raise IsADirectoryError(path)
            if "Permission denied" in msg:
                raise PermissionError(path)
            raise SandboxError(msg)
        return base64.b64decode(res.stdout)

    async def write_file(self, path: str, data: bytes | str) -> None:
        """Write a file as the sandbox would (parents created)."""
        raw = data.encode() if isinstance(data, str) else data
        found = self._host_mount(path)
        if found is not None:
            try:
                paths.write_bytes(found[0], found[1], raw)  # never through a link
            except paths.UnsafePathError as exc:
                raise PermissionError(f"{path}: {exc}") from None
            return
        q = shlex.quote(path)
        res = await self.exec(
            f"mkdir -p -- \"$(dirname {q})\" && base64 -d > {q}",
            stdin=base64.b64encode(raw),
            timeout=60,
        )
        if res.exit_code != 0:
            raise SandboxError(res.stderr.strip() or f"cannot write {path}")

    # -- state ----------------------------------------------------------------------------------

    async def snapshot(self, exclude: tuple[str, ...] = ()) -> Snapshot:
        """Manifest of the workspace: relative path -> hash, size, mode."""
        return snapshot_tree(self.spec.workspace, exclude=exclude)

    @staticmethod
    def diff(a: Snapshot, b: Snapshot) -> SnapshotDiff:
        return diff_snapshots(a, b)
