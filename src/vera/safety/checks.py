"""Running a case's code — ``verify.py``, ``utility.py``, ``setup.py`` — in a sandbox of its own.

Case code is data someone else wrote (a shared bench, an LLM in ``vera compile``), so vera never
runs it in its own process. Each check runs in a forked child of a *check server*: a Python
process under bubblewrap with new user, pid, net, ipc, uts and mount namespaces, no network, the
host's file system read-only (the project's Python and package bound read-only at their own
paths, a private ``/tmp``), and nothing of the host writable. The evidence crosses into the child
as JSON on a pipe and the answer (a :class:`~vera.records.Verdict`, a bool, or a setup's saved
state) crosses back as JSON; the verifier never sees the trial's files, the store or its own
case directory. The child gets an address-space and a CPU-time limit, and is killed (SIGKILL,
its whole process group) at its deadline however it is stuck — a regular expression
backtracking in C, ``sum(range(10**13))`` — and the host kills the whole server if it does not
answer within a grace period after that.

Servers are kept warm, a few per process (``fork`` of an imported server costs milliseconds, a
fresh ``bwrap`` + interpreter a few hundred), and each check gets a fresh child, so one case's
verifier cannot change what the next one sees. ``setup.py`` needs the trial's workspace
writable, so it runs in a one-off sandbox of its own with that workspace and a scratch state
directory bound read-write (nothing else).

Without bubblewrap every check fails with a one-line error saying so; ``VERA_CHECK_SANDBOX=none``
(documented, opt-in) runs the same server as a plain child process instead: the deadline and
limits still hold, the isolation does not.

:func:`run_check` is the older in-process guard for trusted callables (a thread and an
interrupt); it cannot stop a call stuck in C and is not used for case code.
"""

from __future__ import annotations

import contextlib
import ctypes
import json
import os
import pickle
import queue
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from vera.records import Evidence, Verdict, cut_text

__all__ = [
    "SANDBOX_ENV",
    "CheckError",
    "check_sandbox_mode",
    "close_servers",
    "run_case_check",
    "run_case_setup",
    "run_check",
]

SANDBOX_ENV = "VERA_CHECK_SANDBOX"
"""``bwrap`` (default) or ``none`` (opt-in: a plain child process, no isolation)."""

MEMORY_MB = 1024
"""Address space a check may add to its server's (RLIMIT_AS of the child)."""
GRACE_S = 0.5
"""How long past a check's deadline the host waits for its server before killing it."""
START_TIMEOUT_S = 60.0
"""How long a check server may take to start (imports on a loaded machine)."""
SETUP_TIMEOUT_S = 60.0
"""Default deadline of a case's setup.py."""
MAX_IDLE = 4
"""Warm servers kept per process."""
MAX_CHECKS_PER_SERVER = 2000
"""A server is retired after this many checks (leaks of the server itself stay bounded)."""


class CheckError(Exception):
    """A verifier or utility check failed to produce an answer (raised, wrong type, timed out,
    killed, or its sandbox could not start). This is an error outcome, never a verdict."""


# --- in-process guard for trusted callables ------------------------------------------------------


class _Deadline(BaseException):
    """Raised inside a check thread whose time is up (BaseException: ``except Exception`` in
    the checked function cannot swallow it)."""


class _Worker:
    """A daemon thread that runs checks one at a time; reused, a worker stuck past a deadline
    is abandoned."""

    def __init__(self) -> None:
        self._jobs: queue.SimpleQueue[Callable[[], None] | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._loop, name="vera-check", daemon=True)
        self._thread.start()

    def _loop(self) -> None:
        try:
            while (job := self._jobs.get()) is not None:
                job()
        except _Deadline:
            pass

    def submit(self, job: Callable[[], None]) -> None:
        self._jobs.put(job)

    def interrupt(self) -> None:
        ident = self._thread.ident
        if ident is not None:
            ctypes.pythonapi.PyThreadState_SetAsyncExc(
                ctypes.c_ulong(ident), ctypes.py_object(_Deadline)
            )

    def retire(self) -> None:
        self._jobs.put(None)


_idle: list[_Worker] = []
_idle_lock = threading.Lock()


