"""The persistence interface the service needs; SQLite (storage/sqlite.py) and PostgreSQL
(storage/postgres.py) implement it with the same guarantees: a step writes the state, its
action row and the new version in one transaction, ``UPDATE … WHERE version = …``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from gamecore.match import MATCH_ERROR_CODES, Match, MatchError, StatLine
from gamecore.ratings import RatedResult
from storage.codec import COLUMNS
from storage.records import (
    ActionRecord,
    DailyMatch,
    LeaderboardRow,
    NotifySettings,
    PlayerRating,
    RatingPoint,
    UserStats,
)


class StaleVersion(MatchError):
    """Someone changed the match first: the caller's ``expected_version`` is gone."""

    def __init__(self, match_id: str, expected_version: int) -> None:
        super().__init__(
            "stale_version",
            MATCH_ERROR_CODES["stale_version"],
            match_id=match_id,
            expected_version=expected_version,
        )


class StoreUnavailable(MatchError):
    """The database cannot be reached (a restart, a network cut): nothing was written, or
    the write's outcome is unknown and the service reloads the match before using it."""

    def __init__(self, detail: str = "") -> None:
        super().__init__("store_unavailable", MATCH_ERROR_CODES["store_unavailable"], detail=detail)


class StoreBusy(MatchError):
    """Every database connection of this process is in use and none came free in time:
    the database is up, nothing was written; try again in a moment."""

    def __init__(self) -> None:
        super().__init__("store_busy", MATCH_ERROR_CODES["store_busy"])


class CommitUnknown(StoreUnavailable):
    """The write was sent but its reply was lost (the connection broke in the middle): it
    may have been saved. The service reads the match again before using it."""

    def __init__(self, detail: str = "") -> None:
        MatchError.__init__(
            self, "commit_unknown", MATCH_ERROR_CODES["commit_unknown"], detail=detail
        )


class SchemaTooNew(Exception):
    """The database was written by a newer version of the bot: this code does not know its
    schema, so it must not use (or migrate) it."""

    def __init__(self, found: int, known: int) -> None:
        super().__init__(f"the database has schema version {found}, this code knows up to {known}")
        self.found = found
        self.known = known


#: The tables a copy moves (``python -m storage copy``), parents first, with the columns
#: both backends share.
TABLES: dict[str, tuple[str, ...]] = {
    "matches": (*COLUMNS, "timer_owner", "timer_lease"),
    "match_users": ("user_id", "match_id"),
    "actions": ("match_id", "step", "seat", "notation", "at"),
    "stats": ("user_id", "game_id", "played", "won", "lost", "best_score", "total_score"),
    "guild_stats": (
        "guild_id",
        "user_id",
        "game_id",
        "played",
        "won",
        "lost",
        "best_score",
        "total_score",
    ),
    "ratings": ("scope", "user_id", "game_id", "mu", "sigma", "matches"),
    "rating_history": ("scope", "user_id", "game_id", "match_id", "at", "mu", "sigma"),
    "daily_deals": ("scope", "game_id", "day", "seed"),
    "daily_matches": ("match_id", "scope", "game_id", "day", "user_id", "counted", "at"),
    "notify_settings": ("user_id", "dm", "reminders", "dm_failed_told", "remind_every"),
    "notify_quiet": ("match_id", "user_id"),
    "tips_shown": ("user_id", "game_id"),
    "deal_pars": ("deal", "game_id", "par"),
}


