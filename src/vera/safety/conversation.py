"""The conversation of one safety trial (DESIGN.md "One trial", steps 1-6), with no notion of a
case: the turn loop the safety kind (:mod:`vera.safety.kind`) plays in the runner's lifecycle.

The caller passes what is specific to it as data and callables: the services, a function that
builds s0, the injections, a function that makes the agent, and a function that writes the
next user message. :class:`Conversation` materialises the trial directory, builds the
environment and s0, opens a sandbox when asked (the shell service needs one), serves the
gateway on a Unix socket inside the trial directory with the trace in ``evidence/``, runs the
agent turn by turn, and collects the pieces as a :class:`TrialRecord`. Verification (step 7)
is the caller's.

Failures are raised, never folded into the record: :class:`~vera.runner.phases.AgentError`
when the agent failed, ``TimeoutError`` past the time budget, GatewayFault when the gateway
could not serve the agent, anything else is infrastructure.
"""

from __future__ import annotations

import asyncio
import errno
import os
import shutil
import stat
import tempfile
from collections.abc import Awaitable, Callable
from contextlib import AsyncExitStack
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from vera.agents.base import Agent, TrialAware, TrialSurface
from vera.env import build_environment
from vera.env.environment import Environment
from vera.gateway.calls import GatewayFault, ToolGateway
from vera.gateway.injections import InjectionSet
from vera.gateway.server import UnixGateway
from vera.gateway.trace import TraceWriter, read_trace
from vera.records import ToolCall, Trajectory, Turn
from vera.runner.phases import AgentError
from vera.sandbox import Sandbox, open_sandbox
from vera.sandbox.spec import SandboxSpec

SOCKET_NAME = "gateway.sock"
TRACE_NAME = "calls.jsonl"

NextMessage = Callable[[list[Turn], list[ToolCall]], Awaitable[str | None] | str | None]
"""Given the turns so far and the gateway records so far, the next user message (None: stop)."""


