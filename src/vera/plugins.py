"""Registries that packages outside vera can extend: sandboxes, services, agents, exploits.

Each extension point is a :class:`Registry`: built-ins register with a decorator (or are listed
lazily by import path, so an optional runtime only matters when it is used), and a package adds
its own through an entry point group, Inspect AI's way::

    # the plug-in's pyproject.toml
    [project.entry-points."vera.sandboxes"]
    mybox = "my_pkg.sandbox"          # a module whose import registers with the decorator
    [project.entry-points."vera.agents"]
    my-agent = "my_pkg.agent:ENTRY"   # or the object itself, registered under the entry's name

The group is read once, on the registry's first use (a lookup or a listing), not when vera is
imported. A plug-in
that fails to import, or that takes a name a built-in (or another plug-in) already has, is a
:class:`PluginError` whose message is one line naming the package, the entry point and why:
vera never half-loads a plug-in set nor lets one silently replace a built-in.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import sys
import threading
from collections.abc import Callable, Iterator, Mapping
from importlib.metadata import Distribution, EntryPoint, distributions
from types import ModuleType
from typing import Any, Generic, TypeVar

T = TypeVar("T")

GROUPS = ("vera.sandboxes", "vera.services", "vera.agents", "vera.exploits", "vera.trial_kinds")
"""The entry point groups vera reads (docs/plugins.md)."""


_CURRENT: list[EntryPoint | None] = [None]
"""The entry point being loaded (any group): what a registration made meanwhile came from."""


class PluginError(Exception):
    """A plug-in that cannot be loaded; the message is one line for the user."""


class Registry(Mapping[str, T], Generic[T]):
    """Named extensions of one kind: a read-only mapping filled by :meth:`register`.

    ``lazy`` built-ins are ``name -> "module:attr"`` strings imported on first use, so that
    listing names never imports an optional runtime (docker, an agent SDK). ``adopt`` turns an
    object an entry point names into the value stored (e.g. instantiate an exploit class);
    ``check`` vets a plug-in's value before it is accepted (e.g. a service's query coverage) and
    returns a reason to refuse it, or None.
    """

    def __init__(
        self,
        kind: str,
        group: str,
        *,
        lazy: Mapping[str, str] | None = None,
        adopt: Callable[[str, Any], T] | None = None,
        check: Callable[[str, T], str | None] | None = None,
    ) -> None:
        self.kind = kind
        self.group = group
        self._items: dict[str, T] = {}
        self._lazy: dict[str, str] = dict(lazy or {})
        self._sources: dict[str, str] = dict.fromkeys(self._lazy, "vera")
        self._adopt = adopt
        self._check = check
        self._loaded = False
        self._failed: PluginError | None = None
        self._in_progress = False
        self._lock = threading.RLock()

    # --- registering -------------------------------------------------------------------------

    def register(self, name: str, value: T | None = None, *, builtin: bool = False) -> Any:
        """Register ``value`` as ``name``; without ``value``, a decorator that registers what
        it decorates (and returns it unchanged). vera's own entries pass ``builtin=True``;
        anything else is a plug-in's (checked, and never allowed to replace a name)."""

        def add(obj: T) -> T:
            self._add(name, obj, builtin=builtin)
            return obj

        return add if value is None else add(value)

    def _add(self, name: str, obj: T, *, builtin: bool = False) -> None:
        ep = _CURRENT[0]
        if builtin:
            source = "vera"
        elif ep is not None:
            source = f"{_dist(ep)} ({ep.group}: {ep.name} = {ep.value})"
        else:
            source = "a plug-in registered at run time"
        if name in self._items or name in self._lazy:
            if builtin:
                raise ValueError(f"{self.kind} {name!r} registered twice")
            other = self._sources.get(name, "vera")
            what = "a built-in name" if other == "vera" else f"already taken by {other}"
            raise PluginError(f"plug-in {source}: {self.kind} {name!r} is {what}")
        if not builtin and self._check is not None:
            try:
                why = self._check(name, obj)
            except KeyboardInterrupt:
                raise
            except BaseException as exc:  # a plug-in's object that breaks vera's checks
                why = " ".join(f"{type(exc).__name__}: {exc}".split())[:300]
            if why:
                raise PluginError(f"plug-in {source}: {self.kind} {name!r}: {why}")
        self._items[name] = obj
        self._sources[name] = source

    # --- loading plug-ins --------------------------------------------------------------------

    def load_plugins(self) -> None:
        """Read the entry point group once (thread-safe); later calls do nothing, or raise the
        same :class:`PluginError` again: a registry whose plug-ins failed is never used half
        loaded."""
        if self._loaded:
            if self._failed is not None:
                raise self._failed
            return
        with self._lock:
            if self._loaded or self._in_progress:  # a plug-in's import looking itself up
                if self._failed is not None:
                    raise self._failed
                return
            self._in_progress = True
            try:
                for ep in sorted(plugin_entry_points(self.group), key=lambda e: e.name):
                    self._load_one(ep)
            except PluginError as exc:
                self._failed = exc
                raise
            finally:
                self._in_progress = False
                self._loaded = True

    def _load_one(self, ep: EntryPoint) -> None:
        before = set(self._items)
        previous, _CURRENT[0] = _CURRENT[0], ep
        try:
            # What a plug-in prints while it is imported goes to stderr: stdout is a command's
            # output (``--json``, ``--out -``), never a plug-in's.
            with contextlib.redirect_stdout(sys.stderr):
                obj = ep.load()
        except PluginError:
            raise
        except KeyboardInterrupt:
            raise
        except BaseException as exc:  # SystemExit too: a plug-in never ends vera
            if isinstance(exc, SystemExit):
                detail = f"called sys.exit({exc.code!r}) while being imported"
            else:
                detail = "failed to import: " + " ".join(f"{type(exc).__name__}: {exc}".split())[:300]
            raise PluginError(
                f"plug-in {_dist(ep)} ({self.group}: {ep.name} = {ep.value}) {detail}"
            ) from None
        finally:
            _CURRENT[0] = previous
        if not isinstance(obj, ModuleType) and ep.name not in set(self._items) - before:
            # The entry point names the object itself: register it under the entry's name.
            try:
                value = self._adopt(ep.name, obj) if self._adopt is not None else obj
            except KeyboardInterrupt:
                raise
            except BaseException as exc:
                raise PluginError(
                    f"plug-in {_dist(ep)} ({self.group}: {ep.name} = {ep.value}): "
                    f"{' '.join(str(exc).split())[:300]}"
                ) from None
            previous, _CURRENT[0] = _CURRENT[0], ep
            try:
                self._add(ep.name, value)
            finally:
                _CURRENT[0] = previous

    # --- the mapping -------------------------------------------------------------------------

    def __getitem__(self, name: str) -> T:
        self.load_plugins()  # a plug-in claiming a built-in's name is an error even then
        return self._get(name)

    def builtins(self) -> dict[str, T]:
        """vera's own entries, without reading the entry points (e.g. for a help text)."""
        return {n: self._get(n) for n in self.names(plugins=False)}

    def _get(self, name: str) -> T:
        if name in self._items:
            return self._items[name]
        if name in self._lazy:
            module, _, attr = self._lazy[name].partition(":")
            obj = getattr(importlib.import_module(module), attr)
            value = self._adopt(name, obj) if self._adopt is not None else obj
            self._items[name] = value
            del self._lazy[name]
            return value
        return self._items[name]

    def __contains__(self, name: object) -> bool:
        self.load_plugins()
        return name in self._items or name in self._lazy

    def names(self, *, plugins: bool = True) -> list[str]:
        """Every name, built-ins first in registration order, then plug-ins' (``plugins=False``:
        vera's own only, without reading the entry points, e.g. for a help text)."""
        if not plugins:
            return [n for n in self._sources if self._sources[n] == "vera"]
        self.load_plugins()
        builtin = [n for n in self._sources if self._sources[n] == "vera"]
        return builtin + [n for n in self._sources if self._sources[n] != "vera"]

    def __iter__(self) -> Iterator[str]:
        return iter(self.names())

    def __len__(self) -> int:
        return len(self.names())

    def source(self, name: str) -> str:
        """``vera`` for a built-in, else the plug-in package and entry point it came from."""
        self.load_plugins()
        return self._sources[name]

    def __repr__(self) -> str:
        return f"<{self.kind} registry {self.group}: {', '.join(self._sources)}>"


