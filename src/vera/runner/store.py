"""The run directory: ``run.json``, ``plan.jsonl``, ``run.sqlite`` and ``trials/<key>/``.

Durability rule: a trial is finished once its ``result.json`` is on disk, written by
tmp + fsync + rename after every evidence file of the trial was fsynced; its row in
``run.sqlite`` is then committed. The store is the index, the trial directories are the truth:
:meth:`RunStore.reconcile` (run before every resume) indexes a finished trial whose row is
missing (a store lost, emptied, or a kill between ``result.json`` and the row), after checking
its result against the plan's key and case hash, and refuses in one line when a result does not
match; it never deletes a finished trial. Only a ``trials/<key>/`` directory without
``result.json`` is debris of a killed run: resume deletes it and runs the trial again from
scratch. So a run killed with SIGKILL at any moment loses nothing finished and never counts a
trial twice (the key is the primary key). Only the driver process writes the store.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import threading
import uuid
from collections.abc import Iterable, Iterator
from datetime import datetime
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, ValidationError

from vera import __version__
from vera.records import Record, utcnow
from vera.runner.budget import BudgetConfig
from vera.runner.limits import LimitsConfig
from vera.runner.lock import LOCK_FILE
from vera.runner.spec import TrialResult, TrialSpec, check_specs, trial_dir_for

RUN_JSON = "run.json"
PLAN_JSONL = "plan.jsonl"
RUN_SQLITE = "run.sqlite"
RESULT_JSON = "result.json"


class StoreError(Exception):
    """A run directory that cannot be used as it is (damaged store, garbage ``run.json`` or
    ``plan.jsonl``, a trial result that does not match the plan). One line naming the file and
    what to do."""


def _first_error(e: ValidationError) -> str:
    first = e.errors()[0]
    where = ".".join(str(p) for p in first["loc"])
    return f"{where + ': ' if where else ''}{' '.join(str(first['msg']).split())}"


class RunConfig(Record):
    """How a run was asked for; enough to resume it without the original command line."""

    run_id: str = Field(default_factory=lambda: uuid.uuid4().hex[:12])
    created_at: datetime = Field(default_factory=utcnow)
    vera_version: str = __version__
    executor: Literal["local", "ray"] = "local"
    workers: int = Field(default=1, ge=1)
    """Local worker processes (``local`` executor): more than one spreads the trials' Python
    work over as many cores (``vera.runner.workers``)."""
    ray_address: str | None = None
    ray_cpus_per_trial: float = 0.25
    """CPUs Ray reserves per trial task (trials mostly wait on models and sandboxes)."""
    limits: LimitsConfig = Field(default_factory=LimitsConfig)
    time_limit_s: float | None = None
    """Per-trial wall-clock limit; past it the trial is ``timeout`` (its evidence kept)."""
    trial_fn: str | None = None
    """Dotted path ``module:function`` of the trial function (needed by Ray and by resume)."""
    trial_args: dict[str, Any] = Field(default_factory=dict)
    """JSON keyword arguments passed to every call of the trial function."""
    labels: dict[str, Any] = Field(default_factory=dict)
    """Free description of the run (suite path, command line, ...), shown by the report."""
    budget: BudgetConfig = Field(default_factory=BudgetConfig)
    """Spending caps (``vera.runner.budget``); a resume may change them (``set_budget``)."""


# --- atomic files -------------------------------------------------------------------------------


def write_atomic(path: Path, data: bytes | str, *, durable: bool = True) -> None:
    """Write ``path`` so that it is either absent/old or complete: tmp + fsync + rename.

    ``durable=False`` skips the fsyncs: still atomic for a process that dies, not yet safe
    against a machine that does. Trial functions write their evidence so; the store flushes the
    trial directory before it records the trial (:meth:`RunStore.record`).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    blob = data.encode() if isinstance(data, str) else data
    with open(tmp, "wb") as fh:
        fh.write(blob)
        if durable:
            fh.flush()
            os.fsync(fh.fileno())
    os.replace(tmp, path)
    if durable:
        _fsync_dir(path.parent)


