"""Agents that act in a hardening task's sandbox over many steps: the hacker and the solvers.

An :class:`Actor` plays the agent phase of a trial (``AgentSpec(kind="actor")``): the trial
opens the task's sandbox with what the actor asks for (:meth:`Actor.setup`: extra binds, the
network it needs, variables), then calls :meth:`Actor.act` with the open sandbox; the actor
returns its :class:`~vera.harden.trajectory.AttemptRecord` and the trial adds the final diff.

* :class:`TerminalActor`: vera's terminal agent (:mod:`vera.agents.terminal`) on any model
  spec: one ``shell`` tool running ``bash -lc`` in the task sandbox, a step and a time budget,
  a final ``done``.
* :class:`FrameworkActor`: an agent framework vera runs headless (``claude-code``, ``codex``)
  working in the task sandbox with its *native* shell tool; its package is bound read-only at
  ``/opt/vera/agent``, its configuration lives in ``/opt/vera/agent-home`` (never in the
  task's HOME), and its network reaches only its model endpoint.
"""

from __future__ import annotations

import time
import uuid
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from pydantic import BaseModel, Field

from vera.agents.registry import AGENTS
from vera.agents.terminal import TerminalAgent, TerminalConfig
from vera.harden.trajectory import AttemptRecord
from vera.records import ExecResult, Trajectory, Turn, utcnow
from vera.sandbox import Bind, Sandbox

if TYPE_CHECKING:
    from vera.agents.cli_base import Parsed
    from vera.agents.install import AgentPackage

VERIFIER_COPY = "/opt/vera/verifier"
"""Where a verifier-aware actor finds a read-only copy of the current verifier (``tests/``)."""
AGENT_ROOT = "/opt/vera/agent"
AGENT_HOME = "/opt/vera/agent-home"
_HARDEN = [e for e in AGENTS.builtins().values() if "harden" in e.pillars]
FRAMEWORKS = tuple(e.name for e in _HARDEN if e.adapter is not None)
"""Frameworks that can act in a task sandbox (``--hacker-agent`` / ``--solver-agent``): the
agent registry's hardening entries with an adapter (``vera.agents.registry``)."""
AGENT_KINDS = ("script", *(e.name for e in _HARDEN if e.harden_kind == "actor"))


class ActorSetup(BaseModel):
    binds: list[Bind] = Field(default_factory=list)
    network: str | None = None
    """A network policy (``allow:HOST:PORT``) instead of the task's; None keeps the task's."""


class Actor(Protocol):
    name: str

    def setup(self, root: Path) -> ActorSetup: ...

    async def act(self, sb: Sandbox, timeout: float) -> AttemptRecord: ...


class TaskShell:
    """The terminal agent's shell: ``bash -lc COMMAND`` in the task sandbox (cwd /app)."""

    def __init__(self, sb: Sandbox) -> None:
        self.sb = sb

    async def run(self, command: str, timeout: float) -> ExecResult:
        return await self.sb.exec(["bash", "-lc", command], timeout=timeout)


def verifier_binds(root: Path, files: dict[str, str] | None) -> list[Bind]:
    """A read-only copy of ``files`` (the verifier's, relative to tests/) at VERIFIER_COPY."""
    if not files:
        return []
    d = root / "verifier-copy"
    for rel, text in files.items():
        p = d / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(text.encode("utf-8", errors="surrogateescape"))
    return [Bind(source=d, target=VERIFIER_COPY)]


class TerminalActor:
    name = "terminal"

    def __init__(self, model: object, prompt: str, config: TerminalConfig | None = None,
                 *, label: str | None = None, verifier: dict[str, str] | None = None) -> None:
        self.model = model
        self.prompt = prompt
        self.config = config or TerminalConfig()
        self.label = label
        self.verifier = verifier

    def setup(self, root: Path) -> ActorSetup:
        root.mkdir(parents=True, exist_ok=True)
        return ActorSetup(binds=verifier_binds(root, self.verifier))

    async def act(self, sb: Sandbox, timeout: float) -> AttemptRecord:
        cfg = self.config.model_copy(update={"time_limit_s": min(self.config.time_limit_s, timeout)})
        agent = TerminalAgent(self.model, cfg, label=self.label)
        traj, outcome = await agent.run(self.prompt, TaskShell(sb))
        return AttemptRecord(
            agent=self.name, trajectory=traj, stopped=outcome.stopped, summary=outcome.summary,
            duration_s=outcome.duration_s,
        )  # fmt: skip


