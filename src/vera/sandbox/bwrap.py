"""The default sandbox on Linux: bubblewrap namespaces entered by each command.

One sandbox is one long-lived ``bwrap`` process (the anchor) holding new user, pid, net, ipc,
uts and mount namespaces, with the host's ``/usr`` read-only, a private ``/tmp`` and ``/dev``,
and the workspace bound read-write. Each ``exec`` enters those namespaces with ``nsenter``
(about as cheap as a fresh ``bwrap``), so processes a command leaves behind are still there for
the next one, exactly as in a container, and ``close()`` kills the anchor, which takes the whole
pid namespace with it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import shutil
import signal
import tempfile
import uuid
from collections.abc import Callable, Iterable
from pathlib import Path

from vera.records import ExecResult
from vera.sandbox.base import OutputCallback, Sandbox
from vera.sandbox.interpreter import SYSTEM_DIRS as _SYSTEM_DIRS
from vera.sandbox.limits import Cgroup, launcher
from vera.sandbox.process import run_process, wait_exit
from vera.sandbox.spec import SandboxError, SandboxSpec

log = logging.getLogger(__name__)

DEFAULT_PATH = "/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin"

# Files under /etc that programs need and that say nothing secret about the host.
_ETC_FILES = (
    "ld.so.cache",
    "ld.so.conf",
    "ld.so.conf.d",
    "alternatives",
    "ssl",
    "ca-certificates",
    "ca-certificates.conf",
    "nsswitch.conf",
    "localtime",
    "timezone",
    "mime.types",
    "protocols",
    "services",
    "bash.bashrc",
    "profile",
    "inputrc",
    "gitconfig",
    "python3",
    "python3.11",
)


def bwrap_path() -> str:
    path = shutil.which("bwrap")
    if path is None:
        raise SandboxError(
            "bubblewrap (bwrap) is not installed: install it with `apt-get install bubblewrap` "
            "(or run `make setup`), or choose --backend docker|local"
        )
    return path


def private_root_argv(
    hostname: str,
    *,
    share_net: bool = False,
    ro_binds: Iterable[str] = (),
    rw_binds: Iterable[str] = (),
) -> list[str]:
    """The start of a ``bwrap`` command line that gives a program a private root: new
    namespaces (the network too unless ``share_net``), dying with its parent, the host's system
    directories read-only, a private ``/proc``, ``/dev`` and ``/tmp``, and an ``/etc`` holding
    only the files in ``_ETC_FILES``; then each path of ``ro_binds`` read-only and of
    ``rw_binds`` writable, at the same place. The one builder of vera's bwrap roots: a
    sandbox adds its workspace and its own ``/etc`` files; the check server of case code its
    interpreter. :class:`SandboxError` when bwrap is not installed."""
    args = [bwrap_path(), "--unshare-all", "--die-with-parent", "--new-session"]
    if share_net:
        args.append("--share-net")
    args += ["--hostname", hostname]
    for name in _SYSTEM_DIRS:
        host = Path("/") / name
        if host.is_symlink():
            args += ["--symlink", os.readlink(host), f"/{name}"]
        elif host.is_dir():
            args += ["--ro-bind", str(host), f"/{name}"]
    args += ["--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp", "--tmpfs", "/etc"]
    for name in _ETC_FILES:
        host = Path("/etc") / name
        if host.exists():
            args += ["--ro-bind", str(host), f"/etc/{name}"]
    for path in ro_binds:
        args += ["--ro-bind", path, path]
    for path in rw_binds:
        args += ["--bind", path, path]
    return args


class BwrapSandbox(Sandbox):
    """bubblewrap backend. Requires unprivileged user namespaces (or root)."""

    backend = "bwrap"

    def __init__(self, spec: SandboxSpec) -> None:
        super().__init__(spec)
        self.id = uuid.uuid4().hex[:12]
        self._anchor: asyncio.subprocess.Process | None = None
        self._target_pid: int | None = None
        self._private: Path | None = None
        self._cgroup: Cgroup | None = None
        self._egress = None

    # -- lifecycle ------------------------------------------------------------------------------

    def _bwrap_args(self) -> list[str]:
        s = self.spec
        args = private_root_argv(s.hostname, share_net=s.network.mode == "host")
        args += ["--tmpfs", "/run", "--dir", "/var/tmp"]
        assert self._private is not None
        etc = self._private / "etc"
        etc.mkdir()
        (etc / "passwd").write_text(
            "root:x:0:0:root:/root:/bin/sh\nnobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n"
        )
        (etc / "group").write_text("root:x:0:\nnogroup:x:65534:\n")
        (etc / "hosts").write_text(f"127.0.0.1 localhost {s.hostname}\n::1 localhost\n")
        for f in ("passwd", "group", "hosts"):
            args += ["--ro-bind", str(etc / f), f"/etc/{f}"]
        if s.network.mode == "host" and Path("/etc/resolv.conf").exists():
            args += ["--ro-bind", "/etc/resolv.conf", "/etc/resolv.conf"]
        args += ["--remount-ro", "/etc"]
        args += ["--bind", str(s.workspace.resolve()), s.workspace_target]
        for b in s.binds:
            args += ["--bind" if b.writable else "--ro-bind", str(b.source.resolve()), b.target]
        args += ["--remount-ro", "/", "--chdir", s.workspace_target]
        return args

    def _prepare(self) -> None:
        self._private = Path(tempfile.mkdtemp(prefix=f"vera-bwrap-{self.id}-"))
        if Cgroup.available():
            cg = Cgroup(f"sb-{self.id}", self.spec.limits)
            try:
                cg.create()
                self._cgroup = cg
            except OSError as exc:  # read-only cgroupfs, missing controller: fall back to rlimits
                log.debug("cgroup unavailable (%s); using rlimits", exc)
                cg.remove()

    async def _start(self) -> None:
        self._prepare()
        info_r, info_w = os.pipe()
        try:
            self._anchor = await asyncio.create_subprocess_exec(
                *launcher(self.spec.limits, self._cgroup),
                *self._bwrap_args(),
                "--info-fd",
                str(info_w),
                "--",
                # Printing once the command runs proves the mounts are complete; the info fd
                # alone arrives before bwrap has finished building the root.
                "/bin/sh",
                "-c",
                "echo ready; exec /usr/bin/sleep infinity",
                stdin=asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE,
                env={"PATH": DEFAULT_PATH},
                pass_fds=(info_w,),
            )
        finally:
            os.close(info_w)
        try:
            raw = await asyncio.wait_for(asyncio.to_thread(_read_all, info_r), 10)
        except TimeoutError:
            raw = b""
        finally:
            os.close(info_r)
        if not raw:
            err = b""
            if self._anchor.stderr is not None:
                with contextlib.suppress(TimeoutError):
                    err = await asyncio.wait_for(self._anchor.stderr.read(), 2)
            await self._teardown()
            msg = err.decode(errors="replace").strip().splitlines()
            raise SandboxError(f"bwrap failed to start: {msg[-1] if msg else 'no output'}")
        self._target_pid = int(json.loads(raw)["child-pid"])
        assert self._anchor.stdout is not None
        try:
            line = await asyncio.wait_for(self._anchor.stdout.readline(), 10)
        except TimeoutError:
            line = b""
        if line != b"ready\n":
            await self._teardown()
            raise SandboxError("bwrap sandbox did not become ready (anchor command failed)")
        if self.spec.network.mode == "allow":
            from vera.sandbox.egress import Egress

            self._egress = Egress(self.spec.network, self._private / "egress")
            await self._egress.start(enter_netns=self._netns_prefix())

    def _netns_prefix(self) -> list[str]:
        """A host command prefix that runs a program in the sandbox's network namespace only."""
        return ["nsenter", "-t", str(self._target_pid), "-U", "-n", "--preserve-credentials", "--"]

    async def _close(self) -> None:
        await self._teardown()

    async def _teardown(self) -> None:
        if self._egress is not None:
            await self._egress.stop()
            self._egress = None
        if self._target_pid is not None:
            # The target is the namespace's init: killing it takes every process of the
            # sandbox with it, daemons included (the outer bwrap dying is not enough).
            with contextlib.suppress(ProcessLookupError):
                os.kill(self._target_pid, signal.SIGKILL)
        if self._anchor is not None:
            if self._anchor.returncode is None:
                with contextlib.suppress(ProcessLookupError):
                    self._anchor.send_signal(signal.SIGKILL)
            await wait_exit(self._anchor)
        if self._target_pid is not None:
            for _ in range(500):  # until the namespace's init is dead (a zombie counts as dead)
                if not _alive(self._target_pid):
                    break
                await asyncio.sleep(0.002)
        if self._cgroup is not None:
            await asyncio.to_thread(self._cgroup.remove)
        if self._private is not None:
            shutil.rmtree(self._private, ignore_errors=True)

    # -- commands -------------------------------------------------------------------------------

    def _env_argv(self, env: dict[str, str], cwd: str) -> list[str]:
        full_env = {"PATH": DEFAULT_PATH, "HOME": "/tmp", "LANG": "C.UTF-8", **env}
        if self._egress is not None:
            full_env = {**self._egress.proxy_env(), **full_env}
        return ["/usr/bin/env", "-i", "-C", cwd, *(f"{k}={v}" for k, v in full_env.items())]

    def command_prefix(self, env: dict[str, str], cwd: str) -> list[str]:
        """Host argv prefix that runs a program inside this sandbox with ``env`` in ``cwd``.

        Public so that long-running helpers (agent CLIs, relays) can be started the same way.
        """
        if self._target_pid is None:
            raise SandboxError("sandbox is not running")
        return [
            *launcher(self.spec.limits, self._cgroup, no_new_privs=True),
            "nsenter", "-t", str(self._target_pid),
            "-U", "-m", "-n", "-p", "-i", "-u", "--preserve-credentials", "-r", "-w",
            "--", *self._env_argv(env, cwd),
        ]  # fmt: skip

    def _classifier(self) -> Callable[[], str | None] | None:
        """Names the limit a command hit, from the cgroup's counters before and after it."""
        cg = self._cgroup
        if cg is None:
            return None
        ooms, pid_hits = cg.oom_kills(), cg.pids_max_hits()

        def classify() -> str | None:
            if cg.oom_kills() > ooms:
                return "memory"
            if cg.pids_max_hits() > pid_hits:
                return "pids"
            return None

        return classify

    @classmethod
    async def run_once(
        cls,
        spec: SandboxSpec,
        argv: list[str],
        *,
        stdin: bytes | None = None,
        timeout: float | None = None,
        on_output: OutputCallback | None = None,
    ) -> ExecResult:
        """Run one command in a fresh sandbox that ends with it: the command is bwrap's own
        child, so there is no anchor to start or kill (half the cost of start/exec/close).
        Everything the command leaves behind dies with its pid namespace."""
        if spec.network.mode == "allow":  # the relay needs a sandbox that outlives one command
            sb = cls(spec)
            async with sb:
                return await sb.exec(argv, stdin=stdin, timeout=timeout, on_output=on_output)
        spec.check()
        sb = cls(spec)
        sb._prepare()
        try:
            res = await run_process(
                [*launcher(spec.limits, sb._cgroup), *sb._bwrap_args(), "--", *sb._env_argv(spec.env, spec.cwd), *argv],
                stdin=stdin,
                timeout=timeout if timeout is not None else spec.limits.wall_s,
                env={"PATH": DEFAULT_PATH},
                cwd=None,
                output_bytes=spec.limits.output_bytes,
                on_output=on_output,
                classify_kill=sb._classifier(),
            )
        finally:
            await sb._teardown()
        return _explain_env_errors(res, spec.cwd)

    async def _exec(
        self,
        argv: list[str],
        *,
        stdin: bytes | None,
        timeout: float | None,
        env: dict[str, str],
        cwd: str,
        on_output: OutputCallback | None,
    ) -> ExecResult:
        if self._anchor is None or self._anchor.returncode is not None:
            raise SandboxError("sandbox anchor process is gone (the sandbox was killed)")
        res = await run_process(
            [*self.command_prefix(env, cwd), *argv],
            stdin=stdin,
            timeout=timeout,
            env={"PATH": DEFAULT_PATH},
            cwd=None,
            output_bytes=self.spec.limits.output_bytes,
            on_output=on_output,
            classify_kill=self._classifier(),
        )
        return _explain_env_errors(res, cwd)


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[-1].split()[0] not in ("Z", "X")


def _read_all(fd: int) -> bytes:
    chunks = []
    while chunk := os.read(fd, 65536):
        chunks.append(chunk)
    return b"".join(chunks)


def _explain_env_errors(res: ExecResult, cwd: str) -> ExecResult:
    """``env`` reports a missing command as 127 and a bad directory as 125; keep those codes but
    make the first stderr line say what happened in vera's words."""
    if res.exit_code == 125 and "cannot change directory" in res.stderr:
        return res.model_copy(update={"stderr": f"vera: working directory does not exist in sandbox: {cwd}\n"})
    return res
