"""Opening a store: a newer schema is refused and nothing stays open; the SQLite files are
private; one process at a time on a SQLite file (issue 21, items 2 and 7)."""

from __future__ import annotations

import os
import sqlite3

import asyncpg
import pytest

from storage import (
    DatabaseInUse,
    SchemaTooNew,
    SqliteMatchStore,
    exclusive_use,
    is_postgres_url,
    store_for,
)


async def test_a_schema_newer_than_the_code_is_refused_and_nothing_stays_open(
    backend_url: str, tmp_path
) -> None:
    store = store_for(backend_url)
    await store.open()
    await store.close()
    if is_postgres_url(backend_url):
        conn = await asyncpg.connect(backend_url)
        await conn.execute("INSERT INTO schema_version VALUES (999)")
        await conn.close()
    else:
        with sqlite3.connect(tmp_path / "test.db") as conn:
            conn.execute("INSERT INTO schema_version VALUES (999)")
        conn.close()
    again = store_for(backend_url)
    with pytest.raises(SchemaTooNew, match="schema version 999"):
        await again.open()
    held = (lambda: again.pool) if is_postgres_url(backend_url) else (lambda: again.db)
    with pytest.raises(RuntimeError, match="not open"):
        held()  # a failed start keeps no pool or connection behind


async def test_sqlite_files_are_readable_by_their_owner_only(tmp_path) -> None:
    umask = os.umask(0o022)  # a usual umask: the store itself must make the files private
    try:
        store = SqliteMatchStore(str(tmp_path / "private.db"))
        await store.open()
        names = sorted(p.name for p in tmp_path.iterdir())
        modes = {p.name: p.stat().st_mode & 0o777 for p in tmp_path.iterdir()}
        await store.close()
    finally:
        os.umask(umask)
    assert names == ["private.db", "private.db-shm", "private.db-wal"]
    assert modes == dict.fromkeys(names, 0o600)


def test_one_process_at_a_time_on_a_sqlite_file(tmp_path) -> None:
    path = str(tmp_path / "tabletop.db")
    with exclusive_use(path), pytest.raises(DatabaseInUse), exclusive_use(path):
        pass
    with exclusive_use(path):  # released when the first one ended
        pass
