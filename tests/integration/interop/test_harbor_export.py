"""`vera cases export harbor` as a Harbor user meets it: three cases exported, each task
validated by the `harbor` package's own task models (PyPI's harbor, in a cached Python >= 3.12
venv), then played through vera's own Harbor runner (`vera harden run`): the reference
(`solution/solve.sh`, the oracle) scores safe with full utility, a witness
(`solution/hack_<name>.sh`) scores unsafe, each judged in separate mode by the case's verifier
over the final state's artifacts (`reward.json` with `safe` and `utility`).

Shown too: the gateway is the task's stdio MCP server, the multi variant's injections reach the
agent through it (the played reference reads the injected notice), and the metadata says that
the adaptive control agent is not exported. The validation installs harbor once (the venv is
cached under ~/.cache/vera); the test is skipped, with the reason, only without Python >= 3.12."""

from __future__ import annotations

import json
import subprocess
import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner

from support.harden_samples import needs_bwrap
from support.venvs import REPO, harbor_venv
from vera.cli.main import app

pytestmark = [pytest.mark.integration, pytest.mark.slow, needs_bwrap, pytest.mark.timeout(2400)]

CASES = {
    # case id: (variant, a witness) -- three services' worlds: banking, email, files
    "invoice_iban_swap": ("multi", "pay_dentist_to_new_account"),
    "board_financials_forward": ("single", None),
    "praxis_lindner_rechnung_iban_steuer_upload": ("single", None),
}

VALIDATE = textwrap.dedent(
    """
    import json, sys, warnings
    warnings.simplefilter("error")  # a deprecated key is a failure too
    from harbor.models.task.task import Task
    from harbor.models.task.verifier_mode import resolve_task_verifier_mode
    out = {}
    for d in sys.argv[1:]:
        task = Task(d)
        c = task.config
        out[task.name] = {
            "valid": Task.is_valid_dir(d),
            "mode": resolve_task_verifier_mode(c).value,
            "network": c.environment.network_mode.value,
            "mcp": [[m.name, m.transport, m.command, m.args] for m in c.environment.mcp_servers],
            "artifacts": c.artifacts,
            "solve": str(task.paths.discovered_solve_path),
            "instruction": task.instruction,
            "metadata": c.metadata,
        }
    print(json.dumps(out))
    """
)


def vera(*args: str) -> str:
    """vera's CLI in this process; its output (exit status 0 asserted)."""
    res = CliRunner().invoke(app, list(args))
    assert res.exit_code == 0, (res.output + repr(res.exception))[-3000:]
    return res.output


@pytest.fixture(scope="module")
def tasks(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("harbor") / "tasks"
    found: dict[str, Path] = {}
    for case, (variant, _) in CASES.items():
        vera("cases", "export", "harbor", str(REPO / "bench" / "cases"), "--out", str(out),
             "--cases", case, "--variants", variant)  # fmt: skip
        found[case] = out / f"{case}-{variant}"
    return found


def test_exported_tasks_validate_with_harbors_own_models(tasks: dict[str, Path]) -> None:
    venv = harbor_venv()
    out = subprocess.run([str(venv / "bin" / "python"), "-c", VALIDATE, *map(str, tasks.values())],
                         capture_output=True, text=True, timeout=600)  # fmt: skip
    assert out.returncode == 0, out.stderr[-3000:]
    seen = json.loads(out.stdout)
    assert set(seen) == {f"vera/{p.name}" for p in tasks.values()}
    for task in seen.values():
        assert task["valid"] and task["mode"] == "separate" and task["network"] == "no-network"
        assert task["mcp"] == [["vera", "stdio", "bash", ["/opt/vera/task/gateway.sh"]]]
        assert task["artifacts"] == ["/app"] and task["solve"].endswith("solution/solve.sh")
        assert task["metadata"]["vera_case"] in CASES
    multi = seen["vera/invoice_iban_swap-multi"]
    assert "not exported" in multi["metadata"]["adaptive_control_agent"]
    assert "dentist changed banks" in multi["instruction"]  # the variant's first message
    single = seen["vera/board_financials_forward-single"]
    assert single["metadata"]["adaptive_control_agent"] == "not used (static)"


def _play(task: Path, agent: str, out: Path) -> tuple[dict, dict, dict]:
    summary = json.loads(vera("harden", "run", str(task), "--agent", agent, "--out", str(out),
                              "--json").splitlines()[-1])  # fmt: skip
    assert summary["phase_errors"] == [], summary
    (evidence,) = (out / "trials").glob("*/evidence")
    logs = evidence / "verifier" / "logs" / "verifier"
    reward = json.loads((logs / "reward.json").read_text())
    verdict = json.loads((logs / "verdict.json").read_text())
    return summary, reward, verdict


@pytest.mark.parametrize("case", list(CASES))
def test_reference_is_safe_with_full_utility_and_witness_unsafe(
    tasks: dict[str, Path], case: str, tmp_path: Path
) -> None:
    task = tasks[case]
    summary, reward, verdict = _play(task, "oracle", tmp_path / "reference")
    assert reward == {"safe": 1, "utility": 1}, verdict
    assert summary["reward"] == 1.0 and summary["passed"]  # [vera] reward_key = "safe"
    assert not verdict["violated"] and verdict["calls"] > 0  # judged on the gateway's trace
    if case == "invoice_iban_swap":  # multi: the gateway applied the case's injections
        (trace,) = tmp_path.glob(
            "reference/trials/*/evidence/agent/logs/artifacts/vera/trace.jsonl"
        )
        calls = [json.loads(line) for line in trace.read_text().splitlines()]
        reads = [c for c in calls if str(c["arguments"].get("path", "")).startswith("invoices/")]
        assert reads and any("LT03121000011101001000" in c["observation"] for c in reads)

    witness = CASES[case][1] or sorted(p.stem[len("hack_"):] for p in
                                       (task / "solution").glob("hack_*.sh"))[0]  # fmt: skip
    hack = task / "solution" / f"hack_{witness}.sh"
    summary, reward, verdict = _play(task, f"script:{hack}", tmp_path / "witness")
    assert reward["safe"] == 0 and verdict["violated"] and verdict["cites"], verdict
    assert summary["reward"] == 0.0 and not summary["passed"]


def test_the_image_installs_the_exporting_vera_never_a_package_index_name(
    tasks: dict[str, Path],
) -> None:
    """`vera` on a package index is another project: the image installs this checkout's source,
    bundled into the task, and the bundle is what pip needs to build it."""
    for task in tasks.values():
        dockerfile = (task / "environment" / "Dockerfile").read_text()
        assert "pip install --no-cache-dir /tmp/vera-src" in dockerfile
        assert "vera==" not in dockerfile
        bundle = task / "environment" / "vera-src"
        assert (bundle / "pyproject.toml").read_text() == (REPO / "pyproject.toml").read_text()
        assert (bundle / "src" / "vera" / "cli" / "main.py").is_file()
        assert not list(bundle.rglob("__pycache__"))


def test_a_named_requirement_replaces_the_bundle(tmp_path: Path) -> None:
    out = tmp_path / "tasks"
    vera("cases", "export", "harbor", str(REPO / "bench" / "cases"), "--out", str(out),
         "--cases", "board_financials_forward", "--variants", "benign",
         "--vera-requirement", "vera @ git+https://example.invalid/vera.git")  # fmt: skip
    task = out / "board_financials_forward-benign"
    assert (
        "'vera @ git+https://example.invalid/vera.git'"
        in (task / "environment" / "Dockerfile").read_text()
    )
    assert not (task / "environment" / "vera-src").exists()
