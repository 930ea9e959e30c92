"""PostgreSQL match store (asyncpg with a connection pool), for several bot processes. The
features' queries (storage/features/) run through ``read``, ``write`` and ``transaction``;
this module keeps the pool, a move's single statement and the group commit of moves.

The same guarantees as the SQLite store: a step is ONE transaction holding the match's
``UPDATE … WHERE id = $1 AND version = $n`` (0 rows → ``StaleVersion``), its action row,
the seat index and the statistics, so nothing is half-written. PostgreSQL's row locks
order concurrent writers of one match; different matches never wait for each other.

When the server cannot be reached (restarting, a network cut, connections killed) every
call raises ``StoreUnavailable`` at once instead of hanging; the pool opens fresh
connections by itself once the server is back. A read that fails on a connection the
server closed meanwhile is retried once on a fresh one (reads change nothing).

Under overload nothing is refused: a call waits in order (first come, first served) for a
connection for up to ``busy_timeout`` (10 minutes: an acknowledged interaction may answer
for 15), and the ordinary moves waiting at one moment go to the server together as ONE
statement (group commit: one WAL flush for all of them, each still guarded by its version).
"""

from __future__ import annotations

import asyncio
import logging
import re
import select
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from typing import Any, TypeVar

import asyncpg

from gamecore.match import Match, StatLine
from gamecore.ratings import RatedResult, Rating
from storage.base import (
    CommitUnknown,
    NewAction,
    StaleVersion,
    StoreBusy,
    StoreUnavailable,
)
from storage.codec import (
    COLUMNS,
    match_to_row,
)
from storage.features.matches import LOAD, UPDATE_META
from storage.features.ratings import lock_ratings, write_ratings
from storage.features.stats import LINE_COLUMNS, add_stats
from storage.pg_notify import NotifyMemo
from storage.pg_ratings import (
    RATED_ANSWER,
    RETRY_ERRORS,
    KnownRatings,
    RatingPlan,
    rated_keys,
    rating_ctes,
)
from storage.sql import POSTGRES, Operation, Query, Row, UniqueViolation
from storage.store import MatchStore
from telemetry import POOL_WAIT

T = TypeVar("T")
log = logging.getLogger("tabletop.storage")

#: Errors that mean "the server is out of reach", not "the statement is wrong".
UNREACHABLE: tuple[type[BaseException], ...] = (
    OSError,
    TimeoutError,
    asyncpg.PostgresConnectionError,
    asyncpg.exceptions.OperatorInterventionError,
    asyncpg.InterfaceError,
    asyncpg.InternalClientError,
)
#: How long a call waits for a connection while every one is in use. Discord lets an
#: acknowledged (deferred) interaction answer for 15 minutes; 10 leave 5 for what comes
#: before the store (the game's rules) and after it (the picture, the reply), however slow
#: the machine. A wait this long means the database stopped answering, not a busy bot.
WAIT_FOR_CONNECTION = 600.0
#: The most moves one group statement carries (its arrays stay small enough to build and
#: send in well under a millisecond; more waiting moves go in the next group).
MAX_GROUP = 256

_UPDATE = (
    "UPDATE matches SET "
    + ", ".join(f"{c} = ${i + 1}" for i, c in enumerate(COLUMNS) if c != "id")
    + f" WHERE id = ${COLUMNS.index('id') + 1} AND version = ${len(COLUMNS) + 1}"
)


