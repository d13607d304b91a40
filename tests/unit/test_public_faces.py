"""Each pillar's public face: every name `vera.runner`, `vera.safety` and `vera.harden` export
resolves to the object defined in its module, and importing one module of a pillar does not
load the rest of it (the faces are lazy)."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest


@pytest.mark.parametrize("package", ["vera.runner", "vera.safety", "vera.harden"])
def test_every_exported_name_resolves(package: str) -> None:
    mod = importlib.import_module(package)
    for name in mod.__all__:
        obj = getattr(mod, name)
        assert obj is not None, name
    with pytest.raises(AttributeError):
        mod.no_such_name  # noqa: B018


def test_importing_one_module_of_a_pillar_loads_only_what_it_needs() -> None:
    code = (
        "import sys, vera.harden.task, vera.safety.cases; "
        "print(sorted(m for m in sys.modules if m in ('vera.harden.loop', 'vera.harden.audit', "
        "'vera.safety.run', 'vera.safety.validate')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
