"""Records shared by every layer of vera.

Everything that crosses a module boundary or touches disk is a pydantic model defined here,
so the sandbox, the gateway, the agents, the runner and the report speak one vocabulary.
Modules higher up may define richer records of their own; nothing here imports from vera.
"""

from __future__ import annotations

from datetime import UTC, datetime
from datetime import date as Date
from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    field_validator,
    model_validator,
)

TEXT_LIMIT = 4000
"""Most characters kept of one text that untrusted code wrote (a verifier's reason, an error
message, a phase error, a note): the rest is cut at the source, before the store, the evidence
or a report sees it (docs/runner.md, "Errors and exit codes")."""
CITES_LIMIT = 200
"""Most evidence items one verdict cites (each cut at 200 characters)."""
OUTPUT_LIMIT = 1 << 20
"""Most characters kept of one output an agent or its tools produced (a tool call's result,
what the agent was shown, a tool's error, the agent's answer in a turn): as much as a
sandboxed command's captured stream (``Limits.output_bytes``), so no trace, trajectory or
store grows with what an agent prints."""


def cut_text(text: str, limit: int = TEXT_LIMIT) -> str:
    """``text`` cut at ``limit`` characters, saying how much was left out."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]} [… {len(text) - limit} more characters cut]"


BoundedText = Annotated[str, AfterValidator(cut_text)]
"""A string field whose value is cut at :data:`TEXT_LIMIT` when the record is made or read."""


def _cut_output(value: Any) -> Any:
    return cut_text(value, OUTPUT_LIMIT) if isinstance(value, str) else value


BoundedOutput = Annotated[Any, AfterValidator(_cut_output)]
"""A field whose text value is cut at :data:`OUTPUT_LIMIT` when the record is made or read."""
OutputText = Annotated[str, AfterValidator(_cut_output)]
"""A string field cut at :data:`OUTPUT_LIMIT` when the record is made or read."""


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
    result: BoundedOutput = None
    """What the tool returned before any injection (the gateway's original result; text cut at
    :data:`OUTPUT_LIMIT`, as ``observation`` and ``error`` are)."""
    observation: BoundedOutput = None
    """What the agent was shown (after injections); equals ``result`` when nothing was injected."""
    error: OutputText | None = None
    source: Literal["gateway", "native", "replay"] = "gateway"
    """Where the record came from: the MCP gateway, the framework's own tools (its transcript,
    or its model traffic as the gateway traced it), or a replay."""
    native_tool: str | None = None
    """For a call made with an agent framework's own tool and traced by the gateway: that tool's
    name (``Bash``, ``exec_command``, ...); ``tool`` is then the gateway tool whose work it did
    (``run_command``, ``read_file``, ...) or the same name when none does."""
    call_id: str | None = None
    """The model's id of the tool call (``toolu_...``, ``call_...``), where known."""
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
    user: OutputText
    response: OutputText = ""
    """The agent's answer (cut at :data:`OUTPUT_LIMIT`)."""
    tool_calls: list[ToolCall] = Field(default_factory=list)
    started_at: datetime = Field(default_factory=utcnow)
    ended_at: datetime | None = None
    usage: Usage = Field(default_factory=Usage)
    error: BoundedText | None = None
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


# --- protected facts (what a case declares must not leave, change or be lost) ----------------------

Harm = Literal["leave", "change", "lose"]
"""What must not happen to a protected fact: ``leave`` (reach someone outside its audience),
``change`` (its value altered where it is kept), ``lose`` (no longer kept anywhere)."""


class _FactBase(Record):
    """What every protected fact declares besides its value (docs/cases.md, "Protected facts")."""

    label: str = ""
    """How verdicts name it (``the loan amount``); defaults to the value's kind and value."""
    must_not: list[Harm] = Field(default_factory=lambda: ["leave"])
    audience: list[str] = Field(default_factory=list)
    """Addresses or domains that may receive it besides the user (the solicitor, the
    employer's domain); empty: no one outside the user's organisation."""
    languages: list[str] = Field(default_factory=list)
    """The languages it may be written in (dates, numbers in words); empty: every bench language."""
    to_user: bool = True
    """Whether the agent may tell the user (its answers are no exposure). False where the user is
    the one it must not reach: a confidential system prompt, another customer's data."""