def _save_sql(*, rated: bool = False) -> str:
    """A step as ONE statement (one round trip, its own transaction): the versioned UPDATE,
    then, only if it took a row, the action row, the seat index and the statistics lines
    (global and the server's) from arrays, so the text never changes and stays prepared.
    Returns how many rows the UPDATE took (0: stale). ``rated``: the match's end with its
    rating update in the same statement (storage/pg_ratings.py): the UPDATE also needs the
    players' rating rows unchanged, and the answer is ``RATED_ANSWER``'s."""
    n = len(COLUMNS)
    step, at = COLUMNS.index("steps") + 1, COLUMNS.index("updated_at") + 1
    guild = COLUMNS.index("guild_id") + 1
    seat, notation, users = n + 2, n + 3, n + 4
    lines = ", ".join(
        f"${n + 5 + i}::{kind}[]"
        for i, kind in enumerate(("bigint", "text", "int", "int", "float8", "float8"))
    )

    source = f"m, unnest({lines}) AS l({', '.join(name for name, _ in LINE_COLUMNS)})"
    stats = add_stats("stats", "", "", source, "true")
    guild_stats = add_stats(
        "guild_stats", "guild_id, ", f"${guild}, ", source, f"${guild}::bigint IS NOT NULL"
    )

    check, write = rating_ctes(n + 11, f"${at}") if rated else ("", "")
    guard = " AND (SELECT fine FROM ok)" if rated else ""
    return f"""
    WITH {check}
    m AS ({_UPDATE}{guard} RETURNING id),
    a AS (
        INSERT INTO actions (match_id, step, seat, notation, at)
        SELECT id, ${step}, ${seat}::int, ${notation}::text, ${at} FROM m
        WHERE ${notation}::text IS NOT NULL
    ),
    u AS (
        INSERT INTO match_users (user_id, match_id)
        SELECT x, m.id FROM m, unnest(${users}::bigint[]) AS x ON CONFLICT DO NOTHING
    ),
    s AS ({stats}),
    g AS ({guild_stats}){write}
    {RATED_ANSWER if rated else "SELECT count(*) FROM m"}
    """


def _move_sql() -> str:
    """An ordinary move (seats unchanged, no statistics, no rating: all but a match's last
    step): the versioned UPDATE and the action row only. ``_SAVE``'s empty statistics and
    seat-index inserts cost the server about a quarter of its CPU per move (docs/scaling.md,
    "Why PostgreSQL costs what it costs").
    Same parameters as ``_SAVE`` up to the notation; returns how many rows the UPDATE took."""
    n = len(COLUMNS)
    step, at = COLUMNS.index("steps") + 1, COLUMNS.index("updated_at") + 1
    return f"""
    WITH m AS ({_UPDATE} RETURNING id),
    a AS (
        INSERT INTO actions (match_id, step, seat, notation, at)
        SELECT id, ${step}, ${n + 2}::int, ${n + 3}::text, ${at} FROM m
    )
    SELECT count(*) FROM m
    """


#: Each column's type on the server, for the group statement's arrays.
_TYPES = {
    **dict.fromkeys(("guild_id", "channel_id", "board_message_id", "host_id"), "bigint"),
    "ping_message_id": "bigint",
    **dict.fromkeys(("version", "steps", "reminded", "practice", "invite_only"), "int"),
    **dict.fromkeys(
        ("turn_limit", "turn_deadline", "timer_at", "created_at", "updated_at", "paused_at"),
        "float8",
    ),
}


def _group_sql() -> str:
    """Many ordinary moves as ONE statement (one transaction, one WAL flush): each move's
    versioned UPDATE and its action row, from one array per column. Returns the ids of the
    matches it wrote; a move whose version is gone takes no row and writes no action."""
    names = (*COLUMNS, "expected", "seat", "notation")
    kinds = (*(_TYPES.get(c, "text") for c in COLUMNS), "int", "int", "text")
    arrays = ", ".join(f"${i + 1}::{kind}[]" for i, kind in enumerate(kinds))
    sets = ", ".join(f"{c} = v.{c}" for c in COLUMNS if c != "id")
    return f"""
    WITH v AS (SELECT * FROM unnest({arrays}) AS v({", ".join(names)})),
    m AS (
        UPDATE matches SET {sets} FROM v
        WHERE matches.id = v.id AND matches.version = v.expected RETURNING matches.id
    ),
    a AS (
        INSERT INTO actions (match_id, step, seat, notation, at)
        SELECT v.id, v.steps, v.seat, v.notation, v.updated_at FROM v JOIN m ON m.id = v.id
    )
    SELECT id FROM m
    """