def _fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def fsync_tree(root: Path) -> None:
    """Flush every regular file and directory under ``root`` (evidence a trial fn wrote)."""
    if not root.exists():
        return
    for dirpath, _dirnames, filenames in os.walk(root):
        for name in filenames:
            p = os.path.join(dirpath, name)
            if os.path.islink(p) or not os.path.isfile(p):
                continue
            try:
                fd = os.open(p, os.O_RDONLY)
            except OSError:
                continue
            try:
                os.fsync(fd)
            finally:
                os.close(fd)
        _fsync_dir(Path(dirpath))


# --- the store ----------------------------------------------------------------------------------

_SCHEMA = """
CREATE TABLE IF NOT EXISTS trials (
    key TEXT PRIMARY KEY,
    case_id TEXT NOT NULL,
    case_hash TEXT NOT NULL,
    variant TEXT NOT NULL,
    agent TEXT NOT NULL,
    model TEXT NOT NULL,
    controller_model TEXT,
    mode TEXT NOT NULL,
    epoch INTEGER NOT NULL,
    risk TEXT,
    attack TEXT,
    environment TEXT,
    params TEXT NOT NULL,
    outcome TEXT NOT NULL,
    verdict TEXT,
    utility INTEGER,
    usage TEXT NOT NULL,
    error_kind TEXT,
    error_message TEXT,
    started_at TEXT NOT NULL,
    ended_at TEXT NOT NULL,
    duration_s REAL NOT NULL,
    evidence_dir TEXT NOT NULL,
    n_turns INTEGER NOT NULL,
    tactics TEXT NOT NULL,
    result TEXT NOT NULL
)
"""


def _damaged(e: sqlite3.OperationalError) -> bool:
    """An OperationalError that says the file is not a usable database (not locked or full)."""
    text = str(e).lower()
    return any(
        w in text for w in ("malformed", "not a database", "no such column", "no such table")
    )


def _interrupted_create(run_dir: Path) -> bool:
    """A directory left by a create that was killed before ``run.json``: only our own files."""
    if (run_dir / RUN_JSON).exists():
        return False
    names = {p.name for p in run_dir.iterdir()} - {LOCK_FILE}
    ours = all(n in ("trials", PLAN_JSONL) or n.startswith(f".{PLAN_JSONL}.") for n in names)
    trials = run_dir / "trials"
    return bool(names) and ours and (not trials.exists() or not any(trials.iterdir()))


def _has_entries(directory: Path) -> bool:
    """Whether ``directory`` holds anything besides a writer's lock file."""
    return any(p.name != LOCK_FILE for p in directory.iterdir())


