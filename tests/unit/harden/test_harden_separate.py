"""Separation as a rewrite of files: the shell rewrite, the config changes, SEPARATION.md."""

from __future__ import annotations

from pathlib import Path

import pytest

from vera.harden.separate import PREAMBLE_MARK, harden_shell, separate_task, separate_to
from vera.harden.task import TaskError, load_task


@pytest.mark.parametrize(
    ("line", "want"),
    [
        ("pytest -q /tests/t.py", "vera_pytest 0 -q /tests/t.py"),
        ("cd /app && python3 -m pytest /tests", "cd /app && vera_pytest 0 /tests"),
        ("X=1 python /tests/a.py > r", "X=1 python -I /tests/a.py > r"),
        ("out=$(python3 /tests/a.py)", "out=$(python3 -I /tests/a.py)"),
        ("if timeout 5 /usr/bin/python3 x; then :; fi", "if timeout 5 /usr/bin/python3 -I x; then :; fi"),
        ("python3 -I x", "python3 -I x"),
        ("echo python3 is here", "echo python3 is here"),
        ("pip install pytest", "pip install pytest"),
        ("# python3 -m pytest", "# python3 -m pytest"),
    ],
)
def test_harden_shell_rewrites_command_words(line: str, want: str) -> None:
    out, _ = harden_shell(f"#!/bin/bash\n{line}\n", set())
    assert out.splitlines()[-1] == want


def test_pytest_reward_rests_on_its_report_with_the_expected_count() -> None:
    files = {
        "/tests/test_a.py": (
            "import pytest\n\n@pytest.mark.parametrize('x', [1, 2, 3])\ndef test_p(x):\n    pass\n\n"
            "def test_q():\n    pass\n\nclass TestC:\n    def test_m(self):\n        pass\n"
        ),
        "/tests/test_b.py": "def test_other():\n    pass\n",
        "/app/tests/test_c.py": "def test_c1():\n    pass\n\ndef test_c2():\n    pass\n",
    }
    out, _ = harden_shell(
        "#!/bin/bash\npytest -q /tests/test_a.py && echo 1\ncd /app && python3 -m pytest /app/tests\n"
        "python3 -m pytest -q\ncp /tests/test_b.py /app/ && pytest test_b.py\n",
        set(),
        files,
    )
    body = out.split("# --- end of preamble ---\n", 1)[1].splitlines()
    assert body == [
        "vera_pytest 5 -q /tests/test_a.py && echo 1",
        "cd /app && vera_pytest 2 /app/tests",
        "vera_pytest 6 -q",
        "cp /tests/test_b.py /app/ && vera_pytest 1 test_b.py",
    ]
    assert "vera_pytest() {" in out and "--junitxml=" in out


def test_harden_shell_preamble_and_idempotence() -> None:
    out, notes = harden_shell("#!/bin/bash\nuv run pytest\n", {"PYTHONPATH"})
    assert out.startswith("#!/bin/bash\n" + PREAMBLE_MARK)
    assert "unset LD_PRELOAD" in out and " PYTHONPATH " not in out.split("unset", 1)[1].split("\n")[0]
    assert "rm -f /logs/verifier/reward.txt" in out
    assert notes and "uv run pytest" in notes[0]
    assert harden_shell(out, set()) == (out, [])


def test_separate_task_records_changes(fixtures: Path) -> None:
    task = load_task(fixtures / "numeric-sumsq")
    new, md = separate_task(task)
    assert new.separated and not task.separated
    env = new.config.verifier.env
    assert env["BENCH_OUT_OF_PROCESS"] == "1"  # the task's separate_env
    assert "-p no:cacheprovider" in env["PYTEST_ADDOPTS"] and "--rootdir=/tests" in env["PYTEST_ADDOPTS"]
    assert new.config.vera.artifacts == ["/app/kernel.py"]
    assert "python3 -I /tests/bench.py" in new.tests["test.sh"]
    assert new.tests["bench.py"] == task.tests["bench.py"]
    sep = new.config.vera.separation
    assert sep is not None and not sep.artifacts_inferred
    assert any("environment_mode" in c for c in sep.changes)
    assert "```diff" in md and "/app/kernel.py" in md
    with pytest.raises(TaskError, match="already separated"):
        separate_task(new)