_SAVE = _save_sql()
_SAVE_MOVE = _move_sql()
_SAVE_GROUP = _group_sql()
_SAVE_RATED = _save_sql(rated=True)
#: What a turn sends (the step, a rated match's end, a board message or clock write, a
#: reload): run once on every new connection, so a move never pays a statement's first use
#: (a Parse round trip, and for the step asyncpg's catalogue query for its array types:
#: several round trips and about 7 ms of the server's CPU, measured in docs/scaling.md).
_TURN_STATEMENTS = (
    _SAVE_MOVE,
    _SAVE_GROUP,
    _SAVE,
    _SAVE_RATED,
    UPDATE_META.sql(POSTGRES)[0],
    LOAD.sql(POSTGRES)[0],
)


class _Move:
    """An ordinary move waiting for its group: ``_SAVE_MOVE``'s parameters and its outcome."""

    __slots__ = ("done", "params")

    def __init__(self, params: tuple[Any, ...], done: asyncio.Future[None]) -> None:
        self.params = params
        self.done = done

    @property
    def match_id(self) -> str:
        return str(self.params[_ID])

    @property
    def expected(self) -> int:
        return int(self.params[len(COLUMNS)])

    def succeed(self) -> None:
        if not self.done.done():
            self.done.set_result(None)

    def fail(self, err: BaseException) -> None:
        if not self.done.done():
            self.done.set_exception(err)


_ID = COLUMNS.index("id")


def _fail_all(moves: list[_Move], err: BaseException) -> None:
    """Every move of ``moves`` not answered yet fails with ``err`` (an interruption, such as
    the sender's cancellation at close, as an unknown outcome: it may have been sent)."""
    failure = err if isinstance(err, Exception) else CommitUnknown(type(err).__name__)
    for move in moves:
        move.fail(failure)


def is_postgres_url(url: str) -> bool:
    return url.startswith(("postgresql://", "postgres://"))


