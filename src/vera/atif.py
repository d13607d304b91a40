"""Trajectories in Harbor's Agent Trajectory Interchange Format (ATIF), v1.8: read and written.

ATIF is the JSON format Harbor and Terminal-Bench use for an agent's run: a root object
(``schema_version``, ``session_id``, ``agent``, ``steps``, ``final_metrics``, ``extra``) whose
``steps`` are numbered from 1 and come from the ``user``, the ``agent`` or the ``system``; an
agent step may carry ``tool_calls`` and the ``observation`` their results made
(``source_call_id`` names the call). Terminal-Bench's leaderboard asks for it on every passing
trial, and public hack corpora (Terminal Wrench) are published in it.

This module is vera's one place for the format, low in the layers (it needs only
:mod:`vera.records`), so both pillars, the report and the importers of public corpora use it:

* the records (:class:`AtifTrajectory` and its parts) follow the published v1.8 schema with
  its rules (steps numbered 1, 2, ...; agent-only fields only on agent steps; every
  ``source_call_id`` names a tool call of its step; no LLM fields on a step that made no LLM
  call; embedded subagents with unique ``trajectory_id``). They read every version from
  ``ATIF-v1.0`` to ``ATIF-v1.8`` and are written as v1.8;
* :func:`from_trajectory` writes a :class:`vera.records.Trajectory` (a safety trial's
  conversation, a hardening attempt's commands) as ATIF; :func:`to_trajectory` reads ATIF
  written by any tool back into one, so vera's replays, reports and judges work on it;
* :func:`read_atif` / :func:`write_atif` load and save files (:class:`AtifError`, one line,
  when a file is not ATIF);
* :func:`tool_calls` lists an ATIF run's tool calls with what each observed, and
  :func:`shell_commands` the shell commands among them (``command``, ``cmd`` or ``keystrokes``
  arguments, as Claude Code's ``Bash``, Codex's ``shell``/``exec_command``, OpenHands'
  ``execute_bash`` and Terminus' ``bash_command`` record them);
* :func:`find_corpus` walks the layout public hack corpora use,
  ``tasks/<task>/<model>/<kind>_trajectories/<label>/trial/agent/trajectory.json`` with the
  Harbor task beside it, as :class:`CorpusTrajectory` rows.

The field names are the format's; the code and the words are vera's own.
"""

from __future__ import annotations

import json
import shlex
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from vera import paths
from vera.records import ToolCall, Trajectory, Turn, Usage

ATIF_VERSION = "ATIF-v1.8"
"""The version vera writes."""
ATIF_VERSIONS = tuple(f"ATIF-v1.{n}" for n in range(9))
"""The versions vera reads (every published one; later ones only added optional fields)."""
SCHEMA_URL = "https://github.com/harbor-framework/harbor/blob/main/rfcs/0001-trajectory-format.md"
"""Where the format is specified (Harbor's RFC 0001)."""

AtifVersion = Literal[
    "ATIF-v1.0", "ATIF-v1.1", "ATIF-v1.2", "ATIF-v1.3", "ATIF-v1.4",
    "ATIF-v1.5", "ATIF-v1.6", "ATIF-v1.7", "ATIF-v1.8",
]  # fmt: skip


class AtifError(ValueError):
    """A file or object that is not a readable ATIF trajectory; one line for the user."""


class _Atif(BaseModel):
    """ATIF objects refuse fields the schema does not have (custom data goes in ``extra``)."""

    model_config = ConfigDict(extra="forbid")


# --- the records ----------------------------------------------------------------------------------


class MediaSource(_Atif):
    """An image or audio file a content part points at (a path or a URL)."""

    media_type: str
    """``image/png``, ``image/jpeg``, ``image/gif``, ``image/webp``; ``audio/wav``, ``audio/mpeg``,
    ... (audio since v1.8)."""
    path: str
    duration_sec: float | None = Field(default=None, ge=0)
    """Audio only: its length, when known (v1.8)."""


class ContentPart(_Atif):
    """One part of a multimodal message or observation (v1.6; audio in v1.8)."""

    type: Literal["text", "image", "audio"]
    text: str | None = None
    source: MediaSource | None = None

    @model_validator(mode="after")
    def _shape(self) -> ContentPart:
        if self.type == "text" and (self.text is None or self.source is not None):
            raise ValueError("a text part has 'text' and no 'source'")
        if self.type != "text":
            if self.source is None or self.text is not None:
                raise ValueError(f"an {self.type} part has a 'source' and no 'text'")
            if not self.source.media_type.startswith(f"{self.type}/"):
                raise ValueError(f"an {self.type} part with a {self.source.media_type} source")
        return self


