"""AgentDojo's environments as vera services: ``agentdojo_<suite>`` (workspace, travel, banking,
slack, and any suite registered with AgentDojo).

The state of such a service is the suite's own pydantic environment object (the one AgentDojo's
tasks read), loaded from the suite's YAML with the injection vectors filled in
(:meth:`AgentDojoService.load_environment`, the setup API). The tools are the suite's tool
functions, offered under their AgentDojo names, descriptions and JSON schemas, and run by
AgentDojo's own ``FunctionsRuntime`` against the live environment object, so a call changes the
state exactly as it would inside AgentDojo. A result is shown to the agent the way AgentDojo's
tool executor shows it (YAML text); a function that raises comes back as a tool error with
AgentDojo's ``ErrorType: message`` text. String arguments that spell a list literal are turned
into lists first, as AgentDojo's tool executor does.

The snapshot is the environment as JSON (``model_dump(mode="json")``), which
:func:`environment_from_snapshot` turns back into the suite's environment type, so a verifier
can hand AgentDojo's ``security``/``utility`` checks the pre- and post-environment they expect.

``agentdojo`` is an optional dependency (``pip install 'vera[agentdojo]'``); it is imported on
first use of one of these services, never by ``import vera``. Without it, naming such a service
still loads a case, and building the environment fails with a one-line hint.
"""

from __future__ import annotations

import ast
import functools
import hashlib
import importlib.util
import json
import pickle
import threading
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import BaseModel, TypeAdapter

from vera.env.base import EnvError, ToolArgumentError, ToolError
from vera.env.service import Service, ServiceContext, ToolDef

if TYPE_CHECKING:
    from agentdojo.functions_runtime import TaskEnvironment
    from agentdojo.task_suite.task_suite import TaskSuite

PREFIX = "agentdojo_"
"""Service names of this family: ``agentdojo_<suite>``."""
INSTALL_HINT = "pip install 'vera[agentdojo]'"


class AgentDojoError(ValueError):
    """Bad input about AgentDojo (unknown version, suite or task; package missing); one line."""


# --- the agentdojo package -----------------------------------------------------------------------


def installed() -> bool:
    """Whether the agentdojo package can be imported (checked without importing it)."""
    return importlib.util.find_spec("agentdojo") is not None


def _version_key(version: str) -> tuple[int, ...]:
    try:
        return tuple(int(p) for p in version.lstrip("v").split("."))
    except ValueError:
        return (-1,)


def _registry() -> dict[str, dict[str, TaskSuite]]:
    if not installed():
        raise AgentDojoError(f"the agentdojo package is not installed: {INSTALL_HINT}")
    from agentdojo.task_suite.load_suites import _SUITES

    return _SUITES  # version -> {suite name: TaskSuite}; filled when load_suites is imported


def benchmark_versions() -> list[str]:
    """AgentDojo's benchmark versions (``v1`` ... ``v1.2.2``), oldest first."""
    return sorted((v for v, suites in _registry().items() if suites), key=_version_key)


def newest_version() -> str:
    return benchmark_versions()[-1]


def package_version() -> str:
    from importlib.metadata import version

    return version("agentdojo")


def get_suite(version: str, suite: str) -> TaskSuite:
    """The suite of a benchmark version; AgentDojoError (one line) for an unknown name."""
    versions = benchmark_versions()
    if version not in versions:
        raise AgentDojoError(
            f"unknown AgentDojo benchmark version {version!r} (known: {', '.join(versions)})"
        )
    suites = _registry()[version]
    if suite not in suites:
        raise AgentDojoError(
            f"unknown AgentDojo suite {suite!r} in {version} (known: {', '.join(suites)})"
        )
    return suites[suite]


def suite_names(version: str | None = None) -> list[str]:
    """Suites of one version, or of every version (in first-seen order)."""
    reg = _registry()
    if version is not None:
        versions = benchmark_versions()
        if version not in versions:
            raise AgentDojoError(
                f"unknown AgentDojo benchmark version {version!r} (known: {', '.join(versions)})"
            )
        return list(reg[version])
    names: dict[str, None] = {}
    for v in benchmark_versions():
        names.update(dict.fromkeys(reg[v]))
    return list(names)


