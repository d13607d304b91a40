"""Expand a suite into trials: cases × variants × agents × models × epochs."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from pydantic import Field

from vera.records import Record
from vera.runner.spec import TrialSpec


class CaseRef(Record):
    """What the planner needs to know about a case: its identity, content hash and labels."""

    id: str
    hash: str
    risk: str | None = None
    attack: str | None = None
    environment: str | None = None
    variants: list[str] | None = None
    """Variants this case offers; None: every variant requested."""
    params: dict[str, Any] = Field(default_factory=dict)
    """Copied into each spec's params (budgets, paths to the case, ...)."""


def expand(
    cases: Iterable[CaseRef],
    *,
    variants: Sequence[str],
    agents: Sequence[str],
    models: Sequence[str],
    epochs: int = 1,
    mode: str = "adaptive",
    controller_model: str | None = None,
    defences: Sequence[str] = ("none",),
) -> list[TrialSpec]:
    """Every combination as a ``TrialSpec``, in a stable order (case, variant, agent, model,
    epoch). Duplicate keys (the same case listed twice) are dropped: a key is run once."""
    if epochs < 1:
        raise ValueError("epochs must be at least 1")
    specs: list[TrialSpec] = []
    seen: set[str] = set()
    for case in cases:
        for variant in variants:
            if case.variants is not None and variant not in case.variants:
                continue
            for agent in agents:
                for model in models:
                    for epoch, defence in [(e, d) for d in defences for e in range(epochs)]:
                        spec = TrialSpec(
                            case_id=case.id,
                            case_hash=case.hash,
                            variant=variant,
                            agent=agent,
                            model=model,
                            controller_model=controller_model,
                            mode=mode,
                            epoch=epoch,
                            defence=defence,
                            risk=case.risk,
                            attack=case.attack,
                            environment=case.environment,
                            params=dict(case.params),
                        )
                        if spec.key not in seen:
                            seen.add(spec.key)
                            specs.append(spec)
    return specs