@dataclass(frozen=True, slots=True)
class ShardFilter:
    """The guilds one process serves: Discord's shard of a guild is
    ``(guild_id >> 22) % count``; direct-message matches (no guild) belong to shard 0."""

    count: int = 1
    ids: frozenset[int] = frozenset({0})

    @classmethod
    def from_env(cls, environ: Mapping[str, str]) -> ShardFilter:
        """``SHARD_COUNT`` with ``SHARD_IDS`` (``0,1``; default: every shard), or with
        ``CLUSTER_COUNT`` and ``CLUSTER_ID`` (cluster i runs shards i, i + C, i + 2C, …).
        Nothing set: one process, no sharding. ``ValueError`` says what is wrong."""

        def number(name: str, default: int) -> int:
            text = (environ.get(name) or "").strip()
            if not text:
                return default
            if not text.isdigit():
                raise ValueError(f"{name} must be a whole number, not {text!r}")
            return int(text)

        count = number("SHARD_COUNT", 1)
        clusters, cluster = number("CLUSTER_COUNT", 0), number("CLUSTER_ID", 0)
        listed = (environ.get("SHARD_IDS") or "").replace(" ", "")
        if count < 1:
            raise ValueError("SHARD_COUNT must be at least 1")
        if listed and clusters:
            raise ValueError("set SHARD_IDS or CLUSTER_COUNT/CLUSTER_ID, not both")
        if clusters:
            if not cluster < clusters <= count:
                raise ValueError("need CLUSTER_ID < CLUSTER_COUNT <= SHARD_COUNT")
            ids = set(range(cluster, count, clusters))
        elif listed:
            parts = listed.split(",")
            if not all(p.isdigit() for p in parts):
                raise ValueError(f"SHARD_IDS must list shard numbers like 0,1 — not {listed!r}")
            ids = {int(p) for p in parts}
        else:
            ids = set(range(count))
        if max(ids) >= count:
            raise ValueError(f"shard ids must be below SHARD_COUNT ({count})")
        return cls(count, frozenset(ids))

    @property
    def label(self) -> str:
        """A stable name for these shards (the timer claims' owner): ``all`` or ``0,2/4``."""
        if self.count <= 1:
            return "all"
        return f"{','.join(str(i) for i in sorted(self.ids))}/{self.count}"

    def owns(self, guild_id: int | None) -> bool:
        if self.count <= 1:
            return True
        return (0 if guild_id is None else (guild_id >> 22) % self.count) in self.ids

    def sql(self) -> str:
        """The same test as a SQL condition on ``guild_id`` (both backends), or ``TRUE``."""
        if self.count <= 1:
            return "TRUE"
        shards = ", ".join(str(int(i)) for i in sorted(self.ids)) or "-1"
        test = f"((guild_id >> 22) % {int(self.count)}) IN ({shards})"
        return (
            f"({test} OR guild_id IS NULL)"
            if 0 in self.ids
            else f"({test} AND guild_id IS NOT NULL)"
        )


ALL_SHARDS = ShardFilter()


@dataclass(frozen=True, slots=True)
class TimerSeen:
    """What a process saw of a match's clock when it found it due (``claim_timers``)."""

    version: int
    timer_at: float | None

    @classmethod
    def of(cls, match: Match) -> TimerSeen:
        return cls(match.version, match.timer_at)


