"""An Environment: the bundle of services a safety case names and the gateway serves.

State that a real product keeps server-side (mail, bank, chat, vault...) lives in the state
directory on the host, one ``<service>.json`` per service, never inside the workspace the agent
can write. State that lives in files (filesystem, repository, database) lives in the workspace,
so shell commands and tools see the same world. With a state directory, every tool call saves
the service it touched before returning, so another process (``vera gateway serve --state DIR``)
and the runner that later snapshots the end state see the same thing. One process writes at a
time (the gateway during a trial); others ``load()`` to read.
"""

from __future__ import annotations

import inspect
import json
import os
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from vera.env.base import EnvError, ToolError, ToolSpec, UnknownToolError
from vera.env.diff import json_diff
from vera.env.service import Service, ServiceContext

if TYPE_CHECKING:
    from vera.sandbox.base import Sandbox

STATE_VERSION = 1


class Environment:
    """A bundle of named services; the unit a safety case names and the gateway serves."""

    def __init__(self, services: dict[str, Service], *, state_dir: Path | None = None) -> None:
        self.services = services
        self.state_dir = state_dir
        self._route: dict[str, Service] = {}
        self._saved: dict[str, str] = {}
        """Last state text written per service, so unchanged state is not rewritten."""
        for service in services.values():
            for name in service.tools:
                if name in self._route:
                    other = self._route[name].name
                    raise EnvError(f"tool {name!r} is offered by both {other} and {service.name}")
                self._route[name] = service

    # -- tools ----------------------------------------------------------------------------------

    def list_tools(self) -> list[ToolSpec]:
        """All services' tools, in service order; names are unique."""
        return [spec for s in self.services.values() for spec in s.tool_specs()]

    def service_of(self, tool: str) -> Service:
        try:
            return self._route[tool]
        except KeyError:
            raise UnknownToolError(f"unknown tool {tool!r}") from None

    async def call_tool(self, name: str, arguments: dict[str, Any]) -> Any:
        """Run one tool; returns a JSON-serialisable result.

        Raises UnknownToolError, ToolArgumentError (arguments do not match the schema) or
        ToolError (the product refused: missing item, no permission...). With a state directory
        the touched service is saved before this returns, whatever the outcome.
        """
        service = self.service_of(name)
        try:
            return await service.call(name, arguments)
        finally:
            if self.state_dir is not None:
                self._save_one(service)

    # -- building s0 from data -------------------------------------------------------------------

    def apply_setup(self, steps: list[dict[str, Any]]) -> list[Any]:
        """Build s0 from data, e.g. a ``setup:`` block of a case.yaml; returns each step's result.

        Each step is a one-key mapping ``{"service.method": {keyword arguments}}``, where the
        method is one of ``Service.setup_methods()`` (``email.add_message``, ``banking.add_account``,
        ``repo.init_repo``...). A bad step raises EnvError naming its index; steps before it stay
        applied. Saves the state afterwards when there is a state directory.
        """
        results = []
        for i, step in enumerate(steps):
            if not isinstance(step, dict) or len(step) != 1:
                raise EnvError(
                    f"setup step {i}: expected one 'service.method: {{arguments}}' mapping"
                )
            [(target, kwargs)] = step.items()
            service_name, _, method = str(target).partition(".")
            service = self.services.get(service_name)
            if service is None:
                raise EnvError(
                    f"setup step {i}: service {service_name!r} is not in this environment"
                )
            if method not in service.setup_methods():
                raise EnvError(
                    f"setup step {i}: {service_name} has no setup method {method!r} "
                    f"(available: {', '.join(service.setup_methods())})"
                )
            if not isinstance(kwargs, dict):
                raise EnvError(f"setup step {i}: arguments of {target} must be a mapping")
            try:
                result = getattr(service, method)(**kwargs)
                if inspect.iscoroutine(result):
                    result.close()
                    raise EnvError(f"setup step {i}: {target} is asynchronous; call it as a tool")
            except (TypeError, ValueError, LookupError, OSError, ToolError) as exc:
                raise EnvError(f"setup step {i} ({target}): {exc}") from exc
            results.append(result)
        if self.state_dir is not None:
            self.save()
        return results

    # -- state ----------------------------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        """``{service: JSON state}``; a deep copy, safe to keep and compare later."""
        return {name: s.snapshot() for name, s in self.services.items()}

    @staticmethod
    def diff(before: dict[str, Any], after: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
        """Per-service list of changes (``vera.env.diff``); services without changes are left out."""
        from vera.env.services import SERVICES

        out: dict[str, list[dict[str, Any]]] = {}
        for name in list(before) + [n for n in after if n not in before]:
            cls = SERVICES.get(name)
            b, a = before.get(name, {}), after.get(name, {})
            changes = cls.diff_state(b, a) if cls is not None else json_diff(b, a)
            if changes:
                out[name] = changes
        return out

    def save(self) -> None:
        """Write every service's persistent state to the state directory."""
        if self.state_dir is None:
            raise EnvError("this environment has no state directory to save to")
        for service in self.services.values():
            self._save_one(service)

    def load(self) -> None:
        """Re-read every service's state from the state directory (files that exist)."""
        if self.state_dir is None:
            raise EnvError("this environment has no state directory to load from")
        for name, service in self.services.items():
            path = self.state_dir / f"{name}.json"
            if not path.exists():
                continue
            try:
                data = json.loads(path.read_text())
                if data.get("version") != STATE_VERSION or data.get("service") != name:
                    raise ValueError(f"not a version-{STATE_VERSION} state file of {name}")
                service.load_state(data["state"])
                self._saved.pop(name, None)
            except (ValueError, KeyError, TypeError) as exc:
                raise EnvError(f"cannot load state of {name} from {path}: {exc}") from exc

    def _save_one(self, service: Service) -> None:
        """Write one service's state atomically; skipped when it is what was last written."""
        assert self.state_dir is not None
        state = service.dump_state()
        if self._saved.get(service.name) == state:
            return
        doc = f'{{"service": {json.dumps(service.name)}, "version": {STATE_VERSION}, "state": {state}}}\n'
        target = self.state_dir / f"{service.name}.json"
        fd, tmp = tempfile.mkstemp(dir=self.state_dir, prefix=f".{service.name}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "w") as f:
                f.write(doc)
            os.replace(tmp, target)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        self._saved[service.name] = state


def build_environment(
    services: list[str],
    *,
    workspace: Path,
    state_dir: Path | None = None,
    sandbox: Sandbox | None = None,
    variables: dict[str, str] | None = None,
) -> Environment:
    """Instantiate the named services over one workspace.

    When ``state_dir`` already holds saved state (another process built s0 there), it is
    loaded; otherwise services start empty. Raises EnvError for an unknown service, a
    missing workspace, or a state directory inside the workspace (the agent could rewrite it).
    """
    from vera.env.services import SERVICES

    workspace = Path(workspace).resolve()
    if not workspace.is_dir():
        raise EnvError(f"workspace does not exist or is not a directory: {workspace}")
    if not services:
        raise EnvError("an environment needs at least one service")
    unknown = [s for s in services if s not in SERVICES]
    if unknown:
        raise EnvError(f"unknown service {unknown[0]!r} (known: {', '.join(sorted(SERVICES))})")
    if len(set(services)) != len(services):
        raise EnvError(f"service listed twice: {services}")
    if state_dir is not None:
        state_dir = Path(state_dir).resolve()
        if state_dir == workspace or workspace in state_dir.parents:
            raise EnvError(
                f"state directory {state_dir} is inside the workspace; the agent could rewrite it"
            )
        state_dir.mkdir(parents=True, exist_ok=True)
    ctx = ServiceContext(workspace=workspace, sandbox=sandbox, variables=dict(variables or {}))
    env = Environment({name: SERVICES[name](ctx) for name in services}, state_dir=state_dir)
    if state_dir is not None:
        env.load()
    return env