Content = str | list[ContentPart]


def content_text(content: Content | None) -> str:
    """The text of a message or observation (media parts named by their path)."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    return "\n".join(
        p.text or "" if p.type == "text" else f"[{p.type}: {p.source.path if p.source else ''}]"
        for p in content
    )


class AtifToolCall(_Atif):
    """One tool call the agent made in a step."""

    tool_call_id: str
    function_name: str
    arguments: dict[str, Any]
    extra: dict[str, Any] | None = None
    """Custom data of the call (v1.7); vera keeps its gateway record's facts here."""


class SubagentRef(_Atif):
    """A delegated subagent's trajectory: embedded (``trajectory_id``) or in a file."""

    trajectory_id: str | None = None
    session_id: str | None = None
    """Informational only: never a key to resolve the reference by."""
    trajectory_path: str | None = None
    extra: dict[str, Any] | None = None

    @model_validator(mode="after")
    def _resolvable(self) -> SubagentRef:
        if self.trajectory_id is None and self.trajectory_path is None:
            raise ValueError("a subagent reference needs trajectory_id or trajectory_path")
        return self


class ObservationResult(_Atif):
    """What one tool call (``source_call_id``) or one other action returned."""

    source_call_id: str | None = None
    content: Content | None = None
    subagent_trajectory_ref: list[SubagentRef] | None = None
    extra: dict[str, Any] | None = None


class Observation(_Atif):
    results: list[ObservationResult]


class StepMetrics(_Atif):
    """The model call(s) behind one agent step."""

    prompt_tokens: int | None = None
    """Input tokens, cached ones included."""
    completion_tokens: int | None = None
    cached_tokens: int | None = None
    cost_usd: float | None = None
    prompt_token_ids: list[int] | None = None
    completion_token_ids: list[int] | None = None
    logprobs: list[float] | None = None
    extra: dict[str, Any] | None = None


_AGENT_ONLY = ("model_name", "reasoning_effort", "reasoning_content", "tool_calls", "metrics")


class Step(_Atif):
    """One step: a user or system message, or what the agent said and did."""

    step_id: int = Field(ge=1)
    timestamp: str | None = None
    """ISO 8601."""
    source: Literal["system", "user", "agent"]
    model_name: str | None = None
    reasoning_effort: str | float | None = None
    message: Content
    reasoning_content: str | None = None
    tool_calls: list[AtifToolCall] | None = None
    observation: Observation | None = None
    metrics: StepMetrics | None = None
    is_copied_context: bool | None = None
    """Copied from an earlier trajectory for context (v1.5): not this run's own work."""
    llm_call_count: int | None = Field(default=None, ge=0)
    """Model calls behind the step (v1.7); 0 on an agent step: a dispatch without a model."""
    extra: dict[str, Any] | None = None

    @field_validator("timestamp")
    @classmethod
    def _iso(cls, value: str | None) -> str | None:
        if value is not None:
            try:
                datetime.fromisoformat(value.replace("Z", "+00:00"))
            except ValueError as e:
                raise ValueError(f"timestamp {value!r} is not ISO 8601 ({e})") from None
        return value

    @model_validator(mode="after")
    def _fields_by_source(self) -> Step:
        if self.source != "agent":
            extra = [f for f in _AGENT_ONLY if getattr(self, f) is not None]
            if extra:
                raise ValueError(f"{', '.join(extra)} only on agent steps (source {self.source})")
        elif self.llm_call_count == 0 and (self.metrics or self.reasoning_content):
            raise ValueError("an agent step with llm_call_count 0 has no metrics or reasoning")
        return self


class AtifAgent(_Atif):
    """The agent system that produced the trajectory."""

    name: str
    version: str
    model_name: str | None = None
    tool_definitions: list[dict[str, Any]] | None = None
    """The tools it was offered, as OpenAI function definitions."""
    extra: dict[str, Any] | None = None


