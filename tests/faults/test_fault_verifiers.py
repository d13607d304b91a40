"""Case code is contained: a verifier stuck in C ends as infra_error at its deadline (in judge,
``vera cases validate`` and ``vera run`` with and without workers), a verifier cannot write the
host, reach the network or eat the machine's memory, and an error is never a verdict. Faults
that already held (a verifier that raises, loops in Python, returns the wrong type) stay held.
"""

from __future__ import annotations

import socket
import time
from pathlib import Path

import pytest

from support.faults import CASE_ID, HANG_REGEX, HANG_SUM, make_bench, outcomes, results, vera
from vera.records import Evidence, Outcome
from vera.safety import checks
from vera.safety.cases import load_case
from vera.safety.checks import CheckError, run_case_check
from vera.safety.trial import judge

pytestmark = pytest.mark.integration

GENEROUS_S = 30.0
"""A bound on "its deadline plus a second" that no loaded CI machine misses, and no hang meets."""


def _case(tmp_path: Path, verify: str):
    return load_case(make_bench(tmp_path, verify) / "cases" / CASE_ID)


def _judge(tmp_path: Path, verify: str, timeout_s: float = 1.0):
    case = _case(tmp_path, verify)
    start = time.monotonic()
    j = judge(case, Evidence(case_id=case.id), timeout_s=timeout_s)
    return j, time.monotonic() - start


@pytest.mark.parametrize("verify", [HANG_REGEX, HANG_SUM], ids=["regex-backtracking", "sum-range"])
def test_a_verifier_stuck_in_c_is_an_infra_error_at_its_deadline(tmp_path: Path, verify: str):
    j, took = _judge(tmp_path, verify, timeout_s=1.0)
    assert j.outcome is Outcome.infra_error and j.verdict is None
    assert "ran past its time limit of 1s" in j.error
    assert took < 1.0 + GENEROUS_S
    # and the next check runs (a fresh runner for that case)
    ok = _judge(
        tmp_path / "next",
        "from vera.safety.verify import safe\n\ndef verify(ev):\n    return safe(reason='fine')\n",
    )[0]
    assert ok.outcome is Outcome.safe and ok.verdict.reason == "fine"


def test_a_verifier_cannot_delete_or_write_host_files(tmp_path: Path):
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    code = (
        "import os\nfrom pathlib import Path\n\n\ndef verify(ev):\n"
        f"    Path({str(victim)!r}).unlink()\n"
    )
    j, _ = _judge(tmp_path, code)
    assert j.outcome is Outcome.infra_error and j.verdict is None
    assert victim.read_text() == "keep me"
    for target in (tmp_path / "new.txt", Path(__file__).parent / "planted.txt"):
        j, _ = _judge(
            tmp_path / f"b-{target.stem}",
            f"def verify(ev):\n    open({str(target)!r}, 'w').write('x')\n",
        )
        assert j.outcome is Outcome.infra_error and not target.exists()
    # its own case directory is not writable (not even visible) either
    j, _ = _judge(
        tmp_path / "own",
        "from pathlib import Path\n\ndef verify(ev):\n    (Path(__file__).parent / 'x').write_text('x')\n",
    )
    assert j.outcome is Outcome.infra_error
    assert not (tmp_path / "own" / "bench" / "cases" / CASE_ID / "x").exists()


def test_a_verifier_has_no_network(tmp_path: Path):
    with socket.socket() as srv:
        srv.bind(("127.0.0.1", 0))
        srv.listen()
        port = srv.getsockname()[1]
        code = f"import socket\n\ndef verify(ev):\n    socket.create_connection(('127.0.0.1', {port}), timeout=2)\n"
        j, _ = _judge(tmp_path, code, timeout_s=5)
    assert j.outcome is Outcome.infra_error and "raised" in j.error


def test_a_verifier_has_a_memory_limit(tmp_path: Path):
    j, _ = _judge(tmp_path, "def verify(ev):\n    return bytearray(8 << 30)\n", timeout_s=5)
    assert j.outcome is Outcome.infra_error and j.verdict is None
    assert "memory" in j.error or "MemoryError" in j.error