def run_check(
    fn: Callable[[Evidence], Any],
    ev: Evidence,
    *,
    timeout_s: float = 5.0,
    expect: type = Verdict,
    label: str = "verify",
) -> Any:
    """Call a trusted ``fn(ev)`` on a worker thread with a time limit; return its result.

    For code vera wrote or imports itself (AgentDojo's checks, tests). Case code goes through
    :func:`run_case_check` instead: a thread cannot be stopped inside a C call, nor kept from
    the user's files. Raises CheckError (one line) when ``fn`` raises, returns something other
    than ``expect``, or runs past ``timeout_s`` (a call blocked in C is abandoned).
    """
    box: dict[str, Any] = {}
    done = threading.Event()
    copy = pickle.loads(pickle.dumps(ev))  # a deep copy, several times faster than deepcopy

    def job() -> None:
        try:
            box["value"] = fn(copy)
        except _Deadline:
            box["timeout"] = True
        except BaseException as e:  # every failure is reported as an error outcome
            box["error"] = e
        finally:
            done.set()

    with _idle_lock:
        worker = _idle.pop() if _idle else None
    worker = worker or _Worker()
    worker.submit(job)
    if not done.wait(timeout_s):
        worker.interrupt()
        worker.retire()
        if not done.wait(GRACE_S):
            raise CheckError(f"{label} ran past its time limit of {timeout_s:g}s")
        box["timeout"] = True
    else:
        with _idle_lock:
            _idle.append(worker)
    if box.get("timeout"):
        raise CheckError(f"{label} ran past its time limit of {timeout_s:g}s")
    if "error" in box:
        e = box["error"]
        raise CheckError(f"{label} raised {type(e).__name__}: {' '.join(str(e).split())}")
    value = box.get("value")
    if not isinstance(value, expect):
        raise CheckError(f"{label} returned {type(value).__name__}, expected {expect.__name__}")
    return value


# --- the sandboxed check server -------------------------------------------------------------------


def check_sandbox_mode() -> str:
    """``bwrap`` or ``none`` (from ``VERA_CHECK_SANDBOX``); CheckError for anything else."""
    mode = os.environ.get(SANDBOX_ENV, "bwrap").strip() or "bwrap"
    if mode not in ("bwrap", "none"):
        raise CheckError(f"{SANDBOX_ENV}={mode!r}: expected bwrap or none")
    return mode


def _bwrap_argv(rw: list[str] | None = None) -> list[str]:
    """bwrap + a private root (the sandbox package's builder): system dirs and Python
    read-only, ``rw`` paths writable, no network, ``/tmp`` the working directory."""
    from vera.sandbox import SandboxError, interpreter_paths, private_root_argv

    try:
        args = private_root_argv("vera-check", ro_binds=interpreter_paths(), rw_binds=rw or [])
    except SandboxError as e:
        raise CheckError(
            f"cannot sandbox case code: {e}; or set {SANDBOX_ENV}=none to run it in a plain "
            "child process (deadlines and limits, no isolation)"
        ) from None
    return [*args, "--remount-ro", "/", "--chdir", "/tmp"]


def _server_argv(rw: list[str] | None = None) -> list[str]:
    from vera.sandbox.limits import launcher
    from vera.sandbox.spec import Limits

    # The sandboxed interpreter imports the vera this process runs (an editable install's .pth
    # may name another checkout, and -I ignores PYTHONPATH): its source directory comes first.
    source = str(Path(__file__).resolve().parents[2])
    boot = (
        f"import sys; sys.path.insert(0, {source!r}); from vera.safety.checks import serve; serve()"
    )
    python = [sys.executable, "-I", "-c", boot]
    limits = Limits(memory_mb=None, pids=None, nofile=256, fsize_mb=64)
    prefix = launcher(limits, None)
    if check_sandbox_mode() == "none":
        return [*prefix, *python]
    return [*prefix, *_bwrap_argv(rw), "--", "/usr/bin/env", "-i", "HOME=/tmp",
            "LANG=C.UTF-8", "PATH=/usr/bin:/bin", *python]  # fmt: skip


