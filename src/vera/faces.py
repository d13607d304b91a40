"""A package's public face loaded on first use (PEP 562 ``__getattr__``), so that importing one
module of a pillar does not import the whole pillar."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def lazy_face(package: str, names: Mapping[str, str]) -> Callable[[str], Any]:
    """The ``__getattr__`` of ``package``: each of ``names`` (name -> module) imported on use."""

    def __getattr__(name: str) -> Any:
        module = names.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(importlib.import_module(module), name)

    return __getattr__