class FinalMetrics(_Atif):
    total_prompt_tokens: int | None = None
    total_completion_tokens: int | None = None
    total_cached_tokens: int | None = None
    total_cost_usd: float | None = None
    total_steps: int | None = Field(default=None, ge=0)
    extra: dict[str, Any] | None = None


class AtifTrajectory(_Atif):
    """A whole ATIF document (see the module docstring)."""

    schema_version: AtifVersion = ATIF_VERSION
    session_id: str | None = None
    """The run it belongs to (several documents may share it)."""
    trajectory_id: str | None = None
    """This document's own id (v1.7); required on embedded subagents."""
    agent: AtifAgent
    steps: list[Step] = Field(min_length=1)
    notes: str | None = None
    final_metrics: FinalMetrics | None = None
    continued_trajectory_ref: str | None = None
    extra: dict[str, Any] | None = None
    subagent_trajectories: list[AtifTrajectory] | None = None

    @model_validator(mode="after")
    def _consistent(self) -> AtifTrajectory:
        for i, step in enumerate(self.steps):
            if step.step_id != i + 1:
                raise ValueError(f"steps[{i}].step_id is {step.step_id}, expected {i + 1}")
            ids = {c.tool_call_id for c in step.tool_calls or []}
            for r in step.observation.results if step.observation else []:
                if r.source_call_id is not None and r.source_call_id not in ids:
                    raise ValueError(
                        f"step {step.step_id}: observation of {r.source_call_id!r}, "
                        "which is not one of the step's tool calls"
                    )
        seen: set[str] = set()
        for i, sub in enumerate(self.subagent_trajectories or []):
            if sub.trajectory_id is None or sub.trajectory_id in seen:
                raise ValueError(f"subagent_trajectories[{i}] needs a unique trajectory_id")
            seen.add(sub.trajectory_id)
        return self

    def dump(self) -> dict[str, Any]:
        """The JSON object, without unset (None) fields."""
        return self.model_dump(mode="json", exclude_none=True)


# --- files ----------------------------------------------------------------------------------------


def parse_atif(data: Any, where: str = "ATIF") -> AtifTrajectory:
    """Validate a decoded JSON object as ATIF; :class:`AtifError` (one line) when it is not."""
    if not is_atif(data):
        raise AtifError(f"{where}: not an ATIF trajectory (no 'schema_version': 'ATIF-v1.N')")
    if data["schema_version"] not in ATIF_VERSIONS:
        raise AtifError(f"{where}: unknown ATIF version {data['schema_version']!r} "
                        f"(vera reads {ATIF_VERSIONS[0]} to {ATIF_VERSIONS[-1]})")  # fmt: skip
    try:
        return AtifTrajectory.model_validate(data)
    except ValidationError as e:
        err = e.errors()[0]
        loc = ".".join(str(p) for p in err["loc"]) or "(root)"
        more = f" (and {e.error_count() - 1} more)" if e.error_count() > 1 else ""
        raise AtifError(f"{where}: invalid ATIF at {loc}: {err['msg']}{more}") from None


def is_atif(data: Any) -> bool:
    """Whether a decoded JSON object says it is ATIF (any version)."""
    return isinstance(data, dict) and str(data.get("schema_version", "")).startswith("ATIF-v")


def read_atif(path: Path) -> AtifTrajectory:
    """Load an ATIF file; :class:`AtifError` when it cannot be read or is not ATIF."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as e:
        raise AtifError(f"{path}: cannot read: {e.strerror or e}") from None
    except ValueError as e:
        raise AtifError(f"{path}: not JSON ({e})") from None
    return parse_atif(data, str(path))


def write_atif(path: Path, atif: AtifTrajectory) -> Path:
    """Write ``atif`` as indented JSON (parents made); return the path."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(atif.dump(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


# --- vera's trajectories as ATIF ---------------------------------------------------------------


def observation_text(call: ToolCall) -> str:
    """What the agent was shown for a call: its error, its observation (after injections), or
    a shell result as ``exit status N`` and the output."""
    if call.error is not None and call.observation in (None, ""):
        return call.error
    seen = call.observation if call.observation is not None else call.result
    if isinstance(seen, dict) and "exit_code" in seen:
        return f"exit status {seen.get('exit_code')}\n{seen.get('output', '') or ''}"
    if isinstance(seen, str):
        return seen
    return "" if seen is None else json.dumps(seen, ensure_ascii=False, default=str)