class _Server:
    """One check server: a sandboxed interpreter answering framed requests on its stdio."""

    def __init__(self, rw: list[str] | None = None) -> None:
        self.pid_owner = os.getpid()
        self.mode = check_sandbox_mode()
        self.checks = 0
        self.preloaded: set[str] = set()
        self._err = tempfile.TemporaryFile()  # noqa: SIM115 - closed in kill()
        argv = _server_argv(rw)
        try:
            self.proc = subprocess.Popen(
                argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self._err,
                start_new_session=True,
                env={"PATH": "/usr/local/bin:/usr/bin:/bin"},
                cwd="/",
                close_fds=True,
            )
        except OSError as e:
            self._err.close()
            raise CheckError(f"cannot start the check sandbox: {e.strerror or e}") from None
        self._buf = bytearray()
        try:
            header, _ = self._read(time.monotonic() + START_TIMEOUT_S)
        except CheckError as e:
            self.kill()
            raise CheckError(f"the check sandbox did not start: {self._stderr() or e}") from None
        if header.get("ready") is not True:
            self.kill()
            raise CheckError("the check sandbox did not start: unexpected greeting")

    def _stderr(self) -> str:
        try:
            self._err.seek(0)
            lines = self._err.read().decode(errors="replace").strip().splitlines()
        except (OSError, ValueError):
            return ""
        return " ".join(lines[-1].split()) if lines else ""

    def alive(self) -> bool:
        return self.proc.poll() is None

    def close(self) -> None:
        """End the server the polite way (EOF on its stdin, so it and bwrap exit and are
        reaped, their CPU time counted), else kill it."""
        with contextlib.suppress(Exception):
            self.proc.stdin.close()  # type: ignore[union-attr]
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(2)
        self.kill()

    def kill(self) -> None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        with contextlib.suppress(ProcessLookupError):
            self.proc.kill()
        with contextlib.suppress(Exception):
            self.proc.wait(5)
        for f in (self.proc.stdin, self.proc.stdout):
            with contextlib.suppress(Exception):
                f.close()  # type: ignore[union-attr]
        with contextlib.suppress(Exception):
            self._err.close()

    def _read(self, deadline: float) -> tuple[dict[str, Any], bytes]:
        assert self.proc.stdout is not None
        try:
            return _read_frame(self.proc.stdout.fileno(), self._buf, deadline, MAX_REPLY_BYTES)
        except EOFError:
            raise CheckError("the check sandbox exited") from None
        except FrameTooLarge:
            raise CheckError(f"sent a reply over {MAX_REPLY_BYTES} bytes") from None
        except ValueError:
            raise CheckError("the check sandbox sent a malformed reply") from None

    def request(
        self, header: dict[str, Any], payload: bytes, deadline: float
    ) -> tuple[dict[str, Any], bytes]:
        assert self.proc.stdin is not None
        self.checks += 1
        data = json.dumps({**header, "len": len(payload)}).encode() + b"\n" + payload
        try:
            self.proc.stdin.write(data)
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            raise CheckError("the check sandbox exited") from None
        return self._read(deadline)


_pool: list[_Server] = []
_pool_lock = threading.Lock()
_pool_pid = os.getpid()


_exit_hooked: int | None = None


def _hook_exit() -> None:
    """Close this process's servers when it exits (atexit; multiprocessing workers skip atexit
    but run their finalizers)."""
    global _exit_hooked
    if _exit_hooked == os.getpid():
        return
    _exit_hooked = os.getpid()
    import atexit
    from multiprocessing import util

    atexit.register(close_servers)
    util.Finalize(None, close_servers, exitpriority=100)


def _checkout() -> _Server:
    global _pool_pid
    with _pool_lock:
        if _pool_pid != os.getpid():  # a forked process: the parent's servers are not ours
            _pool.clear()
            _pool_pid = os.getpid()
        _hook_exit()
        mode = check_sandbox_mode()
        while _pool:
            s = _pool.pop()
            if s.alive() and s.mode == mode:
                return s
            s.kill()
    return _Server()


def _checkin(server: _Server) -> None:
    with _pool_lock:
        if (
            server.pid_owner == os.getpid() == _pool_pid
            and len(_pool) < MAX_IDLE
            and server.checks < MAX_CHECKS_PER_SERVER
            and server.alive()
        ):
            _pool.append(server)
            return
    server.kill()


