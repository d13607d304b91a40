"""Run the bench generators' ``--check`` in one interpreter: ``python generators_check.py GEN...``.

Each generator is a script that imports vera's services and the generators' shared code, then
compares the case files it would write with those on disk. Run one process per generator, the
imports alone cost the suite minutes (hundreds of generators); here they are imported once and
each generator runs as ``__main__`` in a fresh namespace, with its own ``sys.argv``. Prints each
generator that exits non-zero with what it printed; exits 1 if any did.
"""

from __future__ import annotations

import contextlib
import io
import runpy
import sys
import traceback
from pathlib import Path


def check(path: Path) -> tuple[int, str]:
    out = io.StringIO()
    code: int = 0
    sys.argv = [str(path), "--check"]
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        try:
            runpy.run_path(str(path), run_name="__main__")
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
        except Exception:
            code = 1
            traceback.print_exc()
    return code, out.getvalue()


def main(paths: list[str]) -> int:
    failed = 0
    for p in map(Path, paths):
        if str(p.parent) not in sys.path:
            sys.path.insert(0, str(p.parent))  # the generators' shared modules (_composer...)
        code, said = check(p)
        if code:
            failed += 1
            print(f"== {p.name}: exit {code}\n{said[-3000:]}")
    print(f"{len(paths) - failed} of {len(paths)} generators current")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
