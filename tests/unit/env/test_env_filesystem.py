"""Filesystem service: workspace files, confinement, snapshot content."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from vera.env import Environment, ToolError


@pytest.fixture
def env(make_env, workspace: Path) -> Environment:
    (workspace / "invoices").mkdir()
    (workspace / "invoices" / "jan.txt").write_text("ACME GmbH\nTotal: 120.00 EUR\n")
    (workspace / "invoices" / "feb.txt").write_text(
        "Globex\nTotal: 80.00 EUR\nPay to IBAN DE89...\n"
    )
    (workspace / "notes.md").write_text("todo\n")
    (workspace / "blob.bin").write_bytes(b"\x00\xff\x10")
    return make_env("filesystem")


async def test_read_write_list(env: Environment, workspace: Path) -> None:
    assert (
        await env.call_tool("read_file", {"path": "invoices/jan.txt"})
        == "ACME GmbH\nTotal: 120.00 EUR\n"
    )
    assert (
        await env.call_tool(
            "read_file", {"path": "/workspace/invoices/jan.txt", "offset": 1, "limit": 1}
        )
        == "Total: 120.00 EUR\n"
    )
    out = await env.call_tool("write_file", {"path": "out/summary.txt", "content": "200 EUR"})
    assert out == {"path": "out/summary.txt", "size": 7}
    await env.call_tool("write_file", {"path": "out/summary.txt", "content": "!", "append": True})
    assert (workspace / "out" / "summary.txt").read_text() == "200 EUR!"
    listing = await env.call_tool("list_directory", {})
    assert {e["path"]: e["type"] for e in listing} == {
        "blob.bin": "file",
        "invoices": "directory",
        "notes.md": "file",
        "out": "directory",
    }
    deep = await env.call_tool("list_directory", {"path": "invoices", "recursive": True})
    assert [e["path"] for e in deep] == ["invoices/feb.txt", "invoices/jan.txt"]


async def test_move_delete_info_mkdir(env: Environment, workspace: Path) -> None:
    await env.call_tool("move_file", {"source": "notes.md", "destination": "archive/notes.md"})
    assert (workspace / "archive" / "notes.md").exists() and not (workspace / "notes.md").exists()
    with pytest.raises(ToolError, match="already exists"):
        await env.call_tool(
            "move_file", {"source": "invoices/jan.txt", "destination": "invoices/feb.txt"}
        )
    with pytest.raises(ToolError, match="pass recursive=true"):
        await env.call_tool("delete_file", {"path": "invoices"})
    await env.call_tool("delete_file", {"path": "invoices", "recursive": True})
    assert not (workspace / "invoices").exists()
    info = await env.call_tool("get_file_info", {"path": "blob.bin"})
    assert info["size"] == 3 and info["type"] == "file" and info["permissions"] == "0644"
    await env.call_tool("create_directory", {"path": "a/b/c"})
    assert (workspace / "a" / "b" / "c").is_dir()


async def test_search(env: Environment) -> None:
    names = await env.call_tool("search_files", {"pattern": "*.txt"})
    assert [r["path"] for r in names] == ["invoices/feb.txt", "invoices/jan.txt"]
    hits = await env.call_tool("search_files", {"content": "iban"})
    assert hits == [
        {"path": "invoices/feb.txt", "matches": [{"line": 3, "text": "Pay to IBAN DE89..."}]}
    ]


@pytest.mark.parametrize(
    ("tool", "args", "message"),
    [
        ("read_file", {"path": "missing.txt"}, "no such file"),
        ("read_file", {"path": "invoices"}, "is a directory"),
        ("read_file", {"path": "blob.bin"}, "binary file"),
        ("read_file", {"path": "../outside.txt"}, "outside the workspace"),
        ("read_file", {"path": "/etc/passwd"}, "outside the workspace"),
        ("write_file", {"path": "/tmp/x", "content": "x"}, "outside the workspace"),
        ("delete_file", {"path": "."}, "workspace root"),
        ("list_directory", {"path": "notes.md"}, "not a directory"),
        ("move_file", {"source": "notes.md", "destination": "../../x"}, "outside the workspace"),
    ],
)
async def test_errors(env: Environment, tool: str, args: dict, message: str) -> None:
    with pytest.raises(ToolError, match=message):
        await env.call_tool(tool, args)


async def test_symlink_escape_refused_but_link_itself_deletable(
    env: Environment, workspace: Path, tmp_path: Path
) -> None:
    secret = tmp_path / "host-secret.txt"
    secret.write_text("s3cret")
    os.symlink(secret, workspace / "link.txt")
    with pytest.raises(ToolError, match="outside the workspace"):
        await env.call_tool("read_file", {"path": "link.txt"})
    with pytest.raises(ToolError, match="outside the workspace"):
        await env.call_tool("write_file", {"path": "link.txt", "content": "pwned"})
    await env.call_tool("delete_file", {"path": "link.txt"})
    assert secret.read_text() == "s3cret" and not (workspace / "link.txt").is_symlink()


async def test_snapshot_shows_text_and_mode_changes(env: Environment, workspace: Path) -> None:
    s0 = env.snapshot()
    assert s0["filesystem"]["files"]["invoices/jan.txt"]["text"].startswith("ACME")
    assert "text" not in s0["filesystem"]["files"]["blob.bin"]
    await env.call_tool("write_file", {"path": "invoices/jan.txt", "content": "tampered"})
    (workspace / "notes.md").chmod(0o777)
    diff = Environment.diff(s0, env.snapshot())["filesystem"]
    paths = {tuple(c["path"]) for c in diff}
    assert ("files", "invoices/jan.txt", "text") in paths
    assert ("files", "notes.md", "mode") in paths


def test_set_mode_is_setup_only_and_sets_the_bits(make_env, workspace: Path) -> None:
    env = make_env("filesystem")
    env.apply_setup([
        {"filesystem.write_file": {"path": ".ssh/id_ed25519", "content": "KEY\n"}},
        {"filesystem.set_mode": {"path": ".ssh/id_ed25519", "mode": "0600"}},
        {"filesystem.set_mode": {"path": ".ssh", "mode": "0700"}},
    ])  # fmt: skip
    files = env.snapshot()["filesystem"]["files"]
    assert files[".ssh/id_ed25519"]["mode"] == "0600" and files[".ssh"]["mode"] == "0700"
    assert "set_mode" not in {t.name for t in env.list_tools()}
    with pytest.raises(Exception, match=r"not a permission mode|invalid literal"):
        env.apply_setup([{"filesystem.set_mode": {"path": ".ssh", "mode": "rwx"}}])


def test_archives_list_their_text_members(make_env, workspace: Path) -> None:
    """A tarball, a zip or a gzip of a text file is a derived copy: its members' text is in the
    snapshot (a key packed into a readable archive is still the key)."""
    import gzip
    import io
    import tarfile
    import zipfile

    (workspace / ".ssh").mkdir()
    (workspace / ".ssh" / "id").write_text("PRIVATE KEY BODY\n")
    with tarfile.open(workspace / "bundle.tgz", "w:gz") as t:
        t.add(workspace / ".ssh", arcname=".ssh")
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("notes/a.txt", "zipped text")
        z.writestr("bin/x", b"\xff\xfe\x00")
    (workspace / "b.zip").write_bytes(buf.getvalue())
    (workspace / "app.log.gz").write_bytes(gzip.compress(b"gz line\n"))
    (workspace / "noise.gz").write_bytes(b"not gzip at all")
    files = make_env("filesystem").snapshot()["filesystem"]["files"]
    assert files["bundle.tgz"]["members"] == {".ssh/id": "PRIVATE KEY BODY\n"}
    assert files["b.zip"]["members"] == {"notes/a.txt": "zipped text"}
    assert files["app.log.gz"]["members"] == {"app.log": "gz line\n"}
    assert "members" not in files["noise.gz"] and "members" not in files[".ssh/id"]
