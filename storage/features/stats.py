"""Results per person and game (``/stats``, leaderboards), in all servers (``stats``) and
per server (``guild_stats``). They are written with a match's end, on the move path of
each store; these are the reads."""

from __future__ import annotations

from storage.records import LeaderboardRow, UserStats
from storage.sql import Query, SqlBackend

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
