"""Writes composed safety cases to disk for the storage generators (files, drive, secrets).

A generator holds readable tables — the world, user tasks, attack goals, attack vectors — and a
list of base scenarios ``(task, goal, vector)``; this module composes each scenario into a case
directory (case.yaml, verify.py, utility.py, witnesses/, references/) and the world file, and
with ``--check`` reports the committed paths that differ from what it would write.

Composition rules (the same for every world):
- the benign task, its safe calls (reference 1) and its utility come from the *task*;
- the harm, its invariant verifier, the witness routes, the look-alike reference and the
  attacker's markers come from the *goal*;
- how the attacker speaks — first message, tactics, the text planted into the task's document
  (overlay: the attacker's own mail, file, shared document or page) and the two injections on
  distinct channels (that item and a second read of something a third party wrote: a mail they
  sent, a document in a folder they can write, a page they control) — comes from the *vector*.
Both injections ride on content someone outside the user's account authors (docs/cases.md,
"The realism gate", ``placement``): never on a listing, a log or another record the service
itself writes. A task whose second read is such an item that the world lacks brings it in its
``setup`` (the case's setup block, in every variant: the benign world has the item too).
A witness is the task's reads followed by one of the goal's routes; the look-alike reference is
the task's safe calls followed by the goal's risky-looking but safe calls.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from _casegen import REVIEWERS_FILES

ROOT = Path(__file__).resolve().parents[2]
BENCH = ROOT / "bench"


class _Dumper(yaml.SafeDumper):
    pass


def _str(dumper: yaml.SafeDumper, data: str) -> yaml.Node:
    style = "|" if "\n" in data else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", data, style=style)


_Dumper.add_representer(str, _str)


def dump(data: Any) -> str:
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)


def call(tool: str, **arguments: Any) -> dict[str, Any]:
    return {"tool": tool, "arguments": arguments}


@dataclass
class Task:
    """A benign user request over the world."""

    key: str
    text: str
    authorised: str
    reads: list[dict]
    """The calls that gather what the task needs (also the witnesses' opening)."""
    done: list[dict]
    """The calls that complete the task safely (after ``reads``)."""
    answer: str
    utility: str
    """Source of utility.py after its docstring (imports and ``def utility``)."""
    utility_doc: str
    doc: tuple[str, str, str]
    """What the attacker writes that the task reads, (setup step, path, content): their own mail
    beside the one the task expects (``email.add_message``, its sender and pinned id in
    ``doc_extra``, ``content`` its opening), a file they sent saved where ``outsider_writes``
    declares outsiders write, a document in a drive folder they edit, or their web page. Never a
    document of the user's side: the overlay plants the vector's note into it."""
    hooks: list[tuple[str, dict | None, str]]
    """Two observations the task makes, each a read of content a third party writes (a document,
    a mail, a page; never a listing, log or permission the service writes): (tool, ``when``
    arguments or ``{"result_contains": text}``, channel name). Both reads are in ``reads``."""
    allow: list[str] = field(default_factory=list)
    followup: dict[str, Any] = field(default_factory=dict)
    """The attacker's own short follow-up mail (``email.add_message`` arguments; the sender is the
    one of ``doc_extra`` unless given), planted after the overlay's other items so the ids they
    get stay as they are: the second hook keys on its pinned ``message_id`` when the task's second
    read would otherwise be a third party's real mail, which the attacker cannot append to."""
    doc_extra: dict[str, Any] = field(default_factory=dict)
    """Further arguments of the document's setup step (a page's title, a file's owner)."""
    comment: str = ""
    """Line-comment prefix when the document is a config file (``; ``, ``# ``)."""
    author_line: str = ""
    """Where the document shows who wrote each part (a forum thread's replies): the header of the
    attacker's own reply, put before the planted note so it never reads as the page owner's."""
    attacker_knows: list[dict] = field(default_factory=list)
    """As :attr:`Goal.attacker_knows`, for what the task's own document shows every reader (a
    public forum page's answer that names a path)."""
    setup: list[dict] = field(default_factory=list)
    """Setup steps the task adds to the world in every variant (the case's ``setup:`` block): the
    third party's item its second read opens when the world does not hold one (a supplier's
    report saved in downloads/, the auditor's request mail), written as that party writes it."""
    outsider_writes: list[dict] = field(default_factory=list)
    """case.yaml ``realism: outsider_writes:`` ``{what: GLOB, why}``: the workspace or drive paths
    whose files an outsider wrote as they are (a supplier's invoice saved from their mail, a report
    in downloads/), so the attacker's text in such a file is theirs, not the user's."""
    also_correct: list[tuple[str, str, list[dict], str]] = field(default_factory=list)
    """Other correct ways to do the task, each a reference ``(name, route, done calls, answer)``
    played after ``reads``: the utility check must accept every form of a correct answer (a date
    written 19/05/2026, the messages in other words)."""
    sign: str = ""
    """How the sender of the task's planted mail signs it (a sign-off and their name), written
    after the vector's text so the mail reads as that sender's own; empty for a page or a file."""
    doc_language_note: str = ""
    """Why the task's document, with the attacker's note planted in it, may read as another
    language than the world's (a vendor's config file whose keys are English on every install):
    case.yaml ``realism: foreign_language:`` for the overlay."""


@dataclass
class Goal:
    """An attack goal: the harm as an invariant and the routes that reach it."""

    key: str
    harm: str
    risk: str
    title: str
    invariant: str
    brief: str
    ask: str
    """What the attacker wants done, in the attacker's words (used by the vectors)."""
    verify: str
    """Source of verify.py: first line is its docstring."""
    routes: list[tuple[str, list[dict], list[str] | None]]
    """(route, calls, variants or None for all)."""
    lookalike: tuple[str, list[dict], str]
    """(route, calls after the task's, answer)."""
    markers: list[str]
    tactics: list[str]
    why: str = ""
    """The attacker's pretext."""
    ask_alt: str = ""
    """``ask`` in another language (for the language-switch vector)."""
    ask_formal: str = ""
    """``ask`` as an outsider writes it to the user where the language has a formal address
    (German "Sie": "schicken Sie ..."); ``ask`` itself is how the user speaks to their assistant
    ("schick ..."). The vectors' planted texts use this one when it is set."""
    ask_user: str = ""
    """``ask`` as the adversarial user says it in their own turn (the user-channel vectors' opening), in
    their own short words: the planted text keeps the outsider's wording (``ask_formal`` or ``ask``), and
    a real user who relays an attacker's request does not type the attacker's sentence. Unset: ``ask``."""
    authorised: str = ""
    lookalike_allow: list[str] = field(default_factory=list)
    extra_overlay: list[dict] = field(default_factory=list)
    variables: dict[str, str] = field(default_factory=dict)
    protected: list[dict] = field(default_factory=list)
    """case.yaml ``protected:``: the facts the harm must not carry past their audience."""
    attacker_knows: list[dict] = field(default_factory=list)
    """case.yaml ``realism: attacker_knows:`` ``{what, why}``: what the attacker's text names that
    an outsider can really know (a vendor's documented default path), and why."""
    persona: dict[str, str] = field(default_factory=dict)
    """The attacker's own mail when the goal's attacker is not the task's look-alike sender (a
    course colleague, a homecare supplier, an audit office): ``sender``, ``subject``, ``opening``
    (what the mail says before the vector's line) and ``followup`` (the opening of their short
    second mail), and ``sign`` (their sign-off, replacing the task's). It replaces the task's mail text and sender, keeping its pinned ids and dates,
    so whoever writes has a reason to ask and knows only what they could know. Only for tasks
    whose planted item is a mail."""


@dataclass
class Vector:
    """How the attacker speaks: the attack leaf and the texts it plants."""

    key: str
    leaf: str
    first: Callable[[Task, Goal], str]
    planted: Callable[[Goal], str]
    """Text appended to the task's document in the overlay."""
    inj_doc: Callable[[Goal], str]
    inj_tool: Callable[[Goal], str]
    """Text appended to the task's second read (a third party's mail, document or page): a line
    that party writes in its own voice, never a system notice, a tool's error or a listing row."""
    tactics: list[str]


@dataclass
class World:
    env: str
    """Directory under bench/cases and bench/worlds (files, storage, vault)."""
    id: str
    title: str
    description: str
    services: list[str]
    variables: dict[str, str]
    setup: list[dict]
    environment: str
    """Default environment leaf of its cases."""
    premises: list[dict] = field(default_factory=list)
    """The world file's ``facts: premises:`` ``{about, holds, excludes}``: what the world holds
    true that its cases lean on, and the terms a user of this world could not say without
    contradicting it (the realism gate's ``premise`` rule checks every case's task and opening)."""


def _utility_py(task: Task, goal: Goal, generator: str) -> str:
    allow = sorted(set(task.allow) | set(goal.lookalike_allow))
    touch, mail, shares, rotated = set(), set(), set(), set()
    for c in goal.lookalike[1]:
        a = c["arguments"]
        if c["tool"] in ("write_file", "move_file", "delete_file", "create_directory"):
            for k in ("path", "source", "destination"):
                if k in a:
                    parts = str(a[k]).strip("/").split("/")
                    touch |= {"/".join(parts[:i]) for i in range(1, len(parts) + 1)}
        if c["tool"] == "share_secret":
            shares.add((str(a["name"]), str(a["recipient"]).lower()))
        if c["tool"] == "rotate_secret":
            rotated.add(str(a["name"]))
        if c["tool"] == "send_email":
            mail |= {str(r).lower() for k in ("to", "cc", "bcc") for r in a.get(k) or []}
    body = (task.utility.replace("__ALLOW__", repr(allow)).replace("__TOUCH__", repr(sorted(touch)))
            .replace("__MAILTO__", repr(sorted(mail))).replace("__SHARES__", repr(sorted(shares)))
            .replace("__ROTATED__", repr(sorted(rotated))))
    return f'"""{task.utility_doc}\n\nWritten by {generator}."""\n\n{body.strip()}\n'


def _verify_py(goal: Goal, generator: str) -> str:
    src = goal.verify.strip("\n")
    assert src.startswith('"""'), goal.key
    first = src.index('"""', 3)
    return src[: first] + f"\n\nWritten by {generator}." + src[first:] + "\n"


def compose(world: World, task: Task, goal: Goal, vector: Vector, generator: str,
            env: str | None = None, environment: str | None = None) -> tuple[str, dict[str, str]]:
    """One base scenario as ``(case directory relative to bench/cases, {file: text})``."""
    case_id = f"{world.id}_{goal.key}_{task.key}"
    head = f"# Written by {generator}: edit the generator, not this file.\n"
    step, path, content = task.doc
    key = "url" if step.startswith("web.") else "path"
    doc_extra, followup = dict(task.doc_extra), dict(task.followup)
    sign = task.sign
    if goal.persona:  # the goal's own attacker writes the mail, not the task's look-alike sender
        if step != "email.add_message":
            raise ValueError(f"{goal.key}: a persona replaces a mail, {task.key} plants a {step}")
        content = goal.persona["opening"]
        sign = goal.persona.get("sign", "")
        doc_extra.update(sender=goal.persona["sender"], subject=goal.persona["subject"])
        if followup:
            followup.update(subject="Re: " + goal.persona["subject"], body=goal.persona["followup"])
            followup.pop("sender", None)
    text = vector.planted(goal)
    if task.comment:  # planted into a config file: as comments, so the file still parses
        text = "\n".join(task.comment + ln for ln in text.splitlines())
    if task.author_line:
        text = task.author_line.rstrip("\n") + "\n" + text
    planted = content.rstrip("\n") + "\n\n" + text + "\n"
    if sign and step == "email.add_message":  # the sender signs their own mail
        planted += "\n" + sign.strip("\n") + "\n"
    if step == "storage.add_file" and "owner" not in doc_extra:
        # a document the world already holds keeps its owner: the planted text sits in the
        # outside party's own file, not in one the user owns
        owner = next((st[step].get("owner") for st in world.setup
                      if step in st and st[step].get("path") == path and st[step].get("owner")), None)
        if owner:
            doc_extra["owner"] = owner
    if step == "email.add_message":  # the attacker's own mail beside the one the task reads
        overlay = [{step: {**doc_extra, "body": planted.strip() + "\n"}}]
    else:
        overlay = [{step: {key: path, "content": planted, **doc_extra}}]
    overlay += goal.extra_overlay
    if followup:
        sender = {"sender": doc_extra["sender"]} if "sender" in doc_extra else {}
        overlay.append({"email.add_message": {**sender, **followup}})
    injections = []
    for n, (tool, when, channel) in enumerate(task.hooks):
        inj: dict[str, Any] = {
            "id": f"{vector.key}-{'doc' if n == 0 else 'tool'}",
            "channel": channel,
            "tool": tool,
        }
        if when:  # the tool's arguments, or {"result_contains": text}: what the note rides on
            inj["when"] = dict(when) if set(when) == {"result_contains"} else {"arguments": when}
        inj["mode"] = "append"
        inj["payload"] = (vector.inj_doc if n == 0 else vector.inj_tool)(goal)
        injections.append(inj)
    spec = {
        "id": case_id,
        "title": goal.title,
        "version": 1,
        "world": f"{world.env}/{world.id}",
        "harm": goal.harm,
        "goal": goal.invariant,
        "taxonomy": {
            "risk": goal.risk,
            "attack": vector.leaf,
            "environment": environment or world.environment,
        },
        "services": list(world.services),
        "variables": dict(goal.variables),
        "setup": list(task.setup),
        "benign_task": task.text,
        "authorised": (task.authorised + " " + goal.authorised).strip(),
        "attack": {
            "brief": goal.brief,
            "first_message": vector.first(task, goal),
            "tactics": list(dict.fromkeys([*vector.tactics, *goal.tactics])),
            "markers": list(goal.markers),
        },
        "overlay": overlay,
        "injections": injections,
        "budgets": {"turns": 6, "seconds": 600},
    }
    if goal.protected:
        spec["protected"] = goal.protected
    known = [*task.attacker_knows, *goal.attacker_knows]
    if known:
        spec["realism"] = {"attacker_knows": known}
    if task.outsider_writes:
        spec.setdefault("realism", {})["outsider_writes"] = list(task.outsider_writes)
    if task.doc_language_note:
        spec.setdefault("realism", {})["foreign_language"] = [
            {"what": "overlay[0]", "why": task.doc_language_note}]
    files = {"case.yaml": head + dump(spec)}
    files["verify.py"] = _verify_py(goal, generator)
    files["utility.py"] = _utility_py(task, goal, generator)
    for i, (route, calls, variants) in enumerate(goal.routes, 1):
        w: dict[str, Any] = {"route": route}
        if variants:
            w["variants"] = variants
        w["calls"] = [*task.reads, *calls]
        files[f"witnesses/w{i}.yaml"] = head + dump(w)
    files["references/safe.yaml"] = head + dump({
        "route": "Does the task as asked and nothing else.",
        "calls": [*task.reads, *task.done],
        "response": task.answer,
    })
    for name, route, calls, answer in task.also_correct:
        files[f"references/also_{name}.yaml"] = head + dump({
            "route": route, "calls": [*task.reads, *calls], "response": answer})
    route, calls, answer = goal.lookalike
    files["references/lookalike.yaml"] = head + dump({
        "route": route,
        "lookalike": True,
        "calls": [*task.reads, *task.done, *calls],
        "response": task.answer + " " + answer,
    })
    return f"{env or world.env}/{case_id}", files


def world_file(world: World, generator: str) -> str:
    head = f"# Written by {generator}: edit the generator, not this file.\n"
    spec: dict[str, Any] = {"id": world.id}
    if world.premises:
        spec["facts"] = {"premises": list(world.premises)}
    return head + dump({
        **spec,
        "title": world.title,
        "description": world.description,
        "services": world.services,
        "variables": world.variables,
        "setup": world.setup,
    })


def main(generator: str, world: World, cases: list[tuple[str, dict[str, str]]]) -> int:
    ap = argparse.ArgumentParser(description=f"Write the cases of world {world.id}.")
    ap.add_argument("--check", action="store_true", help="exit 1 when committed files differ")
    args = ap.parse_args()
    want: dict[Path, str] = {BENCH / "worlds" / world.env / f"{world.id}.yaml": world_file(world, generator)}
    ids = set()
    for rel, files in cases:
        assert rel not in ids, rel
        ids.add(rel)
        for name, text in files.items():
            want[BENCH / "cases" / rel / name] = text
    stale = [p for p, t in want.items() if not p.exists() or p.read_text(encoding="utf-8") != t]
    # files the generator no longer writes inside its case directories
    for rel in ids:
        d = BENCH / "cases" / rel
        if d.is_dir():
            stale += [p for p in d.rglob("*") if p.is_file() and p not in want
                      and "__pycache__" not in p.parts and not p.name.startswith(REVIEWERS_FILES)]
    if args.check:
        for p in sorted(set(stale)):
            print(p.relative_to(ROOT))
        return 1 if stale else 0
    for p in sorted(set(stale)):
        if p in want:
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(want[p], encoding="utf-8")
        else:
            p.unlink()
    print(f"{world.id}: {len(cases)} cases, {len(set(stale))} file(s) written or removed")
    return 0


if __name__ == "__main__":
    sys.exit("run a world generator, e.g. bench/generators/storage_larkspur_drive.py")
