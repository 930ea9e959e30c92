"""Pausing a match's clock on both backends: it stops only when every person asked, fires
nothing while paused, and on resume each turn keeps the time it had left."""

from __future__ import annotations

import pytest

from gamecore.match import DEFAULT_TURN_LIMIT, PAUSE_LIMIT, MatchError
from service import MatchService

A, B = 101, 202
HOUR = 3600.0


async def two_people(service: MatchService):
    lobby = await service.new_match("toy-race", 77, 9, A)
    await service.lobby_join(lobby.id, B)
    return await service.lobby_start(lobby.id, A)


async def test_the_clock_pauses_when_everyone_asked_and_resumes_with_the_time_left(
    service: MatchService, clock
):
    match = await two_people(service)
    assert match.turn_deadline == clock.now + DEFAULT_TURN_LIMIT
    clock.advance(2 * HOUR)
    asked = await service.ask_clock(match.id, A, pause=True)
    assert asked.paused_at is None and asked.clock_votes == (A,)  # one of two: still running
    with pytest.raises(MatchError) as twice:
        await service.ask_clock(match.id, A, pause=True)
    assert twice.value.code == "already_asked"
    withdrawn = await service.ask_clock(match.id, A, pause=False)  # the other way: withdrawn
    assert withdrawn.clock_votes == () and withdrawn.paused_at is None
    await service.ask_clock(match.id, A, pause=True)
    paused = await service.ask_clock(match.id, B, pause=True)
    assert paused.paused_at == clock.now and paused.clock_votes == ()
    assert paused.timer_at == clock.now + PAUSE_LIMIT  # only the pause running out is due

    clock.advance(3 * DEFAULT_TURN_LIMIT)  # a long holiday: nothing is due
    assert await service.due_timers() == []
    assert (await service.fire_timer(match.id)).kind == "none"
    with pytest.raises(MatchError) as refused:
        await service.ask_clock(match.id, A, pause=True)
    assert refused.value.code == "already_paused"
    await service.ask_clock(match.id, B, pause=False)
    resumed = await service.ask_clock(match.id, A, pause=False)
    assert resumed.paused_at is None
    assert resumed.turn_deadline == pytest.approx(clock.now + DEFAULT_TURN_LIMIT - 2 * HOUR)
    clock.advance(DEFAULT_TURN_LIMIT)
    assert await service.due_timers() == [match.id]  # running again


async def test_only_seated_people_of_a_clocked_match_can_ask(service: MatchService):
    match = await two_people(service)
    with pytest.raises(MatchError) as stranger:
        await service.ask_clock(match.id, 303, pause=True)
    assert stranger.value.code == "not_seated"
    lobby = await service.new_match("toy-race", 77, 9, A, turn_limit=0)
    await service.lobby_join(lobby.id, B)
    unclocked = await service.lobby_start(lobby.id, A)
    with pytest.raises(MatchError) as no_clock:
        await service.ask_clock(unclocked.id, A, pause=True)
    assert no_clock.value.code == "no_clock"
