"""Web: a static, case-defined set of pages and a search engine over them. No real network.

Fetching a URL the case did not define is an error (like a DNS failure or a 404), but every
request, answered or not, is kept in the request log, the way the far end's server would log
it; a verifier finds data smuggled out in a URL there. A site may publish a ``robots.txt`` (a
page like any other) and set a rate limit: past it, the site answers ``429 Too Many Requests``
with a ``Retry-After``, as real sites throttle scripted traffic.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar
from urllib.parse import unquote_plus, urlsplit, urlunsplit

from pydantic import BaseModel, Field

from vera.env.base import ToolError
from vera.env.service import Service, ServiceState, tool

MAX_PAGE_CHARS = 100_000


def normalize_url(url: str) -> str:
    """Lower-case scheme and host, drop the fragment and a trailing slash on the path."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ToolError(f"not an http(s) URL: {url!r}")
    path = parts.path.rstrip("/") or ""
    return urlunsplit((parts.scheme.lower(), parts.netloc.lower(), path, parts.query, ""))


class Page(BaseModel):
    url: str
    title: str = ""
    content: str
    """Page text as a browser's reader view would show it (Markdown or plain text)."""
    status: int = 200
    replies: dict[str, str] = Field(default_factory=dict)
    """What the site answers a form sent to this page (a POST, or a GET with a query): the reply
    under a value the form carries (a tracking number: the parcel's status), else the one under
    ``""``, else a plain acknowledgement. A tracker or a lookup form answers what was asked."""

    def reply_to(self, sent: str) -> str | None:
        """The reply for a form whose fields (or query) read ``sent``, or None."""
        flat = re.sub(r"\s", "", unquote_plus(sent)).casefold()
        for value, text in self.replies.items():
            if value and re.sub(r"\s", "", value).casefold() in flat:
                return text
        return self.replies.get("")


class Request(BaseModel):
    id: str
    url: str
    method: str = "GET"
    status: int
    body: str | None = None


class WebState(ServiceState):
    pages: dict[str, Page] = Field(default_factory=dict)
    """Pages by normalized URL."""
    requests: list[Request] = Field(default_factory=list)
    rate_limits: dict[str, int] = Field(default_factory=dict)
    """Per host: how many requests it answers before it throttles (429)."""
    next_id: int = 1


class Web(Service):
    name = "web"
    authored_setup: ClassVar[dict[str, tuple[str, ...]]] = {
        "add_page": ("*",),
    }
    description = "Web browsing over a fixed set of pages, and a search engine over them."
    State = WebState
    state: WebState

    def add_page(
        self,
        url: str,
        content: str,
        *,
        title: str = "",
        status: int = 200,
        replies: dict[str, str] | None = None,
    ) -> str:
        """Publish a page (s0); returns its normalized URL. ``replies``: what the page answers a
        form carrying a value (:attr:`Page.replies`)."""
        key = normalize_url(url)
        self.state.pages[key] = Page(
            url=key, title=title or key, content=content, status=status, replies=replies or {}
        )
        return key

    def set_rate_limit(self, host: str, max_requests: int) -> None:
        """A site answers this many requests, then throttles with 429 (s0)."""
        self.state.rate_limits[host.lower()] = max_requests

    def _throttled(self, key: str, method: str = "GET", body: str | None = None) -> None:
        """Past the host's rate limit: log the 429 and refuse, the way the site would."""
        host = urlsplit(key).hostname or ""
        limit = self.state.rate_limits.get(host)
        if limit is None:
            return
        served = [r for r in self.requests_to(host) if r.status != 429]
        if len(served) >= limit:
            self._log(key, 429, method, body)
            raise ToolError(
                f"HTTP 429 Too Many Requests: {key} (Retry-After: 3600; automated traffic "
                "is limited on this site)"
            )

    def requests_to(self, host: str) -> list[Request]:
        """Every logged request to a host (for verifiers)."""
        return [r for r in self.state.requests if urlsplit(r.url).hostname == host.lower()]

    def _log(self, url: str, status: int, method: str = "GET", body: str | None = None) -> None:
        self.state.requests.append(
            Request(
                id=f"req_{self.state.next_id}", url=url, method=method, status=status, body=body
            )
        )
        self.state.next_id += 1

    def _lookup(self, key: str) -> Page | None:
        page = self.state.pages.get(key)
        if page is None and "?" in key:  # query strings on a static page are ignored by its server
            page = self.state.pages.get(key.split("?", 1)[0])
        return page

    @tool(authored=("*",))
    def fetch_webpage(self, url: str) -> dict[str, Any]:
        """Fetch a web page and return its text.

        Args:
            url: Absolute http(s) URL.
        """
        key = normalize_url(url)
        self._throttled(key)
        page = self._lookup(key)
        if page is None:
            host = urlsplit(key).hostname or ""
            known = any(urlsplit(u).hostname == host for u in self.state.pages)
            self._log(key, 404 if known else 0)
            if known:
                raise ToolError(f"HTTP 404 Not Found: {url}")
            raise ToolError(f"could not resolve host {host!r}")
        self._log(key, page.status)
        if page.status >= 400:
            raise ToolError(f"HTTP {page.status}: {url}")
        content = page.content
        query = urlsplit(key).query
        answer = page.reply_to(query) if query else None
        if answer:  # a lookup form sent as a GET: the page shows its answer
            content = f"{content}\n\n{answer}"
        if len(content) > MAX_PAGE_CHARS:
            content = content[:MAX_PAGE_CHARS] + "\n[... page truncated]"
        return {"url": page.url, "title": page.title, "content": content}

    @tool(authored=("title", "snippet"))
    def search_web(self, query: str, max_results: int = 10) -> list[dict[str, Any]]:
        """Search the web; results are ranked by how many query words a page contains.

        Args:
            query: Search terms.
            max_results: Most results to return.
        """
        words = [w for w in re.findall(r"\w+", query.lower()) if len(w) > 1]
        if not words:
            raise ToolError("empty search query")
        self._log("search:" + query, 200)
        scored = []
        for page in self.state.pages.values():
            if page.status >= 400:
                continue
            hay = f"{page.title} {page.url} {page.content}".lower()
            score = sum(hay.count(w) for w in words) + 5 * sum(
                w in page.title.lower() for w in words
            )
            if score:
                scored.append((score, page))
        scored.sort(key=lambda s: (-s[0], s[1].url))
        return [
            {"url": p.url, "title": p.title, "snippet": _snippet(p.content, words)}
            for _, p in scored[: max(max_results, 0)]
        ]

    @tool(authored=("*",))
    def submit_form(self, url: str, fields: dict[str, str]) -> dict[str, Any]:
        """Submit a web form (HTTP POST) on a page.

        Args:
            url: The form's action URL.
            fields: Form fields, name to value.
        """
        key = normalize_url(url)
        page = self._lookup(key)
        body = "&".join(f"{k}={v}" for k, v in fields.items())
        self._throttled(key, "POST", body)
        status = (
            page.status
            if page
            else (
                404
                if any(urlsplit(u).hostname == urlsplit(key).hostname for u in self.state.pages)
                else 0
            )
        )
        self._log(key, status, "POST", body)
        if page is None:
            raise ToolError(f"could not submit to {url}: no such page")
        return {
            "url": page.url,
            "status": page.status,
            "message": page.reply_to(body) or "Thank you, your submission was received.",
        }


def _snippet(text: str, words: list[str]) -> str:
    low = text.lower()
    pos = min((low.find(w) for w in words if w in low), default=0)
    start = max(pos - 60, 0)
    return ("…" if start else "") + " ".join(text[start : start + 200].split())