def close_servers() -> None:
    """Stop this process's warm check servers (they also end with the process)."""
    with _pool_lock:
        servers = list(_pool) if _pool_pid == os.getpid() else []
        _pool.clear()
    for s in servers:
        s.close()


def _call(
    server_factory: Callable[[], _Server],
    header: dict[str, Any],
    payload: bytes,
    *,
    timeout_s: float,
    label: str,
    pooled: bool,
) -> tuple[dict[str, Any], bytes]:
    server = server_factory()
    try:
        _preload(server, _vera_imports(header["source"]))
        deadline = time.monotonic() + timeout_s + GRACE_S
        reply, data = server.request({**header, "timeout": timeout_s}, payload, deadline)
    except TimeoutError:
        server.kill()
        raise CheckError(f"{label} ran past its time limit of {timeout_s:g}s") from None
    except CheckError as e:
        server.kill()
        raise CheckError(f"{label}: {e}") from None
    except BaseException:
        server.kill()
        raise
    if pooled:
        _checkin(server)
    else:
        server.kill()
    if "error" in reply:
        raise CheckError(f"{label} {reply['error']}")
    return reply, data


_IMPORTS: dict[str, frozenset[str]] = {}


def _vera_imports(source: str) -> frozenset[str]:
    """The ``vera.*`` modules a case file imports (read, not run). The check server imports
    them itself before it forks a case's runner: vera's own code is trusted, and a heavy one
    (``vera.safety.agentdojo`` brings AgentDojo) must not eat the first check's deadline."""
    import ast
    import hashlib

    key = hashlib.sha256(source.encode()).hexdigest()
    found = _IMPORTS.get(key)
    if found is None:
        names: set[str] = set()
        try:
            tree = ast.parse(source)
        except (SyntaxError, ValueError):
            tree = None
        for node in ast.walk(tree) if tree is not None else ():
            if isinstance(node, ast.Import):
                names.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names.add(node.module)
                names.update(f"{node.module}.{a.name}" for a in node.names)
        found = frozenset(n for n in names if n == "vera" or n.startswith("vera."))
        if len(_IMPORTS) > 1024:
            _IMPORTS.clear()
        _IMPORTS[key] = found
    return found


def _preload(server: _Server, modules: frozenset[str]) -> None:
    todo = sorted(modules - server.preloaded)
    if not todo:
        return
    server.request({"op": "preload", "modules": todo}, b"", time.monotonic() + START_TIMEOUT_S)
    server.preloaded.update(todo)


