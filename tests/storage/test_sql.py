"""Queries written once (storage/sql.py) and migrations written once (storage/migrations.py)
run the same on both stores: a new table and its queries, as a feature adds them."""

from __future__ import annotations

import asyncio

import pytest

from storage import migrations, store_for
from storage.sql import POSTGRES, SQLITE, Query, Tx, run_now

#: What a feature adds: one migration (composite key, SQLite's WITHOUT ROWID) ...
NOTES_TABLE = """
    CREATE TABLE test_notes (
        guild_id BIGINT NOT NULL,
        name TEXT NOT NULL,
        body TEXT NOT NULL,
        at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (guild_id, name)
    ) WITHOUT ROWID;
    CREATE INDEX test_notes_by_time ON test_notes (guild_id, at)
"""
# ... and its queries, once.
SAVE = Query(
    "INSERT INTO test_notes (guild_id, name, body, at) VALUES (:guild_id, :name, :body, :at) "
    "ON CONFLICT (guild_id, name) DO UPDATE SET body = excluded.body, at = excluded.at"
)
ADD = Query(
    "INSERT INTO test_notes (guild_id, name, body, at) VALUES (:guild_id, :name, :body, :at) "
    "ON CONFLICT DO NOTHING RETURNING name"
)
OF_GUILDS = Query(
    lambda d: (
        "SELECT guild_id, name, body FROM test_notes "
        f"WHERE guild_id IN ({d.each('guilds', 'bigint')}) ORDER BY guild_id, name"
    ),
    lists=("guilds",),
)
LATEST = Query(
    lambda d: f"SELECT {d.greatest('max(at)', ':floor')} FROM test_notes WHERE guild_id = :guild_id"
)


@pytest.fixture
async def notes_store(backend_url: str, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(migrations, "MIGRATIONS", (*migrations.MIGRATIONS, NOTES_TABLE))
    store = store_for(backend_url)
    await store.open()
    yield store
    await store.close()


async def test_a_migration_written_once_runs_on_both_stores(notes_store) -> None:
    dialect = notes_store.dialect
    assert await notes_store.schema_version() == migrations.latest(dialect)
    assert migrations.for_dialect(dialect)[-1][1][0].count("WITHOUT ROWID") == (
        0 if dialect.postgres else 1
    )
    assert await notes_store.migrate() == migrations.latest(dialect)  # idempotent


async def test_queries_written_once_read_and_write_on_both_stores(notes_store) -> None:
    store = notes_store
    assert await store.write(SAVE, guild_id=2**60, name="a", body="one", at=1.5) == 1
    assert await store.write(SAVE, guild_id=2**60, name="a", body="two", at=2.5) == 1
    assert [
        r["name"] for r in await store.write_returning(ADD, guild_id=3, name="b", body="x", at=0.5)
    ] == ["b"]
    assert await store.write_returning(ADD, guild_id=3, name="b", body="y", at=0.5) == []
    rows = await store.read(OF_GUILDS, guilds=[3, 2**60, 99])
    assert [(r[0], r[1], r[2]) for r in rows] == [(3, "b", "x"), (2**60, "a", "two")]
    assert (await store.read(LATEST, guild_id=2**60, floor=9.0))[0][0] == 9.0
    assert (await store.read(LATEST, guild_id=2**60, floor=1.0))[0][0] == 2.5


async def test_a_transaction_is_written_whole_or_not_at_all(notes_store) -> None:
    store = notes_store

    async def two(tx: Tx) -> int:
        await tx.execute(SAVE, guild_id=5, name="x", body="1", at=1.0)
        await tx.executemany(SAVE, [{"guild_id": 5, "name": n, "body": n, "at": 2.0} for n in "yz"])
        return len(await tx.fetch(OF_GUILDS, guilds=[5]))

    assert await store.transaction(two) == 3

    async def broken(tx: Tx) -> None:
        await tx.execute(SAVE, guild_id=6, name="x", body="1", at=1.0)
        await tx.execute(SAVE, guild_id=6, name="y", body=None, at=1.0)  # NOT NULL

    with pytest.raises(Exception, match="(?i)not.null"):
        await store.transaction(broken)
    assert await store.read(OF_GUILDS, guilds=[6]) == []
    # others' writes grouped with a failing one are not affected
    results = await asyncio.gather(
        store.transaction(broken),
        store.write(SAVE, guild_id=7, name="k", body="kept", at=1.0),
        return_exceptions=True,
    )
    assert isinstance(results[0], Exception) and results[1] == 1
    assert [r[2] for r in await store.read(OF_GUILDS, guilds=[6, 7])] == ["kept"]


def test_parameters_are_numbered_for_postgres_and_named_for_sqlite() -> None:
    query = Query("SELECT :a::bigint[], :b, :a FROM t WHERE x = 'y'")
    assert query.sql(POSTGRES) == ("SELECT $1::bigint[], $2, $1 FROM t WHERE x = 'y'", ("a", "b"))
    assert query.bind(POSTGRES, {"b": 2, "a": 1, "unused": 3})[1] == (1, 2)
    assert query.sql(SQLITE) == ("SELECT :a::bigint[], :b, :a FROM t WHERE x = 'y'", ())


def test_a_write_that_suspends_is_refused_on_the_database_thread() -> None:
    async def suspends() -> None:
        await asyncio.sleep(0)

    with pytest.raises(RuntimeError, match="awaited"):
        run_now(suspends())


#: A batched write: many rows as one list parameter (arrays on PostgreSQL, JSON on SQLite).
ADD_MANY = Query(
    lambda d: (
        "INSERT INTO test_notes (guild_id, name, body, at) SELECT v.guild_id, v.name, "
        "v.body, v.at FROM "
        + d.rows(
            "notes",
            (("guild_id", "bigint"), ("name", "text"), ("body", "text"), ("at", "float8")),
        )
        + " AS v WHERE true ON CONFLICT DO NOTHING RETURNING guild_id, name"
    ),
    lists=("notes",),
)
#: Rows as a table to join, with a condition only PostgreSQL needs (skip locked rows).
PICK = Query(
    lambda d: (
        "SELECT t.name, t.at FROM test_notes t JOIN "
        + d.rows("wanted", (("guild_id", "bigint"), ("name", "text")))
        + f" AS w ON t.guild_id = w.guild_id AND t.name = w.name ORDER BY t.name {d.skip_locked('t')}"
    ),
    lists=("wanted",),
)


async def test_many_rows_go_as_one_list_parameter(notes_store) -> None:
    big = 2**63 - 1  # the largest Discord-sized id survives both encodings
    notes = [(big, "a", "x", 1.25), (1, "b", "y", 2.5), (big, "a", "dup", 9.0)]
    added = await notes_store.write_returning(ADD_MANY, notes=notes)
    assert sorted((r[0], r[1]) for r in added) == [(1, "b"), (big, "a")]
    rows = await notes_store.read(PICK, wanted=[(big, "a"), (1, "b"), (1, "zz")])
    assert [(r[0], r[1]) for r in rows] == [("a", 1.25), ("b", 2.5)]
    assert await notes_store.write_returning(ADD_MANY, notes=[]) == []
