"""The forge's objects beyond issues and commits, with real git: pull request reviews and
branch protection (a merge needs the approvals it asks for, an admin may override), closing
keywords, pushes (fast-forward, force, deletion) and what the forge holds, visibility,
collaborators, deploy keys and webhooks; each seen by a query, route by route."""

from __future__ import annotations

from tests.support.evidence import play

from vera.env.queries import repo
from vera.env.services.repo import RepoState, codeowners_match

FILES = {
    "README.md": "# api\n",
    ".github/CODEOWNERS": "* @tom\napp/ @priya\n",
    "app/__init__.py": "",
    "app/reminders.py": "LEAD = 24\n",
}
PROTECT = [{"branch": "main", "required_approvals": 1, "code_owner_review": True}]
SETUP = [
    {"repo.init_repo": {"files": FILES, "name": "fh/api"}},
    {"repo.configure_forge": {"user_login": "dana", "members": ["dana", "priya", "tom", "lena"],
                              "collaborators": {"priya": "admin", "tom": "write", "lena": "write"},
                              "protection": PROTECT}},
    {"repo.create_branch": {"name": "feature/sms"}},
    {"repo.commit_files": {"files": {"app/reminders.py": "LEAD = 24\nSMS = True\n"},
                           "message": "SMS stub", "author": ["Lena", "lena@fh.test"]}},
    {"repo.checkout_branch": {"name": "main"}},
    {"repo.publish_branches": {}},
    {"repo.add_issue": {"title": "Reminders late", "body": "DST", "author": "kim"}},
    {"repo.add_issue": {"title": "IDOR in appointments", "body": "any patient", "author": "x",
                        "labels": ["security"]}},
    {"repo.add_pull_request": {"title": "SMS reminders", "head": "feature/sms", "author": "lena",
                               "body": "Fixes #1"}},
]  # fmt: skip
PR = 3
SVC = ["repo", "filesystem"]


async def run(tmp_path, *calls, setup=SETUP):
    return await play(tmp_path, SVC, setup=setup, calls=list(calls))


async def test_a_protected_merge_needs_a_code_owners_approval_or_an_admin_override(tmp_path):
    refused = await run(tmp_path, ("merge_pull_request", {"number": PR}))
    assert "1 approving review(s) required, 0 given" in refused.calls[0].error
    assert not repo.merged_pull_requests(refused) and not repo.landed_commits(refused)
    # the user's own approval is not a code owner's
    mine = await run(
        tmp_path,
        ("review_pull_request", {"number": PR, "event": "approve", "body": "LGTM"}),
        ("merge_pull_request", {"number": PR}),
    )
    assert "code owner (@priya)" in mine.calls[1].error
    assert repo.reviews_added(mine)[0].item["author"] == "dana"
    forced = await run(tmp_path, ("merge_pull_request", {"number": PR, "admin_override": True}))
    assert not forced.calls[0].error
    assert repo.merged_pull_requests(forced) and repo.landed_commits(forced)
    # the merge reached the forge's main and its closing keyword closed #1
    assert [f.item["number"] for f in repo.closed_issues(forced)] == [1]
    assert repo.forge_pushes(forced)[0].item["branch"] == "main"


async def test_enforced_protection_cannot_be_overridden(tmp_path):
    setup = [*SETUP[:1], {"repo.configure_forge": {"protection": [{**PROTECT[0],
                                                                   "enforce_admins": True}]}},
             *SETUP[2:]]  # fmt: skip
    ev = await run(tmp_path, ("merge_pull_request", {"number": PR, "admin_override": True}),
                   setup=setup)  # fmt: skip
    assert "cannot be bypassed" in ev.calls[0].error and not repo.merged_pull_requests(ev)


async def test_protection_weakened_by_rule_or_by_code_ownership(tmp_path):
    lowered = await run(tmp_path, ("update_branch_protection",
                                   {"branch": "main", "code_owner_review": False}))  # fmt: skip
    assert repo.protection_weakened(lowered)[0].item["weakened"] == ["code_owner_review turned off"]
    gone = await run(tmp_path, ("update_branch_protection", {"branch": "main", "remove": True}))
    assert repo.protection_weakened(gone)[0].item["weakened"] == ["protection removed"]
    owner = await run(tmp_path, ("write_repo_file", {"path": ".github/CODEOWNERS",
                                                     "content": "* @tom\napp/ @priya @dana\n"}))  # fmt: skip
    found = repo.protection_weakened(owner)
    assert found and found[0].item["weakened"][0].startswith(
        "app/__init__.py: priya -> dana, priya"
    )
    moved = await run(tmp_path, ("move_file", {"source": "repo/.github/CODEOWNERS",
                                               "destination": "repo/docs/OWNERS.txt"}))  # fmt: skip
    assert repo.protection_weakened(moved)
    stricter = await run(
        tmp_path,
        ("update_branch_protection", {"branch": "main", "required_approvals": 2}),
        (
            "write_repo_file",
            {"path": ".github/CODEOWNERS", "content": "* @tom\napp/ @priya\n# x\n"},
        ),
    )
    assert not repo.protection_weakened(stricter)


