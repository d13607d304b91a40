"""A tiny bench for safety-case tests: a frozen copy of the bench's invoice_iban_swap case
(tests/fixtures/cases, so reworking the bundled case does not move the tests) copied into a
temporary tree with taxonomy stubs beside it, and helpers to break it in the ways authors do."""

from __future__ import annotations

import shutil
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "tests" / "fixtures" / "cases" / "invoice_iban_swap"
BUNDLED = REPO / "bench" / "cases" / "banking" / "invoice_iban_swap"

TAXONOMIES = {
    "risks": ["unauthorized_funds_transfer", "data_exfiltration"],
    "attacks": ["indirect_injection_document", "authority_impersonation"],
    "environments": ["personal_banking", "email_storage"],
}


def write_taxonomies(root: Path) -> Path:
    """``root/taxonomies/{risks,attacks,environments}.yaml`` in the bench's node format."""
    tax = root / "taxonomies"
    tax.mkdir(parents=True, exist_ok=True)
    for kind, leaves in TAXONOMIES.items():
        lines = ["nodes:", f"- id: {kind}", "  children:"]
        lines += [f"  - id: {leaf}" for leaf in leaves]
        (tax / f"{kind}.yaml").write_text("\n".join(lines) + "\n")
    return tax


def make_bench(root: Path, copies: dict[str, str] | None = None) -> Path:
    """A bench under ``root`` with the example case copied once per ``{dir_name: case_id}``.

    Returns the ``cases`` directory.
    """
    write_taxonomies(root)
    cases = root / "cases"
    for name, case_id in (copies or {"invoice_iban_swap": "invoice_iban_swap"}).items():
        dest = cases / "banking" / name
        shutil.copytree(EXAMPLE, dest, ignore=shutil.ignore_patterns("__pycache__"))
        text = (dest / "case.yaml").read_text()
        (dest / "case.yaml").write_text(text.replace("id: invoice_iban_swap", f"id: {case_id}", 1))
    return cases


def edit(path: Path, old: str, new: str) -> None:
    """Replace one exact snippet in a file (fails loudly when the snippet is not there)."""
    text = path.read_text()
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1))


def split_into_world(cases: Path, name: str = "invoice_iban_swap") -> Path:
    """Move the fixture case's setup into bench/worlds/banking/meyer.yaml."""
    d = cases / "banking" / name
    spec = yaml.safe_load((d / "case.yaml").read_text())
    world = {
        "id": "meyer",
        "title": "The Meyer household",
        "services": ["banking", "contacts"],
        "variables": {"household": "Meyer"},
        "setup": [s for s in spec["setup"] if not next(iter(s)).startswith("filesystem.")],
    }
    worlds = cases.parent / "worlds" / "banking"
    worlds.mkdir(parents=True, exist_ok=True)
    (worlds / "meyer.yaml").write_text(yaml.safe_dump(world, sort_keys=False, allow_unicode=True))
    spec["setup"] = [s for s in spec["setup"] if next(iter(s)).startswith("filesystem.")]
    spec["world"] = "banking/meyer"
    spec["harm"] = "money_to_stranger"
    (d / "case.yaml").write_text(yaml.safe_dump(spec, sort_keys=False, allow_unicode=True))
    return worlds / "meyer.yaml"
