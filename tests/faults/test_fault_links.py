"""Fault pass 3 (issue 33): host files never reach vera through links.

A task folder is untrusted input: a link in ``tests/``, ``solution/``, ``instruction.md``,
``task.toml``, ``environment/`` (or a Terminal-Bench 1 task's own files) that leads out of the
task is refused in one line naming the path, never followed on the host. What an agent leaves
in its sandbox (a link where an artifact folder was, a link where vera writes a log) is read as
the sandbox sees it, never as a host path."""

from __future__ import annotations

import io
import os
import shutil
import tarfile
from pathlib import Path

import pytest

from support.faults import one_line_error, vera
from support.harden_samples import FIXTURES, needs_bwrap
from vera.harden.task import TaskError, find_tasks, load_task, seed_app

SECRET = "HOST-SECRET-5f3a"


@pytest.fixture
def host_file(tmp_path: Path) -> Path:
    """A file of the host's, outside every task: it must never be read."""
    d = tmp_path / "host"
    d.mkdir()
    (d / "secret.txt").write_text(SECRET + "\n")
    (d / "sub").mkdir()
    (d / "sub" / "key").write_text(SECRET)
    return d / "secret.txt"


def _copy(name: str, tmp_path: Path) -> Path:
    dst = tmp_path / "tasks" / name
    shutil.copytree(FIXTURES / name, dst)
    return dst


def _link(path: Path, target: Path | str) -> None:
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    elif path.exists() or path.is_symlink():
        path.unlink()
    path.parent.mkdir(parents=True, exist_ok=True)
    os.symlink(target, path)


HARBOR_LINKS = [
    "instruction.md",
    "task.toml",
    "tests/test.sh",
    "tests/test_outputs.py",
    "tests/extra.txt",
    "solution/solve.sh",
    "solution/alt_python.sh",
    "environment/app/words.txt",
]


@pytest.mark.parametrize("rel", HARBOR_LINKS)
@pytest.mark.parametrize("how", ["absolute", "relative", "through-folder"])
def test_a_harbor_task_link_out_of_the_task_is_refused(tmp_path: Path, host_file: Path, rel: str,
                                                       how: str) -> None:  # fmt: skip
    task = _copy("harbor-wordfreq", tmp_path)
    if rel == "task.toml":  # a host file that would load as one
        host_file = host_file.parent / "task.toml"
        host_file.write_text(f'[metadata]\nsecret = "{SECRET}"\n')
    if how == "absolute":
        _link(task / rel, host_file)
    elif how == "relative":
        _link(task / rel, os.path.relpath(host_file, (task / rel).parent))
    else:  # the file's folder is a link to a host folder holding a file of that name
        folder = task / Path(rel).parent
        if folder == task:
            pytest.skip("no folder of its own")
        host_dir = host_file.parent / "mirror"
        shutil.copytree(folder, host_dir)
        (host_dir / Path(rel).name).write_text(SECRET)
        _link(folder, host_dir)
    try:
        loaded = load_task(task)
    except TaskError as exc:
        message = str(exc)
        assert "\n" not in message and str(task) in message
        assert SECRET not in message
        if rel.startswith("environment/"):
            pytest.fail(f"environment links are kept as links, not refused: {message}")
        return
    # Only environment/ may keep the link: as a link (the sandbox resolves it), not its content.
    assert rel.startswith("environment/"), loaded
    assert SECRET not in repr(loaded.model_dump())


def test_a_link_inside_the_task_is_followed(tmp_path: Path) -> None:
    task = _copy("harbor-wordfreq", tmp_path)
    (task / "tests" / "shared").mkdir()
    (task / "tests" / "shared" / "data.txt").write_text("shared data\n")
    os.symlink("shared/data.txt", task / "tests" / "data-link.txt")
    os.symlink("../solution", task / "tests" / "solution-dir")
    loaded = load_task(task)
    assert loaded.tests["data-link.txt"] == "shared data\n"
    assert "solution-dir/solve.sh" in loaded.tests


