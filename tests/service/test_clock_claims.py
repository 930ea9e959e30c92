"""Clocks fire exactly once whatever runs (issue 21 item 2): two processes on one database
(a stray copy, an overlapping restart with the same owner name) and a stale copy of a match
that must never move a deadline back."""

from __future__ import annotations

import asyncio

import pytest

from service import MatchService
from storage import store_for

HOST, GUEST = 101, 202
DAY = 24 * 60 * 60


async def two_processes(backend_url, clock, owners):
    services = [MatchService(store_for(backend_url), clock=clock, owner=o) for o in owners]
    await services[0].start()
    lobby = await services[0].new_match("toy-race", 1, 2, HOST, turn_limit=DAY)
    await services[0].lobby_join(lobby.id, GUEST)
    match = await services[0].lobby_start(lobby.id, HOST)
    await services[1].start()  # both hold the running match in memory
    return services, match


async def test_a_second_process_never_fires_a_clock_the_first_fired(backend_url, clock):
    (first, second), match = await two_processes(backend_url, clock, ["0/1", "spare"])
    clock.advance(DAY / 2)
    assert await first.due_timers() == [match.id]
    assert (await first.fire_timer(match.id)).kind == "reminder"
    assert await second.due_timers() == []  # its copy was stale: read again, not due
    clock.advance(DAY / 2)
    assert await first.due_timers() == [match.id]
    assert (await first.fire_timer(match.id)).kind == "expired"
    assert await second.due_timers() == []
    stored = await first.store.load(match.id)
    assert stored.steps == match.steps + 1 and not stored.reminded
    assert (await second.get(match.id)).version == stored.version
    for service in (first, second):
        await service.close()


@pytest.mark.parametrize("due", ["reminder", "expired"])
async def test_the_same_owner_twice_at_once_fires_once(backend_url, clock, due):
    (first, second), match = await two_processes(backend_url, clock, ["0/1", "0/1"])
    clock.advance(DAY / 2 if due == "reminder" else DAY)
    # an overlapping restart: both claim (same owner) before either fires
    assert await first.due_timers() == await second.due_timers() == [match.id]
    outcomes = await asyncio.gather(first.fire_timer(match.id), second.fire_timer(match.id))
    assert sorted(o.kind for o in outcomes) == sorted([due, "none"])
    stored = await first.store.load(match.id)
    assert stored.steps == match.steps + (due == "expired")
    for service in (first, second):
        await service.close()


async def test_a_stale_process_never_moves_a_deadline_back(backend_url, clock):
    (first, second), match = await two_processes(backend_url, clock, ["0/1", "spare"])
    (moved,) = await first.pause_clocks(2, 3600)  # the channel refused the bot for an hour
    clock.advance(DAY / 2)  # the old reminder time: due in the stale copy only
    assert (await second.fire_timer(match.id)).kind == "none"
    (later,) = await second.pause_clocks(2, 60)  # read again, then moved from the new time
    stored = await first.store.load(match.id)
    assert stored.turn_deadline == moved.turn_deadline + 60 == later.turn_deadline
    assert not stored.reminded
    await second.set_board_message(match.id, 777)
    assert (await first.store.load(match.id)).turn_deadline == later.turn_deadline
    for service in (first, second):
        await service.close()