def environment_from_snapshot(suite: TaskSuite, snapshot: Mapping[str, Any]) -> TaskEnvironment:
    """The suite's environment object from a service snapshot (pre- or post-environment).

    ``model_validate`` alone is not a faithful inverse of the dump: some of AgentDojo's models
    rebuild fields in validators (an inbox's ``emails`` from ``initial_emails``, a calendar's
    ``events``, a drive's ``files``), which would drop every change an agent made. So after
    validating, every field is set again from the snapshot itself (see :func:`_restore`).
    """
    if not snapshot:
        raise AgentDojoError(f"no {suite.name} environment in this state (setup did not load one)")
    text = json.dumps(snapshot, sort_keys=True, ensure_ascii=False, default=str)
    key = (id(suite.environment_type), hashlib.blake2b(text.encode(), digest_size=16).digest())
    with _cache_lock:
        blob = _cache.get(key)
    if blob is None:
        env = suite.environment_type.model_validate(snapshot)
        _restore(env, snapshot)
        blob = pickle.dumps(env, protocol=pickle.HIGHEST_PROTOCOL)
        with _cache_lock:
            _cache[key] = blob
            while len(_cache) > _CACHE_SIZE:
                _cache.pop(next(iter(_cache)))
    return pickle.loads(blob)  # a fresh object every time: checks cannot change the cache


_CACHE_SIZE = 64
_cache: dict[tuple[int, bytes], bytes] = {}
"""Restored environments by snapshot content, pickled (validating a large environment is the
dearest part of a check, and a case's checks see the same s0 and s_t many times)."""
_cache_lock = threading.Lock()


@functools.cache
def _field_adapter(cls: type[BaseModel], name: str) -> TypeAdapter[Any]:
    return TypeAdapter(cls.model_fields[name].annotation)


def _restore(obj: BaseModel, data: Mapping[str, Any]) -> None:
    """Set each field of a validated model from its JSON, bypassing model validators, so that
    fields a validator derived from others get their snapshot value back (recursively)."""
    cls = type(obj)
    for name in cls.model_fields:
        if name not in data:
            continue
        raw, value = data[name], getattr(obj, name)
        if not isinstance(value, BaseModel):
            value = _field_adapter(cls, name).validate_python(raw)
            obj.__dict__[name] = value
        _descend(value, raw)


def _descend(value: Any, raw: Any) -> None:
    if isinstance(value, BaseModel) and isinstance(raw, Mapping):
        _restore(value, raw)
    elif isinstance(value, dict) and isinstance(raw, Mapping):
        for key, item in value.items():
            if str(key) in raw:
                _descend(item, raw[str(key)])
    elif isinstance(value, list | tuple) and isinstance(raw, list) and len(value) == len(raw):
        for item, item_raw in zip(value, raw, strict=True):
            _descend(item, item_raw)


def coerce_arguments(arguments: Mapping[str, Any]) -> dict[str, Any]:
    """String arguments that are list literals become lists (what AgentDojo's tool executor
    does before a call, and what its traces then record)."""
    out = dict(arguments)
    for key, value in out.items():
        if isinstance(value, str):
            try:
                parsed = ast.literal_eval(value)
            except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
                continue
            if isinstance(parsed, list):
                out[key] = parsed
    return out


# --- the service ---------------------------------------------------------------------------------


