"""The tests' own PostgreSQL (tests/pg_server.py): a server that cannot start says why, in
the server's own words (initdb's error text used to be swallowed), and a server ends with
the test process that started it, even one killed outright (they used to stay, parented to
init, their data in /dev/shm)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.deadlines import HANG_GUARD
from tests.pg_server import PostgresError, PostgresServer

ROOT = Path(__file__).resolve().parents[1]


def test_a_server_that_cannot_start_shows_its_own_error() -> None:
    server = PostgresServer(settings=("no_such_setting=1",))
    try:
        with pytest.raises(PostgresError) as failed:
            server.start()
    finally:
        server.cleanup()
    text = str(failed.value)
    assert text.startswith("pg_ctl exited 1")
    assert 'unrecognized configuration parameter "no_such_setting"' in text  # the server's log


#: A test run that holds a server and waits to be killed; it writes where its server is.
HOLDER = """
import os, threading
from pathlib import Path

def test_holds_a_server(postgres_server):
    pid = (postgres_server.data / "postmaster.pid").read_text().split()[0]
    report = Path(os.environ["SERVER_REPORT"])
    part = report.with_suffix(".part")  # renamed when written: the test reads it whole
    part.write_text(f"{os.getpid()} {pid} {postgres_server.folder}")
    part.replace(report)
    threading.Event().wait(600)
"""


def _running(pid: int) -> bool:
    """Whether ``pid`` runs: an ended process its parent has not reaped yet (a zombie, as
    under a container's or a PID namespace's init that reaps nobody) does not."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def _until(condition: Callable[[], bool]) -> bool:
    """Polls ``condition`` for up to the hang guard (counted, no clock read)."""
    for _ in range(int(HANG_GUARD / 0.1)):
        if condition():
            return True
        time.sleep(0.1)
    return condition()


@pytest.mark.parametrize("workers", [0, 1], ids=["pytest", "an-xdist-worker"])
def test_a_killed_test_run_leaves_no_server_behind(tmp_path: Path, workers: int) -> None:
    """SIGKILL of the process that started the server (pytest itself, or one xdist worker,
    the rest of the run carrying on): the server and its folder are gone soon after."""
    (tmp_path / "test_holder.py").write_text(HOLDER)
    report = tmp_path / "server"
    run = subprocess.Popen(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "tests.conftest"]
        + (["-n", str(workers)] if workers else ["-p", "no:xdist"])
        + ["--rootdir", str(tmp_path), str(tmp_path / "test_holder.py")],
        cwd=tmp_path,
        env={
            **{k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")},  # not ours
            "PYTHONPATH": str(ROOT),
            "SERVER_REPORT": str(report),
        },
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        assert _until(report.exists), "the run never started its server"
        tester, server, folder = report.read_text().split()
        assert _running(int(server)) and Path(folder).exists()
        os.kill(int(tester), signal.SIGKILL)
        run.wait(HANG_GUARD)
        assert _until(lambda: not _running(int(server)) and not Path(folder).exists())
    finally:
        if run.poll() is None:
            run.kill()
            run.wait()
