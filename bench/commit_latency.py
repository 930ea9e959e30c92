"""What one durable commit costs beside CPU-bound work, with no bot around it.

    .venv/bin/python bench/commit_latency.py [--rate 50] [--commits 1500] [--burners 2]

The bare write path of each database, no store code: a throw-away PostgreSQL 18 with its
durable defaults (one prepared UPDATE of a 1.2 KB row, autocommit, through asyncpg) and
a SQLite file with ``journal_mode=WAL`` and ``synchronous=FULL`` (the same UPDATE in a
transaction, on one writer thread the event loop hands it to, as the store does), each at
``--rate`` commits per second on 400 rows, first beside ``--burners`` CPU burners
(``while True: pass``), then on an otherwise quiet machine. Prints p50 / p99 / max and a
histogram in whole milliseconds per database and machine state. It shows whether a
gap between the two stores' steady p99 (``bench/load.py --compare``) is in the store's
code or in the database's own commit: a PostgreSQL commit wakes a server process (for the
statement, then after its WAL flush), a SQLite commit a thread of the bot's. Asserts
nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import asyncpg

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from turns import line  # bench/, this script's folder

ROWS = 400
TEXT = "y" * 1200


@contextmanager
def burning(count: int) -> Iterator[None]:
    burners = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(count)]
    try:
        yield
    finally:
        for burner in burners:
            burner.kill()
            burner.wait()


async def paced(rate: float, commits: int, commit: Callable[[int], Awaitable[None]]) -> list[float]:
    """``commits`` commits at ``rate`` per second; each one's seconds."""
    seconds: list[float] = []
    next_at = time.perf_counter()
    for i in range(commits):
        next_at += 1 / rate
        delay = next_at - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        started = time.perf_counter()
        await commit(i % ROWS + 1)
        seconds.append(time.perf_counter() - started)
    return seconds


async def postgres(url: str, rate: float, commits: int) -> list[float]:
    conn = await asyncpg.connect(url)
    try:
        await conn.execute(
            "DROP TABLE IF EXISTS t; CREATE TABLE t (id int PRIMARY KEY, v int, s text)"
        )
        await conn.execute(f"INSERT INTO t SELECT g, 0, $1 FROM generate_series(1, {ROWS}) g", TEXT)
        update = await conn.prepare("UPDATE t SET v = v + 1, s = $2 WHERE id = $1")

        async def commit(row: int) -> None:
            await update.fetch(row, TEXT)

        return await paced(rate, commits, commit)
    finally:
        await conn.close()


async def sqlite(folder: str, rate: float, commits: int) -> list[float]:
    db = sqlite3.connect(Path(folder) / "commit.db", check_same_thread=False, isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=FULL")
    db.execute("CREATE TABLE IF NOT EXISTS t (id int PRIMARY KEY, v int, s text)")
    db.executemany(
        "INSERT OR REPLACE INTO t VALUES (?, 0, ?)", [(i, TEXT) for i in range(1, ROWS + 1)]
    )
    writer = ThreadPoolExecutor(1)
    loop = asyncio.get_running_loop()

    def write(row: int) -> None:
        db.execute("BEGIN")
        db.execute("UPDATE t SET v = v + 1, s = ? WHERE id = ?", (TEXT, row))
        db.execute("COMMIT")

    async def commit(row: int) -> None:
        await loop.run_in_executor(writer, write, row)

    try:
        return await paced(rate, commits, commit)
    finally:
        writer.shutdown()
        db.close()


def report(name: str, seconds: list[float]) -> str:
    """``turns.line``'s p50 / p99 / max, then a histogram in whole milliseconds."""
    histogram = collections.Counter(min(int(s * 1000), 20) for s in seconds)
    bins = " ".join(f"{k}{'+' if k == 20 else ''}:{histogram[k]}" for k in sorted(histogram))
    return f"{line(name, seconds)}\n    whole ms: {bins}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rate", type=float, default=50.0)
    parser.add_argument("--commits", type=int, default=1500)
    parser.add_argument("--burners", type=int, default=2)
    args = parser.parse_args()
    from tests.pg_server import DURABLE_SETTINGS, PostgresServer  # noqa: PLC0415 - bench-only wheel

    with tempfile.TemporaryDirectory() as folder:
        Path(folder).chmod(0o755)  # the server may run as its own user
        server = PostgresServer(DURABLE_SETTINGS, scratch=folder)
        server.start()
        try:
            for burners in (args.burners, 0):
                with burning(burners):
                    pg = asyncio.run(postgres(server.url(), args.rate, args.commits))
                    lite = asyncio.run(sqlite(folder, args.rate, args.commits))
                print(f"{args.rate:.0f} commits/s, {burners} burners beside:")
                print("  " + report("PostgreSQL", pg))
                print("  " + report("SQLite FULL", lite))
        finally:
            server.cleanup()


if __name__ == "__main__":
    main()
