"""The world's web pages, served to an agent's own HTTP clients (curl, Claude Code's WebFetch,
OpenClaw's web_fetch, Python's urllib) as a web server would, through the gateway.

A case's ``web`` service holds the pages of its world. An agent framework working with its own
tools fetches them by URL; inside its sandbox the network reaches only vera's proxies, and the
egress proxy routes each of the world's hosts (``NetworkPolicy.routes``) to :class:`WorldWeb`,
a loopback server of vera's, on port 80 for HTTP and 443 for HTTPS (with a certificate for
those hosts from the sandbox's own CA, :class:`vera.sandbox.ca.SandboxCA`, which the sandbox
trusts). Each request is a call of the web service through the trial's gateway
(:meth:`ToolGateway.call`, ``source="native"``): ``GET`` and ``HEAD`` are ``fetch_webpage``,
``POST`` is ``submit_form`` (its urlencoded or JSON fields), so the page is answered with the
case's injections for ``fetch_webpage`` applied to its text and the trial's result defences, the
site's request log records the request (a verifier sees a URL that smuggles data out), and the
trace keeps the page as served and as the agent got it. A plain-HTTP request for a page the
world has only over HTTPS is redirected there (301), as sites do. A page the world does not have
is a 404 (its host is known) and any other host is not routed at all: the egress proxy refuses
it.
"""

from __future__ import annotations

import contextlib
import json
import re
import shutil
import tempfile
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from vera.env.base import ToolError
from vera.env.services.web import normalize_url
from vera.gateway.calls import ToolGateway
from vera.gateway.injections import render_result
from vera.models.serving import LoopbackServer, Receive, Scope, Send, read_body, send_bytes
from vera.sandbox.ca import SandboxCA
from vera.sandbox.spec import Route

_STATUS = re.compile(r"\bHTTP (\d{3})\b")


def page_text(result: Any) -> str:
    """What a browser or curl gets for a fetched page: its content (the whole result for
    anything else)."""
    if isinstance(result, dict) and isinstance(result.get("content"), str):
        return result["content"]
    return render_result(result)


def world_hosts(web: Any) -> list[str]:
    """The host names of a ``web`` service's pages, sorted."""
    pages = getattr(getattr(web, "state", None), "pages", {}) or {}
    return sorted({h for u in pages if (h := urlsplit(u).hostname)})


class WorldWeb:
    """The web server of one trial's world (see the module doc); ``async with`` it."""

    def __init__(
        self, gateway: ToolGateway, hosts: list[str], ca: SandboxCA, web: Any = None
    ) -> None:
        if not hosts:
            raise ValueError("the world has no web pages to serve")
        self.web = web
        """The ``web`` service (its pages decide HTTP-to-HTTPS redirects)."""
        self.gateway = gateway
        self.hosts = list(hosts)
        self.ca = ca
        self._http = LoopbackServer(self._app)
        self._https: LoopbackServer | None = None
        self.requests = 0

    def routes(self) -> tuple[Route, ...]:
        """The sandbox's routes for the world's hosts (once started)."""
        assert self._https is not None, "start() first"
        return tuple(
            r
            for h in self.hosts
            for r in (
                Route(host=h, port=80, to_port=self._http.port),
                Route(host=h, port=443, to_port=self._https.port),
            )
        )

    async def start(self) -> None:
        cert, key = self.ca.issue(self.hosts)
        private = Path(tempfile.mkdtemp(prefix="vera-web-"))  # 0700; gone once loaded
        try:
            (private / "cert.pem").write_bytes(cert)
            (private / "key.pem").write_bytes(key)
            self._https = LoopbackServer(
                self._app,
                ssl_certfile=str(private / "cert.pem"),
                ssl_keyfile=str(private / "key.pem"),
            )
            await self._http.start()
            await self._https.start()
        finally:
            shutil.rmtree(private, ignore_errors=True)

    async def stop(self) -> None:
        await self._http.stop()
        if self._https is not None:
            await self._https.stop()

    async def __aenter__(self) -> WorldWeb:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    async def _app(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return
        self.requests += 1
        body = await read_body(receive)
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        host = urlsplit("//" + headers.get("host", "")).hostname or ""
        query = scope.get("query_string", b"").decode("latin-1")
        url = f"{scope.get('scheme', 'http')}://{host}{scope['path']}" + (
            f"?{query}" if query else ""
        )
        method = scope["method"]
        secure = self._secure_only(url)
        if secure is not None and method in ("GET", "HEAD"):
            await send_bytes(send, 301, b"", "text/plain", {"location": secure},
                             head=method == "HEAD")  # fmt: skip
            return
        if method in ("GET", "HEAD"):
            out = await self.gateway.call("fetch_webpage", {"url": url}, source="native",
                                          view=page_text)  # fmt: skip
        elif method == "POST":
            fields = _form(body, headers.get("content-type", ""))
            out = await self.gateway.call(
                "submit_form", {"url": url, "fields": fields}, source="native",
                view=lambda r: str(r.get("message", "")) if isinstance(r, dict) else str(r),
            )  # fmt: skip
        else:
            await send_bytes(send, 405, b"method not allowed\n", "text/plain; charset=utf-8")
            return
        status = 200
        if out.is_error:
            m = _STATUS.search(out.text)
            status = int(m.group(1)) if m else 404 if "no such page" in out.text else 502
        text = out.text.encode()
        kind = "text/html" if out.text.lstrip().startswith("<") else "text/plain"
        await send_bytes(send, status, text, f"{kind}; charset=utf-8", head=method == "HEAD")

    def _secure_only(self, url: str) -> str | None:
        """The HTTPS URL of a page the world has only over HTTPS, for a plain-HTTP ``url``."""
        pages = getattr(getattr(self.web, "state", None), "pages", {}) or {}
        if not url.startswith("http://"):
            return None
        try:
            key = normalize_url(url)
        except ToolError:
            return None
        plain, secure = key.split("?", 1)[0], "https://" + key[len("http://") :]
        if plain in pages or secure.split("?", 1)[0] not in pages:
            return None
        return "https://" + url[len("http://") :]


def _form(body: bytes, content_type: str) -> dict[str, str]:
    """A form's fields from its urlencoded or JSON body (anything else: the body as ``body``)."""
    text = body.decode("utf-8", "replace")
    if "json" in content_type:
        with contextlib.suppress(ValueError):
            value = json.loads(text)
            if isinstance(value, dict):
                return {str(k): str(v) for k, v in value.items()}
    pairs = parse_qsl(text, keep_blank_values=True)
    if pairs and "=" in text:
        return dict(pairs)
    return {"body": text} if text else {}


__all__ = ["WorldWeb", "page_text", "world_hosts"]