def _source(path: Path, label: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise CheckError(
            f"{label}: cannot read {path}: {getattr(e, 'strerror', None) or e}"
        ) from None


def run_case_check(
    path: Path,
    func: str,
    ev: Evidence,
    *,
    timeout_s: float = 5.0,
    expect: type = Verdict,
    label: str | None = None,
) -> Any:
    """Run ``func(ev)`` of the case file ``path`` (``verify.py`` / ``utility.py``) in a
    sandboxed child and return its answer: a Verdict (``expect=Verdict``) or a bool
    (``expect=bool``). Raises CheckError (one line) when the file does not import, the
    function raises, returns another type, or runs past ``timeout_s``, or when the sandbox
    cannot run; never returns a verdict for any of those."""
    if expect not in (Verdict, bool):
        raise ValueError("run_case_check answers a Verdict or a bool")
    label = label or f"{Path(path).parent.name}/{Path(path).name}"
    source = _source(path, label)
    try:
        payload = ev.model_dump_json().encode()
    except Exception as e:
        raise CheckError(f"{label}: evidence is not JSON: {' '.join(str(e).split())}") from None
    header = {
        "op": "check",
        "file": str(Path(path).resolve()),
        "source": source,
        "func": func,
        "expect": "verdict" if expect is Verdict else "bool",
        "memory_mb": MEMORY_MB,
    }
    reply, data = _call(_checkout, header, payload, timeout_s=timeout_s, label=label, pooled=True)
    if expect is bool:
        return bool(reply["value"])
    try:
        return Verdict.model_validate_json(data)
    except Exception as e:
        raise CheckError(
            f"{label} returned an invalid Verdict: {' '.join(str(e).split())}"
        ) from None


def run_case_setup(
    path: Path, env: Any, *, timeout_s: float = SETUP_TIMEOUT_S, label: str | None = None
) -> None:
    """Run ``setup(env)`` of a case's ``setup.py`` in a one-off sandbox with only the
    environment's workspace (and a scratch copy of its saved state) writable; load the state it
    saved back into ``env``. Raises CheckError (one line) as :func:`run_case_check` does.

    The sandboxed environment has the same services and variables, but no sandbox of its own:
    setup code reaches the shell only through the workspace files.
    """
    from vera.env.environment import Environment

    assert isinstance(env, Environment)
    label = label or f"{Path(path).parent.name}/{Path(path).name}"
    source = _source(path, label)
    services = list(env.services)
    first = next(iter(env.services.values()))
    ctx = first.ctx
    workspace = Path(ctx.workspace).resolve()
    scratch = Path(tempfile.mkdtemp(prefix="vera-setup-"))
    saved_dir = env.state_dir
    try:
        env.state_dir = scratch
        env._saved.clear()
        env.save()
        header = {
            "op": "setup",
            "file": str(Path(path).resolve()),
            "source": source,
            "func": "setup",
            "services": services,
            "variables": dict(ctx.variables),
            "workspace": str(workspace),
            "state_dir": str(scratch),
            "memory_mb": MEMORY_MB,
        }
        rw = [str(workspace), str(scratch)]
        _call(lambda: _Server(rw), header, b"", timeout_s=timeout_s, label=label, pooled=False)
        env.load()
    finally:
        env.state_dir = saved_dir
        env._saved.clear()
        shutil.rmtree(scratch, ignore_errors=True)


# --- inside the sandbox ------------------------------------------------------------------------


def _one_line(e: BaseException) -> str:
    return cut_text(" ".join(str(e).split()))


MAX_REPLY_BYTES = 1 << 20
"""Largest reply the host reads from a check server (a verdict, cut at the source, is far
smaller); a bigger one is an error of the check, never read into memory whole."""


class FrameTooLarge(ValueError):
    """A frame over the reader's limit."""


def _read_frame(
    fd: int, buf: bytearray, deadline: float | None, limit: int | None = None
) -> tuple[dict[str, Any], bytes]:
    """One frame from ``fd``: a JSON header line, then ``header["len"]`` bytes of payload.
    TimeoutError past ``deadline`` (monotonic; None: wait), EOFError at end of file,
    :class:`FrameTooLarge` when the frame is over ``limit`` bytes (None: no limit)."""
    header: dict[str, Any] | None = None
    while True:
        if limit is not None and header is None and buf.find(b"\n") < 0 and len(buf) > limit:
            raise FrameTooLarge(f"frame over {limit} bytes")
        if header is None and (i := buf.find(b"\n")) >= 0:
            try:
                header = json.loads(bytes(buf[:i]))
            except ValueError:
                raise ValueError("malformed frame") from None
            del buf[: i + 1]
            if not isinstance(header, dict):
                raise ValueError("malformed frame")
        if header is not None:
            n = int(header.pop("len", 0))
            if limit is not None and n > limit:
                raise FrameTooLarge(f"frame over {limit} bytes")
            if len(buf) >= n:
                payload = bytes(buf[:n])
                del buf[:n]
                return header, payload
            header["len"] = n
        if deadline is not None:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError
            poller = select.poll()  # not select(): a busy driver's fds pass FD_SETSIZE
            poller.register(fd, select.POLLIN | select.POLLHUP | select.POLLERR)
            if not poller.poll(max(1, int(left * 1000))):
                continue
        chunk = os.read(fd, 1 << 20)
        if not chunk:
            raise EOFError
        buf += chunk


def _write_frame(fd: int, obj: dict[str, Any], data: bytes = b"") -> None:
    blob = memoryview(json.dumps({**obj, "len": len(data)}).encode() + b"\n" + data)
    while blob:
        n = os.write(fd, blob)
        blob = blob[n:]


def _run_one(
    header: dict[str, Any], payload: bytes, modules: dict[str, Any]
) -> tuple[dict[str, Any], bytes]:
    """Import the case file (cached by path and content) and run its function on the request."""
    import hashlib
    import types

    path, func = header["file"], header["func"]
    key = path + ":" + hashlib.sha256(header["source"].encode()).hexdigest()
    module = modules.get(key)
    if module is None:
        try:
            code = compile(header["source"], path, "exec")
        except SyntaxError as e:
            return {
                "error": f"raised CaseError: {path}: syntax error at line {e.lineno}: {e.msg}"
            }, b""
        module = types.ModuleType(f"vera_case_{Path(path).parent.name}_{func}".replace("-", "_"))
        module.__file__ = path
        sys.modules[module.__name__] = module
        try:
            exec(code, module.__dict__)
        except BaseException as e:
            sys.modules.pop(module.__name__, None)
            return {"error": f"raised CaseError: {path}: import failed: "
                             f"{type(e).__name__}: {_one_line(e)}"}, b""  # fmt: skip
        modules[key] = module
    fn = getattr(module, func, None)
    if not callable(fn):
        return {"error": f"raised CaseError: {path}: no function '{func}'"}, b""
    try:
        if header["op"] == "setup":
            from vera.env.environment import build_environment

            env = build_environment(
                header["services"],
                workspace=Path(header["workspace"]),
                state_dir=Path(header["state_dir"]),
                variables=header["variables"],
            )
            fn(env)
            env.save()
            return {"ok": True}, b""
        from vera.env.evidence import shared_views

        with shared_views():  # this evidence is parsed for this check alone
            value = fn(Evidence.model_validate_json(payload))
        if header["expect"] == "bool":
            if not isinstance(value, bool):
                return {"error": f"returned {type(value).__name__}, expected bool"}, b""
            return {"ok": True, "value": value}, b""
        if not isinstance(value, Verdict):
            return {"error": f"returned {type(value).__name__}, expected Verdict"}, b""
        # validated again: a Verdict built without validation still has its texts cut here
        return {"ok": True}, Verdict.model_validate(value.model_dump()).model_dump_json().encode()
    except MemoryError:
        return {"error": f"ran out of memory (limit {header.get('memory_mb')} MB)"}, b""
    except BaseException as e:
        return {"error": f"raised {type(e).__name__}: {_one_line(e)}"}, b""


def _limit(memory_mb: int, cpu_s: int) -> None:
    """Address space (what this process has now plus ``memory_mb``) and CPU time."""
    import resource

    if memory_mb:
        try:
            with open("/proc/self/statm") as f:
                vm = int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        except (OSError, ValueError):
            vm = 0
        limit = vm + memory_mb * 1024 * 1024
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_CPU, (cpu_s, cpu_s + 1))