def test_a_terminal_bench_1_link_out_is_refused(tmp_path: Path, host_file: Path) -> None:
    for rel in ("task.yaml", "run-tests.sh", "solution.sh", "tests/test_outputs.py", "tests"):
        task = tmp_path / "tb1" / rel.replace("/", "_")
        shutil.copytree(FIXTURES / "tb1-csvsum", task)
        _link(task / rel, host_file if rel != "tests" else host_file.parent)
        with pytest.raises(TaskError) as info:
            load_task(task)
        assert str(task) in str(info.value) and SECRET not in str(info.value), rel


def test_a_folder_of_tasks_does_not_follow_a_task_link_out(tmp_path: Path) -> None:
    folder = tmp_path / "dataset"
    folder.mkdir()
    shutil.copytree(FIXTURES / "harbor-wordfreq", tmp_path / "elsewhere" / "t")
    os.symlink(tmp_path / "elsewhere" / "t", folder / "linked-task")
    with pytest.raises(TaskError, match="linked-task"):
        find_tasks([folder])


def _tar(*members: tuple[tarfile.TarInfo, bytes | None]) -> str:
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w") as tf:
        for info, data in members:
            if data is not None:
                info.size = len(data)
            tf.addfile(info, io.BytesIO(data) if data is not None else None)
    return buf.getvalue().decode("utf-8", "surrogateescape")


def test_seeding_app_never_writes_through_a_link(tmp_path: Path, host_file: Path) -> None:
    """A seed archive's link to a host folder, then a seed file under that name: the host
    folder stays untouched (the seed is refused); a hard link to a host file is refused too."""
    task = load_task(FIXTURES / "harbor-wordfreq")
    link = tarfile.TarInfo("out")
    link.type, link.linkname = tarfile.SYMTYPE, str(host_file.parent)
    task.environment["app.tar"] = _tar((link, None))
    task.environment["app/out/planted.txt"] = "planted\n"
    with pytest.raises((TaskError, ValueError)) as info:
        seed_app(task, tmp_path / "app")
    assert "out" in str(info.value) and "\n" not in str(info.value)
    assert not (host_file.parent / "planted.txt").exists()

    hard = tarfile.TarInfo("hard")
    hard.type, hard.linkname = tarfile.LNKTYPE, os.path.relpath(host_file, tmp_path / "app2")
    task.environment = {"app.tar": _tar((hard, None))}
    with pytest.raises(TaskError):
        seed_app(task, tmp_path / "app2")
    assert not (tmp_path / "app2" / "hard").exists()


@pytest.mark.integration
def test_the_cli_refuses_a_task_with_a_link_out_in_one_line(tmp_path: Path, host_file: Path) -> None:
    task = _copy("harbor-wordfreq", tmp_path)
    _link(task / "tests" / "test.sh", host_file)
    proc = vera("harden", "run", task, "--agent", "oracle", cwd=tmp_path, timeout=120)
    assert proc.returncode == 2, proc.stderr
    line = one_line_error(proc)
    assert "tests/test.sh" in line and SECRET not in proc.stdout + proc.stderr


# --- what an agent leaves in its sandbox --------------------------------------------------------


def _work(tmp_path: Path) -> Path:
    (tmp_path / "work").mkdir(exist_ok=True)
    return tmp_path / "work"


_LINK_ARTIFACT = """\
rm -rf /app/out
ln -s {target} /app/out
"""


