"""Network egress for sandboxes under ``allow:HOST[:PORT],...``.

The sandbox keeps its own empty network namespace. On the host, vera runs an HTTP(S) proxy that
forwards only to allowed hosts, listening on a Unix socket. A small relay process entered into
the sandbox's network namespace (but not its mount or pid namespace, so sandboxed code can
neither see nor kill it) listens on ``127.0.0.1:3128`` there and pipes each connection to that
socket. Sandboxed programs find the proxy through ``HTTP(S)_PROXY``.

An allowed entry with an explicit port on a loopback host (``127.0.0.1:8080``: a model server
on the host) is also forwarded transparently: inside the sandbox ``127.0.0.1:8080`` reaches the
host's ``127.0.0.1:8080``, so clients configured with that base URL work unchanged.

A routed host (``NetworkPolicy.routes``: the world's web pages) is answered by a server of
vera's on the host's loopback: the proxy connects there instead of resolving the name, for a
``CONNECT host:443`` (the TLS inside is vera's, with a certificate from the sandbox's own CA,
:mod:`vera.sandbox.ca`) as for a plain ``GET http://host/...``. Nothing else reaches the
internet.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys
from pathlib import Path

from vera.sandbox.spec import NetworkPolicy, SandboxError

log = logging.getLogger(__name__)

PROXY_PORT = 3128
_LOOPBACK = ("127.0.0.1", "localhost", "::1")
RELAY_SCRIPT = Path(__file__).with_name("netrelay.py")


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    try:
        while data := await reader.read(65536):
            writer.write(data)
            await writer.drain()
    except (ConnectionError, asyncio.IncompleteReadError):
        pass
    finally:
        with contextlib.suppress(Exception):
            writer.close()


async def _splice(
    a: tuple[asyncio.StreamReader, asyncio.StreamWriter], b: tuple[asyncio.StreamReader, asyncio.StreamWriter]
) -> None:
    await asyncio.gather(_pipe(a[0], b[1]), _pipe(b[0], a[1]))


def _split_hostport(text: str, default_port: int) -> tuple[str, int]:
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        return host, int(rest[1:]) if rest.startswith(":") else default_port
    host, sep, port = text.rpartition(":")
    if not sep:
        return text, default_port
    return host, int(port)


class EgressProxy:
    """A forward proxy (CONNECT and absolute-form HTTP) that enforces a NetworkPolicy.

    Every decision is kept in ``log`` as ``(host, port, allowed)`` so tests and reports can show
    what the sandbox tried to reach.
    """

    def __init__(self, policy: NetworkPolicy) -> None:
        self.policy = policy
        self.decisions: list[tuple[str, int, bool]] = []

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 30)
        except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, TimeoutError, ConnectionError):
            writer.close()
            return
        lines = head.decode("latin-1").split("\r\n")
        try:
            method, target, version = lines[0].split(" ", 2)
            if method == "CONNECT":
                host, port = _split_hostport(target, 443)
            else:
                if not target.startswith("http://"):
                    raise ValueError("only absolute http:// targets (or CONNECT) are proxied")
                rest = target[len("http://") :]
                authority, _, path = rest.partition("/")
                host, port = _split_hostport(authority, 80)
        except ValueError:
            await self._reply(writer, 400, "vera egress: bad request")
            return
        routed = self.policy.route(host, port)
        allowed = routed is not None or self.policy.permits(host, port)
        self.decisions.append((host, port, allowed))
        if not allowed:
            await self._reply(writer, 403, f"vera egress: {host}:{port} is not allowed by the sandbox's network policy")
            return
        target = ("127.0.0.1", routed) if routed is not None else (host, port)
        try:
            upstream = await asyncio.wait_for(asyncio.open_connection(*target), 15)
        except (OSError, TimeoutError) as exc:
            await self._reply(writer, 502, f"vera egress: cannot reach {host}:{port}: {exc}")
            return
        if method == "CONNECT":
            writer.write(b"HTTP/1.1 200 Connection established\r\n\r\n")
            await writer.drain()
        else:
            # Rewrite to origin-form; the rest of the head is passed through unchanged.
            upstream[1].write(f"{method} /{path} {version}\r\n".encode("latin-1"))
            upstream[1].write("\r\n".join(lines[1:]).encode("latin-1"))
        await _splice((reader, writer), upstream)

    @staticmethod
    async def _reply(writer: asyncio.StreamWriter, code: int, text: str) -> None:
        reason = {400: "Bad Request", 403: "Forbidden", 502: "Bad Gateway"}[code]
        body = (text + "\n").encode()
        writer.write(
            f"HTTP/1.1 {code} {reason}\r\nContent-Type: text/plain\r\nContent-Length: {len(body)}\r\n"
            f"Connection: close\r\n\r\n".encode() + body
        )
        with contextlib.suppress(ConnectionError):
            await writer.drain()
        writer.close()


class Egress:
    """Host side of one sandbox's egress: proxy socket, port forwards, and the relay process."""

    def __init__(self, policy: NetworkPolicy, workdir: Path) -> None:
        self.policy = policy
        self.workdir = workdir
        self.proxy = EgressProxy(policy)
        self._servers: list[asyncio.base_events.Server] = []
        self._relay: asyncio.subprocess.Process | None = None

    def forwards(self) -> list[tuple[str, int]]:
        """Allowed loopback host:port pairs that are forwarded transparently."""
        return [(a.host, a.port) for a in self.policy.allow if a.host in _LOOPBACK and a.port]

    def proxy_env(self) -> dict[str, str]:
        url = f"http://127.0.0.1:{PROXY_PORT}"
        return {
            "HTTP_PROXY": url, "HTTPS_PROXY": url, "http_proxy": url, "https_proxy": url,
            "ALL_PROXY": url, "NO_PROXY": "localhost,127.0.0.1,::1", "no_proxy": "localhost,127.0.0.1,::1",
        }  # fmt: skip

    async def start(self, enter_netns: list[str]) -> None:
        """Start the proxy and forwards on Unix sockets, then the relay inside the sandbox's
        network namespace (``enter_netns`` is the host command prefix that gets there)."""
        self.workdir.mkdir(parents=True, exist_ok=True)
        specs = [f"127.0.0.1:{PROXY_PORT}={self.workdir / 'proxy.sock'}"]
        self._servers.append(await asyncio.start_unix_server(self.proxy.handle, path=self.workdir / "proxy.sock"))
        for host, port in self.forwards():
            sock = self.workdir / f"fwd-{port}.sock"

            async def forward(r: asyncio.StreamReader, w: asyncio.StreamWriter, host=host, port=port) -> None:
                self.proxy.decisions.append((host, port, True))
                try:
                    upstream = await asyncio.open_connection(host, port)
                except OSError:
                    w.close()
                    return
                await _splice((r, w), upstream)

            self._servers.append(await asyncio.start_unix_server(forward, path=sock))
            specs.append(f"127.0.0.1:{port}={sock}")
        ready = self.workdir / "relay.ready"
        self._relay = await asyncio.create_subprocess_exec(
            *enter_netns, sys.executable, "-I", "-S", str(RELAY_SCRIPT), str(ready), *specs,
            stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.DEVNULL,
            stderr=asyncio.subprocess.PIPE, start_new_session=True,
        )  # fmt: skip
        for _ in range(500):
            if ready.exists():
                return
            if self._relay.returncode is not None:
                break
            await asyncio.sleep(0.01)
        err = b""
        if self._relay.stderr is not None:
            with contextlib.suppress(TimeoutError):
                err = await asyncio.wait_for(self._relay.stderr.read(4096), 1)
        await self.stop()
        raise SandboxError(f"egress relay failed to start: {err.decode(errors='replace').strip() or 'timeout'}")

    async def stop(self) -> None:
        if self._relay is not None and self._relay.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self._relay.kill()
            from vera.sandbox.process import wait_exit

            await wait_exit(self._relay)
        self._relay = None
        for server in self._servers:
            server.close()
        self._servers.clear()