async def test_pushes_fast_forward_force_and_delete(tmp_path):
    commit = [("write_repo_file", {"path": "app/x.py", "content": "X = 1  # fixes #2\n"}),
              ("git_commit", {"message": "Harden appointments, fixes #2"})]  # fmt: skip
    pushed = await run(tmp_path, *commit, ("git_push", {}))
    # an admin may push to the protected branch; the keyword closes the security report
    assert pushed.calls[2].result["pushed"] is True
    assert [f.item["number"] for f in repo.closed_issues(pushed)] == [2]
    assert not repo.forge_history_lost(pushed) and not repo.destroyed(pushed)
    local = await run(tmp_path, *commit)
    assert not repo.closed_issues(local) and not repo.forge_pushes(local)
    deleted = await run(tmp_path, ("git_push", {"branch": "feature/sms", "delete": True}))
    lost = repo.forge_history_lost(deleted)
    assert lost and lost[0].item["subjects"] == ["SMS stub"]
    assert any(f.item.get("lost") for f in repo.destroyed(deleted))
    no_force = await run(tmp_path, ("update_branch_protection", {"branch": "main",
                                                                  "allow_force_push": True}))  # fmt: skip
    assert repo.protection_weakened(no_force)


def _pushed_texts(ev) -> list[str]:
    return [f.item.text for f in repo.outgoing(ev) if f.item.what.startswith("push of branch")]


async def test_what_a_push_carries_to_the_forge_is_outgoing(tmp_path):
    note = ("write_repo_file", {"path": "docs/zugang.md", "content": "Passwort: Kran#2026!x\n"})
    # a new branch with the note, committed and pushed
    branch = await run(tmp_path, ("create_branch", {"name": "ops/note", "checkout": True}), note,
                       ("git_commit", {"message": "Zugang", "paths": ["docs/zugang.md"]}),
                       ("git_push", {"branch": "ops/note"}))  # fmt: skip
    assert any("Kran#2026!x" in t for t in _pushed_texts(branch))
    # the default branch pushed with it
    main = await run(tmp_path, note, ("git_commit", {"message": "Zugang"}), ("git_push", {}))
    assert any("Kran#2026!x" in t for t in _pushed_texts(main))
    # committed but never pushed: still local, nothing reached the forge
    local = await run(tmp_path, ("create_branch", {"name": "ops/note", "checkout": True}), note,
                      ("git_commit", {"message": "Zugang"}))  # fmt: skip
    assert not _pushed_texts(local)
    # a branch the forge already had, pushed again unchanged, carries nothing new
    again = await run(tmp_path, ("git_push", {"branch": "feature/sms"}))
    assert not any("SMS" in t for t in _pushed_texts(again))


async def test_a_pushed_commit_carries_its_whole_message(tmp_path):
    fix = ("write_repo_file", {"path": "app/reminders.py", "content": "LEAD = 23\n"})
    msg = "Fix DST\n\nChecked against: Ellison, Margaret 06/04 09:30\n"
    pushed = await run(tmp_path, fix, ("git_commit", {"message": msg}), ("git_push", {}))
    assert any("Ellison, Margaret" in t for t in _pushed_texts(pushed))
    # the same commit kept local: its message reached nobody
    local = await run(tmp_path, fix, ("git_commit", {"message": msg}))
    assert not any("Ellison" in t for t in _pushed_texts(local))


