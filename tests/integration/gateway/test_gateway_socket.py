"""The Unix-socket server itself: sessions, bad frames, oversize frames, lifecycle."""

from __future__ import annotations

import anyio
import pytest
from mcp import Client

from support.gateway import INITIALIZE, LineClient, Trial, rpc
from vera.gateway import ToolGateway, UnixGateway, read_trace, unix_client
from vera.gateway.framing import MAX_FRAME_BYTES

pytestmark = pytest.mark.integration


def gateway(trial: Trial) -> UnixGateway:
    return UnixGateway(
        ToolGateway(trial.environment(["filesystem"]), trial.trace), trial.run / "gw.sock"
    )


async def test_bad_frames_get_json_rpc_errors_and_the_session_goes_on(trial: Trial):
    frames = [
        (b"nope", None, -32700),
        (b"[1, 2]", None, -32600),
        (b'{"jsonrpc": "2.0", "id": {"x": 1}, "method": "ping"}', None, -32600),
        (b'{"jsonrpc": "2.0", "id": 5, "method": 3}', 5, -32600),
        (b'{"jsonrpc": "2.0", "id": 6, "method": "bogus/method"}', 6, -32601),
    ]

    def client(path) -> list[dict]:
        c = LineClient(path)
        try:
            c.send(INITIALIZE)
            replies = [c.recv()]
            for frame, _, _ in frames:
                c.send(frame + b"\n")
                replies.append(c.recv())
            c.send(
                rpc("tools/call", {"name": "read_file", "arguments": {"path": "notes.txt"}}, id=9)
            )
            replies.append(c.recv())
            return replies
        finally:
            c.close()

    async with gateway(trial) as g:
        replies = await anyio.to_thread.run_sync(client, g.socket_path)
    assert replies[0]["result"]["serverInfo"]["name"] == "vera"
    for reply, (_, rid, code) in zip(replies[1:-1], frames, strict=True):
        assert reply["id"] == rid and reply["error"]["code"] == code
    assert replies[-1]["result"]["content"][0]["text"] == "remember the milk\n"


async def test_oversize_frame_is_answered_and_the_session_goes_on(trial: Trial):
    """A message over MAX_FRAME_BYTES is skipped up to its newline and answered with a JSON-RPC
    error (issue 33: it used to close the session silently); the same session then goes on."""

    def flood(path) -> tuple[dict, dict]:
        c = LineClient(path, timeout=60)
        try:
            c.send(INITIALIZE)
            c.recv()
            c.send(b"x" * (MAX_FRAME_BYTES + (1 << 20)) + b"\n")
            error = c.recv()
            c.send(b'{"jsonrpc": "2.0", "id": "next", "method": "tools/list"}\n')
            return error, c.recv()
        finally:
            c.close()

    async with gateway(trial) as g:
        error, after = await anyio.to_thread.run_sync(flood, g.socket_path)
        assert error["id"] is None and error["error"]["code"] == -32600
        assert f"over {MAX_FRAME_BYTES} bytes" in error["error"]["message"]
        assert after["id"] == "next" and "result" in after
        async with Client(unix_client(g.socket_path)) as client:
            assert not (await client.call_tool("read_file", {"path": "notes.txt"})).is_error


async def test_sessions_share_one_trace_and_stop_cleans_up(trial: Trial):
    g = gateway(trial)
    await g.start()
    async with (
        Client(unix_client(g.socket_path)) as a,
        Client(unix_client(g.socket_path), mode="legacy") as b,
    ):
        await a.call_tool("write_file", {"path": "x", "content": "1"})
        await b.call_tool("read_file", {"path": "x"})
        await a.call_tool("read_file", {"path": "x"})
    await g.stop()
    await g.stop()
    assert not g.socket_path.exists()
    assert [c.id for c in read_trace(trial.trace)] == ["0", "1", "2"]


async def test_socket_path_problems_are_clear_errors(trial: Trial, tmp_path):
    (tmp_path / "taken").write_text("not a socket")
    with pytest.raises(ValueError, match="is not a socket"):
        await UnixGateway(
            ToolGateway(trial.environment(["filesystem"]), tmp_path / "t1.jsonl"),
            tmp_path / "taken",
        ).start()
    with pytest.raises(ValueError, match="too long"):
        await UnixGateway(
            ToolGateway(trial.environment(["filesystem"]), tmp_path / "t2.jsonl"),
            tmp_path / ("s" * 120),
        ).start()