class PostgresMatchStore(MatchStore):
    """``MatchStore`` on PostgreSQL. ``max_size``: the pool's connections (a move holds one
    for one round trip; docs/scaling.md says how many to choose); ``min_size`` (default: all
    of them) are opened at start and kept, so a burst of moves never waits for a connection
    to be opened. ``busy_timeout``: how long a call waits, in order, for a free connection
    before ``StoreBusy`` (``WAIT_FOR_CONNECTION``); ``timeout``: connecting, and closing the
    pool."""

    def __init__(
        self,
        url: str,
        *,
        min_size: int | None = None,
        max_size: int = 16,
        timeout: float = 5.0,
        busy_timeout: float = WAIT_FOR_CONNECTION,
    ) -> None:
        self.url = url
        self.min_size = max_size if min_size is None else min_size
        self.max_size = max_size
        self.timeout = timeout
        self.busy_timeout = busy_timeout
        self._pool: asyncpg.Pool | None = None
        #: Tries of a rated finish as one statement before the locking transaction.
        self.rating_tries = 3
        self._known = KnownRatings()
        self._migrated = False
        self._releasing: set[asyncio.Task[None]] = set()
        #: One permit per connection, handed out first come, first served (asyncpg's own
        #: queue lets a newcomer take a connection just handed back to a waiter).
        self._free = asyncio.Semaphore(max_size)
        #: Ordinary moves waiting to be sent, in arrival order, and the task sending them.
        self._moves: list[_Move] = []
        self._movers: set[asyncio.Task[None]] = set()
        #: Statements of moves on their way at once, at most: one per connection, so a
        #: move goes at once while a connection is free (as fast as alone), and the moves
        #: that arrive while every one is busy go together as the next group.
        self.senders = max_size
        self._sending = 0
        #: Notify settings and quiet lists read before, current while it listens.
        self.memo: NotifyMemo = NotifyMemo(lambda: asyncpg.connect(self.url, timeout=self.timeout))
        #: Statements sent for moves, and moves they carried (group commit's figures).
        self.groups = 0
        self.grouped_moves = 0

    # -- life cycle ---------------------------------------------------------------------
    async def open(self) -> None:
        if self._pool is not None:
            return
        try:
            self._pool = await asyncpg.create_pool(
                self.url,
                min_size=self.min_size,
                max_size=self.max_size,
                timeout=self.timeout,
                command_timeout=self.timeout * 6,
                reset=_keep_session,
                init=self._on_connect,
                # A pool that keeps all its connections closes none for idleness, so no
                # timer per use (set at each release, cancelled at the next acquire, and
                # left in the event loop's heap until swept: every other timer then costs
                # more to schedule).
                max_inactive_connection_lifetime=0 if self.min_size >= self.max_size else 300,
            )
        except UNREACHABLE as err:
            raise StoreUnavailable(str(err)) from err
        try:
            await self.migrate()
            self._migrated = True
            await self._prepare_pool()
            await self.memo.open()
        except BaseException:
            await self.close()  # a failed start leaves no pool behind
            raise

    async def _on_connect(self, conn: asyncpg.Connection) -> None:
        """A connection opened once the tables exist prepares a turn's statements."""
        if self._migrated:
            await _prepare_turn(conn)

    async def _prepare_pool(self) -> None:
        """The connections opened at start (before the migrations) prepare them now."""
        pool = self.pool
        await self.connections_returned()
        connections = [await pool.acquire() for _ in range(pool.get_idle_size())]
        try:
            await asyncio.gather(*(_prepare_turn(conn) for conn in connections))
        finally:
            for conn in connections:
                await pool.release(conn)

    async def close(self) -> None:
        await self.memo.close()
        while self._movers:
            await asyncio.gather(*self._movers, return_exceptions=True)
        await self.connections_returned()
        pool, self._pool = self._pool, None
        if pool is not None:
            try:
                await asyncio.wait_for(pool.close(), self.timeout)
            except UNREACHABLE:  # TimeoutError included
                pool.terminate()

    @property
    def pool(self) -> asyncpg.Pool:
        if self._pool is None:
            raise RuntimeError("the store is not open")
        return self._pool

    @asynccontextmanager
    async def connection(self) -> AsyncIterator[asyncpg.Connection]:
        """A pooled connection, in the order the calls asked: ``StoreBusy`` when none came
        free within ``busy_timeout`` (every connection in use: the server is up),
        ``StoreUnavailable`` when the server cannot be reached. Every call of the store
        takes its connection here; a maintenance job that needs one for longer than a
        statement takes it here too, so it waits its turn like a move and counts against
        the pool."""
        pool = self.pool
        if self._free.locked():  # only a call that waits arms a timer (none per move)
            try:
                async with asyncio.timeout(self.busy_timeout):
                    with POOL_WAIT.time():  # the operator's view of a busy pool (/metrics)
                        await self._free.acquire()
            except TimeoutError:
                raise StoreBusy() from None
        else:
            await self._free.acquire()  # free and nobody waiting: taken without a wait
            POOL_WAIT.observe(0.0)
        try:
            # A permit means a connection is in the pool or may be opened: a wait here is
            # a connection being opened, so a timeout is the server's, not a busy pool's.
            conn = await pool.acquire(timeout=self.timeout)
        except UNREACHABLE as err:  # TimeoutError included
            self._free.release()
            raise StoreUnavailable(str(err) or type(err).__name__) from err
        except BaseException:
            self._free.release()
            raise
        try:
            yield conn
        except UNREACHABLE as err:
            raise StoreUnavailable(str(err) or type(err).__name__) from err
        finally:
            self._release(pool, conn)

    def _release(self, pool: asyncpg.Pool, conn: asyncpg.Connection) -> None:
        """The connection goes back to the pool in a task of its own: asyncpg shields its
        release in a task, three turns of the event loop its caller would wait for (each
        behind every other ready task: milliseconds under load) to do nothing it needs. Its
        permit is handed on once the connection is in the pool again."""
        task = asyncio.get_running_loop().create_task(pool.release(conn))
        self._releasing.add(task)
        task.add_done_callback(self._released)

    async def connections_returned(self) -> None:
        """Until every connection handed back is in the pool again (it goes back in a task
        of its own, after the call that used it has ended: ``_release``)."""
        await asyncio.gather(*self._releasing, return_exceptions=True)

    def _released(self, task: asyncio.Task[None]) -> None:
        self._releasing.discard(task)
        self._free.release()
        if not task.cancelled() and task.exception() is not None:  # the pool closes it itself
            log.debug("returning a connection to the pool failed", exc_info=task.exception())

    async def _one_statement(self, call: Callable[[asyncpg.Connection], Awaitable[T]]) -> T:
        """A write of ONE statement (atomic by itself: no BEGIN/COMMIT round trips). A
        connection lost once the statement was sent leaves its outcome unknown:
        ``CommitUnknown``."""
        async with self.connection() as conn:
            await _check_alive(conn)
            try:
                return await call(conn)
            except UNREACHABLE as err:
                raise _lost(conn, err) from err

    async def _read(self, call: Callable[[asyncpg.Connection], Awaitable[T]]) -> T:
        """A read, retried once: the first try may meet a connection the server closed."""
        try:
            async with self.connection() as conn:
                return await call(conn)
        except StoreUnavailable:
            async with self.connection() as conn:
                return await call(conn)

    async def _write(self, call: Callable[[asyncpg.Connection], Awaitable[T]]) -> T:
        """A write in ONE transaction: committed whole, or rolled back whole. A connection
        lost in the middle (the COMMIT's reply included) leaves it unknown: ``CommitUnknown``."""
        async with self.connection() as conn:
            await _check_alive(conn)
            try:
                async with conn.transaction():
                    return await call(conn)
            except UNREACHABLE as err:
                raise _lost(conn, err) from err

    # -- writing ------------------------------------------------------------------------
    async def save(
        self,
        match: Match,
        expected_version: int,
        *,
        action: NewAction | None = None,
        stats: Sequence[StatLine] = (),
        rating: RatedResult | None = None,
    ) -> None:
        if action is not None and not stats and rating is None:
            await self._save_move(match, expected_version, action)
            return
        users = (
            []  # moves never change seats
            if action is not None
            else [s.user_id for s in match.seats if s.user_id is not None]
        )
        params = (
            *_values(match),
            expected_version,
            None if action is None else action.seat,
            None if action is None else action.notation,
            users,
            [line.user_id for line in stats],
            [line.game_id for line in stats],
            [int(line.won) for line in stats],
            [int(not line.won) for line in stats],
            [line.score for line in stats],
            [line.score or 0.0 for line in stats],
        )

        async def update(conn: asyncpg.Connection) -> None:
            if await conn.fetchval(_SAVE, *params) != 1:
                raise StaleVersion(match.id, expected_version)

        if rating is None:
            await self._one_statement(update)
        else:
            await self._save_rated(match, expected_version, params, rating)

    async def _save_move(self, match: Match, expected_version: int, action: NewAction) -> None:
        """An ordinary move joins the moves waiting to be sent. While fewer than
        ``senders`` groups are on their way, this caller sends the waiting moves at once
        (its own among them); else the next sender to finish takes it with the others
        waiting then (``_send_moves``). The caller waits for its own outcome only, so
        cancelling it cannot leave another's move unanswered."""
        move = _Move(
            (*_values(match), expected_version, action.seat, action.notation),
            asyncio.get_running_loop().create_future(),
        )
        self._moves.append(move)
        if self._sending < self.senders:
            await self._lead(move)
        if not move.done.done():  # another sender has it
            await asyncio.shield(move.done)
        move.done.result()

    async def _lead(self, move: _Move) -> None:
        """Send the moves waiting (``move`` among them, unless another sender took it
        meanwhile) as one group from the caller itself: a lone move waits for no task to
        be scheduled. Moves that arrive meanwhile go with the next group."""
        self._sending += 1
        try:
            async with self.connection() as conn:
                group = self._next_group()
                try:
                    await self._send_group(conn, group)
                except BaseException as err:
                    _fail_all(group, err)
                    raise
        except BaseException as err:  # no connection, or this caller was cancelled
            if move in self._moves:
                self._moves.remove(move)
            _fail_all([move], err)
            if not isinstance(err, Exception):
                raise
        finally:
            self._sending -= 1
            self._send_the_rest()

    def _send_the_rest(self) -> None:
        """A sender task for the moves still waiting, unless every sender is busy (the
        first to finish takes them)."""
        if self._moves and self._sending < self.senders:
            self._sending += 1
            task = asyncio.create_task(self._send_moves())
            self._movers.add(task)
            task.add_done_callback(self._movers.discard)

    async def _send_moves(self) -> None:
        """Group commit: while moves wait, take every one waiting (one per match, at most
        ``MAX_GROUP``) and send them as ONE statement on one connection, which this task
        keeps until no move waits. A connection that cannot be had fails the moves waiting
        then (nothing was sent); a lost one fails its group (``_send_group``)."""
        try:
            while self._moves:
                try:
                    async with self.connection() as conn:
                        while self._moves and not conn.is_closed():
                            group = self._next_group()
                            try:
                                await self._send_group(conn, group)
                            except BaseException as err:
                                _fail_all(group, err)
                                raise
                except BaseException as err:  # no connection (StoreBusy, StoreUnavailable)…
                    waiting, self._moves = self._moves, []
                    _fail_all(waiting, err)
                    if not isinstance(err, Exception):
                        raise
        finally:
            self._sending -= 1
            self._send_the_rest()

    def _next_group(self) -> list[_Move]:
        """The waiting moves in arrival order, a match at most once (a second move of the
        same match, which its lock makes rare, waits for the next group)."""
        group: list[_Move] = []
        later: list[_Move] = []
        ids: set[str] = set()
        for move in self._moves:
            if move.match_id in ids or len(group) >= MAX_GROUP:
                later.append(move)
            else:
                ids.add(move.match_id)
                group.append(move)
        self._moves = later
        return group

    async def _send_group(self, conn: asyncpg.Connection, group: list[_Move]) -> None:
        """One statement for ``group``: each move written if its version still holds, else
        ``StaleVersion`` for it alone. A lost connection fails the whole group as a lone
        move would (``CommitUnknown`` once sent). A deadlock with another process's group
        rolls it back whole, so it is sent again; a statement that fails otherwise (one bad
        move) is sent again move by move, so only that move fails."""
        if not group:  # another sender took them while this one waited for a connection
            return
        self.groups += 1
        self.grouped_moves += len(group)
        try:
            await _check_alive(conn)
        except StoreUnavailable as err:
            for move in group:
                move.fail(err)
            return
        for tries_left in reversed(range(3)):
            try:
                if len(group) == 1:
                    written = (
                        {group[0].match_id}
                        if await conn.fetchval(_SAVE_MOVE, *group[0].params) == 1
                        else set()
                    )
                else:
                    columns = [list(c) for c in zip(*(m.params for m in group), strict=True)]
                    written = {r[0] for r in await conn.fetch(_SAVE_GROUP, *columns)}
            except UNREACHABLE as err:
                lost = _lost(conn, err)
                for move in group:
                    move.fail(lost)
                return
            except asyncpg.DeadlockDetectedError:
                if tries_left:
                    continue
                written = await self._one_by_one(conn, group)
            except asyncpg.PostgresError as err:
                if len(group) == 1:
                    group[0].fail(err)
                    return
                written = await self._one_by_one(conn, group)
            break
        for move in group:
            if move.match_id in written:
                move.succeed()
            else:
                move.fail(StaleVersion(move.match_id, move.expected))

    async def _one_by_one(self, conn: asyncpg.Connection, group: list[_Move]) -> set[str]:
        """``group`` move by move (after its statement failed whole): each error goes to
        its own move; returns the ids written."""
        written: set[str] = set()
        for at, move in enumerate(group):
            try:
                if await conn.fetchval(_SAVE_MOVE, *move.params) == 1:
                    written.add(move.match_id)
            except UNREACHABLE as err:
                _fail_all(group[at:], _lost(conn, err))
                break
            except asyncpg.PostgresError as err:
                move.fail(err)
        return written

    async def _save_rated(
        self, match: Match, expected_version: int, params: tuple[Any, ...], result: RatedResult
    ) -> None:
        """A match's end with its rating update. First ONE statement over the ratings this
        process knows (storage/pg_ratings.py); when a rating changed meanwhile it wrote
        nothing and answered the rows as they are, so the next try computes from those.
        After ``rating_tries`` such tries (a player finishing match after match at that
        very moment), one transaction that locks the rows, reads them, then writes."""
        for _ in range(self.rating_tries):
            plan = RatingPlan.of(match.guild_id, result, self._known)

            async def send(
                conn: asyncpg.Connection, values: tuple[Any, ...] = (*params, *plan.params())
            ) -> list[asyncpg.Record]:
                answer: list[asyncpg.Record] = await conn.fetch(_SAVE_RATED, *values)
                return answer

            try:
                answer = await self._one_statement(send)
            except RETRY_ERRORS:  # a concurrent finish got there first; nothing written
                plan.unknown(self._known)
                continue
            except StoreUnavailable:
                plan.unknown(self._known)
                raise
            if answer[0]["taken"] == 1:
                plan.written(self._known)
                return
            if answer[0]["fine"]:
                raise StaleVersion(match.id, expected_version)
            plan.refused(self._known, answer)

        async def locked(conn: asyncpg.Connection) -> None:
            current = await lock_ratings(_Tx(conn), match, result)
            if await conn.fetchval(_SAVE, *params) != 1:
                raise StaleVersion(match.id, expected_version)
            for scope, user, rating in await write_ratings(_Tx(conn), match, result, current):
                self._known.put((scope, user, result.game_id), rating)

        for tries_left in reversed(range(3)):
            try:
                await self._write(locked)
                return
            except asyncpg.DeadlockDetectedError:  # rolled back whole; the other went on
                if not tries_left:
                    raise
            except StoreUnavailable:
                RatingPlan.of(match.guild_id, result, self._known).unknown(self._known)
                raise

    async def prime_ratings(self, matches: Sequence[Match]) -> None:
        keys = [k for k in rated_keys(matches) if self._known.get(k) is None]
        if not keys:
            return
        rows = await self._fetch(
            "SELECT r.scope, r.user_id, r.game_id, r.mu, r.sigma, r.matches FROM ratings r "
            "JOIN unnest($1::bigint[], $2::bigint[], $3::text[]) AS k(scope, user_id, game_id) "
            "ON r.scope = k.scope AND r.user_id = k.user_id AND r.game_id = k.game_id",
            *(list(column) for column in zip(*keys, strict=True)),
        )
        for r in rows:
            self._known.put((r[0], r[1], r[2]), Rating(r[3], r[4], r[5]))

    # -- timers -----------------------------------------------------------------------
    # -- the features' statements (storage/sql.py) ---------------------------------------
    dialect = POSTGRES

    async def read(self, query: Query, /, **params: Any) -> list[Row]:
        sql, args = query.bind(POSTGRES, params)
        return await self._fetch(sql, *args)

    async def write(self, query: Query, /, **params: Any) -> int:
        sql, args = query.bind(POSTGRES, params)

        async def run(conn: asyncpg.Connection) -> int:
            return _changed(await conn.execute(sql, *args))

        return await self._one_statement(run)

    async def write_returning(self, query: Query, /, **params: Any) -> list[Row]:
        sql, args = query.bind(POSTGRES, params)

        async def run(conn: asyncpg.Connection) -> list[Row]:
            return list(await conn.fetch(sql, *args))

        return await self._one_statement(run)

    async def transaction(self, operation: Operation[T], /) -> T:
        return await self._write(lambda conn: operation(_Tx(conn)))

    # -- reading ------------------------------------------------------------------------
    async def _fetch(self, sql: str, *params: Any) -> list[asyncpg.Record]:
        return await self._read(lambda conn: conn.fetch(sql, *params))

    # -- copying ------------------------------------------------------------------------


