"""Overload on PostgreSQL: a call waits for a connection in order and is never refused
because the bot itself is slow, a full pool is never taken for a server that is down (so
no match is read again for it), and the moves waiting at one moment go to the server as
ONE statement (group commit), each still guarded by its version."""

from __future__ import annotations

import asyncio
import time

import pytest

from gamecore import match as rules
from gamecore.registry import get_game
from service import MatchService
from storage import CommitUnknown, PostgresMatchStore, StaleVersion, StoreBusy, StoreUnavailable
from tests.deadlines import HANG_GUARD
from tests.storage.test_store import lobby, play_one, started
from tests.storage.wire import Wire


@pytest.fixture
async def single(postgres_url):
    """A store of one connection and the default wait for it."""
    store = PostgresMatchStore(postgres_url, min_size=1, max_size=1)
    await store.open()
    yield store
    await store.close()


async def matches(store: PostgresMatchStore, count: int) -> list[rules.Match]:
    """``count`` started toy races, m0 … m{count-1}, saved as version 1."""
    made = []
    for index in range(count):
        await store.create(lobby(f"m{index}"))
        match = started(f"m{index}")
        await store.save(match, expected_version=0)
        made.append(match)
    return made


def moved(match: rules.Match, amount: int = 1) -> tuple[rules.Match, str, int]:
    game = get_game(match.game_id)
    seat = match.to_move[0]
    state, _ = game.apply(match.state, seat, amount)
    return rules.record_step(match, game, seat, state, match.updated_at + 1), f"add {amount}", seat


async def test_moves_waiting_together_go_as_one_statement_each_by_its_version(single):
    """Six moves wait while the only connection is taken; once it is free they are ONE
    statement (one round trip, one commit); the one whose version is gone is refused alone."""
    first = await matches(single, 6)
    await play_one(single, first[0], 1)  # m0 moves on: its version 1 is now stale
    single.groups = single.grouped_moves = 0
    wire = Wire(single)
    async with single.connection():
        tasks = [
            asyncio.create_task(single.save_move(*moved(m), expected_version=m.version))
            for m in first
        ]
        await asyncio.sleep(0.05)  # every move is waiting
        assert not any(task.done() for task in tasks)
    outcomes = await asyncio.gather(*tasks, return_exceptions=True)
    assert wire.count() == (1, 1)
    assert isinstance(outcomes[0], StaleVersion) and outcomes[1:] == [None] * 5
    assert (single.groups, single.grouped_moves) == (1, 6)
    for match in first[1:]:
        stored = await single.load(match.id)
        assert stored is not None and stored.steps == match.steps + 1
        assert [a.notation for a in await single.actions(match.id)] == ["add 1"]
    assert [a.notation for a in await single.actions("m0")] == ["add 1"]  # the first one only


async def test_a_lost_connection_fails_its_group_as_an_unknown_outcome(single):
    first = await matches(single, 3)
    wire = Wire(single)
    sent = wire.transport.write

    def send_then_cut(data: bytes) -> None:
        sent(data)  # the group reaches the server; its reply never comes back
        wire.transport.abort()

    async with single.connection():
        tasks = [
            asyncio.create_task(single.save_move(*moved(m), expected_version=m.version))
            for m in first
        ]
        await asyncio.sleep(0.05)
        wire.transport.write = send_then_cut
    outcomes = await asyncio.gather(*tasks, return_exceptions=True)
    assert [type(o) for o in outcomes] == [CommitUnknown] * 3
    for _ in range(int(HANG_GUARD / 0.05)):  # the server finishes the statement on its own
        if [(await single.load(m.id)).steps for m in first] == [m.steps + 1 for m in first]:
            break
        await asyncio.sleep(0.05)
    assert [(await single.load(m.id)).steps for m in first] == [m.steps + 1 for m in first]


async def test_calls_get_a_connection_in_the_order_they_asked(single):
    """Three calls wait; a newcomer that asks in the very turn the connection comes back
    does not take it before them (asyncpg's own queue would let it)."""
    await matches(single, 1)
    order: list[str] = []

    async def use(name: str) -> None:
        async with single.connection():
            order.append(name)

    async with single.connection():
        waiting = [asyncio.create_task(use(f"w{i}")) for i in range(3)]
        await asyncio.sleep(0.05)
    newcomers = []
    for index in range(6):  # one newcomer in each of the next turns of the event loop
        newcomers.append(asyncio.create_task(use(f"n{index}")))
        await asyncio.sleep(0)
    await asyncio.gather(*waiting, *newcomers)
    assert order[:3] == ["w0", "w1", "w2"]


async def test_a_full_pool_is_busy_never_unavailable(postgres_url):
    """Calls that wait longer than their bound while the only connection is being handed
    back are refused as busy (the server is up), never as unreachable."""
    store = PostgresMatchStore(postgres_url, min_size=1, max_size=1)
    await store.open()
    try:
        # set up with the default bound: a call right after another waits for the
        # connection that one handed back (a task of its own, late on a loaded machine)
        await matches(store, 1)
        held = asyncio.Event()

        async def hold() -> None:
            async with store.connection():
                store.busy_timeout = 0.01  # the bound of the calls that wait from now on
                held.set()
                await asyncio.sleep(0.02)
                time.sleep(0.05)  # the bot is slow: every waiter's bound passes meanwhile

        holder = asyncio.create_task(hold())
        await held.wait()
        outcomes = await asyncio.gather(
            *(store.load("m0") for _ in range(5)), holder, return_exceptions=True
        )
        refusals = [o for o in outcomes if isinstance(o, Exception)]
        assert refusals and all(
            isinstance(o, StoreBusy) and not isinstance(o, StoreUnavailable) for o in refusals
        )
    finally:
        await store.close()


async def test_a_slow_bot_refuses_no_move_and_reads_nothing_more(single):
    """The event loop blocked for longer than the old one-second wait while twenty moves
    wait for the only connection: every move is written, none refused, and not one match
    is read again from the database."""
    service = MatchService(single)
    await service.start()
    first = await matches(single, 20)
    for match in first:
        await service.get(match.id)  # read once: the service holds them in memory now
    loads = 0
    load = single.load

    async def counted(match_id: str) -> rules.Match | None:
        nonlocal loads
        loads += 1
        return await load(match_id)

    single.load = counted  # type: ignore[method-assign]

    async def slow_holder() -> None:
        async with single.connection():
            await asyncio.sleep(0.02)  # every move is waiting now
            time.sleep(1.2)  # the bot is slow

    holder = asyncio.create_task(slow_holder())
    await asyncio.sleep(0)
    plays = [service.play(m.id, m.seats[m.to_move[0]].user_id, "add 1", m.version) for m in first]
    outcomes = await asyncio.gather(*plays, holder, return_exceptions=True)
    assert [o for o in outcomes if isinstance(o, Exception)] == []
    for match in first:  # none is marked to be read again before its next use
        await service.get(match.id)
    assert loads == 0
    assert [(await load(m.id)).steps for m in first] == [m.steps + 1 for m in first]
