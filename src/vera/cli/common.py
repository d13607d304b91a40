"""Helpers shared by the command modules: one-line errors, exit codes and consoles.

Exit codes of every ``vera`` command (docs/runner.md, "Errors and exit codes"):

- ``0`` done;
- ``1`` the command ran and its check failed (``vera cases validate``: a case failed a gate);
- ``2`` bad input: a bad option, a path that is not what it should be (``--out`` a file, a
  non-empty directory that is not a run), a file vera cannot parse (YAML, ``run.json``,
  ``plan.jsonl``, a damaged ``run.sqlite``);
- ``3`` the run finished but trials ended in ``infra_error`` or ``timeout`` (their work is kept),
  or its workers could not start;
- ``4`` the operating system refused: permission denied, read-only file system, disk full,
  another OS or SQLite error;
- ``124`` ``vera sandbox run``: the command timed out (otherwise the command's own code);
- ``130`` interrupted.

Every error a user can cause ends in one line on stderr (``vera: error: ...``), never a
traceback: :class:`OneLineErrors` is the root command group and maps what commands let escape.
"""

from __future__ import annotations

import errno
import json
import sqlite3
from typing import Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape
from typer.core import TyperGroup

console = Console(emoji=False)  # ":x:" in a model spec is text, not an emoji
err_console = Console(stderr=True, emoji=False)

EXIT_FAILED, EXIT_INPUT, EXIT_INFRA, EXIT_OS = 1, 2, 3, 4


def fail(message: str, code: int = EXIT_INPUT) -> NoReturn:
    """Print a one-line error (``vera: error: ...``) to stderr and exit non-zero."""
    first = escape(" ".join(str(message).split()))  # "vera[ray]" is text, not rich markup
    err_console.print(f"[bold red]vera: error:[/] {first}", highlight=False, soft_wrap=True)
    raise typer.Exit(code)


_INPUT_ERRNOS = {errno.ENOENT, errno.EEXIST, errno.ENOTDIR, errno.EISDIR, errno.ENOTEMPTY}


def _leaf(exc: BaseException) -> BaseException:
    """The first exception inside (nested) exception groups."""
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        exc = exc.exceptions[0]
    return exc


def describe_error(exc: BaseException) -> tuple[str, int] | None:
    """(one line, exit code) for an error a user can cause; None for anything else (a bug)."""
    from pydantic import ValidationError

    from vera.models.errors import ModelSpecError, ScriptError
    from vera.paths import UnsafePathError
    from vera.plugins import PluginError
    from vera.runner.journal import JournalError
    from vera.runner.lock import DirectoryLockedError
    from vera.runner.store import StoreError

    exc = _leaf(exc)
    if isinstance(exc, StoreError | PluginError | UnsafePathError | DirectoryLockedError
                  | JournalError):  # fmt: skip
        return str(exc), EXIT_INPUT
    if isinstance(exc, ModelSpecError | ScriptError):  # a model spec that cannot be used
        return f"model: {' '.join(str(exc).split())}", EXIT_INPUT
    if isinstance(exc, OSError):
        what = exc.strerror or str(exc) or type(exc).__name__
        if exc.filename is not None and exc.strerror:
            name = exc.filename if exc.filename2 is None else f"{exc.filename} -> {exc.filename2}"
            what = f"{name}: {exc.strerror}"
        elif not exc.strerror:
            what = str(exc) or type(exc).__name__
        code = EXIT_INPUT if exc.errno in _INPUT_ERRNOS or exc.errno is None else EXIT_OS
        return what, code
    if isinstance(exc, sqlite3.DatabaseError) and not isinstance(exc, sqlite3.OperationalError):
        return f"run store: {exc} (a damaged run.sqlite?)", EXIT_INPUT
    if isinstance(exc, sqlite3.Error):
        return f"run store: {exc}", EXIT_OS
    if isinstance(exc, ValidationError):
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or exc.title
        return f"invalid {exc.title}: {where}: {first['msg']}", EXIT_INPUT
    if isinstance(exc, json.JSONDecodeError | UnicodeDecodeError):
        return f"unreadable input: {exc}", EXIT_INPUT
    try:
        import yaml
    except ImportError:  # pragma: no cover
        return None
    if isinstance(exc, yaml.YAMLError):
        return f"invalid YAML: {exc}", EXIT_INPUT
    return None


class OneLineErrors(TyperGroup):
    """The root command group: errors a user can cause become one line and an exit code."""

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except (typer.Exit, typer.Abort, KeyboardInterrupt):
            raise
        except BaseException as exc:
            import click

            leaf = _leaf(exc)
            if isinstance(leaf, click.exceptions.Exit | click.ClickException | click.Abort):
                raise leaf from None
            if isinstance(leaf, KeyboardInterrupt):
                err_console.print("interrupted")
                raise typer.Exit(130) from None
            described = describe_error(exc)
            if described is None:
                raise
            fail(*described)