class _Tx:
    """A feature's transaction on one pooled connection (storage/sql.py)."""

    __slots__ = ("conn",)

    def __init__(self, conn: asyncpg.Connection) -> None:
        self.conn = conn

    async def execute(self, query: Query, /, **params: Any) -> int:
        sql, args = query.bind(POSTGRES, params)
        try:
            return _changed(await self.conn.execute(sql, *args))
        except asyncpg.UniqueViolationError as err:
            raise UniqueViolation(str(err)) from err

    async def fetch(self, query: Query, /, **params: Any) -> list[Row]:
        sql, args = query.bind(POSTGRES, params)
        return list(await self.conn.fetch(sql, *args))

    async def executemany(self, query: Query, rows: Sequence[Mapping[str, Any]], /) -> None:
        sql, _ = query.sql(POSTGRES)
        await self.conn.executemany(sql, [query.bind(POSTGRES, row)[1] for row in rows])


def _changed(status: str) -> int:
    """The rows a statement changed, from its status (``INSERT 0 1``, ``UPDATE 3``)."""
    last = status.rpartition(" ")[2]
    return int(last) if last.isdigit() else 0


async def _check_alive(conn: asyncpg.Connection) -> None:
    """Before a write: a connection the server already dropped (its close is seen once the
    event loop has read it) is refused here, so that write is known not to have happened.
    The event loop runs first only when the server sent something since its last reply (on
    an idle connection: a close, or what precedes one); else the write goes out at once."""
    if _unread(conn):
        await asyncio.sleep(0)
    if conn.is_closed():
        raise StoreUnavailable("the connection was closed by the server")


