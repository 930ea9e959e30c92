"""Matches outside the move path: a new match, reads of one or many, the board message
and clock columns, the clock's claims, the action log. (A move, and a match's end with its
statistics and ratings, is each store's own: storage/sqlite.py and storage/postgres.py.)"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from gamecore.match import Match
from storage.base import ALL_SHARDS, DuplicateMatch, ShardFilter, StaleVersion, TimerSeen
from storage.codec import (
    COLUMNS,
    match_to_row,
    replay_state,
    row_to_match,
    rows_to_live_matches,
    user_rows,
)
from storage.records import ActionRecord
from storage.sql import Query, SqlBackend, Tx, UniqueViolation

SELECT = f"SELECT {', '.join(COLUMNS)} FROM matches"
INSERT = Query(
    f"INSERT INTO matches ({', '.join(COLUMNS)}) VALUES ({', '.join(':' + c for c in COLUMNS)})"
)
#: Every person who ever sat in the match (history keeps those who left).
ADD_USER = Query(
    "INSERT INTO match_users (user_id, match_id) VALUES (:user_id, :match_id) "
    "ON CONFLICT DO NOTHING"
)
LOAD = Query(f"{SELECT} WHERE id = :id")
_REMATCH = Query(f"{SELECT} WHERE rematch_of = :match_id")
#: Board message, clock and ping columns, only over the row ``before`` was read from.
UPDATE_META = Query(
    "UPDATE matches SET board_message_id = :board, reminded = :reminded, timer_at = :timer_at, "
    "turn_deadline = :deadline, ping_message_id = :ping WHERE id = :id AND version = :version "
    "AND board_message_id IS NOT DISTINCT FROM :was_board AND reminded = :was_reminded "
    "AND turn_deadline IS NOT DISTINCT FROM :was_deadline "
    "AND ping_message_id IS NOT DISTINCT FROM :was_ping"
)
_DUE = Query(
    "SELECT id FROM matches WHERE timer_at IS NOT NULL AND timer_at <= :now "
    "AND status = 'playing' ORDER BY timer_at"
)
#: One atomic claim: the ids asked for that no other owner holds (an expired lease is
#: free; the same owner may take its own back), and, for those the caller saw, whose
#: version and clock are still the ones it saw. PostgreSQL skips rows a concurrent claim
#: holds.
_CLAIM = Query(
    lambda d: (
        "UPDATE matches SET timer_owner = :owner, timer_lease = :lease WHERE id IN ("
        "SELECT m.id FROM matches m JOIN "
        + d.rows(
            "claims",
            (("id", "text"), ("version", "int"), ("timer_at", "float8"), ("seen", "bool")),
        )
        + " AS s ON m.id = s.id "
        "WHERE (m.timer_lease IS NULL OR m.timer_lease < :now OR m.timer_owner = :owner) "
        "AND (NOT s.seen OR (m.version = s.version AND m.timer_at IS NOT DISTINCT FROM s.timer_at)) "
        f"{d.skip_locked('m')}) RETURNING id"
    ),
    lists=("claims",),
)
_RELEASE = Query(
    "UPDATE matches SET timer_owner = NULL, timer_lease = NULL "
    "WHERE id = :id AND timer_owner = :owner"
)
_ACTIONS = Query(
    "SELECT step, seat, notation, at FROM actions WHERE match_id = :match_id ORDER BY step"
)


@cache
def _user_matches(channel: bool, live: bool | None) -> Query:
    """A person's matches, newest first: in one channel or all, live, over, or both."""
    sql = f"{SELECT} WHERE id IN (SELECT match_id FROM match_users WHERE user_id = :user_id)"
    if channel:
        sql += " AND channel_id = :channel_id"
    if live is True:
        sql += " AND status IN ('lobby', 'playing')"
    elif live is False:
        sql += " AND status IN ('finished', 'abandoned')"
    return Query(sql + " ORDER BY updated_at DESC LIMIT :limit")


@cache
def _live(shards: ShardFilter) -> Query:
    return Query(f"{SELECT} WHERE status IN ('lobby', 'playing') AND {shards.sql()}")


def user_params(match: Match) -> list[dict[str, Any]]:
    """``ADD_USER``'s parameters for every seated person."""
    return [{"user_id": u, "match_id": m} for u, m in user_rows(match)]


