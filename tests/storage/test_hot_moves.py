"""A PostgreSQL move rewrites its match row in place (a HOT update, issue 22 item 3): no
indexed column changes on an ordinary move, so no index of ``matches`` gets a new entry."""

from __future__ import annotations

from storage import PostgresMatchStore
from tests.storage.test_store import create_started, play_one


async def test_ordinary_moves_are_hot_updates(postgres_url):
    store = PostgresMatchStore(postgres_url, min_size=1, max_size=1)
    await store.open()
    match = await create_started(store)
    assert match.timer_at is not None  # a clocked match: each move moves its reminder
    for _ in range(8):
        match = await play_one(store, match, 1)
    async with store.connection() as conn:
        await conn.execute("SELECT pg_stat_force_next_flush()")  # this backend's counts
        await conn.execute("SELECT 1")  # ... reach the shared statistics when it idles
        updates, hot = await conn.fetchrow(
            "SELECT n_tup_upd, n_tup_hot_upd FROM pg_stat_user_tables "
            "WHERE relname = 'matches' AND schemaname = current_schema()"
        )
    await store.close()
    assert updates == 9  # the start, then 8 moves
    assert hot >= 8  # every move (the start changes the status: an indexed column)
