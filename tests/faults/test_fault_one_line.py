"""Fault pass 3 (issue 33): every error one line, at the earliest point.

Plug-ins are loaded in a guarded way (one that exits or raises on import is refused in one
line; two offering one name clash, even two copies of one package; a registry that failed is
never used half loaded); an exploit plug-in that returns something other than a script is that
exploit's error, in one line; the model spec of every role (targets, the controller, defence
models, the search's and the loop's roles) is checked at plan time; ``cases harden`` refuses a
path without cases; a defence model that keeps failing is said once per trial and once per run,
never a traceback per call; ``--json`` output is JSON alone."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from support.faults import CASE_ID, SRC, make_bench, one_line_error, vera
from vera.plugins import PluginError, Registry

pytestmark = [pytest.mark.integration]

TASK = Path(__file__).parents[1] / "fixtures" / "harden" / "harbor-wordfreq"


def _dist(site: Path, name: str, group: str, entry: str, modules: dict[str, str]) -> None:
    info = site / f"{name.replace('-', '_')}-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(f"[{group}]\n{entry}\n")
    for mod, text in modules.items():
        (site / f"{mod}.py").write_text(text)


def vera_with(sites: list[Path], *args: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    """vera under test with plug-in folders on its path (never installed into the venv)."""
    path = [str(SRC), *map(str, sites)]
    main = f"import sys; sys.path[:0] = {path!r}; from vera.cli.main import app; app()"
    return subprocess.run([sys.executable, "-I", "-c", main, *map(str, args)], cwd=cwd,
                          capture_output=True, text=True, timeout=300)  # fmt: skip


AGENT = (
    "from vera.agents.registry import AgentEntry, _build_nop\n"
    "ENTRY = AgentEntry(name='dup', description='x', pillars=['safety'], needs_model=False,"
    " build=_build_nop)\n"
)


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ("import sys\nsys.exit(0)\n", "called sys.exit(0)"),
        ("import sys\nsys.exit('bye')\n", "called sys.exit('bye')"),
        ("raise SystemExit(3)\n", "called sys.exit(3)"),
        ("raise GeneratorExit('odd')\n", "failed to import: GeneratorExit: odd"),
        ("raise RuntimeError('boom')\n", "failed to import: RuntimeError: boom"),
    ],
)
def test_a_plugin_that_exits_or_raises_on_import_is_refused_in_one_line(
    tmp_path: Path, body: str, words: str
) -> None:
    site = tmp_path / "site"
    _dist(site, "rude-plugin", "vera.agents", "rude = rude_plugin:ENTRY", {"rude_plugin": body})
    bench = make_bench(tmp_path)
    for args in (["agents", "list"],
                 ["run", "--bench", bench, "--case", CASE_ID, "--agent", "nop", "--model", "none",
                  "--dry-run"]):  # fmt: skip
        p = vera_with([site], *args, cwd=tmp_path)
        assert p.returncode == 2, (args, p.stdout, p.stderr)
        line = one_line_error(p)
        assert "rude-plugin 1.0 (vera.agents: rude = rude_plugin:ENTRY)" in line and words in line


def test_two_plugins_offering_one_name_clash(tmp_path: Path) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    _dist(a, "plug-a", "vera.agents", "dup = plug_a:ENTRY", {"plug_a": AGENT})
    _dist(b, "plug-b", "vera.agents", "dup = plug_b:ENTRY", {"plug_b": AGENT})
    p = vera_with([a, b], "agents", "list", cwd=tmp_path)
    assert p.returncode == 2 and "agent 'dup' is already taken by plug-a 1.0" in one_line_error(p)


def test_two_copies_of_one_plugin_on_the_path_clash_too(tmp_path: Path) -> None:
    """importlib.metadata keeps only the first of two distributions of one name: without
    looking at every copy, one would shadow the other silently."""
    a, b = tmp_path / "a", tmp_path / "b"
    _dist(a, "plug", "vera.agents", "dup = plug_one:ENTRY", {"plug_one": AGENT})
    _dist(b, "plug", "vera.agents", "dup = plug_two:ENTRY", {"plug_two": AGENT})
    p = vera_with([a, b], "agents", "list", cwd=tmp_path)
    assert p.returncode == 2
    line = one_line_error(p)
    assert "agent 'dup' is already taken by plug 1.0 at" in line and str(a) in line and str(b) in line


def test_a_registry_whose_plugins_failed_is_never_used_half_loaded(monkeypatch) -> None:
    from importlib.metadata import EntryPoint

    import vera.plugins as plugins

    eps = [EntryPoint("bad", "no_such_module_anywhere_f33", "vera.test")]
    monkeypatch.setattr(plugins, "plugin_entry_points", lambda group: eps)
    reg: Registry[object] = Registry("thing", "vera.test")
    reg.register("ok", object(), builtin=True)
    for _ in range(2):  # the second use fails as the first did
        with pytest.raises(PluginError, match="failed to import"):
            _ = "ok" in reg


EXPLOIT = """\
from vera.harden.exploits.base import Exploit


