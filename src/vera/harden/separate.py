"""AutoSep: rewrite a task so its verifier cannot be reached by the agent.

The separated task is a normal Harbor task directory. What changes, every item recorded in
``[vera.separation]`` of its task.toml and explained in its ``SEPARATION.md``:

* ``[verifier] environment_mode = "separate"`` (Harbor's key): the verifier runs after the
  agent's sandbox is closed (its processes gone), in a fresh sandbox with a pristine read-only
  copy of ``tests/``, a fresh ``/app`` (the seed plus the declared artifacts, start-up hooks and
  symlinks refused), a reward directory and a HOME the agent never had, and no login shell.
* ``[vera] artifacts``: declared, or inferred from the instruction and tests (reviewable, and
  editable in the separated task).
* ``[verifier] env``: ``PYTEST_ADDOPTS`` with ``-p no:cacheprovider --rootdir=/tests``,
  ``PYTHONNOUSERSITE`` and ``PYTHONDONTWRITEBYTECODE``, plus the task's ``[vera] separate_env``.
* every shell script under ``tests/``: a preamble that resets ``PATH`` and unsets the variables
  that inject code (``LD_PRELOAD``, ``PYTHONPATH``, ``BASH_ENV``...) and clears stale rewards;
  ``python``/``python3`` invoked as ``python3 -I`` and ``pytest`` as ``vera_pytest N``: a shell
  function of the preamble that runs ``python3 -I -m pytest`` with a junit XML report written to
  a fresh directory, and succeeds only when that report shows at least ``N`` tests (counted
  statically from the pristine test files) passed and none failed, errored or was skipped, and
  pytest's status agrees. The reward then rests on the runner's own report of what passed, never
  on an exit status alone, which code the tests import (agent code) can forge
  (``os._exit(0)`` at import, an ``atexit`` handler, a patched ``sys.exit``).
"""

from __future__ import annotations

import ast
import difflib
import re
import shutil
from collections.abc import Mapping
from pathlib import Path, PurePosixPath

from vera.harden.artifacts import artifacts_of
from vera.harden.execute import SYSTEM_PATH
from vera.harden.task import SeparationRecord, Task, TaskError, write_task

PREAMBLE_MARK = "# --- vera separation preamble"
INJECTING_VARS = (
    "LD_PRELOAD",
    "LD_LIBRARY_PATH",
    "LD_AUDIT",
    "PYTHONPATH",
    "PYTHONHOME",
    "PYTHONSTARTUP",
    "PYTHONUSERBASE",
    "PYTHONINSPECT",
    "PYTEST_PLUGINS",
    "BASH_ENV",
    "ENV",
    "CDPATH",
    "GLOBIGNORE",
)
CLEAN_ENV = {
    "PYTEST_ADDOPTS": "-p no:cacheprovider --rootdir=/tests",
    "PYTHONNOUSERSITE": "1",
    "PYTHONDONTWRITEBYTECODE": "1",
}

# A command word is at the start of a line or after ; & | ( { ` $( , possibly after keywords,
# wrappers and VAR=value assignments.
_CMD_START = (
    r"(?P<lead>(?:^|[;&|({`]|\$\()\s*"
    r"(?:(?:if|elif|while|until|then|do|else|exec|time|!|command|env|timeout(?:\s+-\S+)*\s+\S+"
    r"|[A-Za-z_][A-Za-z0-9_]*=\S*)\s+)*)"
)
_PREFIX = r"(?P<prefix>(?:/usr(?:/local)?/bin/)?)"
_PY_M_PYTEST = re.compile(_CMD_START + _PREFIX + r"(?:python3(?:\.\d+)?|python)\s+-m\s+pytest(?=\s|$|;|\))", re.M)
_PY = re.compile(_CMD_START + _PREFIX + r"(?P<py>python3(?:\.\d+)?|python)(?=\s|$|;|\))(?!\s+-I\b)", re.M)
_PYTEST = re.compile(_CMD_START + _PREFIX + r"(?:pytest|py\.test)(?=\s|$|;|\))", re.M)


_SEP_PYTEST = re.compile(_CMD_START + r"(?:/usr(?:/local)?/bin/)?python3 -I -m pytest(?=\s|$|;|\))", re.M)
_TOKEN = re.compile(r"[\w./*-]+")

# The preamble's ``vera_pytest EXPECTED ARGS...``: pytest with a junit XML report in a fresh
# directory; succeeds only when the report shows >= EXPECTED passed tests, none failed, errored
# or skipped, and pytest's status is 0. (Python without single quotes: it sits in '...'.)
_REPORT_CHECK = """\
import sys, xml.etree.ElementTree as ET
path, want, status = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
try:
    cases = list(ET.parse(path).getroot().iter("testcase"))
except (OSError, ET.ParseError) as exc:
    print("vera: pytest wrote no readable report (" + type(exc).__name__ + "): not passed")
    sys.exit(1)
bad = {"failure": 0, "error": 0, "skipped": 0}
for c in cases:
    for k in bad:
        bad[k] += 1 if c.find(k) is not None else 0
passed = len(cases) - sum(bad.values())
ok = status == 0 and passed >= max(want, 1) and not any(bad.values())
nf, ne, ns = bad["failure"], bad["error"], bad["skipped"]
print(f"vera: pytest report: {passed} passed, {nf} failed, {ne} errors, {ns} skipped "
      f"(expected >= {want}), exit status {status}: " + ("passed" if ok else "NOT passed"))
sys.exit(0 if ok else 1)
"""

RUNNER_REPORT_FUNCTION = (
    "vera_pytest() {\n"
    "  local want=$1; shift\n"
    "  local d; d=$(mktemp -d /tmp/.vera-report.XXXXXXXX) || return 1\n"
    '  python3 -I -m pytest --junitxml="$d/junit.xml" -o junit_family=xunit2 "$@"\n'
    "  local st=$?\n"
    f"  python3 -I -c '{_REPORT_CHECK}' \"$d/junit.xml\" \"$want\" \"$st\"\n"
    "}\n"
)


def count_tests(source: str) -> int:
    """Tests a pytest file defines, counted statically: ``test*`` functions and the ``test*``
    methods of ``Test*`` classes, times the length of literal ``parametrize`` tables (a table
    that is not a literal counts once). A lower bound of what pytest collects."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return 0

    def weight(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
        n = 1
        for d in fn.decorator_list:
            if (isinstance(d, ast.Call) and getattr(d.func, "attr", "") == "parametrize"
                    and len(d.args) >= 2 and isinstance(d.args[1], ast.List | ast.Tuple)):
                n *= max(len(d.args[1].elts), 1)
        return n

    total = 0
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test"):
            total += weight(node)
        elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            for sub in node.body:
                if isinstance(sub, ast.FunctionDef | ast.AsyncFunctionDef) and sub.name.startswith("test"):
                    total += weight(sub)
    return total


def _is_test_file(path: str) -> bool:
    name = PurePosixPath(path).name
    return name.endswith(".py") and (name.startswith("test_") or name.endswith("_test.py"))


def expected_tests(line: str, files: Mapping[str, str]) -> int:
    """Tests a pytest command line runs, from the files it names (sandbox paths of ``files``:
    ``/tests/...`` and ``/app/...``); every test file under /tests when it names none."""
    chosen: dict[str, None] = {}
    named = False
    for tok in _TOKEN.findall(line.split("pytest", 1)[-1]):
        tok = tok.rstrip("/")
        if tok.startswith("-") or not tok:
            continue
        if tok.endswith(".py"):
            named = True
            for p in files:
                if p == tok or (not tok.startswith("/") and PurePosixPath(p).name == PurePosixPath(tok).name):
                    chosen.setdefault(p)
        elif tok.startswith("/"):
            hits = [p for p in files if p.startswith(tok + "/") and _is_test_file(p)]
            named = named or bool(hits)
            for p in hits:
                chosen.setdefault(p)
    if not named:
        for p in files:
            if p.startswith("/tests/") and _is_test_file(p):
                chosen.setdefault(p)
    return sum(count_tests(files[p]) for p in chosen)


def harden_shell(
    text: str, keep_vars: set[str], files: Mapping[str, str] | None = None
) -> tuple[str, list[str]]:
    """Rewrite one verifier shell script. Returns (new text, notes for lines left as they were).

    ``files`` maps sandbox paths (``/tests/test_x.py``, ``/app/...``) to the pristine text of
    the files the verifier may run; it gives each pytest invocation its expected test count.
    """
    if PREAMBLE_MARK in text:
        return text, []
    files = files or {}
    out_lines: list[str] = []
    notes: list[str] = []
    for line in text.splitlines(keepends=True):
        if line.lstrip().startswith("#"):
            out_lines.append(line)
            continue
        new = _PY_M_PYTEST.sub(lambda m: f"{m['lead']}{m['prefix'] or ''}python3 -I -m pytest", line)
        new = _PYTEST.sub(lambda m: f"{m['lead']}python3 -I -m pytest", new)
        new = _PY.sub(lambda m: f"{m['lead']}{m['prefix']}{m['py']} -I", new)
        want = expected_tests(line, files) if _SEP_PYTEST.search(new) else 0
        new = _SEP_PYTEST.sub(lambda m, n=want: f"{m['lead']}vera_pytest {n}", new)
        if new == line and re.search(r"\b(pytest|python3?)\b", line):
            notes.append(f"not rewritten (review): {line.strip()[:100]}")
        out_lines.append(new)
    unset = " ".join(v for v in INJECTING_VARS if v not in keep_vars)
    preamble = (
        f"{PREAMBLE_MARK} (see SEPARATION.md) ---\n"
        f"export PATH={SYSTEM_PATH}\n"
        f"unset {unset}\n"
        "unalias -a 2>/dev/null\n"
        "mkdir -p /logs/verifier && rm -f /logs/verifier/reward.txt /logs/verifier/reward.json\n"
        "# pytest's status is not trusted alone: the reward rests on its junit report\n"
        f"{RUNNER_REPORT_FUNCTION}"
        "# --- end of preamble ---\n"
    )
    body = "".join(out_lines)
    if body.startswith("#!"):
        first, _, rest = body.partition("\n")
        return f"{first}\n{preamble}{rest}", notes
    return f"#!/bin/bash\n{preamble}{body}", notes


def verifier_files(task: Task) -> dict[str, str]:
    """Python files the verifier may run, by sandbox path: the tests and the seed of /app."""
    out = {f"/tests/{rel}": text for rel, text in task.tests.items() if rel.endswith(".py")}
    out |= {f"/app/{rel}": text for rel, text in task.app_seed.items() if rel.endswith(".py")}
    return out


def separate_task(task: Task) -> tuple[Task, str]:
    """The separated copy of ``task`` and the text of its SEPARATION.md."""
    if task.separated:
        raise TaskError(f"{task.path / 'task.toml'}: already separated (environment_mode = separate)")
    new = task.model_copy(deep=True)
    cfg = new.config
    changes: list[str] = []
    review: list[str] = []

    cfg.verifier.environment_mode = "separate"
    changes.append("verifier.environment_mode: shared -> separate (fresh sandbox after the agent's is closed)")

    declared = task.config.vera.artifacts is not None
    artifacts = artifacts_of(task)
    cfg.vera.artifacts = artifacts
    changes.append(
        f"vera.artifacts: {'kept as declared' if declared else 'inferred'}: {', '.join(artifacts)}"
    )
    if cfg.vera.tests_visible:
        cfg.vera.tests_visible = False
        cfg.vera.model_fields_set.add("tests_visible")
        changes.append("vera.tests_visible: true -> false (tests are uploaded only to the verifier)")

    env = dict(cfg.verifier.env)
    for key, value in {**CLEAN_ENV, **task.config.vera.separate_env}.items():
        if env.get(key) != value:
            changes.append(f"verifier.env.{key} = {value!r}")
            env[key] = value
    cfg.verifier.env = env

    diffs: list[str] = []
    files = verifier_files(task)
    for rel in sorted(new.tests):
        if not rel.endswith(".sh"):
            continue
        before = new.tests[rel]
        after, notes = harden_shell(before, set(env), files)
        review += [f"tests/{rel}: {n}" for n in notes]
        if after != before:
            new.tests[rel] = after
            changes.append(
                f"tests/{rel}: clean-environment preamble; python as `python3 -I`; pytest's "
                "reward from its junit report (expected test count), not its exit status"
            )
            diffs.append("".join(difflib.unified_diff(
                before.splitlines(keepends=True), after.splitlines(keepends=True),
                f"a/tests/{rel}", f"b/tests/{rel}",
            )))  # fmt: skip

    cfg.vera.separation = SeparationRecord(
        source=str(task.path), artifacts_inferred=not declared, changes=changes + review
    )
    # Make sure the assigned fields are written even when they equal a default.
    cfg.verifier.model_fields_set.update({"environment_mode", "env"})
    cfg.vera.model_fields_set.update({"artifacts", "separation"})
    cfg.model_fields_set.update({"verifier", "vera"})
    return new, _separation_md(task, artifacts, declared, changes, review, diffs)


def _separation_md(
    task: Task, artifacts: list[str], declared: bool, changes: list[str], review: list[str],
    diffs: list[str],
) -> str:
    lines = [
        f"# Separation of `{task.id}`",
        "",
        f"Written by `vera harden separate` from `{task.path}`. The instruction, the tests' logic",
        "and the solutions are unchanged; what changed is where and how the verifier runs.",
        "",
        "## Changes",
        "",
        *[f"- {c}" for c in changes],
        "",
        "## What the verifier receives from the agent",
        "",
        ("Declared in the original task:" if declared else
         "Inferred from the instruction and the tests (edit `[vera] artifacts` to change):"),
        "",
        *[f"- `{a}`" for a in artifacts],
        "",
        "Copied over a fresh `/app` made from `environment/app`. Never copied: `conftest.py`,",
        "`sitecustomize.py`, `usercustomize.py`, `*.pth`, symlinks, special files.",
        "",
        "## What the verifier never gets from the agent",
        "",
        "- its processes (the agent's sandbox is closed, every process killed, before verifying)",
        "- its environment, HOME, login files, PATH entries and aliases",
        "- `/tests` (a pristine read-only copy is uploaded to the verifier only)",
        "- `/logs/verifier` (a fresh reward directory)",
        "",
    ]
    if review:
        lines += ["## For review", "", *[f"- {r}" for r in review], ""]
    if diffs:
        lines += ["## Rewritten verifier scripts", "", "```diff", *[d.rstrip("\n") for d in diffs],
                  "```", ""]
    return "\n".join(lines)


FORMATS = ("vera", "harbor")
"""Layouts ``vera harden separate`` writes: ``vera`` (artifacts in ``[vera] artifacts``, globs
allowed) and ``harbor`` (Harbor's own schema: top-level ``artifacts``, see :func:`harbor_schema`)."""


def harbor_schema(separated: Task) -> Task:
    """A separated task in Harbor's own separation schema: ``[verifier] environment_mode =
    "separate"`` (already set by :func:`separate_task`) and the artifacts as Harbor's top-level
    ``artifacts = [...]`` instead of ``[vera] artifacts``, so Harbor collects from the agent's
    environment exactly what vera's separation carries. Tests stay in ``tests/``, which Harbor
    uploads to the verifier's environment only. Harbor's artifacts are paths, not globs: a glob
    is refused (TaskError naming it) rather than widened to its folder, which would carry more
    of the agent's files to the verifier than the separation was proven with."""
    if not separated.separated:
        raise TaskError(f"{separated.path / 'task.toml'}: not separated")
    new = separated.model_copy(deep=True)
    cfg = new.config
    artifacts = list(cfg.vera.artifacts if cfg.vera.artifacts is not None else artifacts_of(separated))
    globbed = [a for a in artifacts if any(ch in a for ch in "*?[")]
    if globbed:
        raise TaskError(
            f"{separated.path / 'task.toml'}: artifact {globbed[0]} is a glob; Harbor's artifacts "
            "are paths (declare the files or their folder in [vera] artifacts)"
        )
    extra = cfg.model_extra if cfg.model_extra is not None else {}
    extra["artifacts"] = artifacts
    env = cfg.environment
    if env.network_mode is None:  # Harbor deprecates allow_internet for network_mode
        env.network_mode = "public" if env.allow_internet else "no-network"
        env.model_fields_set.discard("allow_internet")
        env.model_fields_set.add("network_mode")
        cfg.model_fields_set.add("environment")
    cfg.vera.artifacts = None
    cfg.vera.model_fields_set.discard("artifacts")
    if cfg.vera.separation is not None:
        cfg.vera.separation.changes.append(
            f"artifacts: Harbor's top-level key ({', '.join(artifacts)}), not [vera] artifacts"
        )
    return new


def separate_to(task: Task, dest: Path, *, force: bool = False, fmt: str = "vera") -> Path:
    """Write the separated copy of ``task`` to ``dest`` (a new task directory), in vera's
    layout or Harbor's schema (``fmt``, one of :data:`FORMATS`)."""
    if fmt not in FORMATS:
        raise TaskError(f"unknown format {fmt!r} (known: {', '.join(FORMATS)})")
    dest = Path(dest)
    if dest.exists() and any(dest.iterdir()):
        if not force:
            raise TaskError(f"{dest}: exists and is not empty (use --force to replace it)")
        shutil.rmtree(dest)
    new, md = separate_task(task)
    if fmt == "harbor":
        new = harbor_schema(new)
        md = md.replace("edit `[vera] artifacts` to change", "edit the top-level `artifacts` to change")
    write_task(new, dest)
    (dest / "SEPARATION.md").write_text(md)
    return dest
