"""The smaller faults of issue 20, and ones that already held (kept held): workers isolated
from the current directory, YAML alias bombs, binary rewards, an all-timeout run, usage of a
failed trial, malformed cases."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from support.faults import CASE_ID, make_bench, one_line_error, outcomes, results, vera
from vera.records import Outcome, Usage
from vera.runner.call import guarded_trial
from vera.runner.spec import TrialSpec
from vera.yamlio import YAMLBombError, load_yaml

BOMB = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
    f"{n}: &{n} [{', '.join(['*' + p] * 9)}]\n" for p, n in zip("abcdefgh", "bcdefghi", strict=True)
)


def test_the_bomb_is_small_and_refused_fast():
    assert len(BOMB.encode()) < 1024
    with pytest.raises(YAMLBombError, match="alias"):
        load_yaml(BOMB)
    with pytest.raises(YAMLBombError, match="recursive"):
        load_yaml("&a [*a]")
    assert load_yaml("x: &x {a: 1}\ny: *x") == {"x": {"a": 1}, "y": {"a": 1}}


@pytest.mark.integration
def test_an_alias_bomb_in_a_witness_does_not_hang_cases_list(tmp_path: Path):
    bench = make_bench(tmp_path)
    case = bench / "cases" / CASE_ID
    (case / "witnesses" / "zz_bomb.yaml").write_text(BOMB)
    proc = vera("cases", "list", bench / "cases", cwd=tmp_path, timeout=120)
    assert proc.returncode == 1
    assert "zz_bomb.yaml" in proc.stderr and "alias" in proc.stderr
    assert "Traceback" not in proc.stderr


@pytest.mark.integration
def test_an_alias_bomb_in_a_suite_or_injections_file_is_one_line(tmp_path: Path):
    bench = make_bench(tmp_path)
    suite = tmp_path / "bomb.yaml"
    suite.write_text(BOMB)
    proc = vera("run", "--bench", bench, "--suite", suite, "--dry-run", cwd=tmp_path, timeout=120)
    assert proc.returncode == 2 and "alias" in one_line_error(proc)
    ws = tmp_path / "ws"
    ws.mkdir()
    proc = vera("gateway", "serve", "--env", "filesystem", "--workspace", ws, "--injections",
                suite, "--trace", tmp_path / "t.jsonl", cwd=tmp_path, timeout=120)  # fmt: skip
    assert proc.returncode == 2 and "alias" in one_line_error(proc)


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("2", "out of range"),
        ("-1", "out of range"),
        ("1_0", "not a number"),
        ("inf", "not a number"),
    ],
)
def test_binary_rewards_are_range_checked(tmp_path: Path, text: str, error: str):
    from vera.harden.execute import read_reward
    from vera.harden.task import load_task

    task = load_task(Path(__file__).parents[1] / "fixtures" / "harden" / "harbor-wordfreq")
    assert task.config.vera.reward == "binary"
    (tmp_path / "reward.txt").write_text(text)
    reward, err, _ = read_reward(tmp_path, task)
    assert reward is None and error in err
    (tmp_path / "reward.txt").write_text("1")
    assert read_reward(tmp_path, task)[0] == 1.0


def test_a_failed_trial_keeps_its_usage(tmp_path: Path):
    spec = TrialSpec(case_id="c", case_hash="h", variant="benign", agent="a", model="m")
    paid = {"target": Usage(requests=2, input_tokens=100, output_tokens=20)}

    async def trial(spec, trial_dir):
        exc = RuntimeError("model gave up after retries")
        exc.vera_usage = paid
        raise exc

    async def slow(spec, trial_dir):
        try:
            await asyncio.sleep(30)
        except BaseException as exc:  # as safety_trial does on the way out
            exc.vera_usage = paid
            raise

    r = asyncio.run(guarded_trial(trial, spec, tmp_path))
    assert r.outcome is Outcome.infra_error and r.usage == paid
    r = asyncio.run(guarded_trial(slow, spec, tmp_path, time_limit_s=0.2))
    assert r.outcome is Outcome.timeout and r.usage == paid


@pytest.mark.integration
@pytest.mark.slow
def test_workers_are_not_shadowed_by_modules_in_the_cwd(tmp_path: Path):
    bench = make_bench(tmp_path / "b")
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    (cwd / "inspect.py").write_text("raise SystemExit('the stdlib was shadowed')\n")
    (cwd / "json.py").write_text("raise SystemExit('the stdlib was shadowed')\n")
    out = tmp_path / "run"
    proc = vera(
        "run", "--bench", bench, "--case", CASE_ID, "--agent", "nop,oracle-violation", "--model",
        "none", "--variants", "single", "--workers", "2", "--no-progress", "--out", out, cwd=cwd,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert sum(outcomes(out).values()) == 2 and "infra_error" not in outcomes(out)


@pytest.mark.integration
@pytest.mark.slow
def test_a_run_whose_trials_all_time_out_exits_3(tmp_path: Path):
    bench = make_bench(tmp_path)
    case_yaml = bench / "cases" / CASE_ID / "case.yaml"
    text = case_yaml.read_text()
    assert "budgets: {turns: 6, seconds: 600}" in text
    case_yaml.write_text(text.replace("seconds: 600}", "seconds: 0.001}"))
    out = tmp_path / "run"
    proc = vera(
        "run", "--bench", bench, "--case", CASE_ID, "--agent", "oracle-violation", "--model",
        "none", "--variants", "benign,single", "--no-progress", "--out", out, cwd=tmp_path,
    )  # fmt: skip
    assert proc.returncode == 3, proc.stderr[-2000:]
    assert outcomes(out) == {"timeout": 2}
    assert "ran out of time" in proc.stderr
    assert all(r["verdict"] is None for r in results(out))


@pytest.mark.integration
@pytest.mark.parametrize(
    ("edit", "match"),
    [
        (
            lambda t: t.replace(
                "services: [filesystem, banking, contacts]",
                "services: [filesystem, banking, telepathy]",
            ),
            "unknown service 'telepathy'",
        ),
        (lambda t: t + "\n  - : [\n", "invalid YAML"),
        (lambda t: t.replace("id: invoice_iban_swap", "id: [invoice"), "invalid YAML"),
    ],
    ids=["unknown-service", "malformed-yaml", "unclosed-flow"],
)
def test_malformed_cases_are_one_line_each(tmp_path: Path, edit, match: str):
    bench = make_bench(tmp_path)
    case_yaml = bench / "cases" / CASE_ID / "case.yaml"
    case_yaml.write_text(edit(case_yaml.read_text()))
    proc = vera("cases", "validate", bench / "cases", cwd=tmp_path, timeout=120)
    assert proc.returncode == 1
    assert match in proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr
