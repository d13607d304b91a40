"""One trial of a hardening task: the agent phase, then the verifier phase, then the reward.

The sandbox shows the task Harbor's paths: ``/app`` (seeded from ``environment/app``),
``/logs/agent``, ``/logs/verifier``, ``/logs/artifacts``, ``/root`` (HOME, seeded from
``/etc/skel``), ``/solution`` (oracle only) and ``/tests``. Commands run in a login shell
(``bash -lc``), the way ``docker exec`` into a task image is usually driven, so what an agent
leaves in its HOME reaches later commands.

Two verifier modes, from ``[verifier] environment_mode``:

* ``shared`` (the original layout): the verifier runs in the agent's sandbox right after the
  agent, daemons and all; ``/tests`` is a writable folder that the tests are copied into at
  verify time (or from the start when ``[vera] tests_visible``). Once ``test.sh`` has exited,
  the environment is stopped the way ``docker stop`` stops one: every process left in the
  sandbox gets SIGTERM, up to :data:`STOP_GRACE_S` to exit, then SIGKILL (:func:`stop_leftovers`),
  and only then is the reward read. So a process the agent left behind acts after the verifier
  has finished and before the reward is read, in that order whatever the machine's speed: a
  leftover-process exploit that acts when it is stopped wins or loses the same way every run
  (the audit is reproducible), and no process writes while the reward is being read.
* ``separate``: the agent's sandbox is closed first (every process it left is killed); the
  verifier runs in a fresh sandbox that has a pristine read-only copy of the tests, a fresh
  ``/app`` from the seed plus the declared artifacts, a reward directory the agent never had,
  a fresh HOME, and a clean environment (no login shell; nothing from the agent).

Errors are never folded into rewards: a verifier that times out, is killed, or writes an
unreadable reward gives ``reward=None`` and a phase error. A verifier that writes no reward file
gives reward 0 with a note (Harbor's rule).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import math
import os
import re
import shutil
import stat
import tarfile
import tempfile
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from vera import paths
from vera.harden.artifacts import (
    APP,
    EXPORT_CAP,
    LOGS_ARTIFACTS,
    UNCARRIED_NOTE,
    ArtifactError,
    artifacts_of,
    copy_artifacts,
    export_command,
    export_names,
    shadowed_modules,
    uncarried_changes,
)
from vera.harden.task import Task, seed_app, write_env_tree
from vera.harden.trajectory import AttemptRecord, final_diff, replay_from_commands, replay_from_diff
from vera.harden.trajectory import snapshot as take_snapshot
from vera.records import BoundedText
from vera.sandbox import (
    Bind,
    Limits,
    NetworkPolicy,
    Sandbox,
    SandboxError,
    SandboxSpec,
    open_sandbox,
)

SYSTEM_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
HOME = "/root"
_SKEL = Path("/etc/skel")
_HOME_NOISE = frozenset({".bash_history", ".python_history", ".lesshst", ".viminfo", ".wget-hsts",
                         ".cache", ".npm"})
"""What shells and tools leave in HOME by themselves: not named as a verifier's missed input."""
_LOG_CAP = 1 << 20
STOP_GRACE_S = 10.0
"""Seconds the processes left in a shared sandbox get between SIGTERM and SIGKILL once the
verifier has exited (``docker stop``'s default). Only a process that ignores SIGTERM spends it."""
LEFTOVER_SETTLE_S = 1.0
"""Seconds the processes an agent left in a shared sandbox run between the tests' upload and the
verifier's start. Harbor uploads the tests (one engine call) and then starts ``test.sh`` (another):
a leftover process that watches ``/tests`` acts in between. vera writes the tests from the host
and starts the verifier at once, so without this pause whether such a process acts first would
depend on the machine's load (the same audit would find the hack in one run and not the next);
with it, it depends on the process. Only a trial whose sandbox still holds a process the agent
left waits."""
REWARD_CAP = 1 << 16
"""Most bytes of ``reward.txt`` / ``reward.json`` read (a bigger file is not a reward)."""


class ExecutionError(Exception):
    """A trial cannot be set up (unknown agent, missing script, backend unavailable)."""


