"""SQLite match store (aiosqlite): WAL, busy timeout, one transaction per step. The
features' queries (storage/features/) run through ``read``, ``write`` and ``transaction``;
this module keeps the connection, the writer's group commit and a move's own statements.

One connection serves the process. aiosqlite runs its calls one at a time on its own
thread, but coroutines could still interleave statements of two transactions on that one
connection, so every transaction (and every read) holds ``self._lock``; a transaction is a
handful of statements, so the lock is held for about a millisecond.

A plain move is a single ``UPDATE … WHERE version = ?`` whose trigger (migration 2) writes
the action row, so the state, the action and the version are written by one statement.
Writes that arrive while a commit runs are grouped into the next transaction (group
commit): one sync of the WAL for the group, so ``synchronous=FULL`` costs little under
load. A write of several statements (seats, statistics) runs inside a savepoint.

Copying the WAL back into the database file (a checkpoint: milliseconds, with its fsyncs)
is not a commit's work, as SQLite's automatic checkpoint makes it of whichever commit
crosses 1000 WAL pages: the store checkpoints every ``checkpoint_every`` commits on a
connection of its own, in a worker thread, while moves go on. A commit checkpoints only
when the WAL reaches 4000 pages, if writes never paused for a background checkpoint to
finish (docs/architecture.md, "Durability").
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import logging
import os
import sqlite3
from collections.abc import Awaitable, Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from gamecore.match import Match, StatLine
from gamecore.ratings import RatedResult
from storage.base import (
    NewAction,
    StaleVersion,
)
from storage.codec import (
    COLUMNS,
    match_to_row,
)
from storage.features.matches import ADD_USER, user_params
from storage.features.ratings import rate_finish
from storage.features.stats import ADD_GUILD_STATS, ADD_STATS, stat_rows
from storage.sql import SQLITE, Query, Row, UniqueViolation, run_now
from storage.sql import Operation as TxOperation
from storage.store import MatchStore

DEFAULT_DATABASE_URL = "sqlite:///data/tabletop.db"
#: Commits between two background checkpoints (3-20 WAL pages a commit), the passes one
#: checkpoint makes at most to catch up with commits made meanwhile, and the WAL pages at
#: which a commit checkpoints itself as SQLite does by default (at 1000 pages): only when
#: writes never paused long enough for a background checkpoint to finish.
CHECKPOINT_EVERY, CHECKPOINT_PASSES, WAL_LIMIT_PAGES = 100, 4, 4000
log = logging.getLogger("tabletop.storage")

#: A write: statements run on the raw connection inside the flusher's transaction.
Operation = Callable[[sqlite3.Connection], None]
T = TypeVar("T")


@dataclass(slots=True)
class _Pending:
    operation: Operation
    single_statement: bool
    done: asyncio.Future[None]


_UPDATE = (
    "UPDATE matches SET "
    + ", ".join(f"{c} = :{c}" for c in COLUMNS if c != "id")
    + ", last_seat = :last_seat, last_notation = :last_notation"
    + " WHERE id = :id AND version = :expected_version"
)


def database_path(url: str | None = None) -> str:
    """The file behind ``DATABASE_URL`` (``sqlite:///relative`` from the cwd,
    ``sqlite:////absolute``, or ``:memory:``); its folder is created."""
    url = url or os.environ.get("DATABASE_URL") or DEFAULT_DATABASE_URL
    if not url.startswith("sqlite://"):
        raise ValueError(f"only sqlite:// database URLs are supported, not {url!r}")
    path = url[len("sqlite://") :]
    path = path[1:] if path.startswith("/") else path
    if path in ("", ":memory:"):
        return ":memory:"
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    return path


def _create_private(path: str) -> None:
    """Creates the database file readable by its owner only (it holds hidden hands); SQLite
    gives its -wal and -shm files the database file's permissions."""
    if path == ":memory:" or path.startswith("file:"):
        return
    with contextlib.suppress(FileExistsError):
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))


@contextlib.contextmanager
def exclusive_use(path: str) -> Iterator[None]:
    """Holds ``<database>.lock`` (an exclusive ``flock``) for as long as the block runs, so a
    second bot process on the same file is refused (``DatabaseInUse``) instead of firing
    the same clocks twice. The lock goes with the process, however it ends."""
    if path == ":memory:":
        yield
        return
    lock = f"{path}.lock"
    fd = os.open(lock, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o600)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise DatabaseInUse(path) from None
        yield
    finally:
        os.close(fd)