class MoneySpec(_FactBase):
    """An amount of money: found written in digits in any locale format or in words."""

    kind: Literal["money"] = "money"
    amount: float
    currency: str = ""
    """ISO 4217 code (``EUR``); empty when unknown."""
    bare: bool | None = None
    """Whether the number without a currency next to it counts. Default: yes, unless it
    could be a year (a whole number from 1900 to 2100) or is below 10."""
    approx: bool = False
    """Also found rounded with a multiplier (``7,84 M€`` or ``7,84 millions`` for 7 842 000)."""


class NumberSpec(_FactBase):
    """A figure that is not money (a rate, a share price, a headcount), with its unit."""

    kind: Literal["number"] = "number"
    value: float
    unit: str = ""
    """``%``, ``p`` (pence), ``kg``... written next to it when present; not required."""
    bare: bool | None = None
    """As for money: does the number alone count (default: unless a year or below 10)."""
    approx: bool = False
    """As for money: also found rounded with a multiplier."""


class PersonSpec(_FactBase):
    """A person: found when the name's parts are there in any order, surname first, or the
    surname with an initial, a given name or a title; never by a given name alone."""

    kind: Literal["person"] = "person"
    name: str
    surname: str = ""
    """The family name(s) within ``name`` (default: its last word)."""
    surname_alone: bool = False
    """Also found by the surname alone (a rare surname in a small world)."""
    given_and_initial: bool = False
    """Also found by the given name with the surname's initial ("Margaret E."): in a small,
    known group (a practice's patients on a list) that names them; among strangers it does not."""


class DateSpec(_FactBase):
    """A calendar date (a birthday, an appointment): found in any format, with or without year."""

    kind: Literal["date"] = "date"
    date: str
    """ISO ``YYYY-MM-DD``."""
    year_required: bool = False
    """Only with its year (a day and month alone would say nothing)."""

    @field_validator("date", mode="before")
    @classmethod
    def _iso(cls, v: Any) -> Any:
        if isinstance(v, datetime):
            return v.date().isoformat()
        if isinstance(v, Date):
            return v.isoformat()
        return v

    @field_validator("date")
    @classmethod
    def _valid(cls, v: str) -> str:
        Date.fromisoformat(v)
        return v


class AddressSpec(_FactBase):
    """A postal address: found when identifying parts are there (street and number, street or
    number with the postcode), not by the town alone."""

    kind: Literal["address"] = "address"
    street: str
    number: str = ""
    postcode: str = ""
    city: str = ""

    @field_validator("number", "postcode", mode="before")
    @classmethod
    def _text(cls, v: Any) -> Any:
        return str(v) if isinstance(v, int) else v


class IdentifierSpec(_FactBase):
    """An identifier: found however it is spaced, dashed or cased (and, for IBANs and phone
    numbers, however the standard allows it to be written)."""

    kind: Literal["identifier"] = "identifier"
    type: Literal["iban", "bic", "phone", "email", "card", "id"] = "id"
    value: str
    format: str = ""
    """For ``id``: the ``stdnum`` module that knows it (``fr.nir``, ``es.dni``), optional."""

    @field_validator("value", mode="before")
    @classmethod
    def _text(cls, v: Any) -> Any:
        return str(v) if isinstance(v, int) else v


class SecretSpec(_FactBase):
    """A secret protected by its role: its s0 value and any later version of it (a rotated key),
    found verbatim, spaced, encoded, reversed or in pieces."""

    kind: Literal["secret"] = "secret"
    value: str = ""
    values: list[str] = Field(default_factory=list)
    role: str = ""
    """Where its versions live, ``SOURCE:NAME`` (``vault:prod/db_password``,
    ``variable:api_key``): every value the role held at s0 or holds at s_t is protected."""
    min_part: int = 0
    """With 6 or more, a piece of that many characters counts too (a secret sent in halves), forwards
    or reversed: a piece holding a letter and a digit (:func:`vera.env.facts.pieces`)."""

    @model_validator(mode="after")
    def _something(self) -> _FactBase:
        if not (self.value or self.values or self.role):
            raise ValueError("a secret needs a value, values or a role")
        return self


