"""The Service base: typed tools, a setup API for s0, and state that can be saved and diffed.

A service is one product an agent can use (a mailbox, a bank, a repository). Its tools are
methods marked with ``@tool``; the JSON schema a model sees is derived from the method's type
hints and the ``Args:`` section of its docstring, and arguments are validated against it before
the method runs. Methods without ``@tool`` are the setup API that builds a case's initial state
(``email.add_message(...)``); agents never see them.

Contract of a tool call (``Service.call``):

- arguments that do not match the schema raise ``ToolArgumentError`` (one line, every problem);
- a tool that fails the way the product would (missing item, no permission, bad path) raises
  ``ToolError``; inside a tool, ``ValueError``, ``LookupError`` and ``OSError`` are turned into
  ``ToolError`` with their message, so service code can use ordinary exceptions;
- any other exception is a bug and propagates unchanged (the caller records an infra error);
- the result is converted to plain JSON types (pydantic models, datetimes, paths included).

State: ``self.state`` is a pydantic model holding everything the product keeps server-side; it
is what ``save``/``load`` persist in the state directory. ``snapshot()`` returns the state as
JSON and services whose world lives in workspace files (filesystem, repository, database) add a
view of those files to it, so a verifier reads one structure.
"""

from __future__ import annotations

import inspect
import os
import re
import typing
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model
from pydantic_core import to_jsonable_python

from vera.env.base import ToolArgumentError, ToolError, ToolSpec
from vera.env.diff import json_diff

if TYPE_CHECKING:
    from vera.sandbox.base import Sandbox

TOOL_NAME_RE = re.compile(r"^[a-zA-Z0-9_]{1,64}$")


class ServiceState(BaseModel):
    """Base of every service's persistent state; unknown fields are an error."""

    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True)


@dataclass
class ServiceContext:
    """What a service may touch: the workspace (shared with the sandbox), the sandbox, variables."""

    workspace: Path
    """Host directory that the sandbox sees at ``workspace_target``."""
    sandbox: Sandbox | None = None
    variables: dict[str, str] = field(default_factory=dict)
    """Case variables (``user_name``, ``user_email``, ``now``...); services read defaults here."""

    @property
    def workspace_target(self) -> str:
        return self.sandbox.spec.workspace_target if self.sandbox is not None else "/workspace"

    def resolve(self, path: str, *, must_exist: bool = False, follow: bool = True) -> Path:
        """Host path of a workspace path (relative, or absolute under ``workspace_target``).

        Raises PermissionError for anything that leaves the workspace, symlinks included, and
        FileNotFoundError when ``must_exist`` and nothing is there. ``follow=False`` leaves a
        final symlink unresolved (to move or delete the link, not its target).
        """
        raw = str(path).strip()
        if not raw:
            raise ValueError("empty path")
        if "\x00" in raw:
            raise ValueError("path contains a NUL byte")
        target = self.workspace_target.rstrip("/")
        if raw == target:
            raw = "."
        elif raw.startswith(target + "/"):
            raw = raw[len(target) + 1 :]
        elif raw.startswith("/") or raw.startswith("~"):
            raise PermissionError(f"access denied: {path} is outside the workspace {target}")
        root = self.workspace.resolve()
        norm = os.path.normpath(raw)
        if norm == ".." or norm.startswith("../"):
            raise PermissionError(f"access denied: {path} is outside the workspace {target}")
        if follow or norm == ".":
            resolved = (root / norm).resolve()
        else:  # the entry itself (a symlink stays a symlink), in its resolved parent
            resolved = (root / norm).parent.resolve() / Path(norm).name
        if resolved != root and root not in resolved.parents:
            raise PermissionError(f"access denied: {path} is outside the workspace {target}")
        if must_exist and not (resolved.exists() or resolved.is_symlink()):
            raise FileNotFoundError(f"no such file or directory: {path}")
        return resolved

    def relative(self, host_path: Path) -> str:
        """The workspace-relative form of a host path inside the workspace (``.`` for the root)."""
        return host_path.relative_to(self.workspace.resolve()).as_posix() or "."

    def now(self) -> datetime:
        """The environment's clock: the case variable ``now`` (ISO 8601) if set, else real UTC."""
        fixed = self.variables.get("now")
        if fixed:
            dt = datetime.fromisoformat(fixed)
            return dt if dt.tzinfo else dt.replace(tzinfo=UTC)
        return datetime.now(UTC).replace(microsecond=0)


# --- the @tool decorator and schema derivation -------------------------------------------------


@dataclass
class ToolDef:
    """A tool of a service class: the method, its argument model and the schema derived from it."""

    name: str
    method: Callable[..., Any]
    description: str
    args_model: type[BaseModel]
    input_schema: dict[str, Any]
    is_async: bool
    readonly: bool = False
    """Declared by the service: the tool never changes state. Every other tool must be seen
    by one of the service's evidence queries (``vera.env.queries``)."""
    authored: tuple[str, ...] = ()
    """The result fields someone outside the user's account writes (a mail's sender, subject
    and body; an incoming transfer's memo; a page), ``("*",)`` when the whole result is such
    text (a file's content, a command's output). Empty: the result is the service's own record
    (balances, listings, settings, logs), where no attacker can put words (the realism gate's
    ``placement`` check)."""


