"""Results per person and game (``/stats``, leaderboards), in all servers (``stats``) and
per server (``guild_stats``). They are written with a match's end, on the move path of
each store; these are the reads."""

from __future__ import annotations

from collections.abc import Sequence

from gamecore.match import StatLine
from storage.records import LeaderboardRow, UserStats
from storage.sql import Query, SqlBackend

#: A finish's stat lines as rows (``stat_rows``): name and PostgreSQL type of each value.
LINE_COLUMNS = (
    ("user_id", "bigint"),
    ("game_id", "text"),
    ("won", "int"),
    ("lost", "int"),
    ("best", "float8"),
    ("total", "float8"),
)


def stat_rows(lines: Sequence[StatLine]) -> list[tuple[int, str, int, int, float | None, float]]:
    """The finish's stat lines in ``LINE_COLUMNS``' order."""
    return [
        (
            line.user_id,
            line.game_id,
            int(line.won),
            int(not line.won),
            line.score,
            line.score or 0.0,
        )
        for line in lines
    ]


def add_stats(table: str, key: str, key_value: str, source: str, where: str) -> str:
    """The statement that adds a finish's stat lines (``source``: rows ``l`` of
    ``LINE_COLUMNS``) to ``table`` (key columns ``key`` + user and game, ``key_value`` their
    values), one row per person and game. SQLite's finish runs it as it is (``ADD_STATS``);
    PostgreSQL's finish puts it inside its single statement (storage/postgres.py)."""
    return f"""
        INSERT INTO {table} ({key}user_id, game_id, played, won, lost, best_score, total_score)
        SELECT {key_value}l.user_id, l.game_id, count(*), sum(l.won), sum(l.lost), max(l.best),
            sum(l.total)
        FROM {source} WHERE {where}
        GROUP BY l.user_id, l.game_id
        ON CONFLICT ({key}user_id, game_id) DO UPDATE SET
            played = {table}.played + excluded.played,
            won = {table}.won + excluded.won,
            lost = {table}.lost + excluded.lost,
            best_score = CASE
                WHEN excluded.best_score IS NULL THEN {table}.best_score
                WHEN {table}.best_score IS NULL OR excluded.best_score > {table}.best_score
                    THEN excluded.best_score
                ELSE {table}.best_score END,
            total_score = {table}.total_score + excluded.total_score"""


ADD_STATS = Query(
    lambda d: add_stats("stats", "", "", d.rows("lines", LINE_COLUMNS) + " AS l", "true"),
    lists=("lines",),
)
ADD_GUILD_STATS = Query(
    lambda d: add_stats(
        "guild_stats", "guild_id, ", ":guild_id, ", d.rows("lines", LINE_COLUMNS) + " AS l", "true"
    ),
    lists=("lines",),
)

_STATS = "SELECT user_id, game_id, played, won, lost, best_score, total_score FROM {table} "
_BOARD = "SELECT user_id, played, won, best_score FROM {table} "
_ORDER = (
    "ORDER BY won DESC, CAST(won AS DOUBLE PRECISION) / played DESC, "
    "best_score DESC NULLS LAST, user_id LIMIT :limit"
)
_USER_STATS = Query(_STATS.format(table="stats") + "WHERE user_id = :user_id ORDER BY game_id")
_GUILD_USER_STATS = Query(
    _STATS.format(table="guild_stats")
    + "WHERE guild_id = :guild_id AND user_id = :user_id ORDER BY game_id"
)
_LEADERBOARD = Query(_BOARD.format(table="stats") + "WHERE game_id = :game_id " + _ORDER)
_GUILD_LEADERBOARD = Query(
    _BOARD.format(table="guild_stats")
    + "WHERE guild_id = :guild_id AND game_id = :game_id "
    + _ORDER
)


class Stats(SqlBackend):
    async def stats(self, user_id: int, *, guild_id: int | None = None) -> list[UserStats]:
        """The user's record per game: in all servers (``guild_id=None``) or in one.

        A match's end counts every stat line in the global table and, when the match has a
        ``guild_id``, in that server's table too (same transaction)."""
        if guild_id is None:
            rows = await self.read(_USER_STATS, user_id=user_id)
        else:
            rows = await self.read(_GUILD_USER_STATS, user_id=user_id, guild_id=guild_id)
        return [UserStats.from_row(r) for r in rows]

    async def leaderboard(
        self, game_id: str, limit: int = 10, *, guild_id: int | None = None
    ) -> list[LeaderboardRow]:
        """Best players of a game, all servers (``guild_id=None``) or one server's."""
        if guild_id is None:
            rows = await self.read(_LEADERBOARD, game_id=game_id, limit=limit)
        else:
            rows = await self.read(
                _GUILD_LEADERBOARD, game_id=game_id, limit=limit, guild_id=guild_id
            )
        return LeaderboardRow.ranked(rows)
