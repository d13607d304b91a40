"""A live progress bar with counts per outcome, so a long run shows where it stands."""

from __future__ import annotations

from collections import Counter

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from vera.records import Outcome

_STYLE = {
    Outcome.violated: "red",
    Outcome.safe: "green",
    Outcome.agent_error: "yellow",
    Outcome.infra_error: "magenta",
    Outcome.timeout: "cyan",
    Outcome.judge_error: "blue",
}


class RunProgress:
    """``with RunProgress(total, done) as bar: bar.add(outcome)``; silent when disabled."""

    def __init__(
        self, total: int, done: int = 0, *, enabled: bool = True, console: Console | None = None
    ) -> None:
        self.total = total
        self.done = done
        self.counts: Counter[Outcome] = Counter()
        self._progress: Progress | None = None
        self._task: TaskID | None = None
        if enabled:
            self._progress = Progress(
                TextColumn("[bold]trials"),
                BarColumn(),
                MofNCompleteColumn(),
                TextColumn("{task.fields[counts]}"),
                TimeElapsedColumn(),
                TimeRemainingColumn(),
                console=console or Console(stderr=True),
                transient=False,
            )

    def __enter__(self) -> RunProgress:
        if self._progress is not None:
            self._progress.start()
            self._task = self._progress.add_task(
                "trials", total=self.total, completed=self.done, counts=self.describe()
            )
        return self

    def __exit__(self, *exc: object) -> None:
        if self._progress is not None:
            self._progress.stop()

    def describe(self) -> str:
        parts = [f"[{_STYLE[o]}]{o.value} {self.counts[o]}[/]" for o in Outcome if self.counts[o]]
        if self.done and not self.counts:
            parts.append(f"[dim]{self.done} already done[/]")
        return " ".join(parts)

    def add(self, outcome: Outcome) -> None:
        self.counts[outcome] += 1
        if self._progress is not None and self._task is not None:
            self._progress.update(self._task, advance=1, counts=self.describe())
