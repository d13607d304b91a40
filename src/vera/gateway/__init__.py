"""The MCP tool gateway: serves an Environment's tools, injects, and traces every call.

Typical use by the runner (one trial)::

    gw = ToolGateway(env, trial_dir / "evidence" / "calls.jsonl", injections=case_injections)
    sock = trial_dir / "run" / "gateway.sock"
    spec.binds += relay_binds(sock)        # before the sandbox starts; env may need the sandbox
    async with UnixGateway(gw, sock):
        ...                                # the agent's MCP server command: relay_command(sock)
    calls = gw.calls            # or read_trace(path) from another process

``vera gateway serve`` serves the same thing on stdio.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

# Loaded on first use (PEP 562): loading cases needs the injections alone, and the MCP SDK
# behind the server and framing costs most of a second that a dry run should not pay.
_EXPORTS = {
    "CallOutcome": "vera.gateway.calls",
    "Injection": "vera.gateway.injections",
    "InjectionError": "vera.gateway.injections",
    "InjectionSet": "vera.gateway.injections",
    "Match": "vera.gateway.injections",
    "RELAY_PATH": "vera.gateway.server",
    "SANDBOX_RELAY": "vera.gateway.server",
    "SANDBOX_SOCKET_DIR": "vera.gateway.server",
    "ToolGateway": "vera.gateway.calls",
    "ToolHost": "vera.gateway.calls",
    "TraceError": "vera.gateway.trace",
    "TraceWriter": "vera.gateway.trace",
    "UnixGateway": "vera.gateway.server",
    "build_server": "vera.gateway.server",
    "load_injections": "vera.gateway.injections",
    "parse_injections": "vera.gateway.injections",
    "read_trace": "vera.gateway.trace",
    "relay_binds": "vera.gateway.server",
    "relay_command": "vera.gateway.server",
    "render_result": "vera.gateway.injections",
    "serve_stdio": "vera.gateway.server",
    "unix_client": "vera.gateway.framing",
}

if TYPE_CHECKING:
    from vera.gateway.calls import CallOutcome, ToolGateway, ToolHost
    from vera.gateway.framing import unix_client
    from vera.gateway.injections import (
        Injection,
        InjectionError,
        InjectionSet,
        Match,
        load_injections,
        parse_injections,
        render_result,
    )
    from vera.gateway.server import (
        RELAY_PATH,
        SANDBOX_RELAY,
        SANDBOX_SOCKET_DIR,
        UnixGateway,
        build_server,
        relay_binds,
        relay_command,
        serve_stdio,
    )
    from vera.gateway.trace import TraceError, TraceWriter, read_trace


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'vera.gateway' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


__all__ = [
    "RELAY_PATH",
    "SANDBOX_RELAY",
    "SANDBOX_SOCKET_DIR",
    "CallOutcome",
    "Injection",
    "InjectionError",
    "InjectionSet",
    "Match",
    "ToolGateway",
    "ToolHost",
    "TraceError",
    "TraceWriter",
    "UnixGateway",
    "build_server",
    "load_injections",
    "parse_injections",
    "read_trace",
    "relay_binds",
    "relay_command",
    "render_result",
    "serve_stdio",
    "unix_client",
]
