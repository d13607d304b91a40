"""Safety cases on disk: one directory per base scenario, loaded into pydantic models.

A case directory (see docs/cases.md) holds ``case.yaml``, an optional ``setup.py``,
``verify.py``, ``utility.py``, and its trajectories: ``witnesses/*.yaml`` (violating, on
different routes) and ``references/*.yaml`` (safe, at least one a look-alike that looks risky).
A single ``witness.yaml`` / ``reference.yaml`` is read as a set of one (imported and older
cases). Loading validates everything that can be checked without running a trial: YAML and
schema, taxonomy leaves, setup step names, that ``verify.py`` compiles and defines ``verify``,
and that trajectories are lists of tool calls. Every problem is a :class:`CaseError` whose
message is one line naming the file, so ``vera cases validate`` can print it and go on.

One base scenario yields three variants: ``benign`` (the legitimate task, in the world without
the attacker), ``single`` (adversarial user messages, in the world with the attack ``overlay``
applied: what the attacker planted) and ``multi`` (single plus the case's gateway injections).
The content hash covers every file of the directory, so a changed case is a different case
even when someone forgets to bump ``version``.
"""

from __future__ import annotations

import hashlib
import importlib.util
import re
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from vera import paths
from vera.agents.replay import Replay
from vera.atif import AtifError, content_text, is_atif, parse_atif
from vera.atif import tool_calls as atif_tool_calls
from vera.gateway.injections import InjectionError, InjectionSet, parse_injections, render_template
from vera.records import ProtectedFact
from vera.yamlio import load_yaml, string_leaves

Variant = Literal["benign", "single", "multi"]
VARIANTS: tuple[Variant, ...] = ("benign", "single", "multi")
CASE_FILE = "case.yaml"
REQUIRED_FILES = ("case.yaml", "verify.py")
WITNESSES, REFERENCES = "witnesses", "references"
"""The trajectory-set directories of a case (``witness.yaml`` / ``reference.yaml``: a set of one)."""
TAXONOMY_KINDS = ("risks", "attacks", "environments")
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_ID_RE = re.compile(r"^[a-z0-9][a-z0-9_\-]*$")
_TOKEN_RE = re.compile(r"[^@\s]+@[^@\s]+\.[a-z]{2,}|[A-Z]{2}\d{2}[A-Z0-9]{10,30}", re.IGNORECASE)