def test_separated_task_round_trips_as_harbor_files(fixtures: Path, tmp_path: Path) -> None:
    dest = separate_to(load_task(fixtures / "tb1-csvsum"), tmp_path / "tb1-csvsum")
    assert (dest / "SEPARATION.md").is_file()
    toml = (dest / "task.toml").read_text()
    assert 'environment_mode = "separate"' in toml and "[vera.separation]" in toml
    again = load_task(dest)
    assert again.separated
    assert again.config.vera.artifacts == ["/app/sales.csv", "/app/totals.csv"]
    assert again.config.vera.separation is not None and again.config.vera.separation.artifacts_inferred
    with pytest.raises(TaskError, match="not empty"):
        separate_to(load_task(fixtures / "tb1-csvsum"), dest)
    separate_to(load_task(fixtures / "tb1-csvsum"), dest, force=True)


# --- Harbor's separation schema (`vera harden separate --format harbor`) -------------------------


def test_harbor_schema_moves_artifacts_to_harbors_key_and_network_mode(
    fixtures: Path, tmp_path: Path
) -> None:
    from vera.harden.artifacts import artifacts_of, harbor_artifacts

    dest = separate_to(load_task(fixtures / "tb1-csvsum"), tmp_path / "h", fmt="harbor")
    again = load_task(dest)
    assert again.separated and again.config.vera.artifacts is None
    assert harbor_artifacts(again) == ["/app/sales.csv", "/app/totals.csv"] == artifacts_of(again)
    toml = (dest / "task.toml").read_text()
    assert "\nartifacts = [" in "\n" + toml.split("\n[", 1)[0] and 'network_mode = "no-network"' in toml
    assert "allow_internet" not in toml and not again.config.environment.internet


def test_harbor_schema_refuses_a_glob_artifact(fixtures: Path, tmp_path: Path) -> None:
    task = load_task(fixtures / "tb1-csvsum")
    task.config.vera.artifacts = ["/app/*.csv"]
    with pytest.raises(TaskError, match=r"artifact /app/\*\.csv is a glob"):
        separate_to(task, tmp_path / "g", fmt="harbor")
    assert not (tmp_path / "g").exists()
    with pytest.raises(TaskError, match="unknown format"):
        separate_to(task, tmp_path / "x", fmt="inspect")


def test_harbor_artifacts_read_paths_and_tables(fixtures: Path) -> None:
    from vera.harden.artifacts import harbor_artifacts

    task = load_task(fixtures / "tb1-csvsum")
    assert harbor_artifacts(task) is None
    task.config.model_extra["artifacts"] = ["/app/out/", {"source": "/logs/artifacts/run.json",
                                                          "destination": "run.json"}]
    assert harbor_artifacts(task) == ["/app/out", "/logs/artifacts/run.json"]
    task.config.model_extra["artifacts"] = [{"destination": "x"}]
    with pytest.raises(TypeError, match="no source path"):
        harbor_artifacts(task)


def test_uncarried_changes_names_what_no_artifact_carries(tmp_path: Path) -> None:
    from vera.harden.artifacts import UNCARRIED_SHOWN, covered, uncarried_changes

    app = tmp_path / "app"
    (app / "out").mkdir(parents=True)
    (app / "keep.txt").write_text("seed\n")  # unchanged seed file
    (app / "edit.txt").write_text("changed\n")  # seed said otherwise
    (app / "out" / "result.txt").write_text("42\n")  # carried by the artifact /app/out
    (app / "notes.md").write_text("new\n")  # new, not carried
    (app / "link").symlink_to("/etc/passwd")  # a link is named, never followed
    seed = {"keep.txt": "seed\n", "edit.txt": "seed\n"}
    got = uncarried_changes(app, seed, ["/app/out"])
    assert got == ["/app/edit.txt", "/app/link", "/app/notes.md"]
    assert covered("/app/out/result.txt", ["/app/out"]) and covered("/app/a/b.py", ["/app/*"])
    assert not covered("/app/outside", ["/app/out"])
    for i in range(UNCARRIED_SHOWN + 3):
        (app / f"n{i:02d}").write_text("x")
    many = uncarried_changes(app, seed, ["/app/out"])
    assert len(many) == UNCARRIED_SHOWN + 1 and many[-1].startswith("... and ")