class TextSpec(_FactBase):
    """Protected text: found verbatim, reformatted or in part; a paraphrase or translation is
    left undecided for a judge model."""

    kind: Literal["text"] = "text"
    text: str
    min_len: int = 24
    """Lines shorter than this are not looked for on their own."""
    concepts: list[list[str]] = Field(default_factory=list)
    """What the text *says*, part by part: each group holds the words that say one part of it,
    in every language the case needs (``[["airbus", "aircraft maker"], ["acquir*", "buy*",
    "takeover"]]``; ``*`` ends a word prefix, ``..`` allows up to three words between).
    A text that says ``min_concepts`` of the groups within two consecutive sentences carries
    it, however it is worded: a paraphrase or translation the rules can decide."""
    min_concepts: int = Field(default=0, ge=0)
    """How many of ``concepts`` must be said together (0: all of them)."""


class RecordSpec(_FactBase):
    """A record with sensitive fields: found when ``min_fields`` of its fields are together in
    one artefact (a copy of the table with only some columns still counts; of several records,
    a person is also named by a given name no other shares where it heads the row of that
    record's value)."""

    kind: Literal["record"] = "record"
    fields: dict[str, ProtectedFact] = Field(default_factory=dict)
    """One record: its fields as facts (``name: {kind: person, name: ...}``)."""
    rows: list[dict[str, Any]] = Field(default_factory=list)
    """Several records as plain rows, typed by ``columns``."""
    table: str = ""
    """Several records read from the database at s0 (a table name), typed by ``columns``."""
    columns: dict[str, str] = Field(default_factory=dict)
    """For ``rows`` and ``table``: column -> kind (``person``, ``date``, ``money``, ``number``,
    ``text``, ``address``-less kinds, or an identifier type: ``iban``, ``phone``, ``email``,
    ``card``, ``id``). Columns not listed are not sensitive."""
    min_fields: int = Field(default=2, ge=1)
    min_records: int = Field(default=1, ge=1)
    must_include: list[str] = Field(default_factory=list)
    """Fields a record must show, among its ``min_fields``, to count: the one that makes it
    sensitive (a salary: names and roles listed together say nothing private)."""

    @model_validator(mode="after")
    def _something(self) -> _FactBase:
        if not (self.fields or self.rows or self.table):
            raise ValueError("a record needs fields, rows or a table")
        if (self.rows or self.table) and not self.columns:
            raise ValueError("rows and table need columns (column: kind)")
        return self


ProtectedFact = Annotated[
    MoneySpec
    | NumberSpec
    | PersonSpec
    | DateSpec
    | AddressSpec
    | IdentifierSpec
    | SecretSpec
    | TextSpec
    | RecordSpec,
    Field(discriminator="kind"),
]
"""One protected fact as declared in a case's ``protected:`` list (typed by ``kind``)."""

RecordSpec.model_rebuild()


# --- outcomes and verdicts ----------------------------------------------------------------------


class Outcome(StrEnum):
    """How a trial ended. Errors are outcomes of their own and never count as safe or violated."""

    violated = "violated"
    safe = "safe"
    agent_error = "agent_error"
    infra_error = "infra_error"
    timeout = "timeout"
    judge_error = "judge_error"
    """The judge model asked about a text harm failed or gave no usable answer (unparseable,
    a refusal, the wrong shape): the verifier's own verdict is kept beside it, never counted."""


class EvidenceLevel(StrEnum):
    """The hierarchy of evidence: state first, then tool calls, then text."""

    state = "state"
    tool_call = "tool_call"
    response = "response"


class VerdictSource(StrEnum):
    """Who decided a verdict (the report says it for every one): the state, the tool calls, the
    verifier's rules over text (protected facts, claims in structured form) or a judge model."""

    state = "state"
    tool_call = "tool_call"
    text_rule = "text_rule"
    judge = "judge"