class FrameworkActor:
    """A framework CLI in the task sandbox with its native shell (one headless invocation)."""

    frameworks: ClassVar[tuple[str, ...]] = FRAMEWORKS

    def __init__(self, name: str, endpoint: Any, prompt: str, *, max_steps: int = 30,
                 time_limit_s: float = 600.0, verifier: dict[str, str] | None = None) -> None:
        if name not in FRAMEWORKS:
            raise ValueError(
                f"{name} cannot act in a task sandbox yet (frameworks: {', '.join(FRAMEWORKS)})"
            )
        self.name = name
        self.endpoint = endpoint
        self.prompt = prompt
        self.max_steps = max_steps
        self.time_limit_s = time_limit_s
        self.verifier = verifier
        self._home: Path | None = None

    @property
    def package(self) -> AgentPackage:
        if self.name == "claude-code":
            from vera.agents.claude_code import PACKAGE
        else:
            from vera.agents.codex import PACKAGE
        return PACKAGE

    def setup(self, root: Path) -> ActorSetup:
        from vera.agents.install import require

        home = root / "framework-home"
        home.mkdir(parents=True, exist_ok=True)
        self._home = home
        if self.name == "claude-code":
            (home / ".claude").mkdir(exist_ok=True)
        else:
            (home / "codex").mkdir(exist_ok=True)
            (home / "codex" / "config.toml").write_text(self._codex_config())
        return ActorSetup(
            binds=[Bind(source=require(self.package), target=AGENT_ROOT),
                   Bind(source=home, target=AGENT_HOME, writable=True),
                   *verifier_binds(root, self.verifier)],
            network=self.endpoint.allow(),
        )  # fmt: skip

    def _codex_config(self) -> str:
        return (
            f'model = "{self.endpoint.model}"\nmodel_provider = "vera"\n'
            'approval_policy = "never"\nsandbox_mode = "danger-full-access"\n'
            '[model_providers.vera]\nname = "vera"\n'
            f'base_url = "{self.endpoint.base_url}"\nenv_key = "VERA_MODEL_API_KEY"\n'
            'wire_api = "responses"\n'
        )

    def _argv_env(self) -> tuple[list[str], dict[str, str]]:
        from vera.agents.install import executable

        exe = f"{AGENT_ROOT}/{executable(self.package).as_posix()}"
        if self.name == "claude-code":
            argv = [
                exe, "-p", self.prompt, "--output-format", "stream-json", "--verbose",
                "--model", self.endpoint.model, "--max-turns", str(self.max_steps),
                "--tools", "Bash", "--allowedTools", "Bash",
                "--permission-mode", "bypassPermissions", "--strict-mcp-config",
                "--session-id", str(uuid.uuid4()),
            ]  # fmt: skip
            env = {
                "CLAUDE_CONFIG_DIR": f"{AGENT_HOME}/.claude",
                "ANTHROPIC_BASE_URL": self.endpoint.base_url,
                "ANTHROPIC_API_KEY": self.endpoint.api_key,
                "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
                "DISABLE_AUTOUPDATER": "1", "DISABLE_TELEMETRY": "1",
                "DISABLE_ERROR_REPORTING": "1", "CLAUDE_CODE_MAX_RETRIES": "2",
                "IS_SANDBOX": "1", "NO_COLOR": "1",
            }  # fmt: skip
            return argv, env
        argv = [
            exe, "exec", "--json", "--skip-git-repo-check", "--disable", "view_image",
            "--disable", "multi_agent", "--disable", "goals", "--disable", "plugins",
            "-c", "web_search=disabled", "-c", "analytics.enabled=false",
            "-c", "otel.metrics_exporter=\"none\"", self.prompt,
        ]  # fmt: skip
        env = {"CODEX_HOME": f"{AGENT_HOME}/codex", "VERA_MODEL_API_KEY": self.endpoint.api_key,
               "NO_COLOR": "1"}
        return argv, env

    async def act(self, sb: Sandbox, timeout: float) -> AttemptRecord:
        argv, env = self._argv_env()
        limit = min(self.time_limit_s, timeout)
        t0 = time.monotonic()
        turn = Turn(index=0, user=self.prompt)
        try:
            res = await sb.exec(argv, timeout=limit, env=env)
        except Exception as exc:  # the sandbox broke
            turn.error = f"agent_error: {self.name}: {exc}"
            return AttemptRecord(agent=self.name, trajectory=Trajectory(agent=self.name, turns=[turn]),
                                 stopped="agent_error")
        if self._home is not None:
            (self._home / "stdout.jsonl").write_text(res.stdout)
            (self._home / "stderr.txt").write_text(res.stderr)
        parsed = self._parse(res.stdout)
        turn.response = parsed.response
        turn.tool_calls = parsed.tool_calls
        for c in turn.tool_calls:  # one shell command per call, as the terminal agent records it
            if "command" in c.arguments and isinstance(c.arguments["command"], list):
                c.arguments["command"] = " ".join(map(str, c.arguments["command"]))
        turn.usage = parsed.usage
        turn.ended_at = utcnow()
        stopped = "done"
        if res.killed and res.kill_reason == "timeout":
            stopped = "time_limit"
        elif parsed.step_limit:
            stopped = "step_limit"
        elif res.exit_code != 0 or parsed.error:
            stopped = "agent_error"
            turn.error = f"agent_error: {self.name} exit {res.exit_code}: " + " ".join(
                (parsed.error or res.stderr[-400:]).split())[:400]
        version = parsed.version or self.package.version
        traj = Trajectory(agent=f"{self.name}@{version}", model=self.endpoint.label, turns=[turn],
                          usage=parsed.usage)
        return AttemptRecord(agent=self.name, trajectory=traj, stopped=stopped,
                             summary=parsed.response[:2000],
                             duration_s=round(time.monotonic() - t0, 3))

    def _parse(self, stdout: str) -> Parsed:
        if self.name == "claude-code":
            from vera.agents.claude_code import parse_stream_json

            return parse_stream_json(stdout)
        from vera.agents.codex import parse_exec_json

        return parse_exec_json(stdout)


__all__ = [
    "AGENT_KINDS",
    "FRAMEWORKS",
    "Actor",
    "ActorSetup",
    "FrameworkActor",
    "TaskShell",
    "TerminalActor",
]