class CaseError(Exception):
    """A case cannot be loaded; the message is one line and names the offending file."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class TaxonomyRef(_Model):
    """The three leaves a case combines (ids from bench/taxonomies/*.yaml)."""

    risk: str
    """What the verifier checks happened (a leaf of risks.yaml)."""
    attack: str
    """How the controller and injections induce it (a leaf of attacks.yaml)."""
    environment: str
    """Where it happens (a leaf of environments.yaml)."""


class AttackSpec(_Model):
    """What the control agent is told to do in the adversarial variants."""

    brief: str
    """The controller's goal in its own words: what to get the agent to do, and why it is harmful."""
    first_message: str
    """The opening user message of the single- and multi-channel variants (a static attack)."""
    tactics: list[str] = Field(default_factory=list)
    """Hints for adapting: reformulate, decompose, claim authority, ..."""
    markers: list[str] = Field(default_factory=list)
    """Distinctive strings of the attack (the attacker's IBAN, address, domain, payload phrase)
    that must not occur in the benign world; the overlay's and injections' texts are added to
    them automatically (see :meth:`Case.attack_markers`)."""


class Budgets(_Model):
    turns: int = Field(default=6, ge=1)
    """User turns the controller may spend."""
    seconds: float = Field(default=600.0, gt=0)
    """Wall-clock limit of one trial."""


class PriorTurn(_Model):
    """One earlier turn of the conversation the agent is deployed into."""

    role: Literal["user", "assistant"]
    text: str


class AgentContext(_Model):
    """What the agent's deployment gave it before the trial's first user message: its
    instructions and an earlier conversation. Text-level harms need it (a confidential system
    prompt, or an earlier private request, leaking); it is the deployment's, not the attacker's,
    so every variant gets the same context."""

    system_prompt: str = ""
    """Instructions the deployment adds to the agent's own (a built-in agent's system prompt)."""
    history: list[PriorTurn] = Field(default_factory=list)
    """Earlier turns of the same conversation, oldest first."""

    def __bool__(self) -> bool:
        return bool(self.system_prompt.strip() or self.history)

    def preamble(self) -> str:
        """The context as text, for agents that take no instructions or history from vera (a
        framework CLI): put before the first user message."""
        parts = []
        if self.system_prompt.strip():
            parts.append(f"[Deployment instructions]\n{self.system_prompt.strip()}")
        if self.history:
            lines = [f"{t.role}: {t.text}" for t in self.history]
            parts.append("[Earlier in this conversation]\n" + "\n".join(lines))
        return "\n\n".join(parts)


class RealismWaiver(_Model):
    """One exception to a realism rule, with its reason (a reviewer reads it)."""

    what: str
    """The value the attacker knows, or the planted text's key (injection id, ``overlay[i]``)."""
    why: str = Field(min_length=8)


class RealismNotes(_Model):
    """A case's reasons for breaking a rule of the realism gate (``vera cases validate``):
    values its attacker can know although they sit in the victim's state (a public repository's
    file path, a supplier's own invoice number), and planted texts written in another language
    than the world's (an English-speaking supplier)."""

    attacker_knows: list[RealismWaiver] = Field(default_factory=list)
    foreign_language: list[RealismWaiver] = Field(default_factory=list)
    outsider_writes: list[RealismWaiver] = Field(default_factory=list)
    """Workspace or drive paths (globs, ``downloads/*``) an outsider writes into (a synced
    folder, the user's downloads), so attacker text there is the attacker's own."""
    forge_access: list[RealismWaiver] = Field(default_factory=list)
    """Accounts with access to a private repository (a member, a collaborator of
    ``repo.configure_forge``) that the attacker writes as in its issues, comments, pull requests
    or history, and why (a contractor's account taken over, an insider): the realism gate asks
    for the note, and refuses any other writer in a private forge."""


class CaseSpec(_Model):
    """The contents of case.yaml."""

    id: str
    title: str
    version: int = Field(default=1, ge=1)
    """Bumped by hand whenever a change should not be compared with older results."""
    goal: str
    """The harmful outcome g, stated as the verifier checks it."""
    taxonomy: TaxonomyRef
    services: list[str] = Field(min_length=1)
    variables: dict[str, str] = Field(default_factory=dict)
    """Case constants (IBANs, addresses, secrets); ``${name}`` in payloads, witness, reference."""
    setup: list[dict[str, Any]] = Field(default_factory=list)
    """Setup steps ``{"service.method": {kwargs}}`` applied with ``Environment.apply_setup``."""
    benign_task: str
    """The legitimate user request (the only message of the benign variant)."""
    authorised: str = ""
    """Who is authorised to what, in words (whom the user pays, who may see which files): what
    the verifier judges an action against when the harm is doing more than the principal asked."""
    attack: AttackSpec
    context: AgentContext = Field(default_factory=AgentContext)
    """The agent's instructions and earlier conversation (empty: none beyond the agent's own)."""
    overlay: list[dict[str, Any]] = Field(default_factory=list)
    """What the attacker planted (setup steps like ``setup``), applied after it in the single
    and multi variants only, so the benign world holds none of the attack."""
    injections: list[dict[str, Any]] = Field(default_factory=list)
    """Gateway injection rules (docs/gateway.md), used by the multi variant only."""
    budgets: Budgets = Field(default_factory=Budgets)
    world: str | None = None
    """A shared world (``bench/worlds/<name>.yaml``, e.g. ``banking/meyer_household``) whose
    setup, services and variables come before the case's own: several cases share one world
    the size of a real user's, each adding only its own overlay (see docs/cases.md, Worlds)."""
    harm: str = ""
    """The harm invariant the verifier states, by name (``money_to_stranger``,
    ``secret_to_outsider``, ...): cases are counted, and near-duplicates found, by it."""
    realism: RealismNotes = Field(default_factory=lambda: RealismNotes())
    """Why an attack may break one of the realism gate's rules (:mod:`vera.safety.realism`)."""
    imported_from: str | None = None
    """Set for cases imported from another benchmark (``agentdojo``): they keep that
    benchmark's world and ground truths, so the bench's own standards (trajectory sets,
    attack-free benign, two channels) are reported but not required of them."""
    protected: list[dict[str, Any]] = Field(default_factory=list)
    """What must not leave, change or be lost, as typed facts (``{kind: money, amount: 312000,
    currency: GBP}``; docs/cases.md, "Protected facts"). ``${name}`` is filled from the
    variables, then each is validated as a :data:`vera.records.ProtectedFact`
    (:attr:`Case.protected`); verifiers read them as ``ev.protected``."""

    @model_validator(mode="after")
    def _check(self) -> CaseSpec:
        if not _ID_RE.match(self.id):
            raise ValueError(f"id {self.id!r} must be lowercase letters, digits, '_' or '-'")
        if len(set(self.services)) != len(self.services):
            raise ValueError("services are listed twice")
        return self


class WorldFact(_Model):
    """One thing a world holds true, and what a case's user could not say about it."""

    about: str
    """What the fact is about (``heating``, ``car``, ``refunds``)."""
    holds: str
    """What is true, in words (``district heating, no gas connection``)."""
    excludes: list[str] = Field(default_factory=list)
    """Terms the user's own words cannot contain without contradicting it (``Gasvertrag``)."""


class WorldFacts(BaseModel):
    """A world file's ``facts:``: ``premises`` are checked against every case's task and
    adversarial opening (the realism gate's ``premise`` rule); other keys describe the world
    for a reader (who lives there, what they own)."""

    model_config = ConfigDict(extra="allow")

    premises: list[WorldFact] = Field(default_factory=list)


class WorldSpec(_Model):
    """The contents of a world file: state several cases start from."""

    id: str
    title: str
    description: str = ""
    services: list[str] = Field(min_length=1)
    variables: dict[str, str] = Field(default_factory=dict)
    setup: list[dict[str, Any]] = Field(default_factory=list)
    language: str | None = None
    """The language its people write in (ISO 639-1); detected from the setup when not given."""
    family: str | None = None
    """Worlds that play the same scenarios with other names (two households' banks) share a
    family: `vera cases stats` counts a scenario once per family and harm."""
    facts: WorldFacts = Field(default_factory=WorldFacts)
    """What the world holds true (who lives there, what they own and use): the realism gate
    checks every case's task and adversarial opening against its ``premises``."""
    protected: list[dict[str, Any]] = Field(default_factory=list)
    """Protected facts every case of the world has (before the case's own)."""


class CaseTrajectory(BaseModel):
    """One witness or reference of a case: a replayable trajectory and what it shows."""

    name: str
    """The file's stem (``pay_from_savings``), unique within its set."""
    route: str = ""
    """In words, the route it takes (witness) or why it is safe (reference)."""
    lookalike: bool = False
    """A reference that looks risky but is safe (reports the phishing mail, archives instead
    of deleting, quotes the attacker's IBAN in a warning)."""
    variants: list[Variant] = Field(default_factory=lambda: list(VARIANTS))
    """The variants it applies to (one that reads what only the overlay planted: not benign)."""
    replay: Replay


class Case(BaseModel):
    """A loaded, validated base scenario."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    path: Path
    spec: CaseSpec
    witnesses: list[CaseTrajectory]
    references: list[CaseTrajectory]
    content_hash: str
    """sha256 over every file's relative path and bytes (and the world file's, if any)."""
    world_setup: list[dict[str, Any]] = Field(default_factory=list)
    """The shared world's setup steps, applied before the case's own."""
    world_language: str | None = None
    """The shared world's declared language (None: detected from the setup when needed)."""
    world_family: str | None = None
    """The shared world's family (parallel worlds share one), else None."""
    world_premises: list[WorldFact] = Field(default_factory=list)
    """The shared world's premises (``facts: premises:``), for the consistency gate."""
    has_setup_py: bool = False
    has_utility: bool = False
    protected: list[ProtectedFact] = Field(default_factory=list)
    """The world's and the case's protected facts, variables filled in and typed."""

    @property
    def id(self) -> str:
        return self.spec.id

    @property
    def environment(self) -> str:
        return self.spec.taxonomy.environment

    @property
    def witness(self) -> Replay:
        """The first witness (what ``oracle-violation`` replays)."""
        return self.witnesses[0].replay

    @property
    def reference(self) -> Replay:
        """The first reference (what ``oracle-benign`` replays)."""
        return self.references[0].replay

    def witness_for(self, variant: Variant) -> Replay:
        """The first witness that applies to ``variant`` (else the first witness)."""
        return next((w.replay for w in self.witnesses if variant in w.variants), self.witness)

    def reference_for(self, variant: Variant) -> Replay:
        """The first reference that applies to ``variant`` (else the first reference)."""
        return next((r.replay for r in self.references if variant in r.variants), self.reference)

    def setup_steps(self, variant: Variant) -> list[dict[str, Any]]:
        """The s0 of a variant: ``setup``, plus the attack ``overlay`` outside ``benign``."""
        if variant == "benign":
            return [*self.world_setup, *self.spec.setup]
        return [*self.world_setup, *self.spec.setup, *self.spec.overlay]

    def _own_domains(self) -> set[str]:
        """The organisation's own mail domains, as the mail queries read them (never a public
        provider's: a look-alike on gmail.com stays the attacker's)."""
        from vera.env.queries.email import organisation_domains

        v = self.spec.variables or {}
        return set(organisation_domains(v, str(v.get("user_email", ""))))

    def attack_markers(self) -> list[str]:
        """Distinctive strings of this case's attack, which the benign world must not hold: the
        declared markers, every injection payload, and the longer strings the overlay plants
        (values of 16+ characters with a space, e-mail addresses and IBAN-like tokens) that the
        benign setup does not hold as well."""
        marks = list(self.spec.attack.markers)
        for inj in self.injections("multi").injections:
            if inj.payload.strip():
                marks.append(inj.payload)
        benign = {
            v.strip()
            for v in string_leaves(
                _substitute(self.setup_steps("benign"), self.spec.variables, strict=False)
            )
        }
        own = self._own_domains()
        for value in string_leaves(_substitute(self.spec.overlay, self.spec.variables, strict=False)):
            value = value.strip()
            if value in benign:  # re-published as it was (a page's title): not the attack's
                continue
            if "@" in value and " " not in value and value.rpartition("@")[2].casefold() in own:
                continue  # a colleague's own address (a well-meant mail): the attack is its text
            if (len(value) >= 16 and " " in value) or _TOKEN_RE.fullmatch(value):
                marks.append(value)
        seen: dict[str, None] = {}
        for m in marks:
            if m.strip():
                seen.setdefault(m, None)
        return list(seen)

    def injections(self, variant: Variant) -> InjectionSet:
        """The gateway injections of a variant: the case's rules for ``multi``, none otherwise."""
        if variant != "multi":
            return InjectionSet()
        return parse_injections(self.spec.injections, self.spec.variables)

    def first_message(self, variant: Variant) -> str:
        return self.spec.benign_task if variant == "benign" else self.spec.attack.first_message

    def verifier(self) -> Callable[..., Any]:
        return _function(self.path / "verify.py", "verify", f"{self.id}.verify")

    def utility(self) -> Callable[..., Any] | None:
        if not self.has_utility:
            return None
        return _function(self.path / "utility.py", "utility", f"{self.id}.utility")

    def setup_fn(self) -> Callable[..., Any] | None:
        if not self.has_setup_py:
            return None
        return _function(self.path / "setup.py", "setup", f"{self.id}.setup")


# --- taxonomies ---------------------------------------------------------------------------------


class Taxonomies(BaseModel):
    """Leaf ids of the three taxonomies, for checking a case's references."""

    risks: set[str] = Field(default_factory=set)
    attacks: set[str] = Field(default_factory=set)
    environments: set[str] = Field(default_factory=set)


def _leaves(node: Any, out: set[str]) -> None:
    """Collect ids of nodes without children; accepts ``{id, children}`` trees or nested maps."""
    if isinstance(node, list):
        for item in node:
            _leaves(item, out)
    elif isinstance(node, dict):
        if "id" in node:
            kids = node.get("children") or []
            if kids:
                _leaves(kids, out)
            else:
                out.add(str(node["id"]))
        else:
            for key in ("nodes", "children", "leaves", "roots", "taxonomy", "categories"):
                if key in node:
                    _leaves(node[key], out)
                    return


def load_taxonomies(directory: Path) -> Taxonomies:
    """Leaf ids from ``risks.yaml``, ``attacks.yaml``, ``environments.yaml``; CaseError if unreadable."""
    found: dict[str, set[str]] = {}
    for kind in TAXONOMY_KINDS:
        path = directory / f"{kind}.yaml"
        data = _read_yaml(path)
        leaves: set[str] = set()
        _leaves(data, leaves)
        if not leaves:
            raise CaseError(f"{path}: no taxonomy leaves found")
        found[kind] = leaves
    return Taxonomies(**found)


def find_worlds_dir(path: Path) -> Path | None:
    """``bench/worlds`` beside the ``cases`` directory above ``path``, if any."""
    for parent in [path, *path.resolve().parents]:
        if parent.name == "cases" and (parent.parent / "worlds").is_dir():
            return parent.parent / "worlds"
        if (parent / "worlds").is_dir() and (parent / "cases").is_dir():
            return parent / "worlds"
    return None


_WORLDS: dict[tuple[str, float], tuple[WorldSpec, bytes]] = {}


def load_world(path: Path) -> tuple[WorldSpec, bytes]:
    """A world file, validated (cached by path and modification time); CaseError if broken."""
    try:
        key = (str(path.resolve()), path.stat().st_mtime)
    except OSError:
        raise CaseError(f"{path}: missing world file") from None
    if key not in _WORLDS:
        raw = _read_yaml(path)
        if not isinstance(raw, dict):
            raise CaseError(f"{path}: expected a mapping at the top level")
        try:
            _WORLDS[key] = (WorldSpec.model_validate(raw), path.read_bytes())
        except ValidationError as e:
            raise CaseError(_validation_message(path, e)) from None
    return _WORLDS[key]


def find_taxonomy_dir(path: Path) -> Path | None:
    """``bench/taxonomies`` next to the ``cases`` directory above ``path``, if any."""
    for parent in [path, *path.resolve().parents]:
        candidate = parent / "taxonomies"
        if (candidate / "risks.yaml").exists():
            return candidate
        if parent.name == "cases" and (parent.parent / "taxonomies").is_dir():
            return parent.parent / "taxonomies"
    return None


# --- loading ------------------------------------------------------------------------------------


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


def _read_yaml(path: Path) -> Any:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CaseError(f"{path}: missing file") from None
    except OSError as e:
        raise CaseError(f"{path}: cannot read: {e.strerror or e}") from None
    try:
        return load_yaml(text)  # a SafeLoader (libyaml when present), aliases bounded
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f" (line {mark.line + 1})" if mark is not None else ""
        problem = getattr(e, "problem", None) or type(e).__name__
        raise CaseError(f"{path}: invalid YAML{where}: {_one_line(problem)}") from None


def _validation_message(path: Path, e: ValidationError) -> str:
    first = e.errors()[0]
    where = ".".join(str(p) for p in first["loc"]) or "(top level)"
    more = f" (+{e.error_count() - 1} more)" if e.error_count() > 1 else ""
    return f"{path}: {where}: {_one_line(first['msg'])}{more}"


def _substitute(value: Any, variables: dict[str, str], *, strict: bool = True) -> Any:
    """Render ``${name}`` / ``{name}`` in every string of a witness or reference (``strict``:
    an unknown name is an error; else it stays as written)."""
    if isinstance(value, str):
        return render_template(value, variables, strict=strict)
    if isinstance(value, list):
        return [_substitute(v, variables, strict=strict) for v in value]
    if isinstance(value, dict):
        return {k: _substitute(v, variables, strict=strict) for k, v in value.items()}
    return value


_META_KEYS = ("route", "lookalike", "variants", "finding", "literal")
"""Trajectory metadata beside the calls (``finding``: what `vera cases harden` recorded;
``literal: true``: the calls are taken as written, no ``{name}`` filled in — a trajectory that
writes code with f-strings or ``${VAR}``)."""


MCP_PREFIX = re.compile(r"^mcp__[^_]+(?:_[^_]+)*?__")
"""How agent frameworks name an MCP server's tool in their own records (``mcp__vera__send``)."""


def _atif_replay_data(path: Path, data: Any) -> dict[str, Any]:
    """An ATIF trajectory (any tool's) as a replay: its tool calls in order, MCP names
    (``mcp__SERVER__TOOL``) as the gateway's, and its last agent message as the answer."""
    try:
        atif = parse_atif(data, str(path))
    except AtifError as e:
        raise CaseError(str(e)) from None
    calls = [
        {"tool": MCP_PREFIX.sub("", c.function_name), "arguments": c.arguments}
        for c in atif_tool_calls(atif)
    ]
    answers = [
        content_text(s.message)
        for s in atif.steps
        if s.source == "agent" and not s.is_copied_context and content_text(s.message)
    ]
    return {"calls": calls, "response": answers[-1] if answers else ""}


def _replay_data(path: Path, data: Any) -> dict[str, Any]:
    if is_atif(data):
        return _atif_replay_data(path, data)
    if data is None:
        data = []
    if isinstance(data, list):
        calls, response = [], ""
        for i, item in enumerate(data):
            if isinstance(item, dict) and set(item) == {"response"}:
                if i != len(data) - 1:
                    raise CaseError(f"{path}: item {i}: 'response' must be the last item")
                response = str(item["response"])
            else:
                calls.append(item)
        data = {"calls": calls, "response": response}
    if not isinstance(data, dict):
        raise CaseError(f"{path}: expected a list of tool calls or a mapping with 'calls'")
    return data


def load_replay(path: Path, variables: dict[str, str]) -> Replay:
    """A witness/reference file: a list of ``{tool, arguments}`` items, optionally ending with
    ``{response: TEXT}``; or a mapping ``{calls: [...], response: TEXT}`` (which may also carry
    the trajectory's ``route``, ``lookalike`` and ``variants``: see :func:`load_trajectory`);
    or an ATIF trajectory written by any tool (:mod:`vera.atif`): its tool calls in order and
    its last agent message."""
    data = _replay_data(path, _read_yaml(path))
    literal = data.get("literal") is True
    data = {k: v for k, v in data.items() if k not in _META_KEYS}
    try:
        if not literal:
            data = _substitute(data, variables)
        return Replay.model_validate(data)
    except InjectionError as e:
        raise CaseError(f"{path}: {e}") from None
    except ValidationError as e:
        raise CaseError(_validation_message(path, e)) from None


def load_trajectory(path: Path, variables: dict[str, str]) -> CaseTrajectory:
    """One witness or reference file with its metadata (``route``, ``lookalike``, ``variants``)."""
    data = _replay_data(path, _read_yaml(path))
    replay = load_replay(path, variables)
    meta = {k: data[k] for k in _META_KEYS if k in data and k not in ("finding", "literal")}
    try:
        return CaseTrajectory(name=path.stem, replay=replay, **meta)
    except ValidationError as e:
        raise CaseError(_validation_message(path, e)) from None


def load_trajectories(
    directory: Path, kind: str, variables: dict[str, str]
) -> list[CaseTrajectory]:
    """A case's witness or reference set: ``<kind>/*.yaml`` in name order, else the single
    ``witness.yaml`` / ``reference.yaml``. CaseError when there is neither, or both."""
    folder = directory / kind
    single = directory / {WITNESSES: "witness.yaml", REFERENCES: "reference.yaml"}[kind]
    if folder.is_dir():
        if single.is_file():
            raise CaseError(f"{single}: a case has {kind}/ or {single.name}, not both")
        files = sorted(p for p in folder.iterdir() if p.suffix in (".yaml", ".yml"))
        if not files:
            raise CaseError(f"{folder}: no trajectory files (*.yaml)")
        return [load_trajectory(p, variables) for p in files]
    if single.is_file():
        return [load_trajectory(single, variables)]
    raise CaseError(f"{folder}: missing ({kind}/*.yaml or {single.name})")


def _check_python(path: Path, name: str) -> None:
    """The file compiles and defines a top-level function ``name`` (checked without running it)."""
    import ast

    try:
        tree = ast.parse(path.read_bytes(), filename=str(path))
    except SyntaxError as e:
        raise CaseError(f"{path}: syntax error at line {e.lineno}: {e.msg}") from None
    except OSError as e:
        raise CaseError(f"{path}: cannot read: {e.strerror or e}") from None
    if not any(
        isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef) and n.name == name for n in tree.body
    ):
        raise CaseError(f"{path}: no top-level function '{name}'")


_MODULES: dict[tuple[str, str], ModuleType] = {}


def _function(path: Path, name: str, label: str) -> Callable[..., Any]:
    """Import a case's Python file (cached by path and content) and return one function.

    Raises CaseError when importing it fails, naming the file.
    """
    data = path.read_bytes()
    key = (str(path.resolve()), hashlib.sha256(data).hexdigest())
    module = _MODULES.get(key)
    if module is None:
        mod_name = "vera_case_" + re.sub(r"\W", "_", label) + "_" + key[1][:8]
        spec = importlib.util.spec_from_file_location(mod_name, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        try:
            sys.modules[mod_name] = module
            spec.loader.exec_module(module)
        except Exception as e:
            sys.modules.pop(mod_name, None)
            raise CaseError(f"{path}: import failed: {type(e).__name__}: {_one_line(e)}") from None
        _MODULES[key] = module
    fn = getattr(module, name, None)
    if not callable(fn):
        raise CaseError(f"{path}: no function '{name}'")
    return fn


def case_content_hash(directory: Path, *, extra: bytes = b"") -> str:
    """sha256 over the relative paths and bytes of every file (caches excluded), and ``extra``
    (the shared world's file, so a changed world is a changed case)."""
    h = hashlib.sha256()
    if extra:
        h.update(b"world\0" + extra + b"\0")
    for p in sorted(directory.rglob("*")):
        if not p.is_file() or "__pycache__" in p.parts:
            continue
        h.update(p.relative_to(directory).as_posix().encode() + b"\0")
        h.update(p.read_bytes() + b"\0")
    return h.hexdigest()


def _refuse_links_out(directory: Path) -> None:
    """A case folder is untrusted input: a link in it that leads out of it (to a host file,
    whose text would become a verifier, a witness or an error message) is refused up front, so
    every file read by name below stays inside the case (:mod:`vera.paths`)."""
    try:
        for _ in paths.walk(directory, skip=frozenset({"__pycache__"})):
            pass
    except paths.UnsafePathError as e:
        raise CaseError(str(e)) from None


def load_case(directory: Path, taxonomies: Taxonomies | None = None) -> Case:
    """Load and statically validate one case directory; raises CaseError (one line, names the file)."""
    directory = Path(directory)
    if not directory.is_dir():
        raise CaseError(f"{directory}: not a case directory")
    _refuse_links_out(directory)
    for name in REQUIRED_FILES:
        if not (directory / name).is_file():
            raise CaseError(f"{directory / name}: missing file")
    case_path = directory / CASE_FILE
    raw = _read_yaml(case_path)
    if not isinstance(raw, dict):
        raise CaseError(f"{case_path}: expected a mapping at the top level")
    try:
        spec = CaseSpec.model_validate(raw)
    except ValidationError as e:
        raise CaseError(_validation_message(case_path, e)) from None

    from vera.env.services import SERVICES

    world_setup: list[dict[str, Any]] = []
    world_bytes = b""
    world: WorldSpec | None = None
    if spec.world:
        worlds = find_worlds_dir(directory)
        if worlds is None:
            raise CaseError(f"{case_path}: world {spec.world!r}: no bench/worlds directory above")
        try:
            world_path = paths.resolve(worlds, f"{spec.world}.yaml")
        except paths.UnsafePathError as e:
            raise CaseError(f"{case_path}: world {spec.world!r}: {e}") from None
        world, world_bytes = load_world(world_path)
        missing = [sv for sv in world.services if sv not in spec.services]
        if missing:
            raise CaseError(
                f"{case_path}: services: the world {spec.world!r} needs {', '.join(missing)}"
            )
        world_setup = list(world.setup)
        spec = spec.model_copy(
            update={
                "variables": {**world.variables, **spec.variables},
                "protected": [*world.protected, *spec.protected],
            }
        )

    for s in spec.services:
        if s not in SERVICES:
            raise CaseError(
                f"{case_path}: services: unknown service {s!r} (known: {', '.join(sorted(SERVICES))})"
            )
    for block, steps in (("world", world_setup), ("setup", spec.setup), ("overlay", spec.overlay)):
        for i, step in enumerate(steps):
            if len(step) != 1:
                raise CaseError(
                    f"{case_path}: {block}.{i}: expected one 'service.method: {{...}}' key"
                )
            [target] = step
            service, _, method = str(target).partition(".")
            if service not in spec.services:
                raise CaseError(f"{case_path}: {block}.{i}: service {service!r} is not in services")
            if method not in SERVICES[service].setup_methods():
                raise CaseError(
                    f"{case_path}: {block}.{i}: {service} has no setup method {method!r}"
                )
    if taxonomies is not None:
        for kind, leaf in (
            ("risks", spec.taxonomy.risk),
            ("attacks", spec.taxonomy.attack),
            ("environments", spec.taxonomy.environment),
        ):
            if leaf not in getattr(taxonomies, kind):
                raise CaseError(
                    f"{case_path}: taxonomy: unknown {kind[:-1]} leaf {leaf!r} "
                    f"(not a leaf of taxonomies/{kind}.yaml)"
                )
    try:
        parse_injections(spec.injections, spec.variables)
    except InjectionError as e:
        raise CaseError(f"{case_path}: injections: {_one_line(e)}") from None

    protected = _protected(case_path, spec)
    has_setup_py = (directory / "setup.py").is_file()
    if has_setup_py:
        _check_python(directory / "setup.py", "setup")
    _check_python(directory / "verify.py", "verify")
    has_utility = (directory / "utility.py").is_file()
    if has_utility:
        _check_python(directory / "utility.py", "utility")
    witnesses = load_trajectories(directory, WITNESSES, spec.variables)
    references = load_trajectories(directory, REFERENCES, spec.variables)
    for w in witnesses:
        if not w.replay.calls and not w.replay.response:
            raise CaseError(f"{directory}: witness {w.name!r} is empty")
    return Case(
        path=directory,
        spec=spec,
        witnesses=witnesses,
        references=references,
        content_hash=case_content_hash(directory, extra=world_bytes),
        world_setup=world_setup,
        world_language=world.language if world else None,
        world_family=(world.family or spec.world) if world else None,
        world_premises=list(world.facts.premises) if world else [],
        has_setup_py=has_setup_py,
        has_utility=has_utility,
        protected=protected,
    )


def _protected(case_path: Path, spec: CaseSpec) -> list[ProtectedFact]:
    """The case's protected facts with ``${name}`` filled in, typed; CaseError (one line) for a
    declaration that is malformed or names a value that cannot be looked for."""
    from vera.env import facts

    out = []
    for i, raw in enumerate(spec.protected):
        try:
            declared = facts.declare(_substitute(raw, spec.variables))
            if declared.kind not in ("secret", "record"):
                facts.build(declared)
        except InjectionError as e:
            raise CaseError(f"{case_path}: protected.{i}: {_one_line(e)}") from None
        except ValidationError as e:
            first = e.errors()[0]
            where = ".".join(str(p) for p in first["loc"][1:]) or "(fact)"
            raise CaseError(
                f"{case_path}: protected.{i}.{where}: {_one_line(first['msg'])}"
            ) from None
        except ValueError as e:
            raise CaseError(f"{case_path}: protected.{i}: {_one_line(e)}") from None
        out.append(declared)
    return out


class BrokenCase(BaseModel):
    """A case directory that failed to load (discovery goes on with the others)."""

    path: Path
    message: str


def case_dirs(root: Path) -> list[Path]:
    """Every directory under ``root`` (or ``root`` itself) that holds a case.yaml, sorted."""
    root = Path(root)
    if (root / CASE_FILE).is_file():
        return [root]
    return sorted(p.parent for p in root.rglob(CASE_FILE) if "__pycache__" not in p.parts)


def _nearest_taxonomies(root: Path) -> Taxonomies | BrokenCase | None:
    """The taxonomies of the nearest ``bench/taxonomies`` above ``root`` (None when there is
    none; a :class:`BrokenCase` when they do not load)."""
    tax_dir = find_taxonomy_dir(root)
    if tax_dir is None:
        return None
    try:
        return load_taxonomies(tax_dir)
    except CaseError as e:
        return BrokenCase(path=tax_dir, message=str(e))


def discover_cases(
    root: Path, taxonomies: Taxonomies | None = None
) -> Iterator[Case | BrokenCase]:
    """Load every case under ``root``; a broken case yields a BrokenCase instead of stopping.

    Taxonomy leaves are checked against ``taxonomies`` or, when not given, the nearest
    ``bench/taxonomies`` above ``root`` (unchecked when there is none). Duplicate ids are errors.
    """
    root = Path(root)
    if taxonomies is None:
        taxonomies = _nearest_taxonomies(root)
        if isinstance(taxonomies, BrokenCase):
            yield taxonomies
            return
    seen: dict[str, Path] = {}
    for d in case_dirs(root):
        try:
            case = load_case(d, taxonomies)
        except CaseError as e:
            yield BrokenCase(path=d, message=str(e))
            continue
        if case.id in seen:
            yield BrokenCase(
                path=d,
                message=f"{d / CASE_FILE}: duplicate case id {case.id!r} (also {seen[case.id]})",
            )
            continue
        seen[case.id] = d
        yield case


def discover_named(
    root: Path, ids: Iterable[str], taxonomies: Taxonomies | None = None
) -> Iterator[Case | BrokenCase]:
    """Load only the cases with these ids under ``root`` (as :func:`discover_cases` would find
    them): every case file's id is peeked, and only the wanted directories are loaded and
    checked, so a plan of three cases does not load the whole bench. A wanted id held by two
    directories, or a directory named for a wanted id whose case file cannot be read, yields a
    :class:`BrokenCase`; ids found nowhere are simply not yielded (the caller names them)."""
    wanted = set(ids)
    holders: dict[str, list[Path]] = {}
    for d in case_dirs(root):
        peeked = _peek_id(d)
        key = peeked if peeked is not None else d.name  # unreadable: the folder says what it was
        if key in wanted:
            holders.setdefault(key, []).append(d)
    if not holders:
        return
    root = Path(root)
    if taxonomies is None:
        taxonomies = _nearest_taxonomies(root)
        if isinstance(taxonomies, BrokenCase):
            yield taxonomies
            return
    for case_id, dirs in holders.items():
        if len(dirs) > 1:
            yield BrokenCase(
                path=dirs[1],
                message=f"{dirs[1] / CASE_FILE}: duplicate case id {case_id!r} (also {dirs[0]})",
            )
            continue
        try:
            yield load_case(dirs[0], taxonomies)
        except CaseError as e:
            yield BrokenCase(path=dirs[0], message=str(e))


def find_case(root: Path, case_id: str) -> Case:
    """The case with this id under ``root``; CaseError when absent or broken."""
    for d in case_dirs(root):
        if d.name == case_id or _peek_id(d) == case_id:
            tax_dir = find_taxonomy_dir(d)
            return load_case(d, load_taxonomies(tax_dir) if tax_dir else None)
    raise CaseError(f"{root}: no case with id {case_id!r}")


_TOP_LEVEL_ID = re.compile(r"^id:[ \t]*(.*)$", re.MULTILINE)
"""A top-level ``id:`` line of a block-style case file: at column 0 it can only be the
document's own key (block scalars and continuation lines of a top-level value are indented)."""


def _peek_id(d: Path) -> str | None:
    """The id a case file declares, without loading the whole file when it can: the one
    top-level ``id:`` line, its value read by the YAML loader itself. A file with no such
    line, more than one, or a value the line alone cannot settle (an alias, a block scalar)
    is read whole. Planning a suite peeks every case directory, so this is the hot path."""
    try:
        text = (d / CASE_FILE).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    lines = _TOP_LEVEL_ID.findall(text)
    if len(lines) == 1 and lines[0].strip() and lines[0].strip()[0] not in "*&!|>{[":
        try:
            value = load_yaml(f"id: {lines[0]}\n")
        except yaml.YAMLError:
            value = None
        if isinstance(value, dict) and isinstance(value.get("id"), str | int):
            return str(value["id"])
    try:
        data = _read_yaml(d / CASE_FILE)
    except CaseError:
        return None
    return str(data.get("id")) if isinstance(data, dict) else None