def meta_params(match: Match, before: Match) -> dict[str, Any]:
    """``UPDATE_META``'s parameters: the new board message, clock and ping, then the id,
    version, board message, reminder, deadline and ping the row must still hold."""
    return {
        "board": match.board_message_id,
        "reminded": int(match.reminded),
        "timer_at": match.timer_at,
        "deadline": match.turn_deadline,
        "ping": match.ping_message_id,
        "id": match.id,
        "version": before.version,
        "was_board": before.board_message_id,
        "was_reminded": int(before.reminded),
        "was_deadline": before.turn_deadline,
        "was_ping": before.ping_message_id,
    }


class Matches(SqlBackend):
    async def create(self, match: Match) -> None:
        """Insert a new match (``DuplicateMatch`` if the id is taken)."""
        row = match_to_row(match)

        async def insert(tx: Tx) -> None:
            try:
                await tx.execute(INSERT, **row)
            except UniqueViolation as err:
                raise DuplicateMatch(match.id) from err
            await tx.executemany(ADD_USER, user_params(match))

        await self.transaction(insert)

    async def load(self, match_id: str) -> Match | None:
        rows = await self.read(LOAD, id=match_id)
        return row_to_match(rows[0]) if rows else None

    async def update_meta(self, match: Match, before: Match) -> None:
        """Board message id, ping message id and clock columns (not a move: the version
        stays), written only if the stored row still holds ``before``'s version, board
        message, ping and clock; else ``StaleVersion`` (a stale process never moves a
        deadline back)."""
        if await self.write(UPDATE_META, **meta_params(match, before)) != 1:
            raise StaleVersion(match.id, before.version)

    async def find_rematch(self, match_id: str) -> Match | None:
        """The lobby (or match) that plays ``match_id`` again, if one was opened."""
        rows = await self.read(_REMATCH, match_id=match_id)
        return row_to_match(rows[0]) if rows else None

    async def live_matches(self, shards: ShardFilter = ALL_SHARDS) -> list[Match]:
        """Lobbies and running matches of the guilds in ``shards``."""
        return rows_to_live_matches(await self.read(_live(shards)))

    async def user_matches(
        self,
        user_id: int,
        *,
        channel_id: int | None = None,
        live: bool | None = None,
        limit: int = 25,
    ) -> list[Match]:
        query = _user_matches(channel_id is not None, live)
        params: dict[str, Any] = {"user_id": user_id, "limit": limit}
        if channel_id is not None:
            params["channel_id"] = channel_id
        return [row_to_match(r) for r in await self.read(query, **params)]

    async def due_timers(self, now: float) -> list[str]:
        return [r[0] for r in await self.read(_DUE, now=now)]

    async def claim_timers(
        self,
        match_ids: Sequence[str],
        owner: str,
        now: float,
        lease: float,
        seen: Mapping[str, TimerSeen] | None = None,
    ) -> list[str]:
        """Take the timers of ``match_ids`` for ``owner`` until ``now + lease``: those not
        held by another owner's unexpired lease (the same owner, e.g. a restart, may take
        its own back) and, for the ids in ``seen``, whose stored version and ``timer_at``
        are still the ones the caller saw (a clock another process fired meanwhile is not
        taken). One atomic statement. Returns the ids taken."""
        if not match_ids:
            return []
        seen = seen or {}
        claims = [
            (i, seen[i].version, seen[i].timer_at, True) if i in seen else (i, None, None, False)
            for i in match_ids
        ]
        rows = await self.write_returning(
            _CLAIM, claims=claims, owner=owner, lease=now + lease, now=now
        )
        return [r[0] for r in rows]

    async def release_timer(self, match_id: str, owner: str) -> None:
        """Give back ``owner``'s claim on the match's timer."""
        await self.write(_RELEASE, id=match_id, owner=owner)

    async def actions(self, match_id: str) -> list[ActionRecord]:
        return [ActionRecord.from_row(r) for r in await self.read(_ACTIONS, match_id=match_id)]

    async def replay(self, match_id: str) -> Any:
        """The game state rebuilt from seed, options, seats and the action log (crash
        recovery and tests: it must equal the stored state)."""
        return await replay_state(self, match_id)