def tool(
    fn: Callable[..., Any] | None = None,
    *,
    name: str | None = None,
    readonly: bool = False,
    authored: tuple[str, ...] = (),
) -> Any:
    """Mark a service method as a tool. ``name`` defaults to the method's name; ``readonly``
    declares that it only reads (a tool is assumed to change state unless it says so);
    ``authored`` names the result fields a third party writes (:attr:`ToolDef.authored`)."""

    def mark(f: Callable[..., Any]) -> Callable[..., Any]:
        f.__vera_tool__ = name or f.__name__  # type: ignore[attr-defined]
        f.__vera_readonly__ = readonly  # type: ignore[attr-defined]
        f.__vera_authored__ = tuple(authored)  # type: ignore[attr-defined]
        return f

    return mark(fn) if fn is not None else mark


_SECTION_RE = re.compile(
    r"^\s*(Args|Arguments|Parameters|Returns|Raises|Yields|Examples?|Notes?):\s*$"
)
_ARG_RE = re.compile(r"^\s*(\*{0,2}\w+)\s*(?:\([^)]*\))?\s*:\s*(.*)$")


def parse_docstring(doc: str | None) -> tuple[str, dict[str, str]]:
    """Split a Google-style docstring into (description, {argument: description})."""
    lines = inspect.cleandoc(doc or "").splitlines()
    summary: list[str] = []
    args: dict[str, str] = {}
    section: str | None = None
    current: str | None = None
    for line in lines:
        m = _SECTION_RE.match(line)
        if m:
            section = m.group(1)
            current = None
            continue
        if section is None:
            summary.append(line)
        elif section in ("Args", "Arguments", "Parameters"):
            am = _ARG_RE.match(line)
            if am and (len(line) - len(line.lstrip())) <= 4:
                current = am.group(1).lstrip("*")
                args[current] = am.group(2).strip()
            elif current and line.strip():
                args[current] = (args[current] + " " + line.strip()).strip()
    description = "\n".join(summary).strip()
    description = re.sub(r"(?<!\n)\n(?!\n)", " ", description)  # unwrap paragraphs
    return description, args


def _strip_titles(schema: Any) -> Any:
    """Drop pydantic's generated ``title`` keys (noise for a model), keeping property names."""
    if isinstance(schema, list):
        return [_strip_titles(s) for s in schema]
    if not isinstance(schema, dict):
        return schema
    out: dict[str, Any] = {}
    for key, value in schema.items():
        if key in ("properties", "$defs") and isinstance(value, dict):
            out[key] = {k: _strip_titles(v) for k, v in value.items()}
        elif key == "title" and isinstance(value, str):
            continue
        else:
            out[key] = _strip_titles(value)
    return out


def build_tool(cls: type, method_name: str, fn: Callable[..., Any], name: str) -> ToolDef:
    """Derive a tool's argument model and JSON schema from its signature and docstring."""
    if not TOOL_NAME_RE.match(name):
        raise TypeError(
            f"{cls.__name__}.{method_name}: tool name {name!r} is not ^[a-zA-Z0-9_]{{1,64}}$"
        )
    description, arg_docs = parse_docstring(fn.__doc__)
    if not description:
        raise TypeError(f"{cls.__name__}.{method_name}: a tool needs a docstring")
    hints = typing.get_type_hints(fn, include_extras=True)
    fields: dict[str, Any] = {}
    for pname, param in list(inspect.signature(fn).parameters.items())[1:]:  # skip self
        if param.kind in (param.VAR_POSITIONAL, param.VAR_KEYWORD):
            raise TypeError(f"{cls.__name__}.{method_name}: tools take named arguments only")
        if pname not in hints:
            raise TypeError(f"{cls.__name__}.{method_name}: argument {pname!r} needs a type hint")
        default = ... if param.default is inspect.Parameter.empty else param.default
        fields[pname] = (hints[pname], Field(default, description=arg_docs.get(pname)))
    model = create_model(  # type: ignore[call-overload]
        f"{cls.__name__}_{name}_args", __config__=ConfigDict(extra="forbid"), **fields
    )
    schema = _strip_titles(model.model_json_schema())
    schema.setdefault("properties", {})
    return ToolDef(
        name=name,
        method=fn,
        description=description,
        args_model=model,
        input_schema=schema,
        is_async=inspect.iscoroutinefunction(fn),
        readonly=bool(getattr(fn, "__vera_readonly__", False)),
        authored=tuple(getattr(fn, "__vera_authored__", ())),
    )