def meta_values(match: Match, before: Match) -> tuple[Any, ...]:
    """``update_meta``'s parameters in both stores' order: the new board message, clock and
    ping, then the id, version, board message, reminder, deadline and ping the row must still
    hold."""
    return (
        match.board_message_id,
        int(match.reminded),
        match.timer_at,
        match.turn_deadline,
        match.ping_message_id,
        match.id,
        before.version,
        before.board_message_id,
        int(before.reminded),
        before.turn_deadline,
        before.ping_message_id,
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
        rating: RatedResult | None = None,
    ) -> None:
        """Write ``match`` (and its action row, statistics and rating update) in ONE
        transaction, only if the stored version is still ``expected_version``; else
        ``StaleVersion``. ``rating`` updates the players' ratings in every scope of the
        match (all servers, and its server) and adds their history rows."""

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

    async def update_meta(self, match: Match, before: Match) -> None:
        """Board message id, ping message id and clock columns (not a move: the version
        stays), written only if the stored row still holds ``before``'s version, board
        message, ping and clock; else
        ``StaleVersion`` (a stale process never moves a deadline back)."""

    async def notify_settings(self, user_ids: Sequence[int]) -> dict[int, NotifySettings]:
        """The stored ``/notify`` settings of ``user_ids`` (absent: the defaults)."""

    async def save_notify(self, settings: NotifySettings) -> None:
        """Store one person's ``/notify`` settings."""

    async def interval_reminders(self) -> dict[int, float]:
        """Every person who asked for reminders at an interval: user → seconds."""

    async def quiet_users(self, match_id: str) -> set[int]:
        """The people who asked for no notice for the rest of their turn in ``match_id``."""

    async def set_quiet(self, match_id: str, user_id: int, quiet: bool) -> None:
        """Mark (or clear) "not for this turn" of ``user_id`` in ``match_id``."""

    async def first_tip(self, user_id: int, game_id: str) -> bool:
        """Note that ``user_id`` was given ``game_id``'s first-game tip: True only the first
        time (one atomic insert, so two processes never both say True)."""

    async def find_rematch(self, match_id: str) -> Match | None:
        """The lobby (or match) that plays ``match_id`` again, if one was opened."""

    async def live_matches(self, shards: ShardFilter = ALL_SHARDS) -> list[Match]:
        """Lobbies and running matches of the guilds in ``shards``."""

    async def user_matches(
        self,
        user_id: int,
        *,
        channel_id: int | None = None,
        live: bool | None = None,
        limit: int = 25,
    ) -> list[Match]: ...

    async def due_timers(self, now: float) -> list[str]: ...

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

    async def release_timer(self, match_id: str, owner: str) -> None:
        """Give back ``owner``'s claim on the match's timer."""

    async def export_rows(self, table: str) -> list[dict[str, Any]]:
        """Every row of ``table`` (one of ``TABLES``) as column → value (a copy's source)."""

    async def import_rows(self, table: str, rows: Sequence[dict[str, Any]]) -> None:
        """Insert ``rows`` (from ``export_rows``) unchanged, in one transaction."""

    async def actions(self, match_id: str) -> list[ActionRecord]: ...

    # -- the daily deal (service/daily.py) ---------------------------------------------
    async def daily_seed(self, scope: int, game_id: str, day: str, candidate: int) -> int:
        """The seed of (scope, game, day): ``candidate`` stored if there was none yet."""
        ...

    async def daily_add(
        self, match_id: str, scope: int, game_id: str, day: str, user_id: int, at: float
    ) -> bool:
        """Record a match on a daily deal; True when it is the person's counted attempt
        of that day (the first), False for practice."""
        ...

    async def daily_matches(self, scope: int, game_id: str, day: str) -> list[DailyMatch]:
        """The counted attempts on (scope, game, day), oldest first."""
        ...

    async def daily_days(
        self, scope: int, game_id: str, user_id: int, limit: int = 400
    ) -> list[str]:
        """The days (``YYYY-MM-DD``) the person made a counted attempt, newest first."""
        ...

    async def daily_of(self, match_id: str) -> DailyMatch | None:
        """The daily-deal record of a match; None for a match on any other deal."""
        ...

    # -- par of a deal (service/pars.py) -------------------------------------------------
    async def deal_par(self, deal: str) -> str | None:
        """The stored par of a deal (``deal``: the digest ``service.pars`` names it by)."""
        ...

    async def save_deal_par(self, deal: str, game_id: str, par: str) -> None:
        """Store a deal's par; a par stored first (another process) is kept."""
        ...

    async def stats(self, user_id: int, *, guild_id: int | None = None) -> list[UserStats]:
        """The user's record per game: in all servers (``guild_id=None``) or in one.

        ``save`` counts every stat line in the global table and, when the match has a
        ``guild_id``, in that server's table too (same transaction)."""

    async def leaderboard(
        self, game_id: str, limit: int = 10, *, guild_id: int | None = None
    ) -> list[LeaderboardRow]:
        """Best players of a game, all servers (``guild_id=None``) or one server's."""

    async def ratings(self, user_id: int, scope: int) -> list[PlayerRating]:
        """The user's rating per game in ``scope`` (0: all servers, else a guild id), with
        the rank among the scope's settled players."""

    async def rating_board(
        self, game_id: str, scope: int, limit: int = 10, *, settled: bool = True
    ) -> list[PlayerRating]:
        """The best settled (or, ``settled=False``, provisional) ratings of a game."""

    async def rating_history(
        self, user_id: int, game_id: str, scope: int, limit: int = 200
    ) -> list[RatingPoint]:
        """The user's rating after each of their last ``limit`` rated matches, oldest first."""

    async def replay(self, match_id: str) -> Any:
        """The game state rebuilt from seed, options, seats and the action log."""
