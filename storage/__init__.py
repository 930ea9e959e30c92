"""Persistence of matches, action logs and statistics (aiosqlite; see storage/sqlite.py)."""

from __future__ import annotations

from storage.base import DuplicateMatch, MatchStore, NewAction, StaleVersion
from storage.records import ActionRecord, LeaderboardRow, UserStats
from storage.sqlite import DEFAULT_DATABASE_URL, SqliteMatchStore, database_path


async def open_store(url: str | None = None, **settings: object) -> SqliteMatchStore:
    """The store behind ``url`` (default: ``DATABASE_URL``), opened and migrated."""
    store = SqliteMatchStore(database_path(url), **settings)  # type: ignore[arg-type]
    await store.open()
    return store


__all__ = [
    "DEFAULT_DATABASE_URL",
    "ActionRecord",
    "DuplicateMatch",
    "LeaderboardRow",
    "MatchStore",
    "NewAction",
    "SqliteMatchStore",
    "StaleVersion",
    "UserStats",
    "database_path",
    "open_store",
]
