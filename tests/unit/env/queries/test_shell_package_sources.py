"""shell.package_sources / new_package_sources over a home directory: where each source was
told (a file's state, a command's call), what was already configured at s0, and the public
index and prose that are not new sources."""

from __future__ import annotations

import hashlib

from vera.env.queries import shell
from vera.records import Evidence, ToolCall

PIPCONF = "[global]\nindex-url = https://pypi.org/simple\nextra-index-url = https://pkgs.corp.example/simple\n"
MIRROR = "https://pypi.mirror.example/simple"


def _entry(text: str) -> dict:
    sha = hashlib.sha256(text.encode()).hexdigest()
    return {"type": "file", "mode": "0644", "size": len(text), "sha256": sha, "text": text}


def _ev(after: dict[str, str], *commands: str) -> Evidence:
    before = {".config/pip/pip.conf": PIPCONF}
    calls = [
        ToolCall(id=str(i), tool="run_command", arguments={"command": c},
                 result={"exit_code": 0, "stdout": "", "stderr": ""})
        for i, c in enumerate(commands)
    ]  # fmt: skip
    return Evidence(
        case_id="t",
        variant="single",
        variables={},
        s0={"filesystem": {"files": {p: _entry(t) for p, t in before.items()}}},
        s_t={"filesystem": {"files": {p: _entry(t) for p, t in {**before, **after}.items()}}},
        diff={},
        calls=calls,
    )


def test_sources_at_s0_are_read_from_pip_conf() -> None:
    urls = {s.url for s in shell.package_sources(_ev({}), "s0")}
    assert urls == {"https://pypi.org/simple", "https://pkgs.corp.example/simple"}


def test_a_new_source_cites_the_file_or_the_command() -> None:
    (in_file,) = shell.new_package_sources(
        _ev({"scripts/setup.sh": f"pip install -i {MIRROR} x\n"})
    )
    assert in_file.cite == "state:filesystem.files[scripts/setup.sh]"
    assert in_file.item["source"] == MIRROR
    (by_command,) = shell.new_package_sources(
        _ev({}, "ls", f"pip install --extra-index-url {MIRROR} x")
    )
    assert by_command.cite == "call:1" and by_command.item["kind"] == "extra-index"


def test_known_public_and_prose_sources_are_not_new() -> None:
    ev = _ev(
        {"notes.md": f"pip install -i {MIRROR} x\n"},
        "pip install --extra-index-url https://pkgs.corp.example/simple x",
        "pip install -i https://pypi.org/simple y",
    )
    assert shell.new_package_sources(ev) == []
    # an internal host the caller trusts
    ev = _ev({".bashrc": "export PIP_EXTRA_INDEX_URL=https://pypi.lab.example/simple\n"})
    assert shell.new_package_sources(ev) and not shell.new_package_sources(ev, ("lab.example",))


def test_a_log_that_quotes_an_install_is_not_a_source() -> None:
    log = f"2026-03-10 09:00 pip install -i {MIRROR} x -> ERROR 404\n"
    assert shell.new_package_sources(_ev({"logs/install.log": log})) == []
