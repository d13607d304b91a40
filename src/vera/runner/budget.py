"""Spending caps of a run (USD and tokens), consulted before each trial starts.

The driver seeds a :class:`Budget` with the usage of the trials a run already finished, feeds it
each trial's usage as the trial is recorded (:meth:`Budget.add`) and asks it before starting
the next one (:meth:`Budget.allows`). Once a cap is reached no new trial starts; the trials in
flight finish and are recorded, so a run passes its cap by at most what those trials cost (a
trial is never cut short for money: it would leave a trial half judged). Trials that did not
start have no row, so ``resume`` with a higher cap runs exactly them.

What counts: the ``usage`` a trial reports per role. Cost is each role's ``cost_usd`` (priced at
the call from genai-prices, ``vera.models.usage``); a role with tokens but no cost has no known
price: its tokens count toward ``max_tokens`` and are reported apart, never as $0 toward
``max_cost_usd``. Tokens are input plus output tokens. Nothing here knows what a trial is
about; the driver writes the status to ``RUN_DIR/budget.json`` for the report.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from pathlib import Path

from pydantic import Field, ValidationError

from vera.records import Record, Usage
from vera.runner.spec import TrialResult

BUDGET_JSON = "budget.json"


class BudgetConfig(Record):
    """The caps of a run; None: no cap of that kind."""

    max_cost_usd: float | None = Field(default=None, gt=0)
    """Stop starting trials once the priced usage costs this many US dollars."""
    max_tokens: int | None = Field(default=None, ge=1)
    """Stop starting trials once this many tokens (input + output, every model) are used."""

    @property
    def capped(self) -> bool:
        return self.max_cost_usd is not None or self.max_tokens is not None


class BudgetStatus(Record):
    """What a run has spent against its caps, and whether the caps stopped it."""

    config: BudgetConfig = Field(default_factory=BudgetConfig)
    cost_usd: float = 0.0
    """Cost of the priced usage of the counted trials."""
    tokens: int = 0
    """Every counted token, priced or not."""
    unpriced_tokens: int = 0
    """Tokens of models with no known price (in ``tokens``, not in ``cost_usd``)."""
    unpriced: list[str] = Field(default_factory=list)
    """The models (or roles) whose price is unknown, e.g. ``target (scripted:s.yaml)``."""
    trials: int = 0
    """Trials (units of work) whose usage is counted."""
    stopped: bool = False
    """True when the caps kept planned trials from starting."""
    not_started: int = 0
    """Planned trials the caps kept from starting in the last session."""
    reason: str | None = None
    """Which cap was reached, in words."""

    def line(self, unit: str = "trials") -> str:
        """One line for the summary and the report (``unit``: what was counted)."""
        spent = f"${self.cost_usd:.4f}"
        if self.config.max_cost_usd is not None:
            spent += f" of ${self.config.max_cost_usd:g}"
        tokens = f"{self.tokens:,} tokens"
        if self.config.max_tokens is not None:
            tokens += f" of {self.config.max_tokens:,}"
        if not self.stopped:
            return f"budget: {spent}, {tokens} spent over {self.trials} {unit}"
        return (
            f"budget: stopped the run ({self.reason}): {spent}, {tokens} spent over "
            f"{self.trials} {unit}; {self.not_started} planned {unit} not started"
        )

    def unpriced_line(self) -> str | None:
        """One line when some usage has no known price (None when everything is priced)."""
        if not self.unpriced_tokens:
            return None
        return (
            f"budget: no known price for {', '.join(self.unpriced)}: their "
            f"{self.unpriced_tokens:,} tokens are counted in tokens, not in USD"
            + (" (cap them with --max-tokens)" if self.config.max_tokens is None else "")
        )


def _role_model(result: TrialResult, role: str) -> str:
    """``role (model)``: the target's and controller's models from the spec, another role's
    from the result's ``measures["<role>_model"]`` (the judge's), else the role alone."""
    spec = result.spec
    model = None
    if spec is not None:
        model = {"target": spec.model, "controller": spec.controller_model or spec.model}.get(role)
    model = model or result.measures.get(f"{role}_model")
    return f"{role} ({model})" if model else role


class Budget:
    """The caps of one run and what its trials spent; the driver's only (not thread-safe)."""

    def __init__(self, config: BudgetConfig, spent: Iterable[TrialResult] = ()) -> None:
        self.config = config
        self._status = BudgetStatus(config=config)
        for result in spent:
            self.add(result)

    def add(self, result: TrialResult) -> None:
        """Count a finished trial's usage (every outcome: a failed trial's paid calls cost too)."""
        self.add_usage(result.usage, {role: _role_model(result, role) for role in result.usage})

    def add_usage(self, usage: Mapping[str, Usage], names: Mapping[str, str] | None = None) -> None:
        """Count one unit of work's usage per role (a trial, or a command's own step such as
        one case of ``vera cases harden``); ``names`` says how to name a role whose model has
        no known price (default: the role)."""
        s = self._status
        s.trials += 1
        for role, u in usage.items():
            tokens = u.input_tokens + u.output_tokens
            s.tokens += tokens
            if u.cost_usd is not None:
                s.cost_usd += u.cost_usd
            elif tokens:
                s.unpriced_tokens += tokens
                name = (names or {}).get(role, role)
                if name not in s.unpriced:
                    s.unpriced.append(name)

    def reached(self) -> str | None:
        """Which cap is reached, in words; None while both leave room."""
        c, s = self.config, self._status
        if c.max_cost_usd is not None and s.cost_usd >= c.max_cost_usd:
            return f"--max-cost {c.max_cost_usd:g} reached"
        if c.max_tokens is not None and s.tokens >= c.max_tokens:
            return f"--max-tokens {c.max_tokens} reached"
        return None

    def allows(self) -> bool:
        """Whether the next trial may start; a refusal counts that trial as not started."""
        why = self.reached()
        if why is None:
            return True
        self._status.stopped = True
        self._status.reason = why
        self._status.not_started += 1
        return False

    @property
    def status(self) -> BudgetStatus:
        return self._status.model_copy(deep=True)


def read_budget(run_dir: Path) -> BudgetStatus | None:
    """The budget status a run wrote, or None (no caps ever, or an unreadable file)."""
    path = Path(run_dir) / BUDGET_JSON
    try:
        return BudgetStatus.model_validate_json(path.read_bytes())
    except (OSError, ValidationError, json.JSONDecodeError):
        return None


__all__ = [
    "BUDGET_JSON",
    "Budget",
    "BudgetConfig",
    "BudgetStatus",
    "read_budget",
]
