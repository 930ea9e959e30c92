"""The daily deal (service/daily.py): one secret seed per scope (a guild id, 0 for the
bot's DMs), game and UTC day, and every match played on it, ``counted`` for the first per
person and day (a partial unique index keeps it the only one)."""

from __future__ import annotations

from storage.records import DailyMatch
from storage.sql import Query, SqlBackend, Tx

#: The seed of (scope, game, day), the candidate written if there was none: one statement
#: (on a conflict the row is "updated" to itself so that it is returned).
_SEED = Query(
    "INSERT INTO daily_deals (scope, game_id, day, seed) VALUES (:scope, :game_id, :day, :seed) "
    "ON CONFLICT (scope, game_id, day) DO UPDATE SET seed = daily_deals.seed RETURNING seed"
)
_ADD = Query(
    "INSERT INTO daily_matches (match_id, scope, game_id, day, user_id, counted, at) "
    "VALUES (:match_id, :scope, :game_id, :day, :user_id, :counted, :at) ON CONFLICT DO NOTHING"
)
_COUNTED = Query("SELECT counted FROM daily_matches WHERE match_id = :match_id")
_COLUMNS = "match_id, user_id, counted, at, scope, day"
_MATCHES = Query(
    f"SELECT {_COLUMNS} FROM daily_matches WHERE scope = :scope AND game_id = :game_id "
    "AND day = :day AND counted = 1 ORDER BY at, match_id"
)
_DAYS = Query(
    "SELECT day FROM daily_matches WHERE user_id = :user_id AND scope = :scope "
    "AND game_id = :game_id AND counted = 1 ORDER BY day DESC LIMIT :limit"
)
_OF = Query(f"SELECT {_COLUMNS} FROM daily_matches WHERE match_id = :match_id")


class Daily(SqlBackend):
    async def daily_seed(self, scope: int, game_id: str, day: str, candidate: int) -> int:
        """The seed of (scope, game, day): ``candidate`` stored if there was none yet."""
        rows = await self.write_returning(
            _SEED, scope=scope, game_id=game_id, day=day, seed=str(candidate)
        )
        return int(rows[0][0])

    async def daily_add(
        self, match_id: str, scope: int, game_id: str, day: str, user_id: int, at: float
    ) -> bool:
        """Record a match on a daily deal; True when it is the person's counted attempt
        of that day (the first), False for practice."""
        row = {
            "match_id": match_id,
            "scope": scope,
            "game_id": game_id,
            "day": day,
            "user_id": user_id,
            "at": at,
        }

        async def add(tx: Tx) -> bool:
            # The counted attempt if the person has none that day (the partial unique
            # index refuses a second), else practice.
            if not await tx.execute(_ADD, **row, counted=1):
                await tx.execute(_ADD, **row, counted=0)
            found = await tx.fetch(_COUNTED, match_id=match_id)
            return bool(found and found[0][0])

        return await self.transaction(add)

    async def daily_matches(self, scope: int, game_id: str, day: str) -> list[DailyMatch]:
        """The counted attempts on (scope, game, day), oldest first."""
        rows = await self.read(_MATCHES, scope=scope, game_id=game_id, day=day)
        return [DailyMatch.from_row(r) for r in rows]

    async def daily_days(
        self, scope: int, game_id: str, user_id: int, limit: int = 400
    ) -> list[str]:
        """The days (``YYYY-MM-DD``) the person made a counted attempt, newest first."""
        rows = await self.read(_DAYS, user_id=user_id, scope=scope, game_id=game_id, limit=limit)
        return [r[0] for r in rows]

    async def daily_of(self, match_id: str) -> DailyMatch | None:
        """The daily-deal record of a match; None for a match on any other deal."""
        rows = await self.read(_OF, match_id=match_id)
        return DailyMatch.from_row(rows[0]) if rows else None
