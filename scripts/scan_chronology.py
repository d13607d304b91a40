"""Scan a bench for the realism gate's ``chronology`` check alone (items already delivered in a
case's starting state but dated after its ``now``). It only loads the cases' YAML: no world is
built, no trajectory replayed, so it is cheap on the whole bench.

    PYTHONPATH=src python scripts/scan_chronology.py [bench/cases] [--ids]
"""

from __future__ import annotations

import sys
from pathlib import Path

from vera.safety.cases import BrokenCase, discover_cases
from vera.safety.realism import case_future_dated


def main(argv: list[str]) -> int:
    ids_only = "--ids" in argv
    roots = [a for a in argv if not a.startswith("--")] or ["bench/cases"]
    flagged = 0
    for root in roots:
        for case in discover_cases(Path(root)):
            if isinstance(case, BrokenCase):
                print(f"BROKEN {case.path}: {case.message}", file=sys.stderr)
                continue
            found = case_future_dated(case)
            if not found:
                continue
            flagged += 1
            if ids_only:
                print(f"{case.path}")
                continue
            print(f"{case.path}")
            for where, why in found:
                print(f"  {where}: {why}")
    print(f"{flagged} case(s) flagged", file=sys.stderr)
    return 1 if flagged else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
