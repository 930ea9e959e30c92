"""What both stores share besides their queries: the errors they raise, the shard filter,
the tables a copy moves. Both give the same guarantee: a step writes the state, its action
row and the new version in one transaction, ``UPDATE … WHERE version = …``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from gamecore.match import MATCH_ERROR_CODES, Match, MatchError
from storage.codec import COLUMNS


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
    "guild_settings": ("guild_id", "key", "value"),
    "match_followers": ("match_id", "user_id", "thread_id", "at"),
    "season_champions": (
        "guild_id",
        "game_id",
        "season",
        "user_id",
        "rating",
        "matches",
        "decided_at",
    ),
    "tournaments": ("id", "guild_id", "status", "doc", "version", "updated_at"),
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


class DuplicateMatch(Exception):
    """A match with this id exists already (the caller draws another id)."""


@dataclass(frozen=True, slots=True)
class NewAction:
    """The action row written with a step: who did what, in canonical notation."""

    seat: int
    notation: str
