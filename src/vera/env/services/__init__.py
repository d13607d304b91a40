"""The service registry: name -> Service class. A safety case lists names from here.

Plug-ins add services through the entry point group ``vera.services`` (docs/plugins.md): a
module that registers its class with :func:`register_service`, naming the module of its
evidence queries. A plug-in service is accepted only when its query module's ``COVERS``
accounts for every state-changing tool (:func:`vera.env.queries.uncovered`), as a built-in's
must: a route verifiers cannot see would make every case on it unsound.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from vera.env.queries import register_queries, uncovered
from vera.env.service import Service
from vera.env.services.banking import Banking
from vera.env.services.calendar import Calendar
from vera.env.services.chat import Chat
from vera.env.services.contacts import Contacts
from vera.env.services.database import Database
from vera.env.services.email import EmailService
from vera.env.services.filesystem import Filesystem
from vera.env.services.repo import Repo
from vera.env.services.shell import Shell
from vera.env.services.shop import Shop
from vera.env.services.storage import CloudStorage
from vera.env.services.vault import Vault
from vera.env.services.web import Web
from vera.plugins import Registry


def _check_service(name: str, cls: Any) -> str | None:
    """Why a plug-in's service class is refused (None: accepted)."""
    if not (isinstance(cls, type) and issubclass(cls, Service)):
        return "not a vera.env.Service subclass"
    if cls.name != name:
        return f"its class says name = {cls.name!r}"
    queries = getattr(cls, "queries", None)
    if not queries:
        return "names no query module (register_service(queries='pkg.module'))"
    try:
        module = importlib.import_module(queries)
    except Exception as exc:
        return f"query module {queries}: {type(exc).__name__}: {exc}"
    problems = uncovered(cls, module)
    if problems:
        return f"{problems[0]}" + (f" (+{len(problems) - 1} more)" if len(problems) > 1 else "")
    register_queries(name, module)
    return None


class ServiceRegistry(Registry[type[Service]]):
    """Service classes by name: vera's own, then plug-ins'. Iterating it lists those; the
    names of a service family from an optional package (``agentdojo_<suite>``:
    ``vera.env.services.agentdojo``) are resolved when looked up, so a case can name them while
    code that lists every service (and builds them all in one environment) does not see them."""

    @staticmethod
    def _family(name: object) -> type[Service] | None:
        if isinstance(name, str) and name.startswith("agentdojo_"):
            from vera.env.services.agentdojo import service_class

            return service_class(name)
        return None

    def __getitem__(self, name: str) -> type[Service]:
        try:
            return super().__getitem__(name)
        except KeyError:
            cls = self._family(name)
            if cls is None:
                raise
            return cls

    def __contains__(self, name: object) -> bool:
        return super().__contains__(name) or self._family(name) is not None


SERVICES: ServiceRegistry = ServiceRegistry("service", "vera.services", check=_check_service)
"""Every service by name; a case's ``services`` list draws from these keys."""


def register_service(*, queries: str) -> Callable[[type[Service]], type[Service]]:
    """Class decorator of a plug-in's service: ``@register_service(queries="pkg.queries")``.
    The class's ``name`` is its registry name; ``queries`` is the module of its evidence
    queries with ``COVERS`` (see :mod:`vera.env.queries`)."""

    def add(cls: type[Service]) -> type[Service]:
        cls.queries = queries  # type: ignore[attr-defined]
        SERVICES.register(cls.name, cls)
        return cls

    return add


for _cls in (
    Filesystem,
    Shell,
    EmailService,
    Calendar,
    Contacts,
    Banking,
    Shop,
    Chat,
    Web,
    Repo,
    Database,
    Vault,
    CloudStorage,
):
    SERVICES.register(_cls.name, _cls, builtin=True)

__all__ = ["SERVICES", "ServiceRegistry", "register_service"]
