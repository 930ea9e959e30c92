"""Commit subjects stay short: at most 72 characters, the figures and reasons in the body.

Checked over every commit after the last one written before the rule (``BASELINE``), so the
history before it stays as it is and every new commit is held to the rule.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: The last commit before subjects were held to 72 characters.
BASELINE = "194ba2bbe363ba8f9b414682c26a073a9879d21d"
LIMIT = 72


def git(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["git", "-C", str(ROOT), *args], capture_output=True, text=True, check=False
    )


def long_subjects(revisions: str) -> list[str]:
    """The subjects over the limit in ``revisions`` (a ``git log`` range)."""
    listed = git("log", "--format=%h%x09%s", revisions)
    assert listed.returncode == 0, listed.stderr
    rows = (line.split("\t", 1) for line in listed.stdout.splitlines())
    return [f"{commit} {subject}" for commit, subject in rows if len(subject) > LIMIT]


@pytest.fixture(scope="module")
def history() -> None:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout: no history to check")
    if git("cat-file", "-e", f"{BASELINE}^{{commit}}").returncode != 0:
        pytest.skip("a shallow clone without the baseline commit")


@pytest.mark.usefixtures("history")
def test_every_new_commit_subject_is_at_most_72_characters() -> None:
    assert long_subjects(f"{BASELINE}..HEAD") == []


@pytest.mark.usefixtures("history")
def test_the_check_finds_the_long_subjects_before_the_rule() -> None:
    """The same check over the history before the rule finds its long subjects."""
    assert long_subjects(f"{BASELINE}~5..{BASELINE}")