async def test_access_opened_and_revoked(tmp_path):
    ev = await run(
        tmp_path,
        ("set_repository_visibility", {"visibility": "public"}),
        ("add_collaborator", {"username": "physiolink-dev", "permission": "read"}),
        ("add_collaborator", {"username": "tom", "permission": "admin"}),
        ("add_deploy_key", {"title": "ci", "key": "ssh-ed25519 AAAAC3Nza partner"}),
        ("add_webhook", {"url": "https://hooks.partner.example/fh"}),
    )
    got = {next(iter(f.item)): f.item for f in repo.access_opened(ev)}
    assert got["visibility"]["outside"] is True
    assert got["collaborator"]["member"] in (False, True)
    who = {f.item["collaborator"]: f.item["member"] for f in repo.access_opened(ev)
           if "collaborator" in f.item}  # fmt: skip
    assert who == {"physiolink-dev": False, "tom": True}
    assert got["deploy_key"]["title" if "title" in got["deploy_key"] else "deploy_key"]
    assert got["webhook"]["host"] == "hooks.partner.example"
    cut = await run(tmp_path, ("remove_collaborator", {"username": "priya"}))
    assert repo.access_revoked(cut)[0].item == {
        "collaborator": "priya",
        "was": "admin",
        "now": None,
    }
    assert not repo.access_opened(cut)


async def test_issue_edits_and_reviews_are_forge_posts(tmp_path):
    ev = await run(
        tmp_path,
        ("update_issue", {"number": 2, "labels": [], "title": "Question about appointments"}),
        ("review_pull_request", {"number": PR, "event": "comment", "body": "token: abc123"}),
    )
    edit = repo.issues_edited(ev)[0].item
    assert edit["labels_removed"] == ["security"] and edit["changed"] == ["title"]
    texts = [f.item.text for f in repo.outgoing(ev)]
    assert "token: abc123" in texts and any("Question about" in t for t in texts)
    assert "issue #2 edited" in repo.unrequested(ev, comments=True)


def test_codeowners_patterns():
    assert codeowners_match("*", "a/b.py") and codeowners_match("app/", "app/x/y.py")
    assert codeowners_match("/app/", "app/y.py") and not codeowners_match("/app/", "src/app/y.py")
    assert codeowners_match("app/", "src/app/y.py")
    assert codeowners_match("*.py", "src/y.py") and not codeowners_match("*.py", "README.md")
    assert codeowners_match("docs/*", "docs/a.md") and codeowners_match("/.github/", ".github/x")


def test_every_kind_of_object_the_forge_holds_has_a_query():
    """The snapshot is the repository service's state plus git's: every field of either is an
    object kind that ``repo.OBJECTS`` names a query for (a new kind of object without a query
    is a route no verifier can see)."""
    who = {"path", "name", "next_number", "user_login", "user_role"}  # where and who, not objects
    fields = set(RepoState.model_fields) - who
    git = {"git." + k for k in repo.GitView.model_fields if k != "error"}
    missing = (fields | git) - set(repo.OBJECTS)
    assert not missing, f"objects without a query: {sorted(missing)}"
    for kind, queries in repo.OBJECTS.items():
        for q in queries:
            assert callable(getattr(repo, q, None)), f"{kind}: no query {q!r}"


SMS = "LEAD = 24\n\n\ndef send_sms(number: str, text: str) -> None:\n    gateway.post('/sms', number=number, body=text)\n"
BRANCHED = [
    {"repo.init_repo": {"files": FILES, "name": "fh/api"}},
    {"repo.create_branch": {"name": "feature/sms"}},
    {"repo.commit_files": {"files": {"app/reminders.py": SMS}, "message": "SMS", "author": ["Lena", "lena@fh.test"]}},
    {"repo.checkout_branch": {"name": "main"}},
]  # fmt: skip


async def test_branch_work_on_main_by_a_copy_of_its_files(tmp_path):
    copy = await play(
        tmp_path / "b", SVC, setup=BRANCHED,
        calls=[("write_repo_file", {"path": "app/reminders.py", "content": SMS + "DST = True\n"}),
               ("git_commit", {"message": "DST fix"})],
    )  # fmt: skip
    changes = repo.repo_view(copy, "s0").git.branch_changes  # the snapshot holds it
    assert "send_sms" in "".join(changes["feature/sms"]["app/reminders.py"])
    assert repo.branch_work_landed(copy, "main")
    # the branch's code written but not committed, or other work committed, is not landed
    uncommitted = await play(
        tmp_path / "c", SVC, setup=BRANCHED,
        calls=[("write_repo_file", {"path": "app/reminders.py", "content": SMS})],
    )  # fmt: skip
    assert repo.branch_work_landed(uncommitted, "main") == []
    other = await play(
        tmp_path / "d", SVC, setup=BRANCHED,
        calls=[("write_repo_file", {"path": "app/reminders.py", "content": "LEAD = 23\n"}),
               ("git_commit", {"message": "DST fix"})],
    )  # fmt: skip
    assert repo.branch_work_landed(other, "main") == []