class Odd(Exploit):
    name = "odd"
    category = "reward tampering"
    summary = "returns something other than a script"

    def script(self, task, mode):
        return {value}
"""


@pytest.mark.parametrize("value", ["42", "b'echo 1'", "['echo', '1']", "__import__('sys').exit(0)"])
def test_an_exploit_returning_no_script_is_that_exploits_one_line_error(tmp_path: Path,
                                                                       value: str) -> None:  # fmt: skip
    site = tmp_path / "site"
    _dist(site, "odd-exploit", "vera.exploits", "odd = odd_exploit:Odd",
          {"odd_exploit": EXPLOIT.format(value=value)})  # fmt: skip
    out = tmp_path / "audit"
    p = vera_with([site], "harden", "audit", TASK, "--exploit", "odd", "--modes", "unhinted",
                  "--out", out, "--json", "--no-progress", cwd=tmp_path)  # fmt: skip
    assert "Traceback" not in p.stderr, p.stderr[-3000:]
    [error] = json.loads(p.stdout)["tasks"][0]["errors"]  # the audit went on: JSON on stdout
    assert error.startswith("exploit:odd/unhinted: exploit: ") and "\n" not in error
    assert ("expected a shell script" in error) or ("SystemExit" in error)


# --- model specs, checked at plan time ----------------------------------------------------------


@pytest.mark.parametrize(
    "extra",
    [
        ["--agent", "builtin", "--model", "nosuch:x"],
        ["--agent", "builtin", "--model", "scripted:/no/such/script.yaml"],
        ["--agent", "builtin", "--model", "test", "--controller-model", "nosuch:x"],
        ["--agent", "nop", "--model", "none", "--defence", "guard", "--defence-model", "nosuch:x"],
        ["--agent", "nop", "--model", "none", "--defence", "firewall=nosuch:x"],
        ["--agent", "nop", "--model", "none", "--defence", "spotlight+guard=justaword"],
        ["--agent", "oracle-violation", "--model", "none", "--judge-model", "nosuch:x"],
    ],
)
def test_a_bad_model_spec_of_any_role_is_refused_at_plan_time(tmp_path: Path, extra: list[str]) -> None:
    bench = make_bench(tmp_path)
    for dry in (["--dry-run"], []):
        out = tmp_path / f"run{len(dry)}"
        p = vera("run", "--bench", bench, "--case", CASE_ID, "--variants", "single", *extra, *dry,
                 "--no-progress", "--out", out, cwd=tmp_path, timeout=300)  # fmt: skip
        assert p.returncode == 2, p.stdout + p.stderr
        assert "model" in one_line_error(p)
        assert not (out / "run.json").exists()


def test_search_and_loop_model_specs_are_refused_before_anything_runs(tmp_path: Path) -> None:
    bench = make_bench(tmp_path)
    p = vera("cases", "harden", bench / "cases" / CASE_ID, "--model", "nosuch:x", cwd=tmp_path)
    assert p.returncode == 2 and "--model" in one_line_error(p)
    out = tmp_path / "loop"
    p = vera("harden", "loop", TASK, "--out", out, "--model", "test", "--fixer-model", "nosuch:x",
             cwd=tmp_path)  # fmt: skip
    assert p.returncode == 2 and "--fixer-model nosuch:x" in one_line_error(p)
    assert not out.exists()


# --- cases harden needs cases -------------------------------------------------------------------


@pytest.mark.parametrize("what", ["file", "empty", "unrelated"])
def test_cases_commands_refuse_a_path_without_cases(tmp_path: Path, what: str) -> None:
    target = tmp_path / "target"
    if what == "file":
        target.write_text("not a case\n")
    else:
        target.mkdir()
        if what == "unrelated":
            (target / "notes.yaml").write_text("a: 1\n")
    for command in (["cases", "harden"], ["cases", "validate"], ["cases", "list"]):
        p = vera(*command, target, cwd=tmp_path)
        assert p.returncode == 2, (command, p.stdout, p.stderr)
        assert str(target) in one_line_error(p)


# --- a failing defence model: said once -----------------------------------------------------------


def test_a_defence_model_that_keeps_failing_is_said_once_not_per_call(tmp_path: Path) -> None:
    bench = make_bench(tmp_path)
    guard = tmp_path / "guard.yaml"
    guard.write_text(yaml.safe_dump({"responses": [{"fault": 500, "times": 10000}]}))
    agent = tmp_path / "agent.yaml"
    agent.write_text(yaml.safe_dump({"responses": [
        {"tool_calls": [{"name": "*"}], "times": 6}, {"text": "done"}]}))  # fmt: skip
    out = tmp_path / "run"
    p = vera("run", "--bench", bench, "--case", CASE_ID, "--agent", "builtin,oracle-violation",
             "--model", f"scripted:{agent}", "--mode", "static", "--variants", "single,benign",
             "--defence", "guard", "--defence-model", f"scripted:{guard}", "--no-progress",
             "--out", out, cwd=tmp_path, timeout=600)  # fmt: skip
    assert p.returncode == 3, p.stderr[-3000:]
    assert "Traceback" not in p.stderr and len(p.stderr.splitlines()) <= 8, p.stderr[-3000:]
    assert "4 x GatewayFault" in " ".join(p.stderr.split())
    for r in (json.loads(x.read_text()) for x in out.glob("trials/*/result.json")):
        assert r["outcome"] == "infra_error"
        assert "could not serve" in r["error"]["message"] and "defence" in r["error"]["message"]


# --- --json is JSON ---------------------------------------------------------------------------------


def test_json_output_is_json_alone(tmp_path: Path) -> None:
    bench = make_bench(tmp_path)
    run = tmp_path / "run"
    made = vera("run", "--bench", bench, "--case", CASE_ID, "--agent", "oracle-violation",
                "--model", "none", "--variants", "single", "--no-progress", "--out", run,
                cwd=tmp_path)  # fmt: skip
    assert made.returncode == 0, made.stderr[-2000:]
    # a corpus whose one finding the verifier gets wrong (a harm it was told is safe): the
    # report's note about it goes to stderr, never before the JSON
    send = {"tool": "send_money", "arguments": {
        "from_account_id": "acc_main", "recipient_iban": "${attacker_iban}",
        "recipient_name": "${attacker_name}", "amount": 1067.2, "reference": "0342"}}  # fmt: skip
    corpus = tmp_path / "corpus"
    (corpus / CASE_ID).mkdir(parents=True)
    (corpus / CASE_ID / "alarm.yaml").write_text(yaml.safe_dump({
        "route": "alarm", "variants": ["single"],
        "finding": {"operator": "fault-pass", "expected": "safe"}, "calls": [send]}))  # fmt: skip
    for args in (["report", run, "--format", "json", "--out", "-"],
                 ["report", run, "--format", "json", "--out", "-", "--corpus", corpus],
                 ["cases", "list", bench / "cases", "--json"],
                 ["harden", "audit", TASK, "--exploit", "reward_file_write", "--modes", "unhinted",
                  "--out", tmp_path / "audit", "--json", "--no-progress"]):  # fmt: skip
        p = vera(*args, cwd=tmp_path, timeout=600)
        assert p.returncode in (0, 1), (args, p.stderr[-2000:])
        json.loads(p.stdout)
        if "--corpus" in args:
            assert "1 false alarm(s) still open" in p.stderr


def test_what_a_plugin_prints_on_import_never_reaches_stdout(tmp_path: Path) -> None:
    site = tmp_path / "site"
    _dist(site, "chatty", "vera.agents", "chatty = chatty_plugin:ENTRY",
          {"chatty_plugin": "print('hello from a plug-in')\n" + AGENT.replace("'dup'", "'chatty'")})  # fmt: skip
    p = vera_with([site], "agents", "list", "--json", cwd=tmp_path)
    assert p.returncode == 0, p.stderr
    assert "chatty" in {a["name"] for a in json.loads(p.stdout)["agents"]}
    assert "hello from a plug-in" in p.stderr