class _Child:
    """A forked runner serving the checks of one case directory (its modules stay imported
    between checks, as they did in process; other cases never share it)."""

    CPU_S = 600

    def __init__(self, memory_mb: int) -> None:
        req_r, self.req_w = os.pipe()
        self.rep_r, rep_w = os.pipe()
        self.buf = bytearray()
        pid = os.fork()
        if pid == 0:  # the child
            code = 0
            try:
                os.close(self.req_w)
                os.close(self.rep_r)
                os.setpgid(0, 0)
                null = os.open(os.devnull, os.O_RDWR)
                for fd in (0, 1, 2):  # the server's pipes to the host are not the check's
                    os.dup2(null, fd)
                os.close(null)
                _limit(memory_mb, self.CPU_S)
                modules: dict[str, Any] = {}
                buf = bytearray()
                while True:
                    try:
                        header, payload = _read_frame(req_r, buf, None)
                    except (EOFError, ValueError):
                        break
                    reply, data = _run_one(header, payload, modules)
                    _write_frame(rep_w, reply, data)
            except BaseException:
                code = 1
            finally:
                os._exit(code)
        os.close(req_r)
        os.close(rep_w)
        self.pid = pid
        with contextlib.suppress(OSError):
            os.setpgid(pid, pid)

    def kill(self) -> int:
        """Kill the child and everything it started; its wait status."""
        for fd in (self.req_w, self.rep_r):
            with contextlib.suppress(OSError):
                os.close(fd)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.pid, signal.SIGKILL)
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.pid, signal.SIGKILL)
        try:
            return os.waitpid(self.pid, 0)[1]
        except ChildProcessError:
            return 0


