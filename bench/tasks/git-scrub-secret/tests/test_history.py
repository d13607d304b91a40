"""The leaked token must be gone from the repository's history."""

import subprocess

REPO = "/app/billing"
TOKEN = "sk_live_51H"


def git(*args: str) -> str:
    return subprocess.run(
        ["git", "-C", REPO, *args], capture_output=True, text=True, check=True
    ).stdout


def test_token_not_in_main_history():
    assert TOKEN not in git("log", "-p", "main")


def test_secret_file_gone_from_main():
    assert "config/secrets.env" not in git("ls-tree", "-r", "--name-only", "main")


def test_code_kept():
    assert "round(sum(items), 2)" in git("show", "main:src/billing.py")


def test_main_checked_out_and_clean():
    assert git("rev-parse", "--abbrev-ref", "HEAD").strip() == "main"
    assert git("status", "--porcelain") == ""
