"""What a sandbox is asked for: binds, environment, network policy and limits."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator


class SandboxError(Exception):
    """A sandbox could not be created or used (bad spec, missing backend, broken runtime)."""


class Bind(BaseModel):
    """A host path made visible inside the sandbox."""

    model_config = ConfigDict(extra="forbid")

    source: Path
    """Path on the host; must exist."""
    target: str
    """Absolute path inside the sandbox."""
    writable: bool = False


_HOST_RE = re.compile(r"^(?P<host>\[[0-9a-fA-F:]+\]|[A-Za-z0-9.\-_]+)(?::(?P<port>\d{1,5}))?$")


class AllowedHost(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    host: str
    port: int | None = None
    """None means any port."""

    def matches(self, host: str, port: int) -> bool:
        return self.host.lower() == host.lower().strip("[]") and self.port in (None, port)

    def __str__(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return host if self.port is None else f"{host}:{self.port}"


class Route(BaseModel):
    """Requests for ``host:port`` are answered by a server of vera's on loopback instead (the
    world's web pages: vera serves them, never the internet)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    host: str
    port: int = Field(gt=0, lt=65536)
    to_port: int = Field(gt=0, lt=65536)
    """The port on the host's ``127.0.0.1`` that answers instead."""


class NetworkPolicy(BaseModel):
    """``none`` (default): loopback only. ``host``: the host's network. ``allow``: egress proxy
    with an allowlist, and ``routes`` it answers from vera's own servers; the sandbox still has no
    network of its own."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    mode: Literal["none", "host", "allow"] = "none"
    allow: tuple[AllowedHost, ...] = ()
    routes: tuple[Route, ...] = ()
    """Hosts answered by vera on loopback (``allow`` mode: the egress proxy connects there)."""

    def route(self, host: str, port: int) -> int | None:
        """The loopback port that answers ``host:port``, when it is routed."""
        name = host.lower().strip("[]").rstrip(".")
        for r in self.routes:
            if r.host.lower() == name and r.port == port:
                return r.to_port
        return None

    @classmethod
    def parse(cls, text: str) -> NetworkPolicy:
        """Parse the CLI form: ``none``, ``host`` or ``allow:HOST[:PORT],...``."""
        text = text.strip()
        if text in ("none", "host"):
            return cls(mode=text)  # type: ignore[arg-type]
        if text.startswith("allow:"):
            hosts = []
            for item in filter(None, (p.strip() for p in text[len("allow:") :].split(","))):
                m = _HOST_RE.match(item)
                if not m:
                    raise ValueError(f"bad host in network policy: {item!r}")
                port = int(m["port"]) if m["port"] else None
                if port is not None and not 0 < port < 65536:
                    raise ValueError(f"bad port in network policy: {item!r}")
                hosts.append(AllowedHost(host=m["host"].strip("[]"), port=port))
            if not hosts:
                raise ValueError("network policy 'allow:' needs at least one HOST[:PORT]")
            return cls(mode="allow", allow=tuple(hosts))
        raise ValueError(f"unknown network policy {text!r} (expected none, host or allow:HOST,...)")

    def permits(self, host: str, port: int) -> bool:
        if self.mode == "host":
            return True
        return self.mode == "allow" and any(a.matches(host, port) for a in self.allow)

    def __str__(self) -> str:
        if self.mode != "allow":
            return self.mode
        return "allow:" + ",".join(str(a) for a in self.allow)


class Limits(BaseModel):
    """Resource limits for everything the sandbox runs. None means no limit of that kind."""

    model_config = ConfigDict(extra="forbid")

    wall_s: float | None = None
    """Default time limit of one ``exec`` (a per-call ``timeout`` overrides it)."""
    memory_mb: int | None = 2048
    """Memory for the whole sandbox (cgroup where available, else address space per process)."""
    pids: int | None = 256
    """Processes and threads alive at once in the sandbox."""
    nofile: int | None = 1024
    """Open files per process."""
    fsize_mb: int | None = 1024
    """Largest file a process may write."""
    output_bytes: int = 1 << 20
    """Cap on captured stdout and on stderr of one ``exec`` (the rest is dropped and flagged)."""


class SandboxSpec(BaseModel):
    """Everything needed to create a sandbox; backends must honour every field or refuse."""

    model_config = ConfigDict(extra="forbid")

    workspace: Path
    """Host directory bound read-write; must exist."""
    workspace_target: str = "/workspace"
    """Where the workspace appears inside the sandbox."""
    binds: list[Bind] = Field(default_factory=list)
    """Extra binds (read-only unless marked writable)."""
    env: dict[str, str] = Field(default_factory=dict)
    """Environment of every command; nothing from the host leaks in except PATH defaults."""
    workdir: str | None = None
    """Working directory of commands; defaults to ``workspace_target``."""
    network: NetworkPolicy = Field(default_factory=NetworkPolicy)
    limits: Limits = Field(default_factory=Limits)
    image: str | None = None
    """Container image (docker backend only)."""
    hostname: str = "sandbox"

    @field_validator("workspace_target", "workdir")
    @classmethod
    def _absolute(cls, v: str | None) -> str | None:
        if v is not None and not v.startswith("/"):
            raise ValueError(f"sandbox paths must be absolute: {v!r}")
        return v

    @property
    def cwd(self) -> str:
        return self.workdir or self.workspace_target

    def check(self) -> None:
        """Raise SandboxError when the host side of the spec is unusable."""
        if not self.workspace.is_dir():
            raise SandboxError(f"workspace does not exist or is not a directory: {self.workspace}")
        for b in self.binds:
            if not b.source.exists():
                raise SandboxError(f"bind source does not exist: {b.source}")
            if not b.target.startswith("/"):
                raise SandboxError(f"bind target must be absolute: {b.target}")