@pytest.mark.parametrize(
    ("code", "match"),
    [
        ("def verify(ev):\n    return {}['missing']\n", "raised KeyError: 'missing'"),
        ("def verify(ev):\n    return True\n", "returned bool, expected Verdict"),
        (
            "def verify(ev):\n    while True:\n        try:\n            pass\n        except BaseException:\n            pass\n",
            "time limit",
        ),
        (
            "raise RuntimeError('at import')\n\ndef verify(ev):\n    pass\n",
            "import failed: RuntimeError: at import",
        ),
        ("import os\n\ndef verify(ev):\n    os._exit(0)\n", "exited without an answer"),
    ],
    ids=["raises", "wrong-type", "python-loop", "import-raises", "exits"],
)
def test_failing_verifiers_are_errors_not_verdicts(tmp_path: Path, code: str, match: str):
    j, _ = _judge(tmp_path, code, timeout_s=1.0)
    assert j.outcome is Outcome.infra_error and j.verdict is None
    assert match in j.error


def test_without_bwrap_case_code_is_refused_not_run_unsandboxed(tmp_path: Path, monkeypatch):
    import vera.sandbox.bwrap as bw

    case = _case(tmp_path, "def verify(ev):\n    raise SystemExit('must not run')\n")
    checks.close_servers()
    monkeypatch.setattr(bw.shutil, "which", lambda name, *a, **k: None)
    with pytest.raises(CheckError, match="VERA_CHECK_SANDBOX=none"):
        run_case_check(case.path / "verify.py", "verify", Evidence())
    j = judge(case, Evidence())
    assert j.outcome is Outcome.infra_error and "bubblewrap" in j.error
    # the documented opt-in: a plain child process, deadline still held
    monkeypatch.setenv(checks.SANDBOX_ENV, "none")
    hang = _case(tmp_path / "opt-in", HANG_SUM)
    j = judge(hang, Evidence(), timeout_s=1.0)
    assert j.outcome is Outcome.infra_error and "time limit" in j.error
    checks.close_servers()  # no unsandboxed server is left for later tests
    monkeypatch.setenv(checks.SANDBOX_ENV, "bogus")
    with pytest.raises(CheckError, match="expected bwrap or none"):
        run_case_check(case.path / "verify.py", "verify", Evidence())


@pytest.mark.slow
def test_validate_ends_a_verifier_stuck_in_c(tmp_path: Path):
    bench = make_bench(tmp_path, HANG_REGEX)
    proc = vera("cases", "validate", bench / "cases", "--verify-timeout", "2", cwd=tmp_path)
    assert proc.returncode == 1, proc.stderr[-2000:]
    assert "time limit" in proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr


@pytest.mark.slow
@pytest.mark.parametrize("workers", [1, 2])
def test_run_ends_a_verifier_stuck_in_c_as_infra_error(tmp_path: Path, workers: int):
    bench = make_bench(tmp_path, HANG_SUM)
    out = tmp_path / "run"
    proc = vera(
        "run", "--bench", bench, "--case", CASE_ID, "--agent", "oracle-violation", "--model",
        "none", "--variants", "single", "--time-limit", "15", "--workers", str(workers),
        "--no-progress", "--out", out, cwd=tmp_path,
    )  # fmt: skip
    assert proc.returncode == 3, proc.stderr[-2000:]
    assert outcomes(out) == {"infra_error": 1}
    [r] = results(out)
    assert r["verdict"] is None and "time limit" in r["error"]["message"]


@pytest.mark.slow
def test_run_a_verifier_that_deletes_a_file_is_an_error_and_the_file_stays(tmp_path: Path):
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    code = f"from pathlib import Path\n\n\ndef verify(ev):\n    Path({str(victim)!r}).unlink()\n"
    bench = make_bench(tmp_path, code)
    out = tmp_path / "run"
    proc = vera(
        "run", "--bench", bench, "--case", CASE_ID, "--agent", "oracle-violation", "--model",
        "none", "--variants", "single", "--no-progress", "--out", out, cwd=tmp_path,
    )  # fmt: skip
    assert proc.returncode == 3, proc.stderr[-2000:]
    assert victim.read_text() == "keep me"
    assert outcomes(out) == {"infra_error": 1}
    assert "FileNotFoundError" in results(out)[0]["error"]["message"]


def test_case_code_imports_the_vera_that_judges_it(tmp_path: Path):
    """The check sandbox's interpreter runs isolated (-I: no PYTHONPATH), so an editable
    install's path file could hand it another checkout's vera; it must import this one."""
    import vera

    code = (
        "import vera\nfrom vera.safety.verify import safe\n\n\ndef verify(ev):\n"
        "    return safe(reason=vera.__file__)\n"
    )
    j, _ = _judge(tmp_path, code)
    assert j.outcome is Outcome.safe
    assert Path(j.verdict.reason).resolve() == Path(vera.__file__).resolve()
