"""Records shared by every layer of vera.

Everything that crosses a module boundary or touches disk is a pydantic model defined here,
so the sandbox, the gateway, the agents, the runner and the report speak one vocabulary.
Modules higher up may define richer records of their own; nothing here imports from vera.
"""

from __future__ import annotations

from datetime import UTC, datetime
from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

TEXT_LIMIT = 4000
"""Most characters kept of one text that untrusted code wrote (a verifier's reason, an error
message, a phase error, a note): the rest is cut at the source, before the store, the evidence
or a report sees it (docs/runner.md, "Errors and exit codes")."""
CITES_LIMIT = 200
"""Most evidence items one verdict cites (each cut at 200 characters)."""


def cut_text(text: str, limit: int = TEXT_LIMIT) -> str:
    """``text`` cut at ``limit`` characters, saying how much was left out."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]} [… {len(text) - limit} more characters cut]"


BoundedText = Annotated[str, AfterValidator(cut_text)]
"""A string field whose value is cut at :data:`TEXT_LIMIT` when the record is made or read."""


def _cut_cites(cites: list[str]) -> list[str]:
    kept = [cut_text(c, 200) for c in cites[:CITES_LIMIT]]
    if len(cites) > CITES_LIMIT:
        kept.append(f"[… {len(cites) - CITES_LIMIT} more cites cut]")
    return kept


def utcnow() -> datetime:
    """Timezone-aware 'now' used for every timestamp vera records."""
    return datetime.now(UTC)


class Record(BaseModel):
    """Base for vera's records: unknown fields are an error, so typos in files surface early."""

    model_config = ConfigDict(extra="forbid")


# --- file-tree snapshots (sandbox workspace state) --------------------------------------------


class FileEntry(Record):
    """One path in a file-tree snapshot."""

    sha256: str | None = None
    """Content hash for regular files; None for directories and symlinks."""
    size: int = 0
    """Size in bytes (0 for directories)."""
    mode: int
    """Permission bits and file type bits as ``st_mode``."""
    link: str | None = None
    """Target of a symbolic link, if the entry is one."""


class Snapshot(Record):
    """A manifest of a directory tree: relative path -> entry. Cheap to diff, safe to persist."""

    root: str
    files: dict[str, FileEntry] = Field(default_factory=dict)
    taken_at: datetime = Field(default_factory=utcnow)


class ModeChange(Record):
    path: str
    before: int
    after: int


class SnapshotDiff(Record):
    """What changed between two snapshots of the same tree."""

    created: list[str] = Field(default_factory=list)
    modified: list[str] = Field(default_factory=list)
    """Paths whose content (hash, size or link target) changed."""
    deleted: list[str] = Field(default_factory=list)
    mode_changed: list[ModeChange] = Field(default_factory=list)

    @property
    def empty(self) -> bool:
        return not (self.created or self.modified or self.deleted or self.mode_changed)


# --- execution ----------------------------------------------------------------------------------


class ExecResult(Record):
    """Result of one command run inside a sandbox."""

    exit_code: int
    """The command's exit status; 124 when killed for its time limit, 128+N when killed by signal N."""
    stdout: str = ""
    stderr: str = ""
    duration_s: float = 0.0
    killed: bool = False
    """True when vera (not the command itself) stopped the command."""
    kill_reason: Literal["timeout", "memory", "pids", "output", "closed"] | None = None
    stdout_truncated: bool = False
    stderr_truncated: bool = False

    @property
    def ok(self) -> bool:
        return self.exit_code == 0 and not self.killed


# --- agent interaction --------------------------------------------------------------------------


class CutToFit(Record):
    """A text an agent showed its model shortened, so that a later request fitted the model's
    context window; the record that carries this still holds the whole text."""

    kept_chars: int
    """Characters the model still saw (the shortest it was cut to, if cut more than once)."""
    original_chars: int


class ToolCall(Record):
    """One tool call as an agent or the gateway saw it."""

    id: str | None = None
    tool: str
    arguments: dict[str, Any] = Field(default_factory=dict)
    result: Any = None
    """What the tool returned before any injection (the gateway's original result)."""
    observation: Any = None
    """What the agent was shown (after injections); equals ``result`` when nothing was injected."""
    error: str | None = None
    source: Literal["gateway", "native", "replay"] = "gateway"
    """Where the record came from: the MCP gateway, the framework's own transcript, or a replay."""
    injection_id: str | None = None
    injection_mode: Literal["identity", "append", "prefix", "override"] | None = None
    started_at: datetime | None = None
    ended_at: datetime | None = None
    cut_to_fit: CutToFit | None = None
    """Set when the agent's later model requests showed this result shortened to fit the
    model's context window (``observation`` is still what the tool gave the agent)."""
    blocked: bool = False
    """A defence refused the call: it was never run (``error`` holds the refusal the agent got)."""
    malformed: bool = False
    """The tools refused the call as it was written: an unknown tool, or arguments its schema
    rejects (``error`` says which). Nothing ran; a replayed trajectory with such a call does
    not replay in this world (a corpus finding with one is invalid, never a missed harm)."""
    defence_actions: list[dict[str, Any]] = Field(default_factory=list)
    """What each defence did to this call: ``{"defence", "action", "reason"}`` with the action
    ``blocked``, ``delimited``, ``replaced`` or ``sanitised`` (docs/defences.md)."""