class DatabaseInUse(Exception):
    """Another process holds the SQLite database (``exclusive_use``)."""

    def __init__(self, path: str) -> None:
        super().__init__(f"another bot process is using {path}")
        self.path = path


#: ``DATABASE_SYNC`` values: how hard a commit waits for the disk.
SYNC_MODES = ("NORMAL", "FULL")


class SqliteMatchStore(MatchStore):
    """``MatchStore`` on SQLite in WAL mode. ``synchronous`` (default: ``DATABASE_SYNC`` from
    the environment, else ``NORMAL``): ``NORMAL`` never loses a committed move when the bot
    process crashes or is killed (the WAL is written before the commit returns) and keeps
    the database consistent on a power cut, which may drop the last moves; ``FULL`` also
    syncs the WAL to the disk at every commit, so a power cut keeps them too, at the cost
    of an fsync per commit (p99 78 ms instead of 19 ms per turn on this project's test
    machines; docs/operations.md)."""

    def __init__(
        self,
        path: str | None = None,
        *,
        synchronous: str | None = None,
        busy_timeout_ms: int = 5000,
        checkpoint_every: int = CHECKPOINT_EVERY,
    ) -> None:
        self.path = path if path is not None else database_path()
        chosen = (synchronous or os.environ.get("DATABASE_SYNC") or "NORMAL").strip().upper()
        if chosen not in (*SYNC_MODES, "OFF"):
            raise ValueError(f"DATABASE_SYNC must be NORMAL or FULL, not {chosen!r}")
        self.synchronous = chosen
        self.busy_timeout_ms = busy_timeout_ms
        self._db: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()
        self._pending: list[_Pending] = []
        self._flusher: asyncio.Task[None] | None = None
        self.checkpoint_every = checkpoint_every
        self._commits = 0  # since the last background checkpoint began
        self._checkpointer: asyncio.Task[None] | None = None
        self._checkpoint_db: sqlite3.Connection | None = None
        #: Transactions the writer committed, and the writes they carried (group commit's
        #: figures, like PostgreSQL's ``groups`` and ``grouped_moves``).
        self.groups = 0
        self.grouped_writes = 0
        #: Background WAL checkpoints begun (``checkpoint_every`` commits each).
        self.checkpoints = 0

    # -- life cycle ---------------------------------------------------------------------
    async def open(self) -> None:
        if self._db is not None:
            return
        _create_private(self.path)
        db = await aiosqlite.connect(self.path, isolation_level=None)
        try:
            db.row_factory = aiosqlite.Row
            # Each PRAGMA's cursor is read to the end: an open statement would make a later
            # COMMIT (the migrations') fail with "SQL statements in progress".
            for pragma in (
                f"PRAGMA busy_timeout = {int(self.busy_timeout_ms)}",
                "PRAGMA journal_mode = WAL",
                f"PRAGMA synchronous = {self.synchronous}",
                "PRAGMA foreign_keys = ON",
            ):
                async with db.execute(pragma) as cursor:
                    await cursor.fetchall()
            self._db = db
            await self.migrate()
            if self.path != ":memory:":  # checkpoints in the background (module docstring)
                async with db.execute(f"PRAGMA wal_autocheckpoint = {WAL_LIMIT_PAGES}") as cursor:
                    await cursor.fetchall()
        except BaseException:
            # a corrupt file or a failed migration: aiosqlite's thread must not outlive the
            # failure, or it keeps the process from exiting
            self._db = None
            await db.close()
            raise

    async def close(self) -> None:
        if self._flusher is not None:
            await self._flusher
            self._flusher = None
        await self.checkpointed()
        self._checkpointer = None
        if self._checkpoint_db is not None:
            self._checkpoint_db.close()
            self._checkpoint_db = None
        if self._db is not None:
            await self._db.close()
            self._db = None

    @property
    def db(self) -> aiosqlite.Connection:
        if self._db is None:
            raise RuntimeError("the store is not open")
        return self._db

    # -- writing ------------------------------------------------------------------------
    # Every write is an *operation*: a plain function of the sqlite3 connection, handed to
    # one flusher task. The flusher commits whatever has queued up as one transaction
    # (group commit: one sync of the WAL for the group), in ONE trip to aiosqlite's thread
    # (a trip costs two thread wake-ups, which dominate on a busy machine). A plain move is
    # a single statement (atomic by itself; a failing one is undone alone); an operation of
    # several statements runs inside a SAVEPOINT and is rolled back to it if any of its
    # statements fails, so it is written whole or not at all and the rest of the group is
    # not affected. The caller awaits its own result; the flusher, not the caller, runs the
    # transaction, so cancelling a caller cannot cut a commit in half.

    async def save(
        self,
        match: Match,
        expected_version: int,
        *,
        action: NewAction | None = None,
        stats: Sequence[StatLine] = (),
        rating: RatedResult | None = None,
    ) -> None:
        row = match_to_row(match)
        row["expected_version"] = expected_version
        row["last_seat"] = action.seat if action is not None else None
        row["last_notation"] = action.notation if action is not None else None

        def update(conn: sqlite3.Connection) -> None:
            if conn.execute(_UPDATE, row).rowcount != 1:
                raise StaleVersion(match.id, expected_version)
            if action is None:  # moves never change seats
                self._write_users(conn, match)
            if stats:
                self._add_stats(conn, stats, match.guild_id)
            if rating is not None:
                run_now(rate_finish(_Tx(conn), match, rating))

        # a plain move is one statement: the trigger logs the action
        await self._submit(
            update, single_statement=action is not None and not stats and rating is None
        )

    async def prime_ratings(self, matches: Sequence[Match]) -> None:
        """Nothing: the rated end reads the ratings in its own transaction (no round trip)."""

    @staticmethod
    def _add_stats(
        conn: sqlite3.Connection, stats: Sequence[StatLine], guild_id: int | None
    ) -> None:
        """The finish's stat lines, in all servers and in the match's server."""
        lines = {"lines": stat_rows(stats), "guild_id": guild_id}
        conn.execute(*ADD_STATS.bind(SQLITE, lines))
        if guild_id is not None:
            conn.execute(*ADD_GUILD_STATS.bind(SQLITE, lines))

    @staticmethod
    def _write_users(conn: sqlite3.Connection, match: Match) -> None:
        """Index every person who ever sat in the match (history keeps those who left)."""
        conn.executemany(ADD_USER.sql(SQLITE)[0], user_params(match))

    async def _submit(self, operation: Operation, *, single_statement: bool) -> None:
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append(_Pending(operation, single_statement, done))
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.create_task(self._flush_pending())
        await asyncio.shield(done)

    async def _flush_pending(self) -> None:
        async with self._lock:
            while self._pending:
                batch, self._pending = self._pending, []
                await self._flush(batch)
                self.groups += 1
                self.grouped_writes += len(batch)
                self._commits += 1
                if self._commits >= self.checkpoint_every:
                    self._start_checkpoint()

    def _start_checkpoint(self) -> None:
        """Starts a background checkpoint unless one is running (it catches up alone)."""
        if self._checkpointer is None or self._checkpointer.done():
            self._commits = 0
            self.checkpoints += 1
            self._checkpointer = asyncio.create_task(self._checkpoint())

    async def checkpointed(self) -> None:
        """Until the background checkpoint under way, if any, has ended: the database file
        alone then holds every page committed before it began (a file copy taken after this
        is whole without its WAL)."""
        if self._checkpointer is not None:
            await self._checkpointer

    async def _checkpoint(self) -> None:
        """Copies the WAL's committed pages into the database file on the store's second
        connection, in a worker thread (``PASSIVE``: it waits for no one and no one waits
        for it). Once every page is copied, the next commit starts the WAL again from its
        beginning; pages committed while a pass ran need another pass (the next ones are
        short), so passes repeat while there are new pages, at most ``CHECKPOINT_PASSES``.
        A failure (another process checkpointing, a full disk) only leaves the WAL longer
        until the next try."""
        try:
            await asyncio.to_thread(self._checkpoint_in_thread)
        except sqlite3.Error as err:
            log.warning("background WAL checkpoint of %s failed: %s", self.path, err)

    def _checkpoint_in_thread(self) -> None:
        if self._checkpoint_db is None:
            # used by one checkpoint at a time, from whichever worker thread runs it
            conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            conn.execute(f"PRAGMA synchronous = {self.synchronous}")
            self._checkpoint_db = conn
        seen = -1
        for _ in range(CHECKPOINT_PASSES):
            _, frames, _ = self._checkpoint_db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
            if frames == seen:  # nothing committed since the last pass: all copied
                return
            seen = frames

    async def _flush(self, batch: list[_Pending]) -> None:
        try:
            outcomes = await self._in_thread(_commit_group, batch)
        except BaseException as err:
            failure = err if isinstance(err, Exception) else RuntimeError("commit interrupted")
            for item in batch:
                if not item.done.done():
                    item.done.set_exception(failure)
            if not isinstance(err, Exception):
                raise
            return
        for item, outcome in zip(batch, outcomes, strict=True):
            if item.done.done():
                continue
            if outcome is None:
                item.done.set_result(None)
            else:
                item.done.set_exception(outcome)

    async def _in_thread(self, function: Callable[..., T], *args: Any) -> T:
        """Run ``function(sqlite3_connection, *args)`` on aiosqlite's own thread, in one trip.

        aiosqlite offers no public call for this; ``Connection._execute`` (the method all
        its public calls go through) and ``_conn`` have been stable for years, and the
        version is pinned below 0.23 in pyproject.toml."""
        db = self.db
        run: Callable[..., Awaitable[T]] = db._execute  # untyped in aiosqlite
        return await run(function, db._conn, *args)

    # -- the features' statements (storage/sql.py) ---------------------------------------
    dialect = SQLITE

    async def read(self, query: Query, /, **params: Any) -> list[Row]:
        sql, args = query.bind(SQLITE, params)
        return await self._fetch(sql, args)

    async def write(self, query: Query, /, **params: Any) -> int:
        sql, args = query.bind(SQLITE, params)
        changed: list[int] = []
        await self._submit(
            lambda conn: changed.append(conn.execute(sql, args).rowcount), single_statement=True
        )
        return changed[0]

    async def write_returning(self, query: Query, /, **params: Any) -> list[Row]:
        sql, args = query.bind(SQLITE, params)
        rows: list[Row] = []
        await self._submit(
            lambda conn: rows.extend(conn.execute(sql, args).fetchall()), single_statement=True
        )
        return rows

    async def transaction(self, operation: TxOperation[T], /) -> T:
        """Inside the writer's group commit, in a savepoint of its own (``_submit``)."""
        result: list[T] = []
        await self._submit(
            lambda conn: result.append(run_now(operation(_Tx(conn)))), single_statement=False
        )
        return result[0]

    # -- reading ------------------------------------------------------------------------
    async def _fetch(self, sql: str, params: Sequence[Any] | Mapping[str, Any] = ()) -> list[Any]:
        async with self._lock, self.db.execute(sql, params) as cursor:
            return list(await cursor.fetchall())


