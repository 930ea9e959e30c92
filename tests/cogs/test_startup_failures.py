"""What an operator sees when the bot cannot start: one line on stderr, a non-zero exit, no
traceback, no password; and the process always exits (issue 21, items 2 and 7)."""

from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import discord
import pytest
import uvloop

import bot
from storage import exclusive_use
from tests.deadlines import HANG_GUARD

ROOT = Path(__file__).resolve().parents[2]
SECRET = "s3cret-pw"


@pytest.fixture
def start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> Iterator:
    """Runs ``bot.main`` in the test's folder with a token and the given settings; returns
    (exit code, stderr). ``main`` sets the umask and the logging: both are restored."""
    monkeypatch.chdir(tmp_path)
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    umask = os.umask(0o022)
    os.umask(umask)

    def run(**settings: str) -> tuple[int, str]:
        code = bot.main({"DISCORD_TOKEN": "x", "LOG_LEVEL": "WARNING", **settings})
        return code, capsys.readouterr().err

    yield run
    os.umask(umask)
    root.handlers[:], root.level = handlers, level


def one_line(err: str) -> str:
    assert "Traceback" not in err and SECRET not in err, err
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1, err
    return lines[0]


@pytest.mark.parametrize(
    ("settings", "says"),
    [
        ({"DEV_GUILD_ID": "12345x678"}, "DEV_GUILD_ID must be a server id"),
        ({"LOG_LEVEL": "VERBOSE"}, "LOG_LEVEL must be one of DEBUG, INFO"),
        ({"DATABASE_SYNC": "FAST"}, "DATABASE_SYNC must be NORMAL or FULL"),
        ({"SHARD_COUNT": "two"}, "SHARD_COUNT must be a whole number"),
        (
            {"SHARD_COUNT": "4", "CLUSTER_COUNT": "2", "CLUSTER_ID": "2"},
            "Shard settings: need CLUSTER_ID",
        ),
        ({"DATABASE_URL": f"mysql://bot:{SECRET}@db/x"}, "mysql://bot:***@db/x"),
        ({"DATABASE_URL": f"mongodb://db/x?password={SECRET}"}, "password=***"),
    ],
)
def test_an_invalid_setting_is_refused_in_one_line(
    start, tmp_path: Path, settings: dict[str, str], says: str
) -> None:
    code, err = start(**settings)
    assert code == 2 and says in one_line(err)
    assert not (tmp_path / "data").exists()  # nothing was created


def test_an_unreachable_postgresql_is_one_line_without_its_password(start) -> None:
    code, err = start(DATABASE_URL=f"postgresql://bot:{SECRET}@127.0.0.1:1/tabletop")
    line = one_line(err)
    assert code == 2 and line.startswith("Cannot use the PostgreSQL database postgresql://bot:***@")


def threads_left(before: set[threading.Thread]) -> list[threading.Thread]:
    """Threads started since ``before`` that would keep the process from exiting."""
    new = [t for t in threading.enumerate() if t not in before and not t.daemon]
    for thread in new:
        thread.join(timeout=HANG_GUARD)
    return [t for t in new if t.is_alive()]


@pytest.mark.parametrize("damage", ["garbage", "truncated"])
def test_a_corrupt_sqlite_file_is_one_line_and_leaves_no_thread_behind(
    start, tmp_path: Path, damage: str
) -> None:
    path = tmp_path / "tabletop.db"
    if damage == "garbage":
        path.write_bytes(os.urandom(4096))
    else:
        good = tmp_path / "good.db"
        with sqlite3.connect(good) as conn:
            conn.executescript("CREATE TABLE t (x); INSERT INTO t VALUES (zeroblob(20000));")
        path.write_bytes(good.read_bytes()[:6000])
    before = set(threading.enumerate())
    code, err = start(DATABASE_URL=f"sqlite:///{path}")
    assert code == 2 and "is damaged or not a database" in one_line(err)
    assert threads_left(before) == []  # its thread would keep the process from exiting


def test_a_database_from_a_newer_version_is_refused_untouched(start, tmp_path: Path) -> None:
    path = tmp_path / "tabletop.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE schema_version (version INTEGER PRIMARY KEY)")
        conn.execute("INSERT INTO schema_version VALUES (999)")
    code, err = start(DATABASE_URL=f"sqlite:///{path}")
    assert code == 2 and "written by a newer version of the bot" in one_line(err)
    with sqlite3.connect(path) as conn:
        tables = {
            row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        }
    assert tables == {"schema_version"}  # nothing was migrated


def test_an_unwritable_sqlite_folder_is_one_line(start, tmp_path: Path) -> None:
    (tmp_path / "not-a-folder").write_text("x")  # root may write anywhere: a file is in the way
    code, err = start(DATABASE_URL=f"sqlite:///{tmp_path / 'not-a-folder' / 'tabletop.db'}")
    assert code == 2 and "Cannot create or open the SQLite database" in one_line(err)


def test_a_second_process_on_the_same_sqlite_file_is_refused(start, tmp_path: Path) -> None:
    path = tmp_path / "tabletop.db"
    with exclusive_use(str(path)):  # the first process
        code, err = start(DATABASE_URL=f"sqlite:///{path}")
    assert code == 2 and "in use by another bot process" in one_line(err)


def test_a_wrong_token_is_one_line(start, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    async def refused(*_: object) -> None:
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr(discord.http.HTTPClient, "static_login", refused)
    before = set(threading.enumerate())
    code, err = start(DATABASE_URL=f"sqlite:///{tmp_path / 'tabletop.db'}")
    assert code == 2 and "Discord refused the token (DISCORD_TOKEN)" in one_line(err)
    assert threads_left(before) == []
    # the database was made for its owner only: it holds hidden hands
    for name in ("tabletop.db", "tabletop.db-wal", "tabletop.db-shm", "tabletop.db.lock"):
        if (tmp_path / name).exists():
            assert (tmp_path / name).stat().st_mode & 0o077 == 0, name


def test_the_bot_runs_on_uvloop(start, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """``main`` starts the bot on service/event_loop.py's loop, not discord.py's ``run``."""
    seen: list[type] = []

    async def refused(*_: object) -> None:
        seen.append(type(asyncio.get_running_loop()))
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr(discord.http.HTTPClient, "static_login", refused)
    code, _ = start(DATABASE_URL=f"sqlite:///{tmp_path / 'tabletop.db'}")
    assert code == 2 and len(seen) == 1 and issubclass(seen[0], uvloop.Loop)


def test_the_process_exits_on_a_corrupt_database(tmp_path: Path) -> None:
    (tmp_path / "tabletop.db").write_bytes(b"not a database" * 300)
    done = subprocess.run(
        [sys.executable, str(ROOT / "bot.py")],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=HANG_GUARD,
        env={
            "PATH": "/usr/bin:/bin",
            "PYTHONPATH": str(ROOT),
            "DISCORD_TOKEN": "x",
            "DATABASE_URL": "sqlite:///tabletop.db",
        },
    )
    assert done.returncode == 2 and "is damaged or not a database" in one_line(done.stderr)
