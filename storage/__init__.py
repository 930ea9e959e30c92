"""Persistence of matches, action logs and statistics: one ``MatchStore`` (storage/store.py)
whose features (storage/features/) write each query once, over SQLite (storage/sqlite.py,
the default) or PostgreSQL (storage/postgres.py), chosen by ``DATABASE_URL``."""

from __future__ import annotations

import os

from storage.base import (
    ALL_SHARDS,
    TABLES,
    CommitUnknown,
    DuplicateMatch,
    NewAction,
    SchemaTooNew,
    ShardFilter,
    StaleVersion,
    StoreBusy,
    StoreUnavailable,
    TimerSeen,
)
from storage.postgres import PostgresMatchStore, is_postgres_url
from storage.records import (
    ActionRecord,
    DailyMatch,
    LeaderboardRow,
    NotifySettings,
    PlayerRating,
    RatingPoint,
    UserStats,
)
from storage.sqlite import (
    DEFAULT_DATABASE_URL,
    SYNC_MODES,
    DatabaseInUse,
    SqliteMatchStore,
    database_path,
    exclusive_use,
)
from storage.store import MatchStore


def store_for(url: str | None = None, **settings: object) -> MatchStore:
    """The (unopened) store behind ``url`` (default: ``DATABASE_URL``)."""
    url = url or os.environ.get("DATABASE_URL") or DEFAULT_DATABASE_URL
    if is_postgres_url(url):
        return PostgresMatchStore(url, **settings)  # type: ignore[arg-type]
    return SqliteMatchStore(database_path(url), **settings)  # type: ignore[arg-type]


async def open_store(url: str | None = None, **settings: object) -> MatchStore:
    """The store behind ``url`` (default: ``DATABASE_URL``), opened and migrated."""
    store = store_for(url, **settings)
    await store.open()
    return store


__all__ = [
    "ALL_SHARDS",
    "DEFAULT_DATABASE_URL",
    "SYNC_MODES",
    "DatabaseInUse",
    "TABLES",
    "ActionRecord",
    "DailyMatch",
    "CommitUnknown",
    "DuplicateMatch",
    "LeaderboardRow",
    "MatchStore",
    "NewAction",
    "NotifySettings",
    "PlayerRating",
    "PostgresMatchStore",
    "RatingPoint",
    "SchemaTooNew",
    "ShardFilter",
    "SqliteMatchStore",
    "StaleVersion",
    "StoreBusy",
    "StoreUnavailable",
    "TimerSeen",
    "UserStats",
    "database_path",
    "exclusive_use",
    "is_postgres_url",
    "open_store",
    "store_for",
]