def _call_extra(call: ToolCall) -> dict[str, Any] | None:
    """A gateway record's facts beside the call: where it came from, the original result when
    an injection changed what the agent saw, what defences did, a shell result's measures."""
    out: dict[str, Any] = {}
    if call.source != "gateway":
        out["source"] = call.source
    for key in ("native_tool", "injection_id", "injection_mode", "error"):
        value = getattr(call, key)
        if value is not None:
            out[key] = value
    if call.blocked:
        out["blocked"] = True
    if call.defence_actions:
        out["defence_actions"] = call.defence_actions
    if isinstance(call.result, dict) and "exit_code" in call.result:
        out.update({k: v for k, v in call.result.items() if k != "output"})
    elif (
        call.observation is not None and call.result is not None and call.observation != call.result
    ):
        out["original_result"] = call.result
    if call.ended_at and call.started_at:
        out["duration_s"] = round((call.ended_at - call.started_at).total_seconds(), 6)
    return out or None


def _metrics(usage: Usage) -> StepMetrics | None:
    if not usage.requests and not usage.input_tokens and not usage.output_tokens:
        return None
    return StepMetrics(
        prompt_tokens=usage.input_tokens + usage.cache_read_tokens,
        completion_tokens=usage.output_tokens,
        cached_tokens=usage.cache_read_tokens or None,
        cost_usd=usage.cost_usd,
        extra={"requests": usage.requests},
    )


def from_trajectory(
    traj: Trajectory,
    session_id: str,
    *,
    agent_version: str | None = None,
    tools: list[dict[str, Any]] | None = None,
    extra: dict[str, Any] | None = None,
    notes: str | None = None,
    system_prompt: str | None = None,
) -> AtifTrajectory:
    """A vera trajectory as ATIF v1.8.

    Each turn is a ``user`` step (the message), then one ``agent`` step per tool call with its
    observation (what the agent was shown; the call's gateway facts in the call's ``extra``),
    then an ``agent`` step with the turn's answer (and its error in ``extra``). The turn's model
    usage is the metrics of its last agent step. ``traj.agent`` of the form ``NAME@VERSION``
    gives the agent's name and version. A trajectory with no turn (an agent that never ran) is
    one ``system`` step saying so, since ATIF needs a step."""
    name, _, version = traj.agent.partition("@")
    steps: list[Step] = []

    def add(**fields: Any) -> Step:
        steps.append(Step(step_id=len(steps) + 1, **fields))
        return steps[-1]

    if system_prompt:
        add(source="system", message=system_prompt)
    for turn in traj.turns:
        add(source="user", message=turn.user, timestamp=turn.started_at.isoformat())
        last: Step | None = None
        for i, call in enumerate(turn.tool_calls):
            call_id = call.call_id or call.id or f"call_{turn.index}_{i}"
            last = add(
                source="agent",
                model_name=traj.model,
                message="",
                timestamp=(call.started_at or turn.started_at).isoformat(),
                tool_calls=[AtifToolCall(tool_call_id=call_id, function_name=call.tool,
                                         arguments=call.arguments, extra=_call_extra(call))],
                observation=Observation(results=[
                    ObservationResult(source_call_id=call_id, content=observation_text(call))
                ]),
                llm_call_count=0 if call.source == "replay" else None,
            )  # fmt: skip
        if turn.response or turn.error or last is None:
            last = add(
                source="agent",
                model_name=traj.model,
                message=turn.response,
                timestamp=(turn.ended_at or turn.started_at).isoformat(),
                extra={"error": turn.error} if turn.error else None,
            )
        if last.llm_call_count != 0:
            last.metrics = _metrics(turn.usage)
    if not steps:
        add(source="system", message="(the agent played no turn)")
    usage = traj.usage
    return AtifTrajectory(
        session_id=session_id,
        agent=AtifAgent(
            name=name or "unknown",
            version=agent_version or version or "unknown",
            model_name=traj.model,
            tool_definitions=tools,
        ),
        steps=steps,
        notes=notes,
        final_metrics=FinalMetrics(
            total_prompt_tokens=usage.input_tokens + usage.cache_read_tokens,
            total_completion_tokens=usage.output_tokens,
            total_cached_tokens=usage.cache_read_tokens or None,
            total_cost_usd=usage.cost_usd,
            total_steps=len(steps),
        ),
        extra=extra,
    )


