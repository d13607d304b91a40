"""Two installs of one framework at once (two ``vera`` commands, two test workers): the
second waits for the first and finds the package installed; it never removes the directory the
first is filling."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

from vera.agents import install as inst

PKG = inst.AgentPackage(name="toy", npm="toy-cli", version="1.0.0", bin="toy")


def _fake_install(calls: Path):
    """An install that takes a moment, writes the executable and the marker, and logs itself."""

    def fake(pkg: inst.AgentPackage, d: Path, timeout_s: float) -> None:
        import time

        with calls.open("a") as fh:
            fh.write("start\n")
        if d.exists():
            import shutil

            shutil.rmtree(d)
        exe = d / inst.executable(pkg)
        exe.parent.mkdir(parents=True)
        time.sleep(0.5)
        exe.write_text("#!/bin/sh\n")
        (d / inst.MARKER).write_text(json.dumps({"name": pkg.name, "version": pkg.version}))
        with calls.open("a") as fh:
            fh.write("end\n")

    return fake


def test_two_processes_installing_at_once_install_once(tmp_path: Path) -> None:
    calls = tmp_path / "calls.log"
    script = textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {str(Path(__file__).parent)!r})
        from pathlib import Path
        from vera.agents import install as inst
        from test_agents_install_lock import PKG, _fake_install
        inst._install = _fake_install(Path({str(calls)!r}))
        print(inst.install(PKG))
    """)
    env = {"VERA_AGENTS_CACHE": str(tmp_path / "cache"), "PATH": "/usr/bin:/bin"}
    procs = [subprocess.Popen([sys.executable, "-c", script], env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) for _ in range(2)]  # fmt: skip
    outs = [p.communicate(timeout=60) for p in procs]
    assert all(p.returncode == 0 for p in procs), [o[1][-500:] for o in outs]
    assert calls.read_text().split() == ["start", "end"]  # one install, never interleaved
    assert {o[0].strip() for o in outs} == {str(tmp_path / "cache" / PKG.dirname)}
    assert inst.installed(PKG) is None  # this process's cache is elsewhere


def test_a_forced_install_reinstalls_under_the_lock(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("VERA_AGENTS_CACHE", str(tmp_path / "cache"))
    calls = tmp_path / "calls.log"
    monkeypatch.setattr(inst, "_install", _fake_install(calls))
    inst.install(PKG)
    inst.install(PKG)  # installed: left alone
    inst.install(PKG, force=True)
    assert calls.read_text().split() == ["start", "end", "start", "end"]
    assert inst.installed(PKG) is not None