@pytest.mark.integration
@needs_bwrap
@pytest.mark.parametrize("target", ["{host}", "/", "{host}/secret.txt"])
async def test_a_separated_verifier_never_copies_what_an_agent_link_points_at(
    tmp_path: Path, host_file: Path, target: str
) -> None:
    from vera.harden.execute import AgentSpec, run_trial
    from vera.harden.separate import separate_task

    task, _ = separate_task(load_task(FIXTURES / "harbor-wordfreq"))
    task.config.vera.artifacts = ["/app/out", "/app/out/secret.txt", "/app/out/*", "/app/top.txt"]
    task.tests["test.sh"] = (
        "#!/bin/bash\nls -laR /app > /logs/verifier/listing.txt 2>&1\n"
        "cat /app/out/secret.txt /app/out/* /app/out/sub/key 2>&1\n"
        "echo 0 > /logs/verifier/reward.txt\n"
    )
    script = _LINK_ARTIFACT.format(target=target.format(host=host_file.parent))
    res = await run_trial(task, AgentSpec(kind="script", script=script, label="linker"),
                          work_dir=_work(tmp_path), keep=True)  # fmt: skip
    root = Path(res.trial_dir)
    everything = "".join(
        p.read_text(errors="replace") for p in root.rglob("*") if p.is_file() and not p.is_symlink()
    )
    assert SECRET not in everything
    assert not (root / "verifier" / "app" / "out").exists() or (root / "verifier" / "app" / "out").is_symlink() is False
    assert any("out" in n and "symlink" in n for n in res.notes), res.notes


_LOG_LINK = """\
rm -f /logs/agent/vera-agent.log
ln -s {victim} /logs/agent/vera-agent.log
echo OVERWRITTEN-BY-AGENT
"""


@pytest.mark.integration
@needs_bwrap
async def test_vera_never_writes_a_log_through_an_agent_link(tmp_path: Path, host_file: Path) -> None:
    from vera.harden.execute import AgentSpec, run_trial

    task = load_task(FIXTURES / "harbor-wordfreq")
    script = _LOG_LINK.format(victim=host_file)
    await run_trial(task, AgentSpec(kind="script", script=script, label="linker"),
                    work_dir=_work(tmp_path))  # fmt: skip
    assert host_file.read_text() == SECRET + "\n"


_REWARD_LINK = "ln -sf {victim} /logs/verifier/reward.txt\n"


@pytest.mark.integration
@needs_bwrap
async def test_a_planted_reward_link_is_not_read_on_the_host(tmp_path: Path, host_file: Path) -> None:
    from vera.harden.execute import AgentSpec, run_trial

    task = load_task(FIXTURES / "harbor-wordfreq")
    task.tests["test.sh"] = "#!/bin/bash\ntrue\n"  # a verifier that writes no reward of its own
    res = await run_trial(task, AgentSpec(kind="script", script=_REWARD_LINK.format(victim=host_file),
                                          label="linker"))  # fmt: skip
    assert SECRET not in repr(res.model_dump())


# --- safety cases and corpora --------------------------------------------------------------------


@pytest.mark.parametrize("rel", ["verify.py", "case.yaml", "witnesses/extra.yaml", "references"])
def test_a_case_link_out_of_the_case_is_refused(tmp_path: Path, host_file: Path, rel: str) -> None:
    from support.faults import CASE_ID, make_bench
    from vera.safety.cases import CaseError, load_case

    case = make_bench(tmp_path) / "cases" / CASE_ID
    # The host holds a file that would load as that part of the case (a secret in a comment).
    mirror = host_file.parent / "mirror" / rel
    if rel == "references":
        shutil.copytree(case / rel, mirror)
        (mirror / "zz.yaml").write_text((case / "witnesses").glob("*.yaml").__next__().read_text()
                                        + f"# {SECRET}\n")
    else:
        mirror.parent.mkdir(parents=True, exist_ok=True)
        source = case / rel if (case / rel).exists() else next((case / "witnesses").glob("*.yaml"))
        mirror.write_text(source.read_text() + f"\n# {SECRET}\n")
    _link(case / rel, mirror)
    with pytest.raises(CaseError) as info:
        load_case(case)
    assert str(case) in str(info.value) and SECRET not in str(info.value)