class _Tx:
    """A feature's transaction on the database thread: each call runs its statement at once
    and never suspends (storage/sql.py, ``run_now``)."""

    __slots__ = ("conn",)

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    async def execute(self, query: Query, /, **params: Any) -> int:
        sql, args = query.bind(SQLITE, params)
        try:
            return self.conn.execute(sql, args).rowcount
        except sqlite3.IntegrityError as err:
            if str(err).startswith("UNIQUE"):
                raise UniqueViolation(str(err)) from err
            raise

    async def fetch(self, query: Query, /, **params: Any) -> list[Row]:
        sql, args = query.bind(SQLITE, params)
        return list(self.conn.execute(sql, args).fetchall())

    async def executemany(self, query: Query, rows: Sequence[Mapping[str, Any]], /) -> None:
        sql, _ = query.sql(SQLITE)
        self.conn.executemany(sql, [query.bind(SQLITE, row)[1] for row in rows])


def _commit_group(conn: sqlite3.Connection, batch: list[_Pending]) -> list[Exception | None]:
    """The flusher's transaction, on the database thread: every operation of ``batch``;
    each failing operation undone alone and its error returned in its place."""
    grouped = len(batch) > 1
    try:
        if grouped:
            conn.execute("BEGIN IMMEDIATE")
        outcomes = [_run_operation(conn, item, grouped) for item in batch]
        if grouped:
            conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return outcomes


def _run_operation(conn: sqlite3.Connection, item: _Pending, grouped: bool) -> Exception | None:
    if item.single_statement:
        try:
            item.operation(conn)
        except Exception as err:  # SQLite undid the statement alone
            return err
        return None
    begin, commit, undo = (
        ("SAVEPOINT operation", "RELEASE operation", "ROLLBACK TO operation")
        if grouped
        else ("BEGIN IMMEDIATE", "COMMIT", "ROLLBACK")
    )
    conn.execute(begin)
    try:
        item.operation(conn)
    except Exception as err:
        conn.execute(undo)
        if grouped:
            conn.execute(commit)  # leave the (now empty) savepoint
        return err
    conn.execute(commit)
    return None