def _unread(conn: asyncpg.Connection) -> bool:
    """Whether the connection's socket holds bytes (or the end of the stream) the event
    loop has not read yet: a poll of the socket, no turn of the event loop."""
    transport = conn._transport  # asyncpg's own; no public accessor
    sock = None if transport is None else transport.get_extra_info("socket")
    if sock is None:
        return True  # closing: let the event loop finish it
    readable, _, _ = select.select([sock.fileno()], [], [], 0)
    return bool(readable)


def _lost(conn: asyncpg.Connection, err: BaseException) -> StoreUnavailable:
    """What a write that met an unreachable server did: nothing, when asyncpg refused to
    send it (a connection the server had already dropped, found unusable), else unknown."""
    detail = str(err) or type(err).__name__
    if isinstance(err, asyncpg.InternalClientError) or (
        isinstance(err, asyncpg.InterfaceError)
        and not isinstance(err, asyncpg.ConnectionDoesNotExistError)
    ):
        conn.terminate()  # the pool opens a fresh one
        return StoreUnavailable(detail)
    return CommitUnknown(detail)


async def _prepare_turn(conn: asyncpg.Connection) -> None:
    """A new connection runs a turn's statements once with NULL parameters (they match no
    row and change nothing), so they are prepared and their types known before a move."""
    for sql in _TURN_STATEMENTS:
        await conn.execute(sql, *[None] * max(map(int, re.findall(r"\$(\d+)", sql))))


async def _keep_session(_conn: asyncpg.Connection) -> None:
    """The pool's reset: none. The store sets no session state (no LISTEN, no session
    advisory lock, no SET), and asyncpg rolls back a transaction left open before calling
    this, so a returned connection needs no reset query (one round trip per use saved)."""


def _values(match: Match) -> list[Any]:
    row = match_to_row(match)
    return [row[c] for c in COLUMNS]