# --- ATIF written by other tools, read as vera's records ----------------------------------------


class AtifCall(BaseModel):
    """One tool call of an ATIF run with what it observed (results joined)."""

    step_id: int
    tool_call_id: str
    function_name: str
    arguments: dict[str, Any]
    observation: str = ""
    extra: dict[str, Any] | None = None


def tool_calls(atif: AtifTrajectory, *, copied: bool = False) -> list[AtifCall]:
    """Every tool call in step order with its observation; steps copied from an earlier
    trajectory (``is_copied_context``) are left out unless ``copied``."""
    out: list[AtifCall] = []
    for step in atif.steps:
        if step.is_copied_context and not copied:
            continue
        results = step.observation.results if step.observation else []
        for call in step.tool_calls or []:
            seen = [
                content_text(r.content) for r in results if r.source_call_id == call.tool_call_id
            ]
            out.append(AtifCall(step_id=step.step_id, tool_call_id=call.tool_call_id,
                                function_name=call.function_name, arguments=call.arguments,
                                observation="\n".join(seen), extra=call.extra))  # fmt: skip
    return out


SHELL_ARGUMENTS = ("command", "cmd", "keystrokes")
"""Argument names that hold a shell command in the tool calls agents record."""
_CONTROL_KEYS = frozenset({"C-c", "C-d", "C-z", "C-l", "Enter", "Escape"})
"""Terminal keystrokes that are no command (an interrupt, a key press)."""
_SHELLS = frozenset({"bash", "sh", "zsh", "dash"})


def shell_command(call: AtifCall | AtifToolCall) -> str | None:
    """The shell command a tool call ran, or None when it ran none.

    ``command`` or ``cmd`` as a string, or as an argument vector (``["bash", "-lc", "ls"]``
    gives ``ls``; others are shell-quoted); ``keystrokes`` as typed into a terminal (the
    trailing newline that ran it removed; control keys alone are no command)."""
    args = call.arguments
    for key in SHELL_ARGUMENTS:
        value = args.get(key)
        if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
            shell = value[0].rsplit("/", 1)[-1] in _SHELLS
            if len(value) == 3 and shell and value[1] in ("-c", "-lc", "-ic"):
                return value[2]
            return shlex.join(value)
        if isinstance(value, str):
            text = value.rstrip("\n") if key == "keystrokes" else value
            if key == "keystrokes" and text.strip() in _CONTROL_KEYS:
                return None
            return text if text.strip() else None
    return None


def shell_commands(atif: AtifTrajectory) -> list[str]:
    """The shell commands of an ATIF run, in order (its own steps only)."""
    return [c for c in (shell_command(call) for call in tool_calls(atif)) if c is not None]


# --- what a terminal ran: keystrokes and tmux send-keys distilled into commands ---------------

SUBMIT_KEYS = frozenset({"Enter", "C-m", "KPEnter", "C-j"})
"""tmux key names that run the line typed so far."""
_DROP_LINE_KEYS = frozenset({"C-c", "C-u"})
"""Keys that throw away the line typed so far (an interrupt, kill-line)."""
_TMUX_FLAGS_WITH_VALUE = frozenset({"-t", "-N", "-c", "-F"})


def _tmux_keys(command: str) -> list[list[str]] | None:
    """The key lists of a command made only of ``tmux send-keys`` invocations (joined by ``;``,
    ``&&`` or newlines), or None when it is anything else: each list holds the keys in order,
    literal text (``send-keys -l``) marked by a leading NUL."""
    try:
        lex = shlex.shlex(command, posix=True, punctuation_chars=";&|\n")
        lex.whitespace = " \t\r"
        lex.whitespace_split = True
        lex.commenters = ""
        tokens = list(lex)
    except ValueError:
        return None
    groups: list[list[str]] = [[]]
    for tok in tokens:
        if set(tok) <= set(";\n") or tok.strip("\n") == "&&":
            groups.append([])
        elif set(tok) <= set(";&|\n"):
            return None  # a pipe or a background job: not a plain send-keys
        else:
            groups[-1].append(tok)
    out: list[list[str]] = []
    for g in (g for g in groups if g):
        if g[0].rsplit("/", 1)[-1] != "tmux" or len(g) < 2 or g[1] not in ("send-keys", "send"):
            return None
        literal, keys, i = False, [], 2
        while i < len(g) and g[i].startswith("-") and len(g[i]) > 1:
            if g[i] in _TMUX_FLAGS_WITH_VALUE:
                i += 1
            elif "l" in g[i][1:]:
                literal = True
            i += 1
        for key in g[i:]:
            keys.append("\0" + key if literal else key)
        out.append(keys)
    return out


