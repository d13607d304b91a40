"""Declared artifacts: inference from instruction and tests, and the copy that refuses hooks."""

from __future__ import annotations

import io
import os
import subprocess
import tarfile
from pathlib import Path

from vera.harden.artifacts import (
    copy_artifacts,
    export_command,
    export_names,
    infer_artifacts,
    mentioned_paths,
)
from vera.harden.task import Task, load_task


def _exported(artifacts: list[str], src: Path, dst: Path) -> dict:
    """``/app``'s mount as the separated verifier gets it: the export script run in ``src``
    (here on the host, as the sandbox would run it in the agent's /app), its tar stream opened."""
    names = export_names(artifacts, "/app")
    out = subprocess.run(export_command(names), cwd=src, capture_output=True, check=True).stdout
    return {"/app": (tarfile.open(fileobj=io.BytesIO(out)) if names else None, dst)}


def _task(tests: dict[str, str], instruction: str = "Do it.") -> Task:
    return Task(id="t", path=Path("/nowhere"), instruction=instruction, tests=tests)


def test_mentioned_paths() -> None:
    text = 'open("/app/out.csv"); see /app/data/. and `/app/report.md`, f"/app/{name}" /application'
    assert mentioned_paths(text) == ["/app/out.csv", "/app/data", "/app/report.md"]


def test_inference_from_fixture_tests(fixtures: Path) -> None:
    assert infer_artifacts(load_task(fixtures / "harbor-wordfreq")) == ["/app/words.txt", "/app/top.txt"]


def test_inference_adds_imported_modules_and_collapses_nested_paths() -> None:
    tests = {
        "test.sh": "cd /app && python3 -m pytest /tests/test_x.py\n",
        "test_x.py": 'import sys, json\nsys.path.insert(0, "/app")\nimport solver\nfrom helpers import x\n'
                     'def test(): assert open("/app/out/a.txt") and open("/app/out")\n',
        "helpers.py": "x = 1\n",
    }
    got = infer_artifacts(_task(tests))
    assert got == ["/app/out", "/app/solver.py", "/app/solver"]


def test_nothing_found_means_whole_app() -> None:
    assert infer_artifacts(_task({"test.sh": "echo 1 > /logs/verifier/reward.txt\n"})) == ["/app"]


def test_shadowed_modules_include_what_tests_import() -> None:
    from vera.harden.artifacts import shadowed_modules

    got = shadowed_modules(_task({"test_a.py": "import json\nfrom solver import x\n", "t.sh": "import os"}))
    assert {"json", "pytest", "numpy"} <= got and "os" not in got and "solver" not in got


def test_declared_artifacts_win(fixtures: Path) -> None:
    from vera.harden.artifacts import artifacts_of

    assert artifacts_of(load_task(fixtures / "numeric-sumsq")) == ["/app/kernel.py"]


def test_copy_refuses_hooks_symlinks_and_reports_absent(tmp_path: Path) -> None:
    src, dst = tmp_path / "agent", tmp_path / "verifier"
    (src / "pkg").mkdir(parents=True)
    dst.mkdir()
    (src / "out.txt").write_text("ok")
    (src / "pkg" / "mod.py").write_text("x = 1")
    (src / "pkg" / "conftest.py").write_text("evil")
    (src / "pkg" / "sitecustomize.py").write_text("evil")
    (src / "pkg" / "hook.pth").write_text("import evil")
    os.symlink("/tests/expected.txt", src / "link.txt")
    artifacts = ["/app/out.txt", "/app/pkg", "/app/link.txt", "/app/missing.txt", "/app/*.txt",
                 "/etc/passwd"]
    copied, notes = copy_artifacts(artifacts, _exported(artifacts, src, dst))
    assert copied == ["/app/out.txt", "/app/pkg/mod.py", "/app/out.txt"]
    assert sorted(p.relative_to(dst).as_posix() for p in dst.rglob("*") if p.is_file()) == [
        "out.txt", "pkg/mod.py"]
    joined = "\n".join(notes)
    for word in ("conftest.py", "sitecustomize.py", "hook.pth", "symlink /app/link.txt",
                 "/app/missing.txt: absent", "/etc/passwd: not under"):
        assert word in joined


