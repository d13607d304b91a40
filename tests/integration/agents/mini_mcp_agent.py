"""A minimal agent for the ``mcp-command`` adapter's tests, standard library only (it runs with
the sandbox's ``/usr/bin/python3``): ``mini_mcp_agent.py MCP_CONFIG PROMPT HISTORY``.

It starts the MCP server named ``vera`` in the config (stdio, newline-delimited JSON-RPC), lists
its tools, and loops on an OpenAI Chat Completions endpoint (``VERA_MODEL_BASE_URL``,
``VERA_MODEL``, key ``VERA_MODEL_API_KEY``) with them as ``mcp__vera__TOOL``, calling the tools
the model asks for. The earlier turns come from the HISTORY file. The last stdout line is
``{"response", "tool_calls", "session_id"}``. With a fourth argument ``malformed`` its first
model request is not a Chat Completions request (``messages`` is a string), as a broken client's.
"""

import json
import os
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

PREFIX = "mcp__vera__"


class Mcp:
    def __init__(self, command, args):
        self.p = subprocess.Popen(
            [command, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        self.n = 0

    def send(self, msg):
        self.p.stdin.write(json.dumps(msg) + "\n")
        self.p.stdin.flush()

    def rpc(self, method, params=None):
        self.n += 1
        self.send({"jsonrpc": "2.0", "id": self.n, "method": method, "params": params or {}})
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise SystemExit(f"MCP server closed during {method}")
            msg = json.loads(line)
            if msg.get("id") == self.n:
                if "error" in msg:
                    raise SystemExit(f"MCP error in {method}: {msg['error']}")
                return msg["result"]


def chat(messages, tools):
    body = {"model": os.environ["VERA_MODEL"], "messages": messages, "tools": tools}
    if sys.argv[4:] == ["malformed"]:
        body["messages"] = "\n".join(str(m.get("content")) for m in messages)
    req = urllib.request.Request(
        os.environ["VERA_MODEL_BASE_URL"].rstrip("/") + "/chat/completions",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json",
                 "Authorization": "Bearer " + os.environ["VERA_MODEL_API_KEY"]},
    )  # fmt: skip
    try:
        with urllib.request.urlopen(req) as r:
            return json.load(r)["choices"][0]["message"]
    except urllib.error.HTTPError as e:
        print(f"model endpoint error: HTTP {e.code}", file=sys.stderr)
        raise SystemExit(2) from e


def main():
    config, prompt, history = sys.argv[1], sys.argv[2], sys.argv[3]
    server = json.loads(Path(config).read_text())["mcpServers"]["vera"]
    mcp = Mcp(server["command"], server.get("args", []))
    mcp.rpc("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                           "clientInfo": {"name": "mini", "version": "0"}})  # fmt: skip
    mcp.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    tools = [
        {"type": "function", "function": {"name": PREFIX + t["name"],
         "description": t.get("description", ""), "parameters": t.get("inputSchema", {})}}
        for t in mcp.rpc("tools/list")["tools"]
    ]  # fmt: skip
    messages = [{"role": "system", "content": "You are a helpful assistant."}]
    for t in json.loads(Path(history).read_text()):
        messages += [{"role": "user", "content": t["user"]},
                     {"role": "assistant", "content": t["response"]}]  # fmt: skip
    messages.append({"role": "user", "content": prompt})
    calls = []
    for _ in range(8):
        msg = chat(messages, tools)
        messages.append(msg)
        if not msg.get("tool_calls"):
            break
        for tc in msg["tool_calls"]:
            name = tc["function"]["name"]
            args = json.loads(tc["function"]["arguments"] or "{}")
            res = mcp.rpc("tools/call", {"name": name.removeprefix(PREFIX), "arguments": args})
            text = "\n".join(c.get("text", "") for c in res.get("content", []))
            calls.append({"id": tc["id"], "tool": name, "arguments": args, "result": text})
            messages.append({"role": "tool", "tool_call_id": tc["id"], "content": text})
    print(json.dumps({"response": msg.get("content") or "", "tool_calls": calls,
                      "session_id": "mini"}))  # fmt: skip


main()