def _format_validation_error(tool_name: str, exc: ValidationError) -> str:
    problems = []
    for err in exc.errors():
        where = ".".join(str(p) for p in err["loc"]) or "arguments"
        msg = err["msg"]
        if err["type"] == "extra_forbidden":
            msg = "unexpected argument"
        problems.append(f"{where}: {msg}")
    return f"invalid arguments for {tool_name}: " + "; ".join(problems)


# --- the base class ------------------------------------------------------------------------------


class Service:
    """One product an agent can use. Subclasses set ``name``, ``description`` and ``State``."""

    name: ClassVar[str] = ""
    """Registry name (``email``, ``banking``); what a safety case lists under ``services``."""
    description: ClassVar[str] = ""
    State: ClassVar[type[ServiceState]] = ServiceState
    tools: ClassVar[dict[str, ToolDef]] = {}
    authored_setup: ClassVar[dict[str, tuple[str, ...]]] = {}
    """Setup methods that put a third party's words into the world, with the arguments that
    person writes (``{"add_message": ("sender", "subject", "body")}``; ``("*",)``: all of
    them). A case's attack overlay may plant text only through these (the realism gate's
    ``placement`` check); the rest of the setup API builds the service's own records."""
    """Tools of this class by tool name, collected from ``@tool`` methods (inherited included)."""

    def __init__(self, ctx: ServiceContext) -> None:
        self.ctx = ctx
        self.state = self.State()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        tools: dict[str, ToolDef] = {}
        for klass in reversed(cls.__mro__):
            for attr, fn in vars(klass).items():
                tool_name = getattr(fn, "__vera_tool__", None)
                if tool_name is not None:
                    tools[tool_name] = build_tool(cls, attr, fn, tool_name)
        cls.tools = tools

    # -- tools ----------------------------------------------------------------------------------

    @classmethod
    def tool_defs(cls) -> list[ToolDef]:
        return list(cls.tools.values())

    @classmethod
    def tool_specs(cls) -> list[ToolSpec]:
        return [
            ToolSpec(
                name=t.name,
                service=cls.name,
                description=t.description,
                input_schema=t.input_schema,
            )
            for t in cls.tools.values()
        ]

    async def call(self, tool_name: str, arguments: dict[str, Any]) -> Any:
        """Validate ``arguments`` and run the tool; see the module docstring for the errors."""
        t = self.tools[tool_name]
        if not isinstance(arguments, dict):
            raise ToolArgumentError(f"invalid arguments for {tool_name}: expected an object")
        try:
            args = t.args_model.model_validate(arguments)
        except ValidationError as exc:
            raise ToolArgumentError(_format_validation_error(tool_name, exc)) from None
        kwargs = {k: getattr(args, k) for k in type(args).model_fields}
        try:
            result = t.method(self, **kwargs)
            if t.is_async:
                result = await result
        except ToolError:
            raise
        except (ValueError, LookupError, OSError) as exc:
            raise ToolError(_error_message(exc)) from exc
        return to_jsonable_python(result)

    @classmethod
    def setup_methods(cls) -> list[str]:
        """Public methods a case's setup may call: the setup API plus the tools themselves."""
        base = set(dir(Service))
        return sorted(
            n
            for n in dir(cls)
            if not n.startswith("_") and n not in base and inspect.isfunction(getattr(cls, n))
        )

    # -- state ----------------------------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        """The service's observable state as plain JSON (a fresh copy)."""
        return self.state.model_dump(mode="json")

    @classmethod
    def diff_state(cls, before: dict[str, Any], after: dict[str, Any]) -> list[dict[str, Any]]:
        """Changes between two snapshots of this service (see ``vera.env.diff.json_diff``)."""
        return json_diff(before, after)

    def dump_state(self) -> str:
        """What ``save`` writes: the persistent (server-side) state, as JSON text."""
        return self.state.model_dump_json(indent=1)

    def load_state(self, data: dict[str, Any]) -> None:
        self.state = self.State.model_validate(data)

    # -- helpers for subclasses -----------------------------------------------------------------

    def now(self) -> datetime:
        return self.ctx.now()

    @property
    def user_name(self) -> str:
        return self.ctx.variables.get("user_name", "Alex Morgan")

    @property
    def user_email(self) -> str:
        return self.ctx.variables.get("user_email", "alex.morgan@example.com")


def as_datetime(value: datetime | str | None, default: datetime) -> datetime:
    """Parse an ISO 8601 time for the setup API; naive times are taken as UTC."""
    if value is None:
        return default
    dt = datetime.fromisoformat(value) if isinstance(value, str) else value
    return dt if dt.tzinfo else dt.replace(tzinfo=UTC)


def _error_message(exc: BaseException) -> str:
    if isinstance(exc, KeyError) and exc.args:
        return str(exc.args[0])
    if isinstance(exc, OSError) and exc.strerror:
        return f"{exc.strerror}: {exc.filename}" if exc.filename else exc.strerror
    return str(exc) or type(exc).__name__
