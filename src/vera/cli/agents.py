"""``vera agents``: every agent vera knows, for both pillars (list), and the frameworks' pinned
versions (install). Both read the one agent registry, :mod:`vera.agents.registry`."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from vera.cli.common import console, fail

app = typer.Typer(
    help="Agents: list every agent (both pillars, plug-ins too), install frameworks' pinned "
    "versions.",
    no_args_is_help=True,
)


@app.command("list")
def list_agents(
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Every agent: what it is, which pillar it serves, whether it needs a model, and for a
    framework its pinned package, installed versions and capabilities."""
    from vera.agents.install import cache_root, installed, installed_versions
    from vera.agents.registry import AGENTS

    rows = []
    for name in AGENTS:
        entry = AGENTS[name]
        row = {
            "name": entry.usage,
            "description": entry.description,
            "pillars": list(entry.pillars),
            "needs_model": entry.needs_model,
            "harden_kind": entry.harden_kind,
            "source": AGENTS.source(name),
            "ready": True,
        }
        if entry.adapter is not None:
            adapter = entry.adapter
            row |= {
                "package": adapter.package.source,
                "wire": "/".join(adapter.wires),
                "multi_turn": adapter.multi_turn,
                "native_tools": adapter.native_tools,
                "pinned": adapter.package.version,
                "installed": installed_versions(name),
                "ready": installed(adapter.package) is not None,
            }
        rows.append(row)
    if as_json:
        typer.echo(json.dumps({"cache": str(cache_root()), "agents": rows}, indent=2))
        return
    console.print(f"cache: {cache_root()}", highlight=False)
    for r in rows:
        pillars = "+".join(r["pillars"])
        model = "model" if r["needs_model"] else "no model"
        state = "ready" if r["ready"] else "not installed"
        lines = [f"{r['name']:16s} {pillars:13s} {model:9s} {state:14s} {r['description']}"]
        if "package" in r:
            inst = ", ".join(r["installed"]) or "-"
            lines.append(
                f"{'':16s} {r['package']} (installed: {inst}); wire: {r['wire']}; multi-turn: "
                f"{'yes' if r['multi_turn'] else 'no'}; native tools: {r['native_tools']}"
            )
        if r["source"] != "vera":
            lines.append(f"{'':16s} from {r['source']}")
        # markup off: "hermes-agent[mcp,anthropic]" is text
        console.print("\n".join(lines), highlight=False, markup=False, soft_wrap=True)


@app.command("install")
def install_agent(
    name: Annotated[str, typer.Argument(help="Framework name (see `vera agents list`).")],
    force: Annotated[bool, typer.Option("--force", help="Reinstall even if installed.")] = False,
) -> None:
    """Install framework NAME's pinned version into the cache (idempotent)."""
    from vera.agents.install import AgentInstallError, install, installed
    from vera.agents.registry import adapters

    known = adapters()
    adapter = known.get(name)
    if adapter is None:
        fail(f"unknown agent framework {name!r} (known: {', '.join(known)})")
    pkg = adapter.package
    if not force and (d := installed(pkg)) is not None:
        console.print(f"{name} {pkg.version} already installed in {d}", highlight=False)
        return
    console.print(f"installing {pkg.source} ...", highlight=False, markup=False)
    try:
        d = install(pkg, force=force)
    except AgentInstallError as e:
        fail(str(e))
    console.print(f"{name} {pkg.version} installed in {d}", highlight=False)