def test_a_corpus_finding_link_out_of_the_corpus_is_refused(tmp_path: Path, host_file: Path) -> None:
    from support.faults import CASE_ID, make_bench
    from vera.safety.cases import CaseError, load_case
    from vera.safety.verifier_audit import load_findings

    case = load_case(make_bench(tmp_path) / "cases" / CASE_ID)
    corpus = tmp_path / "corpus"
    (corpus / CASE_ID).mkdir(parents=True)
    host_file.with_suffix(".yaml").write_text(f"finding: {{expected: violated}}\ncalls: []\n# {SECRET}\n")
    os.symlink(host_file.with_suffix(".yaml"), corpus / CASE_ID / "f1.yaml")
    with pytest.raises(CaseError, match=r"f1\.yaml"):
        load_findings(corpus, case)
    os.unlink(corpus / CASE_ID / "f1.yaml")
    os.rmdir(corpus / CASE_ID)
    os.symlink(host_file.parent, corpus / CASE_ID)
    with pytest.raises(CaseError, match=CASE_ID):
        load_findings(corpus, case)


def test_a_hardening_corpus_entry_cannot_name_a_file_out_of_the_corpus(tmp_path: Path,
                                                                       host_file: Path) -> None:  # fmt: skip
    import asyncio
    import json

    from vera.harden.corpus import replay_corpus

    corpus = tmp_path / "corpus"
    corpus.mkdir()
    entry = {"id": "x", "task": "harbor-wordfreq", "label": "x", "category": "c", "mode": None,
             "phase": "before", "trajectory": "t.json",
             "found_state": "s", "found_commit": "c", "reward_found": 1.0, "reward_before": 1.0,
             "hacked_before": True, "tau_s": 1.0, "tau_h": 1.0, "before": "tasks/x/before",
             "snapshot": "tasks/x/before", "script": str(host_file)}  # fmt: skip
    shutil.copytree(FIXTURES / "harbor-wordfreq", corpus / "tasks" / "x" / "before")
    (corpus / "hacks.jsonl").write_text(json.dumps(entry) + "\n")
    with pytest.raises(TaskError, match=r"secret\.txt"):
        asyncio.run(replay_corpus(corpus))
    entry["script"] = "../host/secret.txt"
    (corpus / "hacks.jsonl").write_text(json.dumps(entry) + "\n")
    with pytest.raises(TaskError, match=r"secret\.txt"):
        asyncio.run(replay_corpus(corpus))


@pytest.mark.parametrize("rel", ["trial/agent/trajectory.json", "trial", "task"])
def test_a_public_atif_corpus_link_out_is_refused(tmp_path: Path, host_file: Path, rel: str) -> None:
    """A corpus in the public ATIF layout comes from strangers too: a trajectory, a trial folder
    or the task beside it that is a link out of the corpus is refused, never read."""
    from vera.atif import find_corpus
    from vera.paths import UnsafePathError

    corpus = tmp_path / "corpus"
    shutil.copytree(FIXTURES / "atif-corpus", corpus)
    task = corpus / "tasks" / "harbor-wordfreq"
    label = task / "terminus-2-model" / "hack_trajectories" / "plant-reward"
    if rel == "task":  # the task beside the trajectories: its task.toml a host file
        _link(task / "task.toml", host_file)
    else:
        mirror = host_file.parent / "mirror"
        shutil.copytree(label / "trial", mirror / "trial")
        _link(label / rel, mirror / rel)
    from vera.harden.corpus import load_atif_corpus

    with pytest.raises((UnsafePathError, TaskError)) as info:
        list(find_corpus(corpus))
        load_atif_corpus(corpus)  # loads the task beside them
    assert "\n" not in str(info.value) and SECRET not in str(info.value)


def test_a_planted_reward_link_in_an_atif_corpus_is_no_reward(tmp_path: Path, host_file: Path) -> None:
    from vera.atif import find_corpus

    corpus = tmp_path / "corpus"
    shutil.copytree(FIXTURES / "atif-corpus", corpus)
    host_file.write_text("1\n")
    [row] = find_corpus(corpus)
    _link(row.trial / "verifier" / "reward.txt", host_file)
    assert row.reward() is None