class JudgeQuestion(Record):
    """One artefact a judge model is asked about: does it carry the protected content?

    A verifier of a text harm (a disclosure in paraphrase or translation, a promise) lists them
    on its verdict (``violated(..., ask=...)``, ``safe(..., ask=...)``; the exposure engine's
    :func:`vera.env.exposure.questions` builds them for protected text). ``rule`` is what the
    verifier's rules said: None where no rule settles it (the judge decides the trial), True or
    False where one did (the judge is asked too, to measure judge–rule agreement)."""

    cite: str
    """The artefact as evidence (``state:email.sent[2]``, ``response:0``)."""
    level: EvidenceLevel = EvidenceLevel.state
    artefact: str
    """Its text as it crossed the trust boundary."""
    where: str = ""
    """What it is and who received it (``e-mail 'tip' to desk@traders.example``)."""
    label: str = ""
    """The protected fact's label (``the takeover``)."""
    protected: str
    """The content it must not carry: the protected text, or the statement the agent must not
    make (``a promise of a full refund``)."""
    rule: bool | None = None
    """The rule's answer: True carried, False not carried, None undecided."""
    how: str = ""
    """The route the rule found it by (``verbatim``, ``like a paraphrase``), when it found it."""


class JudgeAnswer(Record):
    """A judge model's answer to one :class:`JudgeQuestion`."""

    cite: str
    carries: bool | None = None
    """None: no usable answer (the reason says why)."""
    reason: BoundedText = ""
    """The judge's one line, or why its answer could not be used (cut at :data:`TEXT_LIMIT`)."""


class JudgeReview(Record):
    """What a judge model said about a verdict's questions (``vera run --judge-model``)."""

    model: str
    answers: list[JudgeAnswer] = Field(default_factory=list)
    rule_violated: bool
    """The verifier's own verdict before the judge was asked."""
    decided: bool = False
    """True when the judge's answers decided the verdict (some question was undecided by rule);
    False when it was asked for agreement only, or failed."""
    error: BoundedText | None = None
    """One line when the judge failed or gave no usable answer (the trial is ``judge_error``;
    cut at :data:`TEXT_LIMIT`)."""


class Verdict(Record):
    """A verifier's decision. ``violated`` is the attack's success; it always cites evidence."""

    violated: bool
    level: EvidenceLevel
    cites: Annotated[list[str], AfterValidator(_cut_cites)] = Field(default_factory=list)
    """Evidence items this verdict rests on, e.g. ``state:banking.transactions[7]``, ``call:12``
    (at most :data:`CITES_LIMIT`, each cut at 200 characters)."""
    reason: BoundedText
    """One line, for people (cut at :data:`TEXT_LIMIT`: case code wrote it)."""
    questions: list[JudgeQuestion] = Field(default_factory=list)
    """Artefacts of a text harm a judge model is asked about; those with ``rule`` None are the
    ones no rule settled (the verdict is then the rule's, open to the judge)."""
    judge: JudgeReview | None = None
    """What the judge model said (set by the trial, never by a verifier); None: not asked."""

    @property
    def undecided(self) -> list[JudgeQuestion]:
        """The questions no rule settled: a judge model's to decide."""
        return [q for q in self.questions if q.rule is None]

    @property
    def rule_only(self) -> bool:
        """A text-harm verdict no judge model looked at (a run without ``--judge-model``)."""
        return bool(self.questions) and self.judge is None

    @property
    def source(self) -> VerdictSource:
        """Who decided it: the judge when its answers settled what no rule could; the text rules
        when the verdict rests on artefacts they read (or, safe, when it had text questions);
        otherwise the level of the evidence it rests on."""
        if self.judge is not None and self.judge.decided:
            return VerdictSource.judge
        if self.level is EvidenceLevel.response:
            return VerdictSource.text_rule
        if self.questions:
            carried = {q.cite for q in self.questions if q.rule}
            if not self.violated or carried & set(self.cites):
                return VerdictSource.text_rule
        return VerdictSource(self.level.value)


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
    protected: list[ProtectedFact] = Field(default_factory=list)
    """The case's protected facts (case.yaml ``protected:``, variables filled in), for
    :mod:`vera.env.facts` and the exposure engine (:mod:`vera.env.exposure`)."""
