"""Who was given which game's first-game tip (service: each person once per game)."""

from __future__ import annotations

from storage.sql import Query, SqlBackend

#: One atomic insert: a row back only the first time, so two processes never both say True.
_FIRST_TIP = Query(
    "INSERT INTO tips_shown (user_id, game_id) VALUES (:user_id, :game_id) "
    "ON CONFLICT DO NOTHING RETURNING user_id"
)


class Tips(SqlBackend):
    async def first_tip(self, user_id: int, game_id: str) -> bool:
        """Note that ``user_id`` was given ``game_id``'s first-game tip: True only the first
        time (one atomic insert, so two processes never both say True)."""
        return bool(await self.write_returning(_FIRST_TIP, user_id=user_id, game_id=game_id))
