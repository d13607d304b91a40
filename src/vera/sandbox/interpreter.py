"""vera's own interpreter inside a bwrap sandbox: the host paths it needs, and a launcher.

Two places run vera inside a sandbox that shows only the system directories: the check
sandbox, where case code (verify.py, utility.py, setup.py) runs, and a Harbor task whose image
is vera's runtime (an exported safety case, ``[vera] runtime = "vera"``), where the case's
gateway, its solution and its verifier run vera's CLI. Both bind these paths read-only at their
own places, so the interpreter finds its prefixes, its site-packages and the vera that is
running (an editable install's source directory, first on ``sys.path``), and nothing else of
the host.
"""

from __future__ import annotations

import contextlib
import os
import shlex
import sys
from pathlib import Path

SYSTEM_DIRS = ("usr", "bin", "sbin", "lib", "lib32", "lib64", "libx32")
"""Host directories every bwrap sandbox binds read-only."""


def vera_source_dir() -> Path:
    """The directory that holds the running ``vera`` package (put first on ``sys.path``)."""
    return Path(__file__).resolve().parents[2]


def interpreter_paths() -> list[str]:
    """Host paths the sandboxed interpreter needs, to bind read-only at their own paths: the
    interpreter's prefixes and standard library, the directory of the executable (and of what
    it links to), the site-packages and the directory holding the ``vera`` package. Not the rest
    of ``sys.path``: a test runner's or the user's directories stay out of sight. Paths under
    the system directories (already bound) and paths inside another listed path are left out."""
    import site
    import sysconfig

    system = tuple(f"/{d}" for d in SYSTEM_DIRS)
    exe = Path(sys.executable)
    cands = {
        sys.prefix,
        sys.base_prefix,
        sys.exec_prefix,
        str(exe.parent),
        str(exe.resolve().parent),
    }
    cands.update(
        v
        for k, v in sysconfig.get_paths().items()
        if k in ("stdlib", "platstdlib", "purelib", "platlib")
    )
    with contextlib.suppress(AttributeError):
        cands.update(site.getsitepackages())
    cands.add(str(vera_source_dir()))
    paths: list[str] = []
    for c in sorted({os.path.realpath(c) for c in cands} | cands, key=len):
        if not os.path.isabs(c) or not os.path.isdir(c) or c == "/":
            continue
        if any(c == s or c.startswith(s + "/") for s in system):
            continue
        if any(c == p or c.startswith(p + "/") for p in paths):
            continue
        paths.append(c)
    return paths


def vera_launcher() -> str:
    """A ``/bin/sh`` script that runs vera's CLI with this interpreter, isolated (``-I``: no
    PYTHONPATH, no user site) and importing the running vera, whatever the sandbox's PATH."""
    boot = (
        f"import sys; sys.path.insert(0, {str(vera_source_dir())!r}); sys.argv[0] = 'vera'; "
        "from vera.cli.main import app; app(prog_name='vera')"
    )
    return f'#!/bin/sh\nexec {shlex.quote(sys.executable)} -I -c {shlex.quote(boot)} "$@"\n'