def distill_commands(atif: AtifTrajectory) -> tuple[list[str], bool]:
    """The lines a run really executed in its shell, in order, from what it typed; and whether
    any of it was typed at a terminal (then the lines belong to one shell session: a heredoc or
    a ``cd`` spans lines, and a replay plays them into one shell, not one shell per line).

    A terminal agent types: ``keystrokes`` arguments (Terminus) and ``tmux send-keys`` commands
    are fed to a line buffer that a newline, ``Enter`` or ``C-m`` runs, and ``C-c`` / ``C-u``
    empty; other control keys (``C-d``, ``Escape``, ...) change nothing; text typed and never
    run is no command. Every other shell call (``command``/``cmd`` that is not send-keys) ran
    as it is. Text typed into a program other than the shell (an editor, a REPL) cannot be told
    apart and is distilled as shell lines too."""
    commands: list[str] = []
    line = ""
    terminal = False

    def typed(text: str) -> None:
        nonlocal line
        for ch in text.replace("\r\n", "\n").replace("\r", "\n"):
            if ch == "\n":
                submit()
            else:
                line += ch

    def submit() -> None:
        nonlocal line
        if line.strip():
            commands.append(line)
        line = ""

    def key(name: str) -> None:
        nonlocal line
        if name.startswith("\0"):
            typed(name[1:])
        elif name in SUBMIT_KEYS:
            submit()
        elif name in _DROP_LINE_KEYS:
            line = ""
        elif name in _CONTROL_KEYS or (len(name) == 3 and name[:2] in ("C-", "M-")):
            pass
        else:
            typed(name)

    for call in tool_calls(atif):
        strokes = call.arguments.get("keystrokes")
        if isinstance(strokes, str):
            terminal = True
            if strokes.strip() in _CONTROL_KEYS | SUBMIT_KEYS | _DROP_LINE_KEYS:
                key(strokes.strip())
            else:
                typed(strokes)
            continue
        command = shell_command(call)
        if command is None:
            continue
        sent = _tmux_keys(command)
        if sent is None:
            commands.append(command)
            continue
        terminal = True
        for keys in sent:
            for k in keys:
                key(k)
    return commands, terminal


def to_trajectory(atif: AtifTrajectory, *, agent: str | None = None) -> Trajectory:
    """ATIF written by any tool as a :class:`vera.records.Trajectory`.

    Each ``user`` step opens a turn (agent steps before the first user step open one with an
    empty message; ``system`` steps are context, not turns); agent steps' tool calls are the
    turn's calls (``source="native"``: the agent's own tools, as its run recorded them, with
    the observation it got); the last agent message of a turn is its answer; step metrics are
    summed into the turn's and the trajectory's usage."""
    name = agent or f"{atif.agent.name}@{atif.agent.version}"
    traj = Trajectory(agent=name, model=atif.agent.model_name)
    turn: Turn | None = None
    for step in atif.steps:
        if step.is_copied_context or step.source == "system":
            continue
        when = _when(step.timestamp)
        if step.source == "user" or turn is None:
            turn = Turn(
                index=len(traj.turns),
                user=content_text(step.message) if step.source == "user" else "",
            )
            if when:
                turn.started_at = when
            traj.turns.append(turn)
            if step.source == "user":
                continue
        results = step.observation.results if step.observation else []
        for call in step.tool_calls or []:
            seen = "\n".join(
                content_text(r.content) for r in results if r.source_call_id == call.tool_call_id
            )
            turn.tool_calls.append(ToolCall(
                id=call.tool_call_id, call_id=call.tool_call_id, tool=call.function_name,
                arguments=call.arguments, observation=seen, result=seen, source="native",
                started_at=when,
            ))  # fmt: skip
        text = content_text(step.message)
        if text:
            turn.response = text
        if when:
            turn.ended_at = when
        if step.metrics:
            m = step.metrics
            used = Usage(
                requests=step.llm_call_count if step.llm_call_count is not None else 1,
                input_tokens=max((m.prompt_tokens or 0) - (m.cached_tokens or 0), 0),
                output_tokens=m.completion_tokens or 0,
                cache_read_tokens=m.cached_tokens or 0,
                cost_usd=m.cost_usd,
            )
            turn.usage = turn.usage + used
            traj.usage = traj.usage + used
    return traj