def _dist(ep: EntryPoint) -> str:
    dist = getattr(ep, "dist", None)
    if dist is None:
        return "?"
    where = _location(dist)
    return f"{dist.name} {dist.version}" + (f" at {where}" if where in _TWICE else "")


def _location(dist: Distribution) -> str:
    path = getattr(dist, "_path", None)
    return os.path.realpath(path) if path is not None else ""


_TWICE: set[str] = set()
"""Locations of distributions whose name another installed distribution has too: their
sources name the place, or a clash between two copies would read "X is taken by X"."""


def plugin_entry_points(group: str) -> list[EntryPoint]:
    """Every entry point of ``group`` of every installed distribution, each copy counted:
    ``importlib.metadata.entry_points`` keeps only the first of two distributions of one name
    (another version elsewhere on the path), which would let one shadow the other silently;
    here both load, and a name they both offer is the clash it is."""
    out: list[EntryPoint] = []
    seen: set[str] = set()
    names: dict[str, str] = {}
    for dist in distributions():
        where = _location(dist)
        if where in seen:  # the same folder reached twice on the path
            continue
        seen.add(where)
        key = (dist.metadata["Name"] or "").lower().replace("_", "-")
        if key in names:
            _TWICE.update({where, names[key]})
        names.setdefault(key, where)
        out += [ep for ep in dist.entry_points if ep.group == group]
    return out


__all__ = ["GROUPS", "PluginError", "Registry", "plugin_entry_points"]
