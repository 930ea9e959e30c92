"""PostgreSQL's notify settings and "not for this turn" lists held in memory
(storage/pg_notify.py): read once, then answered from memory; a change made by another
process (another store on the same database) reaches this one through LISTEN/NOTIFY; while
the listening connection is down nothing is kept and every read goes to the server."""

from __future__ import annotations

import asyncio

import pytest

from storage import NotifySettings, PostgresMatchStore
from tests.deadlines import HANG_GUARD
from tests.storage.test_store import create_started
from tests.storage.wire import Wire


@pytest.fixture
async def two(postgres_url):
    """Two processes' stores on one database (one connection each, to count its trips)."""
    stores = [PostgresMatchStore(postgres_url, min_size=1, max_size=1) for _ in range(2)]
    for store in stores:
        await store.open()
    await create_started(stores[0])
    yield stores
    for store in stores:
        await store.close()


async def eventually(check) -> None:
    """Until ``check()`` holds (a notification takes a moment to arrive)."""
    for _ in range(int(HANG_GUARD / 0.01)):
        if await check():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the change never arrived")


async def test_settings_and_quiet_lists_are_read_once(two):
    one, _ = two
    assert await one.notify_settings([10, 11]) == {}
    assert await one.quiet_users("m1") == set()
    wire = Wire(one)
    for _ in range(3):
        assert await one.notify_settings([10, 11]) == {}
        assert await one.quiet_users("m1") == set()
    assert wire.count() == (0, 0)


async def test_a_change_in_another_process_reaches_this_one(two):
    one, other = two
    assert await one.notify_settings([10]) == {}
    assert await one.quiet_users("m1") == set()
    await other.save_notify(NotifySettings(10, dm=True))
    await other.set_quiet("m1", 11, True)

    async def seen() -> bool:
        return (await one.notify_settings([10])).get(10) == NotifySettings(10, dm=True) and (
            await one.quiet_users("m1")
        ) == {11}

    await eventually(seen)
    await other.set_quiet("m1", 11, False)

    async def ended() -> bool:
        return await one.quiet_users("m1") == set()

    await eventually(ended)


async def test_a_change_here_is_seen_here_at_once(two):
    one, _ = two
    assert await one.notify_settings([10]) == {}
    await one.save_notify(NotifySettings(10, reminders=False))
    assert await one.notify_settings([10]) == {10: NotifySettings(10, reminders=False)}
    assert await one.quiet_users("m1") == set()
    await one.set_quiet("m1", 10, True)
    assert await one.quiet_users("m1") == {10}


async def test_without_its_listener_a_store_keeps_nothing(two):
    one, other = two
    assert await one.notify_settings([10]) == {}
    one.memo._listener.terminate()  # the listening connection is lost
    await other.save_notify(NotifySettings(10, dm=True))  # unheard by ``one``
    assert await one.notify_settings([10]) == {10: NotifySettings(10, dm=True)}
    await eventually(lambda: _listening(one))  # listening again, a moment later
    wire = Wire(one)
    await one.notify_settings([10])
    await one.notify_settings([10])
    assert wire.count() == (1, 1)  # read once more, then kept again


async def _listening(store: PostgresMatchStore) -> bool:
    store.memo.listening  # noqa: B018 - asks for a new listener when it is down
    await asyncio.sleep(0)
    return store.memo.listening