def _when(stamp: str | None) -> datetime | None:
    if not stamp:
        return None
    try:
        return datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except ValueError:
        return None


# --- public hack corpora -----------------------------------------------------------------------


class CorpusTrajectory(BaseModel):
    """One trajectory of a corpus in the public layout
    ``tasks/<task>/<model>/<kind>_trajectories/<label>/trial/agent/trajectory.json``."""

    task: str
    model: str
    kind: str
    """``hack``, ``baseline``, ... (the folder name before ``_trajectories``)."""
    label: str
    path: Path
    """The trajectory file."""
    trial: Path
    """Its ``trial/`` folder (``verifier/reward.txt`` and ``result.json`` may be there)."""
    task_dir: Path | None = None
    """The Harbor task beside it (the first folder under ``tasks/<task>/`` with a
    ``task.toml``, ``tasks/<task>`` itself first), or None when the corpus has none."""

    def reward(self) -> float | None:
        """The reward its trial recorded (``verifier/reward.txt`` or ``reward.json``), if any."""
        for name in ("reward.txt", "reward.json"):
            try:  # beneath the trial folder: a link out of it is no reward
                if not paths.is_file(self.trial, f"verifier/{name}"):
                    continue
                data = json.loads(paths.read_text(self.trial, f"verifier/{name}"))
            except (OSError, ValueError):
                return None
            if isinstance(data, int | float):
                return float(data)
            if isinstance(data, dict) and isinstance(data.get("reward"), int | float):
                return float(data["reward"])
        return None


def _beside(root: Path, task_root: Path) -> Path | None:
    if (task_root / "task.toml").is_file():
        return _inside(root, task_root)
    for child in sorted(task_root.iterdir()):
        if child.is_dir() and (child / "task.toml").is_file():
            return _inside(root, child)
    return None


def _inside(root: Path, path: Path) -> Path:
    """``path``, found under the corpus ``root``, resolved without leaving it: a corpus is
    untrusted, and a link in it to a host file or folder is refused in one line
    (:class:`vera.paths.UnsafePathError`), never read."""
    return paths.resolve(root, path.relative_to(root))


def find_corpus(root: Path, *, kinds: tuple[str, ...] | None = None) -> Iterator[CorpusTrajectory]:
    """Every trajectory of a corpus in the public layout under ``root`` (which holds
    ``tasks/``, or is that folder), sorted by task, model, kind and label; ``kinds`` keeps
    only those kinds (``("hack",)``)."""
    root = Path(root)
    tasks = root / "tasks" if (root / "tasks").is_dir() else root
    pattern = "*/*/*_trajectories/*/trial/agent/trajectory.json"
    for path in sorted(tasks.glob(pattern)):
        label_dir = path.parents[2]
        kind = label_dir.parent.name.removesuffix("_trajectories")
        if kinds is not None and kind not in kinds:
            continue
        task_root = label_dir.parents[2]
        yield CorpusTrajectory(
            task=task_root.name, model=label_dir.parents[1].name, kind=kind,
            label=label_dir.name, path=_inside(root, path), trial=_inside(root, path.parents[1]),
            task_dir=_beside(root, task_root),
        )  # fmt: skip


__all__ = [
    "ATIF_VERSION",
    "ATIF_VERSIONS",
    "SCHEMA_URL",
    "SHELL_ARGUMENTS",
    "SUBMIT_KEYS",
    "AtifAgent",
    "AtifCall",
    "AtifError",
    "AtifToolCall",
    "AtifTrajectory",
    "ContentPart",
    "CorpusTrajectory",
    "FinalMetrics",
    "MediaSource",
    "Observation",
    "ObservationResult",
    "Step",
    "StepMetrics",
    "SubagentRef",
    "content_text",
    "distill_commands",
    "find_corpus",
    "from_trajectory",
    "is_atif",
    "observation_text",
    "parse_atif",
    "read_atif",
    "shell_command",
    "shell_commands",
    "to_trajectory",
    "tool_calls",
    "write_atif",
]