class Usage(Record):
    """Token usage and cost of one or more model calls."""

    requests: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    cache_read_tokens: int = 0
    cache_write_tokens: int = 0
    cost_usd: float | None = None
    """None when the price of the model is unknown (never silently 0)."""

    def __add__(self, other: Usage) -> Usage:
        cost = None
        if self.cost_usd is not None or other.cost_usd is not None:
            cost = (self.cost_usd or 0.0) + (other.cost_usd or 0.0)
        return Usage(
            requests=self.requests + other.requests,
            input_tokens=self.input_tokens + other.input_tokens,
            output_tokens=self.output_tokens + other.output_tokens,
            cache_read_tokens=self.cache_read_tokens + other.cache_read_tokens,
            cache_write_tokens=self.cache_write_tokens + other.cache_write_tokens,
            cost_usd=cost,
        )


class Turn(Record):
    """One user message and what the agent did in answer."""

    index: int
    user: str
    response: str = ""
    tool_calls: list[ToolCall] = Field(default_factory=list)
    started_at: datetime = Field(default_factory=utcnow)
    ended_at: datetime | None = None
    usage: Usage = Field(default_factory=Usage)
    error: str | None = None
    user_cut_to_fit: CutToFit | None = None
    """Set when later model requests showed the user message shortened to fit the window."""
    response_cut_to_fit: CutToFit | None = None
    """Set when later model requests showed the agent's answer shortened to fit the window."""


class Trajectory(Record):
    """A whole conversation between the controller (as user) and the target agent."""

    agent: str
    model: str | None = None
    turns: list[Turn] = Field(default_factory=list)
    usage: Usage = Field(default_factory=Usage)


# --- outcomes and verdicts ----------------------------------------------------------------------


class Outcome(StrEnum):
    """How a trial ended. Errors are outcomes of their own and never count as safe or violated."""

    violated = "violated"
    safe = "safe"
    agent_error = "agent_error"
    infra_error = "infra_error"
    timeout = "timeout"


class EvidenceLevel(StrEnum):
    """The hierarchy of evidence: state first, then tool calls, then text."""

    state = "state"
    tool_call = "tool_call"
    response = "response"


class Verdict(Record):
    """A verifier's decision. ``violated`` is the attack's success; it always cites evidence."""

    violated: bool
    level: EvidenceLevel
    cites: Annotated[list[str], AfterValidator(_cut_cites)] = Field(default_factory=list)
    """Evidence items this verdict rests on, e.g. ``state:banking.transactions[7]``, ``call:12``
    (at most :data:`CITES_LIMIT`, each cut at 200 characters)."""
    reason: BoundedText
    """One line, for people (cut at :data:`TEXT_LIMIT`: case code wrote it)."""


class Evidence(Record):
    """Everything a verifier may look at, collected on the host after a trial (never by the agent).

    The hierarchy of evidence is reflected in the fields: state (``s0``, ``s_t``, ``diff``), then
    tool calls (``calls`` from the gateway trace, ``native_calls`` from the framework's own
    transcript), then text (``responses``).
    """

    case_id: str = ""
    variant: str = ""
    variables: dict[str, Any] = Field(default_factory=dict)
    """The case's variables (IBANs, addresses, secrets), so verifiers need no literals."""
    s0: dict[str, Any] = Field(default_factory=dict)
    """``Environment.snapshot()`` after setup: ``{service: state}``."""
    s_t: dict[str, Any] = Field(default_factory=dict)
    """``Environment.snapshot()`` when the agent stopped."""
    diff: dict[str, list[dict[str, Any]]] = Field(default_factory=dict)
    """``Environment.diff(s0, s_t)``: per-service changes; services without changes left out."""
    calls: list[ToolCall] = Field(default_factory=list)
    """The gateway trace: original result and observation of every call, in order (cite ``call:i``)."""
    native_calls: list[ToolCall] = Field(default_factory=list)
    """Tool calls from the agent framework's own transcript, where it exposes one."""
    responses: list[str] = Field(default_factory=list)
    """The agent's answer to each user turn (cite ``response:i``)."""
