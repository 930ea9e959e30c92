"""The store the service uses: every storage feature's methods (storage/features/, each
query written once for SQLite and PostgreSQL) over what each database's store provides
(storage/sql.py's ``SqlBackend``: reads, writes, transactions), plus what is still written
per database: connections, migrations' running and the move path's group commit."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any

from gamecore.match import Match, StatLine
from gamecore.ratings import RatedResult
from storage.base import ALL_SHARDS, NewAction, ShardFilter, TimerSeen
from storage.features.daily import Daily
from storage.features.notify import Notify
from storage.features.pars import Pars
from storage.features.tips import Tips
from storage.records import (
    ActionRecord,
    LeaderboardRow,
    PlayerRating,
    RatingPoint,
    UserStats,
)
from storage.sql import SqlBackend


class MatchStore(Tips, Pars, Daily, Notify, SqlBackend, ABC):
    """What the service needs of a store. Each storage feature is a class of its own
    (storage/features/), its queries written once for both databases; the SQLite
    (storage/sqlite.py) and PostgreSQL (storage/postgres.py) stores add only what truly
    differs: connections, migrations' running, and the move path's group commit."""

    @abstractmethod
    async def open(self) -> None: ...

    @abstractmethod
    async def close(self) -> None: ...

    @abstractmethod
    async def create(self, match: Match) -> None:
        """Insert a new match (``DuplicateMatch`` if the id is taken)."""

    @abstractmethod
    async def load(self, match_id: str) -> Match | None: ...

    @abstractmethod
    async def save(
        self,
        match: Match,
        expected_version: int,
        *,
        action: NewAction | None = None,
        stats: Sequence[StatLine] = (),
        rating: RatedResult | None = None,
    ) -> None:
        """Write ``match`` (and its action row, statistics and rating update) in ONE
        transaction, only if the stored version is still ``expected_version``; else
        ``StaleVersion``. ``rating`` updates the players' ratings in every scope of the
        match (all servers, and its server) and adds their history rows."""

    @abstractmethod
    async def prime_ratings(self, matches: Sequence[Match]) -> None:
        """A hint that these live matches will end rated: the PostgreSQL store reads the
        ratings of their people it does not know yet, so the move that ends one is a single
        statement (storage/pg_ratings.py); SQLite does nothing."""

    @abstractmethod
    async def save_move(
        self,
        match: Match,
        notation: str,
        seat: int,
        expected_version: int | None = None,
        stats: Sequence[StatLine] = (),
        rating: RatedResult | None = None,
    ) -> None:
        """``save`` with an action row at step ``match.steps``."""

    @abstractmethod
    async def update_meta(self, match: Match, before: Match) -> None:
        """Board message id, ping message id and clock columns (not a move: the version
        stays), written only if the stored row still holds ``before``'s version, board
        message, ping and clock; else
        ``StaleVersion`` (a stale process never moves a deadline back)."""

    @abstractmethod
    async def find_rematch(self, match_id: str) -> Match | None:
        """The lobby (or match) that plays ``match_id`` again, if one was opened."""

    @abstractmethod
    async def live_matches(self, shards: ShardFilter = ALL_SHARDS) -> list[Match]:
        """Lobbies and running matches of the guilds in ``shards``."""

    @abstractmethod
    async def user_matches(
        self,
        user_id: int,
        *,
        channel_id: int | None = None,
        live: bool | None = None,
        limit: int = 25,
    ) -> list[Match]: ...

    @abstractmethod
    async def due_timers(self, now: float) -> list[str]: ...

    @abstractmethod
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

    @abstractmethod
    async def release_timer(self, match_id: str, owner: str) -> None:
        """Give back ``owner``'s claim on the match's timer."""

    @abstractmethod
    async def export_rows(self, table: str) -> list[dict[str, Any]]:
        """Every row of ``table`` (one of ``TABLES``) as column → value (a copy's source)."""

    @abstractmethod
    async def import_rows(self, table: str, rows: Sequence[dict[str, Any]]) -> None:
        """Insert ``rows`` (from ``export_rows``) unchanged, in one transaction."""

    @abstractmethod
    async def actions(self, match_id: str) -> list[ActionRecord]: ...

    # -- the daily deal (service/daily.py) ---------------------------------------------
    # -- par of a deal (service/pars.py) -------------------------------------------------
    @abstractmethod
    async def stats(self, user_id: int, *, guild_id: int | None = None) -> list[UserStats]:
        """The user's record per game: in all servers (``guild_id=None``) or in one.

        ``save`` counts every stat line in the global table and, when the match has a
        ``guild_id``, in that server's table too (same transaction)."""

    @abstractmethod
    async def leaderboard(
        self, game_id: str, limit: int = 10, *, guild_id: int | None = None
    ) -> list[LeaderboardRow]:
        """Best players of a game, all servers (``guild_id=None``) or one server's."""

    @abstractmethod
    async def ratings(self, user_id: int, scope: int) -> list[PlayerRating]:
        """The user's rating per game in ``scope`` (0: all servers, else a guild id), with
        the rank among the scope's settled players."""

    @abstractmethod
    async def rating_board(
        self, game_id: str, scope: int, limit: int = 10, *, settled: bool = True
    ) -> list[PlayerRating]:
        """The best settled (or, ``settled=False``, provisional) ratings of a game."""

    @abstractmethod
    async def rating_history(
        self, user_id: int, game_id: str, scope: int, limit: int = 200
    ) -> list[RatingPoint]:
        """The user's rating after each of their last ``limit`` rated matches, oldest first."""

    @abstractmethod
    async def replay(self, match_id: str) -> Any:
        """The game state rebuilt from seed, options, seats and the action log."""
