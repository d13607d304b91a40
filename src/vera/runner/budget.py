"""Spending caps of a run (USD and tokens), consulted before each trial starts and, for agent
frameworks, before each model request.

The driver seeds a :class:`Budget` with the usage of the trials a run already finished (and of
trials a cap stopped before, :attr:`BudgetStatus.interrupted`), feeds it each trial's usage as
the trial is recorded (:meth:`Budget.add`) and asks it before starting the next one
(:meth:`Budget.allows`). Once a cap is reached no new trial starts. Trials that did not start
have no row, so ``resume`` with a higher cap runs exactly them.

While trials run, the budget also counts what they have spent so far: a trial in this process
registers how to read its running usage (:meth:`Budget.track`; the driver makes the budget
reachable with :func:`current_budget`), and an agent framework's model proxy asks
:meth:`Budget.reached` before every model request. When a cap is reached the proxy refuses the
request, the framework is stopped in the middle of its turn and the trial raises
:class:`~vera.models.errors.BudgetReached`: its result is not recorded (it did not finish and
would be half judged), its spend is (:meth:`Budget.interrupt`, listed in ``budget.json`` and
counted again by a resume), and a resume with a higher cap plays it again from the start.
Trials in worker processes or on Ray are not seen until they are recorded: their caps hold
between trials only. An agent that is not behind the proxy (the built-in agent) is never cut
short: its trial finishes and the run passes its cap by at most what the trials in flight cost.

What counts: the ``usage`` a trial reports per role. Cost is each role's ``cost_usd`` (priced at
the call from genai-prices, ``vera.models.usage``); a role with tokens but no cost has no known
price: its tokens count toward ``max_tokens`` and are reported apart, never as $0 toward
``max_cost_usd``. Tokens are input plus output tokens. Nothing here knows what a trial is
about; the driver writes the status to ``RUN_DIR/budget.json`` for the report.
"""

from __future__ import annotations

import contextvars
import json
from collections.abc import Callable, Iterable, Mapping
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


class InterruptedTrial(Record):
    """A trial a cap stopped in the middle of an agent's turn."""

    key: str
    label: str = ""
    """case/variant/agent, for people."""
    reason: str = ""
    usage: dict[str, Usage] = Field(default_factory=dict)


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
    interrupted: list[InterruptedTrial] = Field(default_factory=list)
    """Trials a cap stopped in the middle (not recorded; a resume plays them again), with what
    they spent (counted in ``cost_usd`` and ``tokens``), over every session of the run."""

    def line(self, unit: str = "trials") -> str:
        """One line for the summary and the report (``unit``: what was counted)."""
        spent = f"${self.cost_usd:.4f}"
        if self.config.max_cost_usd is not None:
            spent += f" of ${self.config.max_cost_usd:g}"
        tokens = f"{self.tokens:,} tokens"
        if self.config.max_tokens is not None:
            tokens += f" of {self.config.max_tokens:,}"
        cut = ""
        if self.interrupted:
            cut = f" and {len(self.interrupted)} stopped in the middle"
        if not self.stopped:
            return f"budget: {spent}, {tokens} spent over {self.trials} {unit}{cut}"
        return (
            f"budget: stopped the run ({self.reason}): {spent}, {tokens} spent over "
            f"{self.trials} {unit}{cut}; {self.not_started} planned {unit} not started"
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
    """The caps of one run and what its trials spent; the driver's and its event loop's only
    (not thread-safe)."""

    def __init__(
        self,
        config: BudgetConfig,
        spent: Iterable[TrialResult] = (),
        interrupted: Iterable[InterruptedTrial] = (),
    ) -> None:
        self.config = config
        self._status = BudgetStatus(config=config)
        self._running: dict[str, Callable[[], Mapping[str, Usage]]] = {}
        for result in spent:
            self.add(result)
        for cut in interrupted:  # an earlier session's: paid for, never recorded
            self._count(cut.usage, {r: r for r in cut.usage}, trial=False)
            self._status.interrupted.append(cut)

    def add(self, result: TrialResult) -> None:
        """Count a finished trial's usage (every outcome: a failed trial's paid calls cost too);
        it stops being counted as running."""
        self._running.pop(result.key, None)
        self.add_usage(result.usage, {role: _role_model(result, role) for role in result.usage})

    def interrupt(self, result: TrialResult, reason: str) -> None:
        """Count the spend of a trial a cap stopped in the middle; it is not a finished trial."""
        self._running.pop(result.key, None)
        self._count(result.usage, {r: _role_model(result, r) for r in result.usage}, trial=False)
        spec = result.spec
        label = f"{spec.case_id}/{spec.variant}/{spec.agent}" if spec is not None else ""
        self._status.interrupted.append(
            InterruptedTrial(key=result.key, label=label, reason=reason, usage=result.usage)
        )
        self._status.stopped = True
        self._status.reason = self._status.reason or self.reached() or reason

    def track(self, key: str, usage: Callable[[], Mapping[str, Usage]]) -> None:
        """Count trial ``key``'s running usage (``usage()``: per role, so far) until it is
        added or interrupted."""
        self._running[key] = usage

    def add_usage(self, usage: Mapping[str, Usage], names: Mapping[str, str] | None = None) -> None:
        """Count one unit of work's usage per role (a trial, or a command's own step such as
        one case of ``vera cases harden``); ``names`` says how to name a role whose model has
        no known price (default: the role)."""
        self._count(usage, names or {}, trial=True)

    def _count(self, usage: Mapping[str, Usage], names: Mapping[str, str], *, trial: bool) -> None:
        s = self._status
        s.trials += 1 if trial else 0
        for role, u in usage.items():
            tokens = u.input_tokens + u.output_tokens
            s.tokens += tokens
            if u.cost_usd is not None:
                s.cost_usd += u.cost_usd
            elif tokens:
                s.unpriced_tokens += tokens
                name = names.get(role, role)
                if name not in s.unpriced:
                    s.unpriced.append(name)

    def reached(self) -> str | None:
        """Which cap is reached, in words, counting the running trials' spend so far; None
        while both caps leave room."""
        c, s = self.config, self._status
        if not c.capped:
            return None
        cost, tokens = s.cost_usd, s.tokens
        for usage in self._running.values():
            for u in usage().values():
                cost += u.cost_usd or 0.0
                tokens += u.input_tokens + u.output_tokens
        if c.max_cost_usd is not None and cost >= c.max_cost_usd:
            return f"--max-cost {c.max_cost_usd:g} reached"
        if c.max_tokens is not None and tokens >= c.max_tokens:
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


_current: contextvars.ContextVar[Budget | None] = contextvars.ContextVar(
    "vera_runner_budget", default=None
)


def use_budget(budget: Budget | None) -> None:
    """Make ``budget`` the one :func:`current_budget` returns in this context (and the tasks
    started from it): the driver's, for trials played in its process."""
    _current.set(budget)


def current_budget() -> Budget | None:
    """The run's budget, for a trial played in the driver's process (None elsewhere)."""
    return _current.get()


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
    "InterruptedTrial",
    "current_budget",
    "read_budget",
    "use_budget",
]
