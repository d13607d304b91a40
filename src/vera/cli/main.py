"""The ``vera`` command. Each command group lives in its own module and registers here."""

from __future__ import annotations

import importlib

import typer

from vera import __version__
from vera.cli.common import OneLineErrors

app = typer.Typer(
    name="vera",
    cls=OneLineErrors,
    help="Safety testing of tool-using LLM agents, and hardening of benchmark verifiers.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

# (module under vera.cli, attribute, group name or None for top-level commands)
_GROUPS: list[tuple[str, str, str | None]] = [
    ("sandbox", "app", "sandbox"),
    ("harden", "app", "harden"),
    ("gateway", "app", "gateway"),
    ("env", "app", "env"),
    ("models", "app", "models"),
    ("cases", "app", "cases"),
    ("run", "register", None),
    ("report", "register", None),
    ("guard", "app", "guard"),
    ("agents", "app", "agents"),
    ("taxonomy", "app", "taxonomy"),
    ("explore", "register", None),
]


def _version(value: bool) -> None:
    if value:
        typer.echo(f"vera {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """vera: find out whether agents can be driven into unsafe actions, and whether benchmark
    verifiers can be tricked into rewarding agents that did not do the work."""


def _register() -> None:
    for module, attr, name in _GROUPS:
        mod = importlib.import_module(f"vera.cli.{module}")
        obj = getattr(mod, attr)
        if name is None:
            obj(app)  # a function that adds top-level commands
        else:
            app.add_typer(obj, name=name)


_register()
