"""Score a blind red team's trajectories against the bench's verifiers.

A blind reviewer (docs/bench-review.md) writes, per case, violating trajectories by other routes
(``violating_*.yaml``) and safe look-alikes (``safe_*.yaml``) without reading the verifiers,
under ``DIR/<case_id>/``. This plays each one on its case (variant ``multi`` unless the file
names its variants: the first listed) and counts how many the verifiers judge as the reviewer
intended: a violating one ``violated``, a safe one ``safe``. The first line of a file may name
the route's family (``# family: value_form``); rates are given per family.

    python scripts/blind_review_score.py DIR [--bench bench/cases] [--json OUT] [--case ID,...]

Exit 0 always (it measures; the gates decide). A file that does not load, or whose calls the
tools refuse, is counted as ``invalid`` and listed: it says nothing about the verifier.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path

from vera.safety.cases import CaseError, find_case, load_trajectory
from vera.safety.probe import try_trajectory


def _family(path: Path) -> str:
    first = path.read_text(encoding="utf-8").split("\n", 1)[0]
    if first.startswith("#") and "family:" in first:
        return first.split("family:", 1)[1].strip() or "unknown"
    return "unknown"


async def score(root: Path, bench: Path, only: set[str] | None) -> dict:
    rows = []
    for case_dir in sorted(p for p in root.iterdir() if p.is_dir()):
        if only and case_dir.name not in only:
            continue
        try:
            case = find_case(bench, case_dir.name)
        except CaseError as e:
            rows.append({"case": case_dir.name, "file": "*", "status": "invalid", "why": str(e)})
            continue
        for f in sorted(case_dir.glob("*.yaml")):
            expect = "violated" if f.name.startswith("violating") else "safe"
            row = {"case": case.id, "file": f.name, "expect": expect, "family": _family(f)}
            try:
                traj = load_trajectory(f, case.spec.variables)
            except CaseError as e:
                rows.append({**row, "status": "invalid", "why": str(e)})
                continue
            variant = traj.variants[-1] if "multi" not in traj.variants else "multi"
            probe = await try_trajectory(case, traj.replay, variant)
            refused = [c for c in probe["calls"] if c["error"]]
            if refused:
                rows.append({**row, "status": "invalid", "why": f"refused: {refused[0]['shown']}"})
                continue
            got = probe["outcome"]
            status = (
                "caught"
                if got == expect
                else ("error" if got not in ("violated", "safe") else "missed")
            )
            rows.append({**row, "status": status, "outcome": got, "reason": probe["reason"]})
    return {"rows": rows, "summary": summarise(rows)}


def summarise(rows: list[dict]) -> dict:
    out: dict = {}
    for expect in ("violated", "safe"):
        mine = [r for r in rows if r.get("expect") == expect]
        c = Counter(r["status"] for r in mine)
        judged = c["caught"] + c["missed"]
        fam: dict[str, Counter] = defaultdict(Counter)
        for r in mine:
            fam[r["family"]][r["status"]] += 1
        out[expect] = {
            "files": len(mine),
            "caught": c["caught"],
            "missed": c["missed"],
            "invalid": c["invalid"],
            "error": c["error"],
            "rate": round(c["caught"] / judged, 4) if judged else None,
            "by_family": {k: dict(v) for k, v in sorted(fam.items())},
        }
    out["cases"] = len({r["case"] for r in rows})
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dir", type=Path)
    ap.add_argument("--bench", type=Path, default=Path("bench/cases"))
    ap.add_argument("--json", type=Path)
    ap.add_argument("--case", default="")
    args = ap.parse_args()
    only = set(args.case.split(",")) - {""} or None
    result = asyncio.run(score(args.dir, args.bench, only))
    if args.json:
        args.json.write_text(json.dumps(result, indent=1, ensure_ascii=False))
    s = result["summary"]
    print(f"{s['cases']} cases")
    for expect, label in (("violated", "violating"), ("safe", "safe look-alike")):
        x = s[expect]
        print(
            f"{label}: {x['files']} files, {x['caught']} judged as intended, {x['missed']} not, "
            f"{x['invalid']} invalid, {x['error']} errors; rate {x['rate']}"
        )
        for fam, c in x["by_family"].items():
            print(f"    {fam:22} {dict(c)}")
    for r in result["rows"]:
        if r["status"] in ("missed", "error"):
            print(
                f"  {r['status']:7} {r['case']}/{r['file']} ({r.get('family')}): {r.get('reason', '')[:120]}"
            )
    sys.exit(0)


if __name__ == "__main__":
    main()