def test_copy_whole_app(tmp_path: Path) -> None:
    src, dst = tmp_path / "a", tmp_path / "b"
    (src / "d").mkdir(parents=True)
    dst.mkdir()
    (src / "d" / "f").write_text("1")
    (src / "conftest.py").write_text("evil")
    (src / "numpy.py").write_text("evil")
    (src / "pytest").mkdir()
    (src / "d" / "json.py").write_text("fine: not on sys.path via /app")
    (src / "calendar.py").write_text("a deliverable: the tests do not import calendar")
    copied, notes = copy_artifacts(["/app"], _exported(["/app"], src, dst))
    assert copied == ["/app/calendar.py", "/app/d/f", "/app/d/json.py"]
    assert not (dst / "conftest.py").exists() and not (dst / "numpy.py").exists()
    assert "refused module shadowing /app/numpy.py" in notes
    assert "refused module shadowing /app/pytest" in notes


def test_an_agent_link_is_carried_as_a_link_never_followed(tmp_path: Path) -> None:
    """Issue 33: a folder artifact replaced by a link to a host folder (or to /), a file
    artifact under such a link, a glob through it: nothing of what the link points at is
    copied; a relative link inside a copied folder stays a link."""
    host = tmp_path / "host"
    (host / "sub").mkdir(parents=True)
    (host / "secret.txt").write_text("HOST SECRET")
    src, dst = tmp_path / "agent", tmp_path / "verifier"
    (src / "repo" / "docs").mkdir(parents=True)
    dst.mkdir()
    os.symlink(host, src / "out")
    os.symlink("/", src / "root")
    (src / "repo" / "README.md").write_text("read me")
    os.symlink("../README.md", src / "repo" / "docs" / "README.md")
    os.symlink(str(host / "secret.txt"), src / "repo" / "escape")
    artifacts = ["/app/out", "/app/out/secret.txt", "/app/out/*", "/app/root/etc/passwd",
                 "/app/repo"]
    copied, notes = copy_artifacts(artifacts, _exported(artifacts, src, dst))
    assert copied == ["/app/repo/README.md", "/app/repo/docs/README.md"]
    assert os.readlink(dst / "repo" / "docs" / "README.md") == "../README.md"
    assert not (dst / "repo" / "escape").exists() and not (dst / "repo" / "escape").is_symlink()
    for word in ("refused symlink /app/out", "refused symlink /app/root", "refused symlink /app/repo/escape"):
        assert word in notes
    assert "HOST SECRET" not in "".join(p.read_text() for p in dst.rglob("*") if p.is_file())


def test_copies_never_write_through_a_seed_link(tmp_path: Path) -> None:
    """The verifier's /app holds the task's seed, links included: an artifact written there
    replaces or refuses the link; it never lands in the folder the link points at."""
    host = tmp_path / "host"
    host.mkdir()
    src, dst = tmp_path / "agent", tmp_path / "verifier"
    (src / "data").mkdir(parents=True)
    (src / "data" / "x.txt").write_text("agent")
    (src / "top.txt").write_text("agent")
    dst.mkdir()
    os.symlink(host, dst / "data")  # a seed link to a folder outside /app
    os.symlink(host / "top.txt", dst / "top.txt")
    artifacts = ["/app/data/x.txt", "/app/top.txt"]
    copied, notes = copy_artifacts(artifacts, _exported(artifacts, src, dst))
    assert copied == ["/app/top.txt"] and (dst / "top.txt").read_text() == "agent"
    assert any(n.startswith("refused /app/data/x.txt") and "data" in n for n in notes), notes
    assert list(host.iterdir()) == []
