"""Seasons (service/seasons.py): the server's rated results of a season, and each closed
season's champion per game, written once.

A season's table is not stored: it is replayed from the season's rated results, found by
the finish times ``rating_history`` keeps for the server (index ``rating_history_by_time``).
Only what cannot be replayed is stored: the champions (``season_champions``). A server's
season length and achievement roles are server settings (service/seasons.py registers them).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from storage.records import Champion
from storage.sql import Query, SqlBackend

#: The columns storage.ratings.stored_match reads, and the finish time.
_RESULTS = Query(
    "SELECT m.id, m.game_id, m.guild_id, m.seats, m.result, m.practice, h.at FROM ("
    "SELECT match_id, MIN(at) AS at FROM rating_history WHERE scope = :guild_id "
    "AND game_id = :game_id AND at >= :since AND at < :until GROUP BY match_id"
    ") h JOIN matches m ON m.id = h.match_id ORDER BY h.at, m.id"
)
_COLUMNS = "guild_id, game_id, season, user_id, rating, matches, decided_at"
_ADD_CHAMPION = Query(
    f"INSERT INTO season_champions ({_COLUMNS}) VALUES (:guild_id, :game_id, :season, "
    ":user_id, :rating, :matches, :decided_at) ON CONFLICT (guild_id, game_id, season) DO NOTHING"
)
_CHAMPION = Query(
    f"SELECT {_COLUMNS} FROM season_champions "
    "WHERE guild_id = :guild_id AND game_id = :game_id AND season = :season"
)
_TITLES = Query(
    f"SELECT {_COLUMNS} FROM season_champions WHERE guild_id = :guild_id "
    "AND user_id = :user_id ORDER BY decided_at DESC, game_id LIMIT :limit"
)
_VETERANS = Query(
    "SELECT user_id FROM ratings WHERE scope = :guild_id "
    "GROUP BY user_id HAVING SUM(matches) >= :needed ORDER BY user_id"
)
_RESULT_KEYS = ("id", "game_id", "guild_id", "seats", "result", "practice", "at")


def _champion(row: Sequence[Any]) -> Champion:
    guild_id, game_id, season, user_id, rating, matches, decided_at = row
    return Champion(
        int(guild_id),
        str(game_id),
        str(season),
        None if user_id is None else int(user_id),
        int(rating),
        int(matches),
        float(decided_at),
    )


class Seasons(SqlBackend):
    async def season_results(
        self, guild_id: int, game_id: str, since: float, until: float
    ) -> list[dict[str, Any]]:
        """The server's rated results of ``game_id`` finished in [since, until), oldest
        first: rows for :func:`storage.ratings.stored_match` with their finish time ``at``."""
        rows = await self.read(
            _RESULTS, guild_id=guild_id, game_id=game_id, since=since, until=until
        )
        return [dict(zip(_RESULT_KEYS, row, strict=True)) for row in rows]

    async def add_champion(self, champion: Champion) -> bool:
        """Keep a closed season's champion; False when it was decided already."""
        return (
            await self.write(
                _ADD_CHAMPION,
                guild_id=champion.guild_id,
                game_id=champion.game_id,
                season=champion.season,
                user_id=champion.user_id,
                rating=champion.rating,
                matches=champion.matches,
                decided_at=champion.decided_at,
            )
            > 0
        )

    async def champion(self, guild_id: int, game_id: str, season: str) -> Champion | None:
        """The decided champion of a season (``user_id`` None: nobody qualified); None
        while the season is not closed."""
        rows = await self.read(_CHAMPION, guild_id=guild_id, game_id=game_id, season=season)
        return _champion(rows[0]) if rows else None

    async def titles(self, guild_id: int, user_id: int, limit: int = 10) -> list[Champion]:
        """The seasons ``user_id`` won in the server, newest first."""
        rows = await self.read(_TITLES, guild_id=guild_id, user_id=user_id, limit=limit)
        return [_champion(r) for r in rows]

    async def veterans(self, guild_id: int, needed: int) -> list[int]:
        """People with at least ``needed`` rated matches in the server (all games)."""
        return [int(r[0]) for r in await self.read(_VETERANS, guild_id=guild_id, needed=needed)]
