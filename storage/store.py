"""The store the service uses: every storage feature's methods (storage/features/, each
query written once for SQLite and PostgreSQL) over what each database's store provides
(storage/sql.py's ``SqlBackend``: reads, writes, transactions), plus what is still written
per database: connections, migrations' running and the move path's group commit."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence

from gamecore.match import Match, StatLine
from gamecore.ratings import RatedResult
from storage.base import NewAction
from storage.features.copy import Copying
from storage.features.daily import Daily
from storage.features.matches import Matches
from storage.features.notify import Notify
from storage.features.pars import Pars
from storage.features.ratings import Ratings
from storage.features.seasons import Seasons
from storage.features.server import Server
from storage.features.stats import Stats
from storage.features.tips import Tips
from storage.features.tournaments import Tournaments
from storage.migrations import Migrating
from storage.sql import SqlBackend


class MatchStore(
    Matches,
    Stats,
    Ratings,
    Daily,
    Notify,
    Tips,
    Pars,
    Server,
    Seasons,
    Tournaments,
    Copying,
    Migrating,
    SqlBackend,
    ABC,
):
    """What the service needs of a store. Each storage feature is a class of its own
    (storage/features/), its queries written once for both databases; the SQLite
    (storage/sqlite.py) and PostgreSQL (storage/postgres.py) stores add only what truly
    differs: connections, migrations' running, and the move path's group commit."""

    @abstractmethod
    async def open(self) -> None:
        """Connect and migrate (storage/migrations.py)."""

    @abstractmethod
    async def close(self) -> None: ...

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
        expected = match.version - 1 if expected_version is None else expected_version
        await self.save(
            match, expected, action=NewAction(seat, notation), stats=stats, rating=rating
        )