class AgentDojoService(Service):
    """One AgentDojo suite's environment; subclasses (made by :func:`service_class`) set
    ``suite_name``. The tools are the suite's tool functions; the state is its environment."""

    suite_name: ClassVar[str] = ""
    reference_version: ClassVar[str] = ""
    """The benchmark version whose suite defines the tools (the newest that has the suite)."""

    def __init__(self, ctx: ServiceContext) -> None:
        super().__init__(ctx)
        from agentdojo.functions_runtime import FunctionsRuntime

        self.suite = get_suite(self.reference_version, self.suite_name)
        self.runtime = FunctionsRuntime(self.suite.tools)
        self.environment: TaskEnvironment | None = None
        """The live environment object the tools act on (None until setup loads it)."""

    # -- setup API ------------------------------------------------------------------------------

    def load_environment(
        self,
        version: str,
        user_task: str | None = None,
        injections: dict[str, str] | None = None,
    ) -> None:
        """Load the suite's default environment of benchmark ``version`` with ``injections``
        (injection vector id -> text; the others keep their defaults), then apply the user
        task's ``init_environment`` when ``user_task`` is given. Raises AgentDojoError for an
        unknown version, suite, user task or injection vector."""
        suite = get_suite(version, self.suite_name)
        tools = {f.name for f in suite.tools}
        if tools != set(self.tools):
            raise AgentDojoError(
                f"{self.suite_name} {version} has other tools than {self.reference_version}; "
                "vera serves one tool set per suite"
            )
        injections = dict(injections or {})
        unknown = sorted(set(injections) - set(suite.get_injection_vector_defaults()))
        if unknown:
            raise AgentDojoError(f"unknown injection vector(s) of {self.suite_name}: {unknown}")
        env = suite.load_and_inject_default_environment(injections)
        if user_task is not None:
            if user_task not in suite.user_tasks:
                raise AgentDojoError(
                    f"unknown user task {user_task!r} of {self.suite_name} {version}"
                )
            env = suite.user_tasks[user_task].init_environment(env)
        self.environment = env

    # -- tools ----------------------------------------------------------------------------------

    async def call(self, tool_name: str, arguments: dict[str, Any]) -> Any:
        """Run one suite function through AgentDojo's runtime on the live environment.

        Returns the text AgentDojo's tool executor would show. A function that fails (bad
        arguments included) raises ToolError with AgentDojo's ``ErrorType: message`` text.
        """
        from agentdojo.agent_pipeline.tool_execution import tool_result_to_str

        if not isinstance(arguments, dict):
            raise ToolArgumentError(f"invalid arguments for {tool_name}: expected an object")
        if self.environment is None:
            raise ToolError(f"the {self.suite_name} environment is not loaded")
        result, error = self.runtime.run_function(
            self.environment, tool_name, coerce_arguments(arguments)
        )
        if error is not None:
            raise ToolError(error)
        return tool_result_to_str(result)

    # -- state ----------------------------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        """The environment as JSON (``{}`` before setup), without computed fields (an inbox's
        ``received``/``sent`` views repeat its ``emails``)."""
        return {} if self.environment is None else _dump(self.environment)

    def dump_state(self) -> str:
        env = "null" if self.environment is None else json.dumps(_dump(self.environment))
        return f'{{"suite": {json.dumps(self.suite_name)}, "environment": {env}}}'

    def load_state(self, data: dict[str, Any]) -> None:
        env = data.get("environment") if isinstance(data, dict) else None
        self.environment = None if env is None else environment_from_snapshot(self.suite, env)


def _dump(env: BaseModel) -> dict[str, Any]:
    try:
        return env.model_dump(mode="json", exclude_computed_fields=True)
    except TypeError:  # pydantic < 2.12
        return env.model_dump(mode="json")


class _Unavailable(Service):
    """Stands in for an AgentDojo service when the package is missing: cases that name it
    still load; building their environment fails with the install hint."""

    def __init__(self, ctx: ServiceContext) -> None:

        raise EnvError(f"service {self.name} needs the agentdojo package: {INSTALL_HINT}")

    def load_environment(
        self, version: str, user_task: str | None = None, injections: dict[str, str] | None = None
    ) -> None:
        """Setup API of the real service (listed so cases validate without the package)."""


def _tool_defs(suite: TaskSuite) -> dict[str, ToolDef]:
    return {
        f.name: ToolDef(
            name=f.name,
            method=f.run,
            description=f.description,
            args_model=f.parameters,
            input_schema=f.parameters.model_json_schema(),
            is_async=False,
        )
        for f in suite.tools
    }


@functools.cache
def service_class(name: str) -> type[Service] | None:
    """The service class for ``agentdojo_<suite>``, or None when no AgentDojo version has that
    suite (or the name is not of this family). Without the package: a stand-in (see above)."""
    if not name.startswith(PREFIX) or not name[len(PREFIX) :]:
        return None
    suite_name = name[len(PREFIX) :]
    if not installed():
        return type(
            f"AgentDojo_{suite_name}_unavailable",
            (_Unavailable,),
            {"name": name, "description": f"AgentDojo {suite_name} (agentdojo not installed)"},
        )
    versions = [v for v in benchmark_versions() if suite_name in _registry()[v]]
    if not versions:
        return None
    suite = get_suite(versions[-1], suite_name)
    cls = type(
        f"AgentDojo_{suite_name}",
        (AgentDojoService,),
        {
            "name": name,
            "description": f"AgentDojo's {suite_name} suite: its environment and tool functions",
            "suite_name": suite_name,
            "reference_version": versions[-1],
        },
    )
    cls.tools = _tool_defs(suite)
    return cls


__all__ = [
    "PREFIX",
    "AgentDojoError",
    "AgentDojoService",
    "benchmark_versions",
    "coerce_arguments",
    "environment_from_snapshot",
    "get_suite",
    "installed",
    "newest_version",
    "package_version",
    "service_class",
    "suite_names",
]