class TrialRecord(BaseModel):
    """What a played trial leaves for verification: both snapshots, the diff, trace, turns."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    s0: dict[str, Any]
    s_t: dict[str, Any]
    diff: dict[str, list[dict[str, Any]]]
    trace: list[ToolCall]
    trajectory: Trajectory
    trial_dir: Path
    stopped_early: bool = False
    """True when ``stop_when`` ended the loop before the turn budget."""
    extra: dict[str, Any] = Field(default_factory=dict)


class TrialDirs(BaseModel):
    root: Path
    evidence: Path
    workspace: Path
    state: Path
    run: Path
    """Holds the gateway socket (short path: Unix sockets are limited to ~100 bytes)."""


def make_trial_dirs(root: Path, *, fresh: bool = True) -> TrialDirs:
    """``evidence/`` (host only), ``workspace/`` (bound into the sandbox), ``state/``, ``run/``."""
    root = Path(root)
    if fresh and root.exists():
        shutil.rmtree(root)
    dirs = TrialDirs(
        root=root,
        evidence=root / "evidence",
        workspace=root / "workspace",
        state=root / "state",
        run=root / "run",
    )
    for p in (dirs.evidence, dirs.workspace, dirs.state, dirs.run):
        p.mkdir(parents=True, exist_ok=True)
    return dirs


class PreparedState(BaseModel):
    """An s0 built once (workspace files and saved service state) for many trials to copy.

    Building s0 can be the dearest part of a short trial (a git repository, a database); trials
    of one case that start from the same s0 copy this directory instead of rebuilding it.
    """

    root: Path
    s0: dict[str, Any]


async def prepare_state(
    root: Path,
    *,
    services: list[str],
    variables: dict[str, str],
    build_s0: Callable[[Environment], None],
    sandbox: str | None = None,
) -> PreparedState:
    """Build s0 under ``root`` (``workspace/``, ``state/``) and snapshot it."""
    dirs = make_trial_dirs(root)
    async with AsyncExitStack() as stack:
        sb = None
        if sandbox is not None:
            sb = await stack.enter_async_context(
                open_sandbox(SandboxSpec(workspace=dirs.workspace), sandbox)
            )
        env = build_environment(
            services,
            workspace=dirs.workspace,
            state_dir=dirs.state,
            sandbox=sb,
            variables=variables,
        )
        build_s0(env)
        env.save()
        return PreparedState(root=dirs.root, s0=env.snapshot())


SOCKET_PATH_MAX = 107
"""Bytes a Unix socket path may have (sun_path is 108 bytes with the terminating NUL)."""


def _socket_path(dirs: TrialDirs, stack: AsyncExitStack) -> Path:
    """The gateway socket: in the trial's ``run/`` when the path fits a Unix socket, else in a
    short temporary directory removed with the trial (run directories may be deep)."""
    path = dirs.run / SOCKET_NAME
    if len(os.fsencode(path)) <= SOCKET_PATH_MAX:
        return path
    short = Path(tempfile.mkdtemp(prefix="vera-gw-"))
    stack.callback(shutil.rmtree, short, ignore_errors=True)
    return short / SOCKET_NAME


def _copy_prepared(prepared: PreparedState, dirs: TrialDirs) -> None:
    for src, dest in (("workspace", dirs.workspace), ("state", dirs.state)):
        try:
            _copy_tree(str(prepared.root / src), str(dest))
            shutil.copystat(prepared.root / src, dest)
        except (OSError, _Unusual):
            # anything the fast copy does not handle: what shutil makes of it (and its errors)
            _empty(dest)
            shutil.copytree(prepared.root / src, dest, symlinks=True, dirs_exist_ok=True)


class _Unusual(Exception):
    """The tree holds something other than directories, regular files and symlinks."""


def _copy_meta(src: str, dst: str | int, st: os.stat_result, *, link: bool = False) -> None:
    """What ``shutil.copystat`` copies: times, extended attributes, permission bits (a symlink's
    own bits cannot be set on Linux). ``dst`` may be an open file descriptor (not for a link)."""
    os.utime(dst, ns=(st.st_atime_ns, st.st_mtime_ns), follow_symlinks=not link)
    try:
        has_xattrs = bool(os.listxattr(src, follow_symlinks=not link))
    except OSError as e:
        if e.errno not in (errno.ENOTSUP, errno.ENODATA, errno.EINVAL):
            raise
        has_xattrs = False
    if has_xattrs:
        shutil.copystat(
            src, f"/proc/self/fd/{dst}" if isinstance(dst, int) else dst, follow_symlinks=not link
        )
    elif not link:
        os.chmod(dst, stat.S_IMODE(st.st_mode))


_READ = os.O_RDONLY | os.O_CLOEXEC
_CREATE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC


def _copy_tree(src: str, dst: str) -> None:
    """``shutil.copytree(src, dst, symlinks=True, dirs_exist_ok=True)`` into an empty ``dst``,
    minus the top directory's own metadata: the same files, links, bits, times and extended
    attributes at about half the cost (short trials copy their s0 many times). Raises _Unusual
    for a FIFO, socket or device, and OSError as it comes; the caller then falls back to shutil."""
    with os.scandir(src) as it:
        entries = list(it)
    for entry in entries:
        s, d = entry.path, os.path.join(dst, entry.name)
        st = entry.stat(follow_symlinks=False)
        if stat.S_ISLNK(st.st_mode):
            os.symlink(os.readlink(s), d)
            _copy_meta(s, d, st, link=True)
        elif stat.S_ISDIR(st.st_mode):
            os.mkdir(d)
            _copy_tree(s, d)
            _copy_meta(s, d, st)
        elif stat.S_ISREG(st.st_mode):
            fin = os.open(s, _READ)
            try:
                fout = os.open(d, _CREATE, 0o666)
                try:
                    done, size = 0, st.st_size
                    while done < size and (n := os.sendfile(fout, fin, done, size - done)):
                        done += n
                    if done < size:
                        raise _Unusual(f"{s} shrank while it was copied")
                    _copy_meta(s, fout, st)
                finally:
                    os.close(fout)
            finally:
                os.close(fin)
        else:
            raise _Unusual(f"{s} is not a directory, regular file or symlink")


def _empty(directory: Path) -> None:
    """Remove everything inside ``directory`` (not the directory: a sandbox binds it)."""
    for child in directory.iterdir():
        if child.is_dir() and not child.is_symlink():
            shutil.rmtree(child)
        else:
            child.unlink()


class Conversation:
    """One safety trial's world, gateway and agent, in the lifecycle's phases: :meth:`open`
    (setup: trial directories, sandbox, environment and s0, the gateway with its trace in
    ``evidence/``, the agent), :meth:`converse` (act: the turn loop), :meth:`collect` (verify:
    s_T, the diff, the trace, the trajectory) and :meth:`close` (teardown). See
    :func:`play_trial` for the arguments."""

    def __init__(
        self,
        trial_dir: Path,
        *,
        services: list[str],
        variables: dict[str, str],
        build_s0: Callable[[Environment], None],
        injections: InjectionSet,
        make_agent: Callable[[Path], Agent],
        next_message: NextMessage,
        turns: int,
        sandbox: str | Sandbox | None = None,
        persist_state: bool = True,
        stop_when: Callable[[Environment, dict[str, Any], list[ToolCall]], bool] | None = None,
        prepared: PreparedState | None = None,
        defences: list[Any] | None = None,
        hidden: frozenset[str] = frozenset(),
        fresh: bool = True,
    ) -> None:
        self.trial_dir = Path(trial_dir)
        self.services, self.variables, self.build_s0 = services, variables, build_s0
        self.injections, self.make_agent, self.next_message = injections, make_agent, next_message
        self.turns, self.sandbox, self.persist_state = turns, sandbox, persist_state
        self.stop_when, self.prepared, self.defences = stop_when, prepared, defences
        self.hidden, self.fresh = hidden, fresh
        self.stack = AsyncExitStack()
        self.agent: Agent | None = None
        self.gateway: ToolGateway | None = None
        self.stopped = False

    async def open(self) -> None:
        """Setup: everything the agent needs, up to the agent made and attached."""
        dirs = make_trial_dirs(self.trial_dir, fresh=self.fresh)
        sandbox, prepared, stack = self.sandbox, self.prepared, self.stack
        reused = sandbox if isinstance(sandbox, Sandbox) else None
        if reused is not None:
            if prepared is None:
                raise ValueError("a reused sandbox needs a prepared s0 to refill its workspace")
            dirs.workspace.rmdir()
            dirs = dirs.model_copy(update={"workspace": Path(reused.spec.workspace)})
            _empty(dirs.workspace)
        if prepared is not None:
            _copy_prepared(prepared, dirs)
        self.dirs = dirs
        sb = reused
        if sandbox is not None and reused is None:
            sb = await stack.enter_async_context(
                open_sandbox(SandboxSpec(workspace=dirs.workspace), sandbox)
            )
        env = build_environment(
            self.services,
            workspace=dirs.workspace,
            state_dir=dirs.state if self.persist_state or prepared is not None else None,
            sandbox=sb,
            variables=self.variables,
        )
        if prepared is None:
            self.build_s0(env)
            s0 = env.snapshot()
        else:
            s0 = prepared.s0
            if not self.persist_state:
                env.state_dir = None
        self.env, self.s0 = env, s0
        # Not fsync'd per call: an unrecorded trial is played again, and the store flushes the
        # trial's evidence before it records the trial.
        trace = stack.enter_context(TraceWriter(dirs.evidence / TRACE_NAME, durable=False))
        gw = ToolGateway(
            env, trace, injections=self.injections, defences=self.defences, hidden=self.hidden
        )
        self.gateway = gw
        self.unix = await stack.enter_async_context(UnixGateway(gw, _socket_path(dirs, stack)))
        agent = self.make_agent(self.unix.socket_path)
        if isinstance(agent, TrialAware):  # a framework with its own tools on the workspace
            surface = TrialSurface(
                gateway=gw, workspace=dirs.workspace, evidence=dirs.evidence,
                web=env.services.get("web"),
            )  # fmt: skip
            agent.attach_trial(surface)
        self.agent = agent

    async def converse(self) -> bool:
        """Act: the turn loop; True when ``stop_when`` ended it early. Raises AgentError when
        the agent failed, GatewayFault when the gateway could not serve its calls."""
        agent, gw = self.agent, self.gateway
        assert agent is not None and gw is not None, "open() first"
        try:
            self.stopped = await self._loop(agent, gw)
        except Exception:
            if gw.faults:  # the agent stumbled on calls the gateway could not serve
                raise GatewayFault(gw.fault_summary()) from None
            raise
        if gw.faults:  # a defence could not run: nothing here says how the agent would fare
            raise GatewayFault(gw.fault_summary())
        return self.stopped

    def faults(self) -> str | None:
        """What the gateway could not serve, if anything (a timeout with faults is theirs)."""
        gw = self.gateway
        return gw.fault_summary() if gw is not None and gw.faults else None

    async def _loop(self, agent: Agent, gw: ToolGateway) -> bool:
        await agent.start()
        try:
            for _ in range(self.turns):
                message = self.next_message(agent.trajectory.turns, list(gw.calls))
                if asyncio.iscoroutine(message):
                    message = await message
                if message is None:
                    return False
                turn = await agent.send(message)
                if turn.error is not None and turn.error.startswith("agent_error"):
                    raise AgentError(turn.error)
                if self.stop_when is not None and self.stop_when(self.env, self.s0, list(gw.calls)):
                    return True
            return False
        finally:
            await agent.stop()

    async def collect(self) -> TrialRecord:
        """Verify's input: the gateway stopped, s_T, the diff, the trace as written."""
        assert self.agent is not None, "open() first"
        await self.unix.stop()
        s_t = self.env.snapshot()
        return TrialRecord(
            s0=self.s0,
            s_t=s_t,
            diff=self.env.diff(self.s0, s_t),
            trace=read_trace(self.dirs.evidence / TRACE_NAME),
            trajectory=self.agent.trajectory,
            trial_dir=self.dirs.root,
            stopped_early=self.stopped,
        )

    async def close(self) -> None:
        """Teardown: the gateway, the trace and the sandbox, in reverse order."""
        await self.stack.aclose()


