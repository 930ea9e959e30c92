"""The persistence interface the service needs, small enough for a Postgres backend.

A Postgres store would implement the same methods with a row version and
``UPDATE … WHERE version = $n`` in one transaction, exactly like the SQLite one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from gamecore.match import MATCH_ERROR_CODES, Match, MatchError, StatLine
from storage.records import ActionRecord, LeaderboardRow, UserStats


class StaleVersion(MatchError):
    """Someone changed the match first: the caller's ``expected_version`` is gone."""

    def __init__(self, match_id: str, expected_version: int) -> None:
        super().__init__(
            "stale_version",
            MATCH_ERROR_CODES["stale_version"],
            match_id=match_id,
            expected_version=expected_version,
        )


class DuplicateMatch(Exception):
    """A match with this id exists already (the caller draws another id)."""


@dataclass(frozen=True, slots=True)
class NewAction:
    """The action row written with a step: who did what, in canonical notation."""

    seat: int
    notation: str


class MatchStore(Protocol):
    async def open(self) -> None: ...

    async def close(self) -> None: ...

    async def create(self, match: Match) -> None:
        """Insert a new match (``DuplicateMatch`` if the id is taken)."""

    async def load(self, match_id: str) -> Match | None: ...

    async def save(
        self,
        match: Match,
        expected_version: int,
        *,
        action: NewAction | None = None,
        stats: Sequence[StatLine] = (),
    ) -> None:
        """Write ``match`` (and its action row and statistics) in ONE transaction, only if
        the stored version is still ``expected_version``; else ``StaleVersion``."""

    async def save_move(
        self,
        match: Match,
        notation: str,
        seat: int,
        expected_version: int | None = None,
        stats: Sequence[StatLine] = (),
    ) -> None:
        """``save`` with an action row at step ``match.steps``."""

    async def update_meta(self, match: Match) -> None:
        """Board message id and clock columns, without a version check (not a move)."""

    async def live_matches(self) -> list[Match]: ...

    async def user_matches(
        self,
        user_id: int,
        *,
        channel_id: int | None = None,
        live: bool | None = None,
        limit: int = 25,
    ) -> list[Match]: ...

    async def due_timers(self, now: float) -> list[str]: ...

    async def actions(self, match_id: str) -> list[ActionRecord]: ...

    async def stats(self, user_id: int, *, guild_id: int | None = None) -> list[UserStats]:
        """The user's record per game: in all servers (``guild_id=None``) or in one.

        ``save`` counts every stat line in the global table and, when the match has a
        ``guild_id``, in that server's table too (same transaction)."""

    async def leaderboard(
        self, game_id: str, limit: int = 10, *, guild_id: int | None = None
    ) -> list[LeaderboardRow]:
        """Best players of a game, all servers (``guild_id=None``) or one server's."""

    async def replay(self, match_id: str) -> Any:
        """The game state rebuilt from seed, options, seats and the action log."""
