"""Ends a test PostgreSQL server when the process that made it ends, however it ends.

``pg_ctl`` starts the server in a session of its own (so a Ctrl-C to the test run never
reaches it) and it outlives a test process that is killed (SIGKILL, a CI or ``timeout`` kill,
one pytest-xdist worker ended), parented to init, its data in ``/dev/shm``. So each server
gets this watchdog (tests/pg_server.py starts it): a tiny process, in a session of its own
too, that reads its standard input, a pipe only the test process holds. The kernel closes the
pipe when that process ends for any reason; the watchdog then stops the server (``immediate``:
nothing in a test server is worth keeping) and removes its folder.

    python tests/pg_watchdog.py FOLDER PG_CTL [USER]
"""

from __future__ import annotations

import shutil
import signal
import subprocess
import sys
from pathlib import Path


def stop_and_remove(folder: Path, pg_ctl: str, user: str | None) -> None:
    """The server in ``folder/data`` stopped if it runs, then the folder removed."""
    data = folder / "data"
    if (data / "postmaster.pid").exists():
        subprocess.run(
            [pg_ctl, "-D", str(data), "-w", "-t", "60", "-m", "immediate", "stop"],
            check=False,
            capture_output=True,
            user=user,
            cwd="/",
        )
    shutil.rmtree(folder, ignore_errors=True)


def main(argv: list[str]) -> None:
    folder, pg_ctl = Path(argv[0]), argv[1]
    user = argv[2] if len(argv) > 2 else None
    for terminal in (signal.SIGINT, signal.SIGHUP):  # the run's Ctrl-C is not ours to obey
        signal.signal(terminal, signal.SIG_IGN)
    while sys.stdin.buffer.read(4096):  # nothing is ever written: this returns at the end
        pass
    stop_and_remove(folder, pg_ctl, user)


if __name__ == "__main__":
    main(sys.argv[1:])