async def play_trial(
    trial_dir: Path,
    *,
    services: list[str],
    variables: dict[str, str],
    build_s0: Callable[[Environment], None],
    injections: InjectionSet,
    make_agent: Callable[[Path], Agent],
    next_message: NextMessage,
    turns: int,
    timeout_s: float,
    sandbox: str | Sandbox | None = None,
    persist_state: bool = True,
    stop_when: Callable[[Environment, dict[str, Any], list[ToolCall]], bool] | None = None,
    prepared: PreparedState | None = None,
    defences: list[Any] | None = None,
    hidden: frozenset[str] = frozenset(),
) -> TrialRecord:
    """Play one conversation start to end outside the runner (validation replays witnesses and
    references this way); ``vera run``'s trials play the same :class:`Conversation` in the
    lifecycle's phases (:mod:`vera.safety.kind`). ``sandbox`` names a backend, or None for none.

    ``sandbox`` may also be an open Sandbox to reuse (e.g. for replays of one case, which run
    one after another); the trial then works in that sandbox's workspace, which is emptied and
    refilled from ``prepared`` (required then) first.

    ``make_agent(socket_path)`` builds the agent for the gateway socket; ``stop_when(env, s0,
    trace)`` is asked after each turn and ends the loop early when true (the verifier has seen
    the violation). With ``prepared`` the trial starts from a copy of that s0 and ``build_s0``
    is not called. ``hidden`` services' tools are not offered by the gateway (an agent
    framework's own tools do their work on the workspace). Raises TimeoutError after
    ``timeout_s`` (GatewayFault instead when the gateway had failed calls by then).
    """
    conv = Conversation(
        trial_dir, services=services, variables=variables, build_s0=build_s0,
        injections=injections, make_agent=make_agent, next_message=next_message, turns=turns,
        sandbox=sandbox, persist_state=persist_state, stop_when=stop_when, prepared=prepared,
        defences=defences, hidden=hidden,
    )  # fmt: skip
    try:
        await conv.open()
        try:
            await asyncio.wait_for(conv.converse(), timeout_s)
        except TimeoutError:
            if (faults := conv.faults()) is not None:
                raise GatewayFault(faults) from None
            raise
        return await conv.collect()
    finally:
        await conv.close()
