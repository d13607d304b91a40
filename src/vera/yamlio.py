"""Loading YAML that users wrote (cases, witnesses, suites, injections, taxonomies, tasks).

``yaml.safe_load`` builds no objects, but it does follow aliases: ``&a [x, x]`` / ``*a`` shares
one list between many places, so a kilobyte of nested aliases (a "billion laughs" bomb) is a
graph whose expansion — what every walk over it, pydantic validation or a copy produces — has
billions of nodes. :func:`load_yaml` loads as ``safe_load`` does (libyaml when present) and
then measures the expanded size of the result without expanding it (each shared node counted
once per use, memoized by identity, in time linear in the *distinct* nodes); past
``MAX_NODES`` it raises :class:`YAMLBombError`, a ``yaml.YAMLError``. Recursive aliases are
refused the same way.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import yaml

__all__ = [
    "MAX_NODES", "YAMLBombError", "expanded_size", "load_yaml", "load_yaml_all", "string_leaves",
]  # fmt: skip

MAX_NODES = 1_000_000
"""Largest expanded size (scalars, lists and mappings, keys included) a document may have."""

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class YAMLBombError(yaml.YAMLError):
    """A document whose aliases expand past the limit (or into themselves)."""

    def __init__(self, problem: str) -> None:
        super().__init__(problem)
        self.problem = problem
        self.problem_mark = None


def expanded_size(data: Any, limit: int = MAX_NODES) -> int:
    """The number of nodes ``data`` has once every shared (aliased) node is copied into each
    place it is used; YAMLBombError past ``limit`` or on a cycle."""
    sizes: dict[int, int] = {}
    active: set[int] = set()

    def size(node: Any) -> int:
        if isinstance(node, dict):
            children: Any = [*node.keys(), *node.values()]
        elif isinstance(node, list | tuple | set):
            children = node
        else:
            return 1
        key = id(node)
        known = sizes.get(key)
        if known is not None:
            return known
        if key in active:
            raise YAMLBombError("recursive alias (a node that contains itself)")
        active.add(key)
        total = 1
        for child in children:
            total += size(child)
            if total > limit:
                raise YAMLBombError(
                    f"aliases expand past {limit:,} nodes (an alias bomb?); refusing to load it"
                )
        active.discard(key)
        sizes[key] = total
        return total

    try:
        return size(data)
    except RecursionError:
        raise YAMLBombError("nested too deeply") from None


def load_yaml(text: str | bytes, *, max_nodes: int = MAX_NODES) -> Any:
    """``yaml.safe_load`` with the expanded size bounded (see the module doc)."""
    try:
        data = yaml.load(text, Loader=_Loader)  # a SafeLoader (libyaml when present)
    except RecursionError:
        raise YAMLBombError("nested too deeply") from None
    expanded_size(data, max_nodes)
    return data


def load_yaml_all(text: str | bytes, *, max_nodes: int = MAX_NODES) -> list[Any]:
    """Every document of a multi-document stream (``---``), each bounded as by :func:`load_yaml`,
    the whole stream together under ``max_nodes``."""
    try:
        docs = list(yaml.load_all(text, Loader=_Loader))
    except RecursionError:
        raise YAMLBombError("nested too deeply") from None
    expanded_size(docs, max_nodes)
    return docs


def string_leaves(value: Any) -> Iterator[str]:
    """Every string leaf of a loaded YAML value, in document order (mapping keys excluded)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, list | tuple):  # tuples: the same data built in Python
        for v in value:
            yield from string_leaves(v)
    elif isinstance(value, dict):
        for v in value.values():
            yield from string_leaves(v)
