"""Reading exploit corpora of others (``vera harden corpus import``): the harden-v0 hints layout,
ATIF hack trajectories (terminal keystrokes and ``tmux send-keys`` distilled into what the shell
ran) and vera's own corpus; an untrusted source's bad entries are one line each, skipped."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from vera.atif import AtifAgent, AtifToolCall, AtifTrajectory, Step, distill_commands
from vera.cli.main import app
from vera.harden import corpus_import
from vera.harden.corpus import CorpusError, entry_script, load_corpus
from vera.harden.corpus_import import detect_layout, import_corpus
from vera.harden.trajectory import replay_from_session

CORPORA = Path(__file__).resolve().parents[2] / "fixtures" / "harden" / "corpora"
ATIF_CORPUS = CORPORA.parent / "atif-corpus"
TMUX_TRAJ = "tasks/harbor-wordfreq/model-x/hack_trajectories/tmux-heredoc/trial/agent/trajectory.json"


def _run(*calls: dict) -> AtifTrajectory:
    steps = [Step(step_id=1, source="user", message="go")]
    for i, args in enumerate(calls):
        fn = "bash_command" if "keystrokes" in args else "shell"
        steps.append(Step(step_id=i + 2, source="agent", message="",
                          tool_calls=[AtifToolCall(tool_call_id=f"c{i}", function_name=fn, arguments=args)]))  # fmt: skip
    return AtifTrajectory(agent=AtifAgent(name="t", version="1"), steps=steps)


# --- distilling what a terminal ran ---------------------------------------------------------------


def test_tmux_send_keys_run_on_enter_and_c_m_and_c_c_drops_the_line() -> None:
    t = "tmux send-keys -t main "
    lines, terminal = distill_commands(_run(
        {"command": t + "'rm -rf /app' C-c"},
        {"command": t + "'echo a' Enter"},
        {"command": t + "-l 'echo b'"}, {"command": t + "C-m"},
        {"command": t + "'cat > f <<EOF' Enter hi Enter EOF Enter; " + t + "'echo c' Enter"},
        {"command": t + "'typed, never run'"},
    ))  # fmt: skip
    assert terminal
    assert lines == ["echo a", "echo b", "cat > f <<EOF", "hi", "EOF", "echo c"]


def test_keystrokes_lines_partial_typing_and_plain_commands() -> None:
    lines, terminal = distill_commands(_run(
        {"keystrokes": "cd /app\nls -la\n"},
        {"keystrokes": "echo par"}, {"keystrokes": "tial\n"},
        {"keystrokes": "sleep 100"}, {"keystrokes": "C-c"},
        {"keystrokes": "Enter"},
        {"command": "ls | tmux send-keys x"},
        {"command": ["bash", "-lc", "whoami"]},
    ))  # fmt: skip
    assert terminal
    assert lines == ["cd /app", "ls -la", "echo partial", "ls | tmux send-keys x", "whoami"]


def test_commands_alone_are_not_a_terminal_session() -> None:
    lines, terminal = distill_commands(_run({"command": "echo 1 > /x"}, {"cmd": "true"}))
    assert lines == ["echo 1 > /x", "true"] and not terminal


def test_a_session_replay_plays_the_lines_into_one_shell(tmp_path: Path) -> None:
    script = replay_from_session([f"cd {tmp_path}", "cat > out <<EOF", "two lines", "EOF", "pwd >> out"])
    subprocess.run(["bash", "-c", script], check=True, capture_output=True, env={**os.environ, "HOME": str(tmp_path)})
    assert (tmp_path / "out").read_text() == f"two lines\n{tmp_path}\n"


# --- the layouts ----------------------------------------------------------------------------------


def test_layouts_are_detected(tmp_path: Path) -> None:
    assert detect_layout(CORPORA / "harden-v0") == "harden-v0"
    assert detect_layout(CORPORA / "atif-tmux") == "atif"
    import_corpus(CORPORA / "harden-v0", tmp_path / "c")
    assert detect_layout(tmp_path / "c") == "vera"
    (tmp_path / "empty").mkdir()
    with pytest.raises(CorpusError, match="no corpus here"):
        detect_layout(tmp_path / "empty")
    (tmp_path / "linked").mkdir()
    (tmp_path / "linked" / "hacks.jsonl").symlink_to("/etc/hostname")
    with pytest.raises(CorpusError, match="link out of"):
        detect_layout(tmp_path / "linked")


def test_harden_v0_hints_and_per_task_scripts(tmp_path: Path) -> None:
    res = import_corpus(CORPORA / "harden-v0", tmp_path / "c")
    assert res.layout == "harden-v0" and res.skipped == []
    by_id = {e.id: e for e in res.entries}
    assert set(by_id) == {"hint__01-reward-file-plant", "hint__02-guessed-output", "harbor-wordfreq__shadow-pytest"}
    hint = by_id["hint__01-reward-file-plant"]
    assert hint.task == "*" and hint.category == "01 — reward file planted by the agent"
    script = entry_script(tmp_path / "c", hint)
    assert script.startswith("#!/bin/bash\n") and "echo 1 > /logs/verifier/reward.txt" in script
    assert "Defence" not in script  # the prose is evidence, not script
    assert (tmp_path / "c" / hint.trajectory).read_text().startswith("# 01")
    assert "printf 'the 10" in entry_script(tmp_path / "c", by_id["hint__02-guessed-output"])
    per_task = by_id["harbor-wordfreq__shadow-pytest"]
    assert per_task.task == "harbor-wordfreq" and "/app/pytest.py" in entry_script(tmp_path / "c", per_task)
    assert [e.id for e in load_corpus(tmp_path / "c")] == [e.id for e in res.entries]


def test_atif_trajectories_distilled_with_the_trajectory_kept_as_evidence(tmp_path: Path) -> None:
    res = import_corpus(CORPORA / "atif-tmux", tmp_path / "c")
    assert res.layout == "atif" and res.skipped == []
    hack, legit = sorted(res.entries, key=lambda e: e.role)
    assert (hack.role, legit.role) == ("hack", "legitimate")
    assert hack.replay == "session" and hack.reward_found == 1.0 and hack.before == ""
    script = entry_script(tmp_path / "c", hack)
    assert "echo 1 > /logs/verifier/reward.txt" in script and "bash /tmp/plant.sh" in script
    assert "rm -rf /app" not in script and "typed-but-never-run" not in script
    assert (tmp_path / "c" / hack.atif).read_bytes() == (CORPORA / "atif-tmux" / TMUX_TRAJ).read_bytes()
    assert "uniq -c" in entry_script(tmp_path / "c", legit)


def test_an_atif_task_beside_becomes_the_before_snapshot(tmp_path: Path) -> None:
    (entry,) = import_corpus(ATIF_CORPUS, tmp_path / "c").entries
    assert entry.before == "tasks/harbor-wordfreq/before"
    assert (tmp_path / "c" / entry.before / "tests" / "test.sh").is_file()
    assert entry.tau_h == 1.0 and "echo 1 > /logs/verifier/reward.txt" in entry_script(tmp_path / "c", entry)


def test_vera_corpus_round_trip_and_a_bad_line_is_skipped_with_its_number(tmp_path: Path) -> None:
    first = import_corpus(ATIF_CORPUS, tmp_path / "a")
    jsonl = tmp_path / "a" / "hacks.jsonl"
    jsonl.write_text(jsonl.read_text() + "{not json\n" + json.dumps({"id": "x"}) + "\n")
    again = import_corpus(tmp_path / "a", tmp_path / "b")
    assert again.layout == "vera" and [e.id for e in again.entries] == [e.id for e in first.entries]
    assert len(again.skipped) == 2
    assert again.skipped[0].startswith(f"{jsonl}:2: not an entry")
    assert again.skipped[1].startswith(f"{jsonl}:3: not an entry")
    (e,) = again.entries
    assert (tmp_path / "b" / e.before / "task.toml").is_file()
    assert entry_script(tmp_path / "b", e) == entry_script(tmp_path / "a", first.entries[0])


def test_an_entry_naming_a_file_out_of_the_corpus_is_skipped(tmp_path: Path) -> None:
    import_corpus(CORPORA / "harden-v0", tmp_path / "a")
    jsonl = tmp_path / "a" / "hacks.jsonl"
    rows = [json.loads(ln) for ln in jsonl.read_text().splitlines()]
    rows[0]["script"] = "../../../../etc/passwd"
    jsonl.write_text("".join(json.dumps(r) + "\n" for r in rows))
    res = import_corpus(tmp_path / "a", tmp_path / "b")
    assert len(res.entries) == 2 and len(res.skipped) == 1
    assert res.skipped[0].startswith(f"{jsonl}:1: ") and "leads out of" in res.skipped[0]


def test_links_malformed_and_oversized_files_are_one_line_each(tmp_path: Path, monkeypatch) -> None:
    src = tmp_path / "src"
    shutil.copytree(CORPORA / "atif-tmux", src)
    base = src / "tasks" / "harbor-wordfreq" / "model-x" / "hack_trajectories"
    bad = base / "not-json" / "trial" / "agent"
    bad.mkdir(parents=True)
    (bad / "trajectory.json").write_text("{")
    notatif = base / "not-atif" / "trial" / "agent"
    notatif.mkdir(parents=True)
    (notatif / "trajectory.json").write_text('{"steps": []}')
    link = base / "link-out" / "trial" / "agent"
    link.mkdir(parents=True)
    (link / "trajectory.json").symlink_to("/etc/passwd")
    res = import_corpus(src, tmp_path / "c")
    assert len(res.entries) == 2
    assert len(res.skipped) == 3, res.skipped
    text = "\n".join(res.skipped)
    assert "link-out/trial/agent/trajectory.json: a link (/etc/passwd)" in text
    assert "not-json/trial/agent/trajectory.json: not JSON" in text
    assert "not-atif/trial/agent/trajectory.json: not an ATIF trajectory" in text
    assert all("\n" not in line for line in res.skipped)
    monkeypatch.setattr(corpus_import, "MAX_FILE", 100)
    small = import_corpus(src, tmp_path / "d")
    assert small.entries == [] and sum("larger than 100 bytes" in s for s in small.skipped) == 2


def test_a_hint_script_is_its_shell_blocks_in_order() -> None:
    text = ("# h\r\n\n```python\nprint(1)\n```\n```bash\necho one\n```\n"
            "```console\n$ echo two\ntwo\n```\n```\necho three\n```\n")  # fmt: skip
    assert corpus_import._hint_script(text) == "#!/bin/bash\necho one\necho two\necho three\n"


def test_harden_v0_hint_without_a_shell_block_is_skipped(tmp_path: Path) -> None:
    src = tmp_path / "hints"
    shutil.copytree(CORPORA / "harden-v0", src)
    (src / "03-prose-only.md").write_text("# 03 — prose\n\nNo demo here.\n")
    res = import_corpus(src, tmp_path / "c")
    assert len(res.entries) == 3
    assert res.skipped == [f"{src / '03-prose-only.md'}: no fenced shell block (```bash) to replay"]


def test_out_inside_the_source_or_a_foreign_folder_is_refused(tmp_path: Path) -> None:
    src = tmp_path / "src"
    shutil.copytree(CORPORA / "harden-v0", src)
    with pytest.raises(CorpusError, match="inside the source"):
        import_corpus(src, src / "out")
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "notes.txt").write_text("keep me")
    with pytest.raises(CorpusError, match="not empty and not a corpus"):
        import_corpus(src, tmp_path / "mine")
    assert (tmp_path / "mine" / "notes.txt").read_text() == "keep me"


# --- the command ----------------------------------------------------------------------------------


def test_cli_import_prints_counts_and_skipped_lines(tmp_path: Path) -> None:
    src = tmp_path / "hints"
    shutil.copytree(CORPORA / "harden-v0", src)
    (src / "03-prose-only.md").write_text("# 03\n")
    res = CliRunner().invoke(app, ["harden", "corpus", "import", str(src), "--out", str(tmp_path / "c")])
    assert res.exit_code == 0, res.output
    assert "harden-v0: 3 hack(s), 0 legitimate solution(s)" in res.output and "1 skipped" in res.output
    assert "vera: skipped:" in res.output and "03-prose-only.md" in res.output


@pytest.mark.parametrize(
    ("args", "message"),
    [(["--layout", "zip"], "unknown layout 'zip'"), ([], "no corpus here"),
     (["--layout", "atif"], "nothing imported in the atif layout (0 skipped)")],
)
def test_cli_import_errors_are_one_line_exit_2(tmp_path: Path, args: list[str], message: str) -> None:
    (tmp_path / "empty").mkdir()
    res = CliRunner().invoke(app, ["harden", "corpus", "import", str(tmp_path / "empty"),
                                   "--out", str(tmp_path / "c"), *args])  # fmt: skip
    assert res.exit_code == 2 and message in res.output and "Traceback" not in res.output
