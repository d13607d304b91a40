"""What vera's model proxy costs: added latency per model request against talking to the same
upstream directly, and memory per concurrent trial (one proxy each).

Both paths are measured in this run on this machine against the same upstream (the scripted
model server, ``vera models serve-scripted``, in a process of its own as a provider is), by the
same client: a separate process (as an agent framework is) sending sequential Chat Completions
requests on one keep-alive connection with the standard library's ``http.client``, reading every
answer to its end. Direct and proxied requests alternate, so drift on a busy machine hits both
alike. The proxy runs in this process, counts usage from every answer (the streamed events
included) and records every exchange to disk, as in a trial.

    .venv/bin/python benchmarks/model_proxy.py [REQUESTS] [--trials K]

Prints the median and mean per request for a JSON answer and for a streamed one (about 60
server-sent events), the proxy's added milliseconds (target: at most 2 ms), and the resident
memory each further concurrent trial's proxy adds, with a request in flight on each.
"""

from __future__ import annotations

import asyncio
import json
import os
import statistics
import sys
import tempfile
from pathlib import Path

from vera.models.proxy import ModelProxy, Upstream
from vera.models.scripted import ScriptedServer

ANSWER = "The meeting is at ten; bring the quarterly numbers and the draft. " * 15
"""About 1 KB of text: a streamed answer of about 60 events."""

CLIENT = r"""
import http.client, json, sys, time
direct, proxied, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
def conn(url):
    host, port = url.split("//")[1].split(":")
    return http.client.HTTPConnection(host, int(port))
conns = {"direct": conn(direct), "proxy": conn(proxied)}
def ask(which, stream):
    body = {"model": "m", "messages": [{"role": "user", "content": "when is the meeting?"}]}
    if stream:
        body.update(stream=True, stream_options={"include_usage": True})
    c = conns[which]
    t0 = time.perf_counter()
    c.request("POST", "/v1/chat/completions", json.dumps(body),
              {"content-type": "application/json", "authorization": "Bearer x"})
    r = c.getresponse()
    data = r.read()
    dt = time.perf_counter() - t0
    assert r.status == 200 and len(data) > 500, (r.status, data[:200])
    return dt
out = {}
for stream in (False, True):
    for _ in range(30):  # warm-up: connections, caches
        ask("direct", stream); ask("proxy", stream)
    times = {"direct": [], "proxy": []}
    for i in range(n):
        for which in (("direct", "proxy") if i % 2 else ("proxy", "direct")):
            times[which].append(ask(which, stream))
    out["stream" if stream else "json"] = times
print(json.dumps(out))
"""


def rss_kib() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def latency(base_url: str, root: Path, n: int) -> dict[str, dict[str, list[float]]]:
    up = Upstream(base_url=base_url + "/v1", api_key="x", price_as="openai:gpt-4o-mini")
    async with ModelProxy(up, record=root / "latency") as proxy:
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-c", CLIENT, base_url, proxy.base_url, str(n),
            stdout=asyncio.subprocess.PIPE,
        )  # fmt: skip
        raw, _ = await proc.communicate()
        assert proc.returncode == 0, "client failed"
        assert proxy.usage.requests >= 2 * (n + 30), proxy.usage  # every answer counted
    return json.loads(raw)


async def memory(srv: ScriptedServer, root: Path, k: int) -> float:
    """KiB of resident memory each further proxy adds, with a streamed request through each."""
    import httpx

    up = Upstream(base_url=srv.openai_base_url, api_key="x")
    body = {"model": "m", "stream": True, "messages": [{"role": "user", "content": "hi"}]}
    proxies: list[ModelProxy] = []

    async def one_each(client: httpx.AsyncClient) -> None:
        async def ask(p: ModelProxy) -> None:
            r = await client.post(p.openai_base_url + "/chat/completions", json=body)
            assert r.status_code == 200

        await asyncio.gather(*(ask(p) for p in proxies))

    async with httpx.AsyncClient(timeout=60, limits=httpx.Limits(max_connections=4 * k)) as c:
        first = ModelProxy(up, record=root / "mem-0")
        await first.start()
        proxies.append(first)
        for _ in range(3):
            await one_each(c)
        before = rss_kib()
        for i in range(1, k + 1):
            p = ModelProxy(up, record=root / f"mem-{i}")
            await p.start()
            proxies.append(p)
        for _ in range(3):
            await one_each(c)
        after = rss_kib()
        for p in proxies:
            await p.stop()
    return (after - before) / k


def ms(xs: list[float]) -> tuple[float, float]:
    """Median and 10th percentile, in ms (the low percentile is what the machine's other work
    leaves of the cost: on a busy machine every process hop waits for a core)."""
    return statistics.median(xs) * 1000, statistics.quantiles(xs, n=10)[0] * 1000


async def main() -> int:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    n = int(args[0]) if args else 300
    k = int(sys.argv[sys.argv.index("--trials") + 1]) if "--trials" in sys.argv else 16
    script = {"responses": [{"text": ANSWER, "times": 1_000_000}]}
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        (root / "script.yaml").write_text(json.dumps(script))
        vera = str(Path(sys.executable).with_name("vera"))
        server = await asyncio.create_subprocess_exec(
            vera, "models", "serve-scripted", str(root / "script.yaml"),
            stdout=asyncio.subprocess.PIPE,
        )  # fmt: skip
        try:
            assert server.stdout is not None
            line = (await server.stdout.readline()).decode()
            base_url = line.split()[4]  # "scripted model server on http://127.0.0.1:PORT (..."
            times = await latency(base_url, root, n)
        finally:
            server.terminate()
            await server.wait()
        async with ScriptedServer(script) as srv:
            per_trial = await memory(srv, root, k)
    load = Path("/proc/loadavg").read_text().split()[0]
    print(f"model proxy vs direct, {n} sequential requests each, same upstream (scripted server), "
          f"load average {load} on {os.cpu_count()} cores")  # fmt: skip
    for kind, label in (("json", "JSON answer    "), ("stream", "streamed answer")):
        d_med, d_p10 = ms(times[kind]["direct"])
        p_med, p_p10 = ms(times[kind]["proxy"])
        print(
            f"  {label}: direct {d_med:6.2f} ms median ({d_p10:5.2f} p10), through the proxy "
            f"{p_med:6.2f} ms ({p_p10:5.2f} p10): added {p_med - d_med:5.2f} ms median "
            f"({p_p10 - d_p10:5.2f} p10), {p_med / d_med:4.2f}x"
        )
    print("  target: at most 2 ms added per request")
    print(
        f"memory: {per_trial / 1024:.2f} MiB resident per further concurrent trial's proxy "
        f"({k} proxies, a streamed request through each)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
