"""PostgreSQL out of reach for a while: every call refused at once, nothing half-written,
and the store carries on by itself once the server is back."""

from __future__ import annotations

import asyncio

import asyncpg
import pytest

from storage import PostgresMatchStore, StoreUnavailable
from tests.deadlines import HANG_GUARD
from tests.storage.test_store import NOW, create_started, lobby, play_one


async def test_a_stopped_server_refuses_calls_and_the_pool_recovers(stoppable_postgres):
    store = PostgresMatchStore(stoppable_postgres.url())
    await store.open()
    match = await create_started(store)
    match = await play_one(store, match, 1)
    stoppable_postgres.stop()
    try:
        async with asyncio.timeout(HANG_GUARD):  # refused, not waiting for the server
            with pytest.raises(StoreUnavailable) as err:
                await play_one(store, match, 2)
            # a pooled connection the server dropped may meet the write: then it cannot know
            assert err.value.code in ("store_unavailable", "commit_unknown")
            with pytest.raises(StoreUnavailable):
                await store.load("m1")
            with pytest.raises(StoreUnavailable):
                await store.create(lobby("m2"))
    finally:
        stoppable_postgres.start()
    assert await store.load("m1") == match  # the refused move left nothing behind
    assert [a.notation for a in await store.actions("m1")] == ["add 1"]
    await play_one(store, match, 2)
    assert [a.notation for a in await store.actions("m1")] == ["add 1", "add 2"]
    await store.close()


async def test_connections_killed_by_the_server_are_replaced(stoppable_postgres):
    store = PostgresMatchStore(stoppable_postgres.url())
    await store.open()
    await store.create(lobby("k1"))
    admin = await asyncpg.connect(stoppable_postgres.url())
    killed = await admin.fetchval(
        "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
        "WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()"
    )
    await admin.close()
    assert killed >= 1
    await asyncio.sleep(0.1)
    assert (await store.load("k1")).created_at == NOW  # a read on a fresh connection
    await store.close()