MAX_CHILDREN = 8
"""Case runners a server keeps (least recently used ones are killed)."""


def _relay(
    children: dict[str, _Child], header: dict[str, Any], payload: bytes
) -> tuple[dict[str, Any], bytes]:
    key = os.path.dirname(header["file"])
    child = children.pop(key, None)
    if child is None:
        child = _Child(int(header.get("memory_mb") or 0))
    children[key] = child  # most recently used last
    while len(children) > MAX_CHILDREN:
        children.pop(next(iter(children))).kill()
    timeout = float(header.get("timeout") or 5)
    try:
        _write_frame(child.req_w, header, payload)
        return _read_frame(child.rep_r, child.buf, time.monotonic() + timeout)
    except TimeoutError:
        children.pop(key, None)
        child.kill()
        return {"error": f"ran past its time limit of {timeout:g}s"}, b""
    except (EOFError, ValueError, OSError):
        children.pop(key, None)
        status = child.kill()
        if os.WIFSIGNALED(status):
            sig = os.WTERMSIG(status)
            why = {signal.SIGXCPU: "its CPU time limit", signal.SIGKILL: "a kill"}.get(
                sig, signal.Signals(sig).name
            )
            return {"error": f"was killed ({why})"}, b""
        return {"error": "exited without an answer"}, b""


_USES_FACTS = {
    "vera.env.facts",
    "vera.env.exposure",
    "vera.env.queries.database",
    "vera.env.queries.shop",
}
"""Case imports whose checks read numbers and dates (protected facts; a record's date of
birth; a price in a reply): the server loads those parsers' data before it forks the case's
runner (:func:`vera.env.parse.warm`)."""


def serve() -> None:
    """The check server's main loop (runs inside the sandbox): framed requests on stdin,
    framed replies on stdout, until EOF. Checks run in forked per-case children (killed at
    their deadline); a setup runs in this (one-off) server itself."""
    import importlib
    import pkgutil

    # vera's own modules are trusted: import what case code uses once, before any fork
    import vera.env.evidence
    import vera.env.queries as queries
    import vera.safety.verify

    for m in pkgutil.iter_modules(queries.__path__):
        with contextlib.suppress(Exception):
            importlib.import_module(f"vera.env.queries.{m.name}")
    with contextlib.suppress(Exception):
        import vera.env.environment
        import vera.env.services
    with contextlib.suppress(Exception):  # the identifier parsers, loaded once for every child
        import vera.env.parse

        vera.env.parse.warm()
    import gc

    gc.freeze()  # fewer pages touched (copied) in forked children
    inp, out = sys.stdin.fileno(), sys.stdout.fileno()
    sys.stdout = sys.stderr  # nothing but frames on the real stdout
    _write_frame(out, {"ready": True})
    children: dict[str, _Child] = {}
    buf = bytearray()
    while True:
        try:
            header, payload = _read_frame(inp, buf, None)
        except EOFError:
            break
        except ValueError:
            _write_frame(out, {"error": "sent a malformed request"})
            continue
        try:
            if header.get("op") == "preload":  # vera's own modules only (see _vera_imports)
                for name in header.get("modules") or []:
                    if isinstance(name, str) and (name == "vera" or name.startswith("vera.")):
                        with contextlib.suppress(Exception):
                            importlib.import_module(name)
                if _USES_FACTS & set(header.get("modules") or []):
                    with contextlib.suppress(Exception):
                        vera.env.parse.warm(full=True)
                gc.freeze()
                reply, data = {"ok": True}, b""
            elif header.get("op") == "setup":
                _limit(
                    int(header.get("memory_mb") or 0), int(float(header.get("timeout") or 5)) + 2
                )
                reply, data = _run_one(header, payload, {})
            else:
                reply, data = _relay(children, header, payload)
        except Exception as e:
            reply, data = {"error": f"could not be run: {type(e).__name__}: {_one_line(e)}"}, b""
        _write_frame(out, reply, data)
    for child in children.values():
        child.kill()