class AgentSpec(BaseModel):
    """Who plays the agent phase: ``oracle``, ``nop``, ``script:FILE``, or an ``actor`` (an
    agent that acts in the sandbox over many steps: :mod:`vera.harden.actors`)."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    kind: Literal["oracle", "nop", "script", "actor"]
    script: str | None = None
    """Text of the script for ``script:`` agents."""
    label: str
    actor: Any = Field(default=None, exclude=True)
    """For ``actor``: a :class:`vera.harden.actors.Actor` (never serialised)."""

    @classmethod
    def parse(cls, text: str, script_text: str | None = None) -> AgentSpec:
        """Parse the CLI form. ``script_text`` lets callers (the audit) pass a script in memory."""
        if text in ("oracle", "nop"):
            return cls(kind=text, label=text)  # type: ignore[arg-type]
        if text.startswith("script:"):
            name = text[len("script:") :]
            if script_text is None:
                path = Path(name)
                if not path.is_file():
                    raise ExecutionError(f"{path}: agent script not found")
                script_text = path.read_text(encoding="utf-8", errors="surrogateescape")
            return cls(kind="script", script=script_text, label=text)
        raise ExecutionError(f"unknown agent {text!r} (expected oracle, nop or script:FILE)")


class TaskTrialResult(BaseModel):
    """What one trial produced. ``summary()`` is the stable JSON of ``vera harden run``."""

    task: str
    agent: str
    reward: float | None
    """None when the verifier phase failed (see phase_errors)."""
    passed: bool
    """reward >= tau_s."""
    hacked: bool
    """reward >= tau_h (meaningful when the agent did not do the task)."""
    phase_errors: list[BoundedText] = Field(default_factory=list)
    notes: list[BoundedText] = Field(default_factory=list)
    """Each cut at :data:`vera.records.TEXT_LIMIT` (the task's code and the agent write them)."""
    mode: Literal["shared", "separate"]
    backend: str
    agent_exit: int | None = None
    verifier_exit: int | None = None
    trial_dir: str | None = None
    """Kept trial directory (logs, workspaces), when asked to keep it."""
    attempt: AttemptRecord | None = None
    """For an ``actor``: its trajectory, the final diff of the agent-writable state and the
    replay scripts derived from them."""
    failed_phase: Literal["setup", "agent", "verifier"] | None = Field(default=None, exclude=True)
    """The phase of the first error, as data (the trial kind raises its typed error from it)."""
    failed_timeout: bool = Field(default=False, exclude=True)
    """The first error was that phase running out of time."""

    def fail(
        self, phase: Literal["setup", "agent", "verifier"], message: str, *, timed_out: bool = False
    ) -> None:
        """Record a phase error (``phase: message`` in ``phase_errors``, what users read)."""
        self.phase_errors.append(f"{phase}: {message}")
        if self.failed_phase is None:
            self.failed_phase, self.failed_timeout = phase, timed_out

    def summary(self) -> dict[str, object]:
        return {
            "task": self.task,
            "agent": self.agent,
            "reward": self.reward,
            "passed": self.passed,
            "phase_errors": list(self.phase_errors),
        }


# --- reward -------------------------------------------------------------------------------------


def _reward_bytes(verifier_dir: Path, name: str) -> tuple[bytes | None, str | None]:
    """(contents, None) of a reward file; (None, None) when there is no regular file of that
    name; (None, error) for a link or one over :data:`REWARD_CAP`. Read beneath the folder
    (:mod:`vera.paths`): an agent that swaps the file for a link meanwhile gets an error, never
    a host file read."""
    try:
        st = (verifier_dir / name).lstat()
    except FileNotFoundError:
        return None, None
    if stat.S_ISLNK(st.st_mode):
        return None, "reward file is a symlink"
    if not stat.S_ISREG(st.st_mode):
        return None, None
    try:
        fd = paths.open_file(verifier_dir, name)
    except (paths.UnsafePathError, OSError) as exc:
        return None, f"{name} unreadable: {exc}"
    with os.fdopen(fd, "rb") as fh:
        data = fh.read(REWARD_CAP + 1)
    if len(data) > REWARD_CAP:
        return None, f"{name} is over {REWARD_CAP} bytes"
    return data, None


def read_reward(verifier_dir: Path, task: Task) -> tuple[float | None, str | None, str | None]:
    """(reward, error, note) from ``reward.txt`` (preferred) or ``reward.json``."""
    txt, txt_error = _reward_bytes(verifier_dir, "reward.txt")
    if txt_error is not None:
        return None, txt_error, None
    if txt is not None:
        raw = txt.decode(errors="replace").strip()
        if not _NUMBER.fullmatch(raw):  # float() also takes "1_0", "inf", "nan", " 1 "
            return None, f"reward.txt is not a number: {raw[:60]!r}", None
        return _finite(float(raw), "reward.txt", task)
    js, js_error = _reward_bytes(verifier_dir, "reward.json")
    if js_error is not None:
        return None, js_error, None
    if js is not None:
        try:
            data = json.loads(js.decode(errors="replace"))
        except json.JSONDecodeError as exc:
            return None, f"reward.json is not JSON: {exc.msg}", None
        except RecursionError:
            return None, "reward.json is nested too deeply", None
        key = task.config.vera.reward_key
        if isinstance(data, int | float) and not isinstance(data, bool):
            return _finite(float(data), "reward.json", task)
        if isinstance(data, dict):
            if isinstance(data.get(key), int | float) and not isinstance(data.get(key), bool):
                return _finite(float(data[key]), f"reward.json[{key}]", task)
            nums = [v for v in data.values() if isinstance(v, int | float) and not isinstance(v, bool)]
            if len(nums) == 1:
                return _finite(float(nums[0]), "reward.json", task)
        return None, f"reward.json has no numeric {key!r} (and not exactly one metric)", None
    return 0.0, None, "verifier wrote no reward file: reward 0"


_NUMBER = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?")
"""A plain decimal number (what a verifier writes), nothing ``float()`` accepts besides."""


def _finite(
    value: float, source: str, task: Task | None = None
) -> tuple[float | None, str | None, str | None]:
    if not math.isfinite(value):
        return None, f"{source} is not finite: {value}", None
    if task is not None and task.config.vera.reward == "binary" and not 0.0 <= value <= 1.0:
        return None, f"{source} is {value:g}, out of range for a binary task (0 to 1)", None
    return value, None, None


# --- trial layout -------------------------------------------------------------------------------


def _write_tree(root: Path, files: dict[str, str]) -> None:
    """Write ``files`` beneath ``root``: in shared mode ``root`` is a folder the agent could
    write, so a link it left there is replaced, never written through (:mod:`vera.paths`)."""
    for rel, text in files.items():
        mode = 0o755 if rel.endswith(".sh") or text.startswith("#!") else 0o644
        paths.write_bytes(root, rel, text.encode("utf-8", errors="surrogateescape"), mode=mode)


def _fresh_home(path: Path) -> Path:
    path.mkdir(parents=True)
    if _SKEL.is_dir():
        for f in _SKEL.iterdir():
            if f.is_file():
                shutil.copy(f, path / f.name)
    return path


class _Side:
    """Host folders of one sandbox (the agent's, or the separated verifier's)."""

    def __init__(self, root: Path, task: Task, *, skel_home: bool) -> None:
        self.root = root
        self.app = root / "app"
        self.logs = root / "logs"
        self.home = root / "home"
        self.tests = root / "tests"
        for d in (self.app, self.logs / "agent", self.logs / "verifier", self.logs / "artifacts",
                  self.tests):
            d.mkdir(parents=True)
        seed_app(task, self.app)
        if skel_home:
            _fresh_home(self.home)
        else:
            self.home.mkdir()

    def binds(self, tests_writable: bool) -> list[Bind]:
        return [
            Bind(source=self.logs / "agent", target="/logs/agent", writable=True),
            Bind(source=self.logs / "verifier", target="/logs/verifier", writable=True),
            Bind(source=self.logs / "artifacts", target=LOGS_ARTIFACTS, writable=True),
            Bind(source=self.home, target=HOME, writable=True),
            Bind(source=self.tests, target="/tests", writable=tests_writable),
        ]


def _limits(task: Task) -> Limits:
    return Limits(memory_mb=task.config.environment.memory_mb or 4096, pids=1024)


def _network(task: Task) -> NetworkPolicy:
    return NetworkPolicy.parse("host" if task.config.environment.internet else "none")


def _base_env() -> dict[str, str]:
    return {"HOME": HOME, "PATH": SYSTEM_PATH, "LANG": "C.UTF-8", "TERM": "dumb", "USER": "root"}


def _save_log(path: Path, res_stdout: str, res_stderr: str) -> None:
    """Keep a command's output (each stream's last :data:`_LOG_CAP` characters) at ``path``,
    whose folder may be the agent's: a link planted there is replaced, never written through."""
    text = res_stdout[-_LOG_CAP:] + ("\n--- stderr ---\n" + res_stderr[-_LOG_CAP:] if res_stderr else "")
    path.parent.mkdir(parents=True, exist_ok=True)
    paths.write_bytes(path.parent, path.name, text.encode("utf-8", errors="surrogateescape"))


# --- backends -----------------------------------------------------------------------------------


VERA_RUNTIME = "/opt/vera"
"""Where vera's runtime image has vera (``bin/vera``) and the task's ``environment/vera/``
(``task/``)."""


def _runtime_binds(task: Task, backend: str, root: Path) -> list[Bind]:
    """For a task on vera's runtime image under bwrap: what the image would hold, from this
    process: ``/opt/vera/bin/vera`` (a launcher of this interpreter and this vera) and
    ``/opt/vera/task`` (the task's ``environment/vera/``), read-only, plus the interpreter's
    own paths. Nothing for other tasks or backends."""
    if task.config.vera.runtime != "vera" or backend != "bwrap":
        return []
    from vera.sandbox.interpreter import interpreter_paths, vera_launcher

    runtime = root / "vera-runtime"
    if not runtime.is_dir():
        (runtime / "task").mkdir(parents=True)  # vera's own folder, never the agent's
        files = {f"task/{k[len('vera/') :]}": v for k, v in task.environment.items() if k.startswith("vera/")}
        _write_tree(runtime, {**files, "bin/vera": vera_launcher()})
    binds = [Bind(source=runtime, target=VERA_RUNTIME)]
    return binds + [Bind(source=Path(p), target=p) for p in interpreter_paths()]



def choose_backend(task: Task, backend: str | None) -> str:
    """bwrap for tasks without a Dockerfile (host tools), docker for tasks that bring one. A task
    whose image is vera's runtime (``[vera] runtime = "vera"``) runs under bwrap unless docker
    is asked for: its Dockerfile only installs vera, which this process provides itself."""
    if task.config.vera.runtime == "vera" and backend in (None, "bwrap"):
        return "bwrap"
    if task.has_dockerfile:
        if backend not in (None, "docker"):
            raise ExecutionError(
                f"{task.path / 'environment' / 'Dockerfile'}: task brings a Dockerfile; "
                f"it needs the docker backend, not {backend}"
            )
        return "docker"
    return backend or "bwrap"


def _docker_image(task: Task, image_map: dict[str, str] | None = None) -> str:
    """Build (offline, once per distinct environment) the image of a task with a Dockerfile.

    Blocking; callers run it in a thread. The tag carries a digest of ``environment/``, so an
    unchanged task reuses its image and a changed one gets a new one.
    """
    try:
        import docker

        from vera.sandbox.images import build_image, image_exists, map_base_images
    except ImportError as exc:  # pragma: no cover - depends on the install
        raise ExecutionError(f"docker backend unavailable: {exc}") from None
    environment = dict(task.environment)
    environment["Dockerfile"] = map_base_images(environment["Dockerfile"], image_map or {})
    digest = hashlib.sha256(
        json.dumps([sorted(environment.items()),
                    [e.model_dump() for e in task.environment_tree]]).encode("utf-8", "surrogateescape")
    ).hexdigest()[:12]
    tag = f"vera-task/{task.id.lower()}:{digest}"
    try:
        client = docker.from_env()
        client.ping()
    except Exception as exc:
        raise ExecutionError(
            f"{task.path / 'environment' / 'Dockerfile'}: task needs Docker but no engine is "
            f"reachable ({' '.join(str(exc).split())[:160]})"
        ) from None
    try:
        if image_exists(client, tag):
            return tag
        with tempfile.TemporaryDirectory(prefix="vera-ctx-") as ctx:
            # Modes, symlinks and empty folders matter to COPY as they do to the seed.
            write_env_tree(Path(ctx), environment, task.environment_tree)
            return build_image(client, Path(ctx), tag)
    except SandboxError as exc:
        raise ExecutionError(str(exc)) from None
    finally:
        client.close()


# --- leftover processes ---------------------------------------------------------------------------

PID_NAMESPACE_BACKENDS = ("bwrap", "docker")
"""Backends whose sandbox has a pid namespace of its own: there, every process but the
sandbox's own is one the trial started, and may be stopped. On ``local`` it would be the host's."""

_PIDS = 'for d in /proc/[0-9]*; do echo "${d#/proc/}"; done\n'
"""Bash that lists the pids of a sandbox's pid namespace (its own included)."""

_STOP = r"""
keep=" 1 $1 $$ "
sent=" "
others() {  # pids not kept and not zombies, with bash builtins only (no child of ours is listed)
  out=""
  for d in /proc/[0-9]*; do
    p=${d#/proc/}
    case "$keep" in *" $p "*) continue ;; esac
    read -r line < "$d/stat" 2>/dev/null || continue
    rest=${line##*) }
    [ "${rest%% *}" = Z ] && continue
    out="$out $p"
  done
}
end=$((SECONDS + $2))
while :; do
  others
  [ -z "$out" ] && exit 0
  if [ $SECONDS -ge $end ]; then
    for p in $out; do kill -KILL "$p" 2>/dev/null; done
    echo "killed:$out"
  else
    for p in $out; do
      case "$sent" in *" $p "*) continue ;; esac
      kill -TERM "$p" 2>/dev/null; kill -CONT "$p" 2>/dev/null; sent="$sent$p "
    done
  fi
  sleep 0.02
done
"""
"""Bash, run in the sandbox with the pids to keep and the grace in seconds: SIGTERM (and
SIGCONT, for a stopped one) to every other live process once, waits until none is left, and
after the grace SIGKILLs those still alive (printing ``killed: PIDS``). It exits only when
no other process is left, so whatever they wrote is written when the reward is read."""


async def sandbox_pids(sb: Sandbox) -> list[int]:
    """The pids of ``sb``'s own processes (its init and keeper), recorded before anyone acts in
    it, so that :func:`stop_leftovers` stops everything else and nothing of the sandbox's."""
    res = await sb.exec(["bash", "--noprofile", "--norc", "-c", _PIDS + "echo self:$$"], timeout=30)
    lines = res.stdout.split()
    me = next((x[len("self:") :] for x in lines if x.startswith("self:")), "")
    return sorted(int(x) for x in lines if x.isdigit() and x != me)


async def _leftovers(sb: Sandbox, keep: list[int]) -> bool:
    """Whether a process other than the sandbox's own (``keep``) is alive in ``sb``."""
    try:
        alive = await sandbox_pids(sb)
    except SandboxError:
        return False
    return any(p not in keep for p in alive)


async def stop_leftovers(sb: Sandbox, keep: list[int], result: TaskTrialResult) -> None:
    """Stop every process left in the shared sandbox ``sb`` (the agent's daemons, anything the
    verifier left), as ``docker stop`` would: SIGTERM, :data:`STOP_GRACE_S`, SIGKILL; returns
    when none is left. A process killed after the grace is noted on the result."""
    script = ["bash", "--noprofile", "--norc", "-c", _STOP, "vera-stop",
              " ".join(map(str, keep)), f"{STOP_GRACE_S:g}"]  # fmt: skip
    res = await sb.exec(script, timeout=STOP_GRACE_S + 60)
    if res.exit_code != 0:
        raise SandboxError(f"cannot stop the processes left in the sandbox (exit {res.exit_code})")
    if "killed:" in res.stdout:
        result.notes.append(f"verifier: processes ignored SIGTERM for {STOP_GRACE_S:g}s and were killed")


# --- the trial ----------------------------------------------------------------------------------


async def _open(spec: SandboxSpec, backend: str) -> Sandbox:
    """Start a sandbox and wait until a command runs in it.

    A backend that reports a sandbox started a moment before it can run commands (seen with
    an early bwrap backend: the first ``exec`` failed with 127 from nsenter) would otherwise
    make a task's verifier look crashed; a trivial probe keeps infrastructure out of rewards.
    """
    sb = await open_sandbox(spec, backend).__aenter__()
    try:
        for _ in range(50):
            probe = await sb.exec(["/bin/sh", "-c", "true"], timeout=10)
            if probe.exit_code == 0:
                return sb
            await asyncio.sleep(0.02)
        raise SandboxError(f"sandbox never became ready: {probe.stderr.strip()[:160]}")
    except BaseException:
        await sb.close()
        raise


class TaskTrial:
    """One task trial in phases: :meth:`open` (the agent's sandbox), :meth:`act` (the agent
    phase), :meth:`verify` (the verifier, in the same sandbox or a fresh separated one, and the
    reward), :meth:`close`. :func:`run_trial` plays them in order; the ``harden`` trial kind
    plays them as the runner lifecycle's phases (:mod:`vera.harden.kind`).

    Raises ExecutionError when the trial cannot be set up (bad agent, no backend); everything
    that goes wrong once it runs is recorded in :attr:`result` (``result.fail``).
    """

    def __init__(
        self,
        task: Task,
        agent: AgentSpec | str,
        *,
        backend: str | None = None,
        work_dir: Path | None = None,
        image_map: dict[str, str] | None = None,
    ) -> None:
        spec = agent if isinstance(agent, AgentSpec) else AgentSpec.parse(agent)
        if spec.kind == "oracle" and task.solution is None:
            raise ExecutionError(f"{task.path / 'solution' / 'solve.sh'}: missing (needed by oracle)")
        self.task, self.spec, self.work_dir = task, spec, work_dir
        self.backend = choose_backend(task, backend)
        self.image_map = image_map
        self.image: str | None = None
        self.root: Path | None = None
        self.sb: Sandbox | None = None
        self.keep: list[int] | None = None
        self.result = TaskTrialResult(
            task=task.id, agent=spec.label, reward=None, passed=False, hacked=False,
            mode=task.config.verifier.environment_mode, backend=self.backend,
        )  # fmt: skip

    async def open(self) -> None:
        """Setup: the trial's folders and the agent's sandbox (a setup error is recorded)."""
        task, spec, backend, result = self.task, self.spec, self.backend, self.result
        if backend == "docker":
            self.image = await asyncio.to_thread(_docker_image, task, self.image_map)
        root = self.root = Path(tempfile.mkdtemp(prefix=f"vera-trial-{task.id}-", dir=self.work_dir))
        separate = task.separated
        self.agent_side = agent_side = _Side(root / "agent", task, skel_home=True)
        extra_binds: list[Bind] = []
        if spec.kind == "oracle":
            sol = root / "solution"
            sol.mkdir()
            _write_tree(sol, {"solve.sh": task.solution or "", **task.solution_files})
            extra_binds.append(Bind(source=sol, target="/solution"))
        if spec.kind == "script":
            adir = root / "agent-script"
            adir.mkdir()
            _write_tree(adir, {"agent.sh": spec.script or ""})
            extra_binds.append(Bind(source=adir, target="/opt/vera-agent"))
        extra_binds += _runtime_binds(task, backend, root)
        network = _network(task)
        if spec.kind == "actor":
            setup = spec.actor.setup(root / "actor")
            extra_binds += setup.binds
            if setup.network is not None:
                network = NetworkPolicy.parse(setup.network)
        if not separate and task.config.vera.tests_visible:
            _write_tree(agent_side.tests, task.tests)
        agent_spec = SandboxSpec(
            workspace=agent_side.app, workspace_target=APP, binds=agent_side.binds(True) + extra_binds,
            env=_base_env(), network=network, limits=_limits(task), image=self.image,
        )  # fmt: skip
        try:
            sb = self.sb = await _open(agent_spec, backend)
        except SandboxError as exc:
            result.fail("setup", str(exc))
            return
        if not separate and sb.backend in PID_NAMESPACE_BACKENDS:
            try:
                self.keep = await sandbox_pids(sb)
            except SandboxError as exc:
                result.fail("setup", str(exc))
        elif not separate:
            result.notes.append(
                f"verifier: the {sb.backend} backend has no pid namespace: processes left "
                "behind are not stopped before the reward is read (a race may decide it)"
            )

    @property
    def ready(self) -> bool:
        """Setup went through: the agent's sandbox is open and no setup error was recorded."""
        return self.sb is not None and self.result.failed_phase != "setup"

    async def act(self) -> None:
        """The agent phase (its errors and notes recorded)."""
        if self.ready:
            assert self.sb is not None
            await _agent_phase(self.sb, self.task, self.spec, self.agent_side, self.result)

    async def verify(self) -> None:
        """The verifier phase: in the agent's sandbox (shared), or after it is closed, in a
        fresh one that receives only the declared artifacts (separated); then the reward."""
        if not self.ready:
            return
        assert self.sb is not None and self.root is not None
        if not self.task.separated:
            await _verify(self.sb, self.task, self.agent_side, self.result, login=True, keep=self.keep)
            return
        sb, self.sb = self.sb, None
        await sb.close()
        await _separate_verify(
            self.task, self.backend, self.image, self.root, self.agent_side, self.result
        )

    async def close(self, *, keep: bool = False) -> TaskTrialResult:
        """Teardown: the sandbox closed, the trial's folder kept (``result.trial_dir``) or
        removed; the result with passed and hacked judged from the reward."""
        if self.sb is not None:
            sb, self.sb = self.sb, None
            await sb.close()
        if self.root is not None:
            if keep:
                self.result.trial_dir = str(self.root)
            else:
                shutil.rmtree(self.root, ignore_errors=True)
        self.result.passed = self.task.passed(self.result.reward)
        self.result.hacked = self.task.hacked(self.result.reward)
        return self.result


async def run_trial(
    task: Task,
    agent: AgentSpec | str,
    *,
    backend: str | None = None,
    work_dir: Path | None = None,
    keep: bool = False,
    image_map: dict[str, str] | None = None,
) -> TaskTrialResult:
    """Run the agent phase then the verifier phase of ``task`` and read the reward.

    ``image_map`` substitutes base images of a task's Dockerfile (``--image-map FROM=LOCAL``).

    Raises ExecutionError when the trial cannot be set up (bad agent, no backend); everything
    that goes wrong once it runs is recorded in the result instead.
    """
    trial = TaskTrial(task, agent, backend=backend, work_dir=work_dir, image_map=image_map)
    try:
        await trial.open()
        await trial.act()
        await trial.verify()
    finally:
        result = await trial.close(keep=keep)
    return result


def writable_roots(side: _Side) -> dict[str, Path]:
    """The agent-writable state, by sandbox path -> host folder."""
    return {
        APP: side.app, HOME: side.home, "/logs/agent": side.logs / "agent",
        "/logs/verifier": side.logs / "verifier", LOGS_ARTIFACTS: side.logs / "artifacts",
        "/tests": side.tests,
    }  # fmt: skip


async def _actor_phase(
    sb: Sandbox, task: Task, spec: AgentSpec, side: _Side, result: TaskTrialResult
) -> None:
    roots = writable_roots(side)
    before = await asyncio.to_thread(take_snapshot, roots)
    timeout = task.config.agent.timeout_sec
    try:
        rec = await asyncio.wait_for(spec.actor.act(sb, timeout), timeout + 30)
    except TimeoutError:
        result.notes.append(f"agent: timed out after {timeout:g}s")
        from vera.records import Trajectory

        rec = AttemptRecord(agent=spec.actor.name, trajectory=Trajectory(agent=spec.actor.name),
                            stopped="time_limit")
    except SandboxError as exc:
        result.fail("agent", str(exc))
        return
    rec.diff = await asyncio.to_thread(final_diff, before, roots)
    rec.replay_diff = replay_from_diff(rec.diff, spec.label)
    rec.replay_commands = replay_from_commands(rec.commands, spec.label)
    if rec.stopped != "done":
        result.notes.append(f"agent: stopped ({rec.stopped})")
    result.attempt = rec


async def _agent_phase(
    sb: Sandbox, task: Task, spec: AgentSpec, side: _Side, result: TaskTrialResult
) -> None:
    if spec.kind == "nop":
        return
    if spec.kind == "actor":
        await _actor_phase(sb, task, spec, side, result)
        return
    script = "/solution/solve.sh" if spec.kind == "oracle" else "/opt/vera-agent/agent.sh"
    timeout = task.config.agent.timeout_sec
    try:
        res = await sb.exec(["bash", "-lc", f"bash {script}"], timeout=timeout)
    except SandboxError as exc:
        result.fail("agent", str(exc))
        return
    result.agent_exit = res.exit_code
    _save_log(side.logs / "agent" / "vera-agent.log", res.stdout, res.stderr)
    if res.kill_reason == "timeout":
        result.notes.append(f"agent: timed out after {timeout:g}s")
    elif res.killed:
        result.notes.append(f"agent: killed ({res.kill_reason})")
    elif res.exit_code != 0:  # an oracle that fails is why a task looks uncalibrated: say how
        tail = (res.stderr.strip().splitlines() or [""])[-1][:160]
        result.notes.append(f"agent: exit {res.exit_code} {tail}".rstrip())


async def _verify(
    sb: Sandbox, task: Task, side: _Side, result: TaskTrialResult, *, login: bool,
    keep: list[int] | None = None,
) -> None:
    """Run tests/test.sh in ``sb`` and read the reward from ``side``'s verifier folder. In a
    shared sandbox (``keep``: its own pids) every other process is stopped before the read."""
    if login:
        # Shared mode: Harbor uploads the tests into the running environment now; tests that
        # were visible all along (baked into the image) are run as the agent left them.
        if not task.config.vera.tests_visible:
            _write_tree(side.tests, task.tests)
            if keep is not None and await _leftovers(sb, keep):
                await asyncio.sleep(LEFTOVER_SETTLE_S)
        cmd = ["bash", "-lc", "bash /tests/test.sh"]
    else:
        cmd = ["bash", "--noprofile", "--norc", "/tests/test.sh"]
    timeout = task.config.verifier.timeout_sec
    try:
        res = await sb.exec(cmd, timeout=timeout, env=dict(task.config.verifier.env))
    except SandboxError as exc:
        result.fail("verifier", str(exc))
        return
    result.verifier_exit = res.exit_code
    if keep is not None:
        try:
            await stop_leftovers(sb, keep, result)
        except SandboxError as exc:
            result.fail("verifier", str(exc))
            return
    reward, error, note = read_reward(side.logs / "verifier", task)
    _save_log(side.root / "verifier.log", res.stdout, res.stderr)
    if res.killed:
        why = f"timed out after {timeout:g}s" if res.kill_reason == "timeout" else f"killed ({res.kill_reason})"
        result.fail("verifier", why, timed_out=res.kill_reason == "timeout")
        return
    if res.exit_code in (126, 127) or res.exit_code >= 128:
        tail = (res.stderr.strip().splitlines() or [""])[-1][:160]
        result.fail("verifier", f"test.sh crashed (exit {res.exit_code}) {tail}".rstrip())
        return
    if error is not None:
        result.fail("verifier", error)
        return
    if note is not None:
        result.notes.append(f"verifier: {note} (test.sh exit {res.exit_code})")
    result.reward = reward


async def _export(
    task: Task, backend: str, image: str | None, root: Path, prefix: str, source: Path, names: list[str]
) -> Path | None:
    """The tar stream of ``names`` under the agent's ``prefix`` folder, written by ``tar``
    inside a sandbox that shows that folder as the agent left it (every process of the agent's
    is gone by now), saved as ``root/export-*.tar``. The host receives bytes: a link the agent
    made is a link in the stream, never a host path that vera would follow.

    Raises :class:`ArtifactError` when the sandbox cannot run the export, tar fails, or the
    stream is over :data:`EXPORT_CAP`. None when none of ``names`` exists."""
    out = root / f"export{prefix.replace('/', '-')}.tar"
    spec = SandboxSpec(
        workspace=source, workspace_target=prefix, env=_base_env(),
        network=NetworkPolicy.parse("none"), limits=_limits(task), image=image,
    )  # fmt: skip
    size = 0
    with out.open("wb") as fh:

        def keep(stream: str, chunk: bytes) -> None:
            nonlocal size
            if stream == "stdout":
                size += len(chunk)
                if size <= EXPORT_CAP:
                    fh.write(chunk)

        try:
            sb = await _open(spec, backend)
        except SandboxError as exc:
            raise ArtifactError(f"cannot export artifacts: {exc}") from None
        try:
            res = await sb.exec(export_command(names), timeout=task.config.verifier.timeout_sec,
                                on_output=keep)  # fmt: skip
        except SandboxError as exc:
            raise ArtifactError(f"cannot export artifacts: {exc}") from None
        finally:
            await sb.close()
    if size > EXPORT_CAP:
        raise ArtifactError(f"artifacts under {prefix} are over {EXPORT_CAP} bytes")
    if res.killed or res.exit_code not in (0, 1):  # tar's 1: a file changed as it was read
        tail = (res.stderr.strip().splitlines() or [""])[-1][:160]
        raise ArtifactError(f"cannot export artifacts under {prefix} (exit {res.exit_code}) {tail}".rstrip())
    return out if size else None  # none of the names existed: nothing to carry


async def _separate_verify(
    task: Task, backend: str, image: str | None, root: Path, agent_side: _Side, result: TaskTrialResult
) -> None:
    """Fresh sandbox: pristine tests, seed + declared artifacts, new reward dir, clean env."""
    side = _Side(root / "verifier", task, skel_home=False)
    _write_tree(side.tests, task.tests)
    artifacts = artifacts_of(task)
    sources = {APP: (agent_side.app, side.app),
               LOGS_ARTIFACTS: (agent_side.logs / "artifacts", side.logs / "artifacts")}  # fmt: skip
    archives: dict[str, tuple[tarfile.TarFile | None, Path]] = {}
    try:
        for prefix, (source, dest) in sources.items():
            names = export_names(artifacts, prefix)
            stream = await _export(task, backend, image, root, prefix, source, names) if names else None
            archives[prefix] = (tarfile.open(stream) if stream is not None else None, dest)  # noqa: SIM115 - closed below
        copied, notes = copy_artifacts(artifacts, archives, shadowed_modules(task))
    except ArtifactError as exc:
        result.fail("verifier", str(exc))
        return
    except (tarfile.TarError, paths.UnsafePathError) as exc:
        result.fail("verifier", f"cannot copy artifacts: {' '.join(str(exc).split())}")
        return
    finally:
        for tf, _ in archives.values():
            if tf is not None:
                tf.close()
    result.notes += [f"separate: {n}" for n in notes]
    skel = {f.name: f.read_bytes() for f in _SKEL.iterdir() if f.is_file()} if _SKEL.is_dir() else {}
    in_home = [p for p in uncarried_changes(agent_side.home, skel, artifacts, HOME)
               if p[len(HOME) + 1 :].split("/")[0] not in _HOME_NOISE]  # fmt: skip
    missed = uncarried_changes(agent_side.app, task.app_seed, artifacts, APP) + in_home
    if missed:
        result.notes.append(f"separate: {UNCARRIED_NOTE} {', '.join(missed)}")
    (side.root / "artifacts.json").write_text(
        json.dumps({"copied": copied, "notes": notes, "uncarried": missed}, indent=1))
    spec = SandboxSpec(
        workspace=side.app, workspace_target=APP,
        binds=side.binds(False) + _runtime_binds(task, backend, root),
        env=_base_env(), network=NetworkPolicy.parse("none"), limits=_limits(task), image=image,
    )  # fmt: skip
    try:
        sb = await _open(spec, backend)
    except SandboxError as exc:
        result.fail("verifier", str(exc))
        return
    try:
        await _verify(sb, task, side, result, login=False)
    finally:
        await sb.close()


__all__ = [
    "AgentSpec",
    "ExecutionError",
    "TaskTrial",
    "TaskTrialResult",
    "choose_backend",
    "read_reward",
    "run_trial",
    "sandbox_pids",
    "stop_leftovers",
]