class RunStore:
    """One run directory. Create with :meth:`create`, reopen with :meth:`open`."""

    def __init__(self, run_dir: Path, config: RunConfig, plan: list[TrialSpec]) -> None:
        self.run_dir = run_dir
        self.config = config
        self.plan = plan
        # Written from a worker thread (record) and read from the event loop: one lock guards it.
        self._lock = threading.Lock()
        db_path = run_dir / RUN_SQLITE
        try:
            self._db = sqlite3.connect(db_path, isolation_level=None, check_same_thread=False)
        except sqlite3.OperationalError as e:
            raise sqlite3.OperationalError(f"{db_path}: {e}") from None
        try:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute(_SCHEMA)
            self._db.execute("SELECT key, result FROM trials LIMIT 1").fetchall()
        except sqlite3.DatabaseError as e:
            self._db.close()
            if isinstance(e, sqlite3.OperationalError) and not _damaged(e):
                # locked, read-only, out of space: an OS problem, not a damaged file
                raise sqlite3.OperationalError(f"{db_path}: {e}") from None
            raise StoreError(
                f"{db_path}: damaged run store ({' '.join(str(e).split())}); either move it "
                f"aside and run `vera run --resume {run_dir}` to rebuild it from the trials' "
                f"result.json, or start a new run with --out"
            ) from None

    @classmethod
    def create(cls, run_dir: Path, plan: Iterable[TrialSpec], config: RunConfig) -> RunStore:
        """Start a new run in ``run_dir`` (which must be absent or empty)."""
        run_dir = Path(run_dir)
        if run_dir.exists() and not run_dir.is_dir():
            raise StoreError(f"{run_dir}: not a directory (a run directory is made there)")
        if run_dir.exists() and not _interrupted_create(run_dir) and _has_entries(run_dir):
            raise FileExistsError(f"{run_dir} is not empty (use --resume to continue a run)")
        specs = list(plan)
        check_specs(specs)  # plan time: known kinds, params valid for their kind
        keys = [s.key for s in specs]
        if len(set(keys)) != len(keys):
            raise ValueError("the plan lists the same trial key twice")
        (run_dir / "trials").mkdir(parents=True, exist_ok=True)
        write_atomic(run_dir / PLAN_JSONL, "".join(s.model_dump_json() + "\n" for s in specs))
        # run.json last: its presence marks a complete run directory.
        write_atomic(run_dir / RUN_JSON, config.model_dump_json(indent=2))
        return cls(run_dir, config, specs)

    @classmethod
    def open(cls, run_dir: Path) -> RunStore:
        """Reopen an existing run (to resume it or to report on it)."""
        run_dir = Path(run_dir)
        if not (run_dir / RUN_JSON).is_file():
            raise FileNotFoundError(f"{run_dir} is not a vera run directory (no {RUN_JSON})")
        try:
            config = RunConfig.model_validate_json((run_dir / RUN_JSON).read_bytes())
        except ValidationError as e:
            raise StoreError(
                f"{run_dir / RUN_JSON}: not a vera run config: {_first_error(e)}"
            ) from None
        if not (run_dir / PLAN_JSONL).is_file():
            raise StoreError(f"{run_dir / PLAN_JSONL}: missing; this run directory is incomplete")
        plan = []
        for n, line in enumerate((run_dir / PLAN_JSONL).read_bytes().splitlines(), 1):
            if not line.strip():
                continue
            try:
                plan.append(TrialSpec.model_validate_json(line))
            except ValidationError as e:
                raise StoreError(
                    f"{run_dir / PLAN_JSONL}: line {n}: not a trial spec: {_first_error(e)}"
                ) from None
        return cls(run_dir, config, plan)

    def set_budget(self, budget: BudgetConfig) -> None:
        """New spending caps for the rest of the run (``vera run --resume DIR --max-cost``),
        saved in ``run.json`` so a later resume keeps them."""
        self.config = self.config.model_copy(update={"budget": budget})
        write_atomic(self.run_dir / RUN_JSON, self.config.model_dump_json(indent=2))

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> RunStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- reading ------------------------------------------------------------------------------

    def done_keys(self) -> set[str]:
        with self._lock:
            return {row[0] for row in self._db.execute("SELECT key FROM trials")}

    def has(self, key: str) -> bool:
        with self._lock:
            row = self._db.execute("SELECT 1 FROM trials WHERE key = ?", (key,)).fetchone()
        return row is not None

    def missing(self) -> list[TrialSpec]:
        """Planned trials without a row, in plan order."""
        done = self.done_keys()
        return [s for s in self.plan if s.key not in done]

    def results(self) -> Iterator[TrialResult]:
        with self._lock:
            rows = self._db.execute("SELECT result FROM trials ORDER BY started_at, key").fetchall()
        for (blob,) in rows:
            yield TrialResult.model_validate_json(blob)

    def count(self) -> int:
        with self._lock:
            return int(self._db.execute("SELECT COUNT(*) FROM trials").fetchone()[0])

    # --- writing ------------------------------------------------------------------------------

    def trial_dir(self, key: str) -> Path:
        return trial_dir_for(self.run_dir, key)

    def fresh_trial_dir(self, key: str) -> Path:
        """An empty directory for a trial about to (re)start: debris of a killed try removed."""
        path = self.trial_dir(key)
        if self.has(key):
            raise RuntimeError(f"trial {key} is already recorded; refusing to run it again")
        if (path / RESULT_JSON).exists():  # finished but not indexed: never deleted
            raise RuntimeError(f"trial {key} has a result.json; refusing to run it again")
        if path.exists():
            shutil.rmtree(path)
        path.mkdir(parents=True)
        return path

    def reconcile(self) -> list[str]:
        """Index every finished trial directory that has no row; return the keys indexed.

        A finished trial is a ``trials/<key>/result.json``: a TrialResult whose key is the
        directory's name, a key of the plan, and whose spec (key recomputed, case hash) is the
        plan's. A result that fails any of these is refused (StoreError, one line: the store
        and the trial directories disagree and nothing is deleted); directories without a
        ``result.json`` are left to :meth:`clear_orphans`.
        """
        trials = self.run_dir / "trials"
        if not trials.is_dir():
            return []
        done = self.done_keys()
        planned = {s.key: s for s in self.plan}
        found: list[TrialResult] = []
        for child in sorted(trials.iterdir()):
            path = child / RESULT_JSON
            if child.name in done or not path.is_file():
                continue
            why = ""
            try:
                result = TrialResult.model_validate_json(path.read_bytes())
            except ValidationError as e:
                why = f"not a trial result: {_first_error(e)}"
            else:
                spec = planned.get(child.name)
                if result.key != child.name:
                    why = f"its key is {result.key!r}, not the directory's"
                elif spec is None:
                    why = "its key is not in the plan"
                elif result.spec is None or result.spec.key != child.name:
                    why = "its spec does not hash to its key"
                elif result.spec.case_hash != spec.case_hash:
                    why = "its case hash is not the plan's"
            if why:
                raise StoreError(
                    f"{path}: {why}; the trial directories do not belong to this run's plan: "
                    "move that trial directory out of the run, or start a new run with --out"
                )
            found.append(result)
        for result in found:
            self._insert(result)
        return [r.key for r in found]

    def clear_orphans(self) -> list[str]:
        """Delete trial directories that have no row and no ``result.json`` (a run killed
        mid-trial); return their keys. Call :meth:`reconcile` first: a directory with a
        ``result.json`` but no row is never deleted."""
        trials = self.run_dir / "trials"
        if not trials.is_dir():
            return []
        done = self.done_keys()
        removed = []
        for child in trials.iterdir():
            if child.name in done or (child / RESULT_JSON).exists():
                continue
            shutil.rmtree(child, ignore_errors=True) if child.is_dir() else child.unlink()
            removed.append(child.name)
        return removed

    def record(self, result: TrialResult) -> None:
        """Make a finished trial durable: evidence flushed, ``result.json`` atomic, then the row.

        Blocking (fsync): the executor calls it in a worker thread, several at once.

        The row is the commit point; a crash before it leaves an orphan directory that resume
        redoes, a crash after it leaves a complete trial.
        """
        if result.spec is None or not result.key:
            raise ValueError("record() needs a result stamped with its key and spec")
        path = self.trial_dir(result.key)
        path.mkdir(parents=True, exist_ok=True)
        fsync_tree(path)
        write_atomic(path / RESULT_JSON, result.model_dump_json(indent=2))
        self._insert(result)

    def _insert(self, result: TrialResult) -> None:
        """The trial's row (the index entry of a durable ``result.json``)."""
        assert result.spec is not None
        s = result.spec
        row: dict[str, Any] = {
            "key": result.key,
            "case_id": s.case_id,
            "case_hash": s.case_hash,
            "variant": s.variant,
            "agent": s.agent,
            "model": s.model,
            "controller_model": s.controller_model,
            "mode": s.mode,
            "epoch": s.epoch,
            "risk": s.risk,
            "attack": s.attack,
            "environment": s.environment,
            "params": json.dumps(s.params, sort_keys=True, default=str),
            "outcome": result.outcome.value,
            "verdict": result.verdict.model_dump_json() if result.verdict else None,
            "utility": None if result.utility is None else int(result.utility),
            "usage": json.dumps({k: v.model_dump(mode="json") for k, v in result.usage.items()}),
            "error_kind": result.error.kind if result.error else None,
            "error_message": result.error.message if result.error else None,
            "started_at": result.started_at.isoformat(),
            "ended_at": result.ended_at.isoformat(),
            "duration_s": result.duration_s,
            "evidence_dir": result.evidence_dir,
            "n_turns": result.n_turns,
            "tactics": json.dumps(result.tactics),
            "result": result.model_dump_json(),
        }
        cols = ", ".join(row)
        marks = ", ".join(f":{c}" for c in row)
        try:
            with self._lock, self._db:  # one transaction per trial
                self._db.execute("BEGIN IMMEDIATE")
                self._db.execute(f"INSERT INTO trials ({cols}) VALUES ({marks})", row)
        except sqlite3.OperationalError as e:  # full disk, read-only: name the file
            raise sqlite3.OperationalError(f"{self.run_dir / RUN_SQLITE}: {e}") from None
