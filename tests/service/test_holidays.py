"""Holidays per person on both backends: a person's clock stops while they are away (their
turn waits, the others play on), an early return gives back whole days, an automatic day
starts instead of an expiry; strangers and too many days are refused; all of it stored."""

from __future__ import annotations

import pytest

from gamecore.match import DAY, DEFAULT_TURN_LIMIT, MatchError
from service import MatchService

A, B, STRANGER = 101, 202, 303


async def two_people(service: MatchService, **kwargs):
    lobby = await service.new_match("toy-race", 77, 9, A, **kwargs)
    await service.lobby_join(lobby.id, B)
    return await service.lobby_start(lobby.id, A)


def people(match) -> tuple[int, int]:
    mover = match.seats[match.to_move[0]].user_id
    return mover, (B if mover == A else A)


async def test_a_holiday_stops_only_the_persons_clock_and_the_others_play_on(
    service: MatchService, clock
):
    match = await two_people(service)
    mover, other = people(match)
    away = await service.holiday(match.id, other, days=2)  # not their turn: nothing waits
    assert away.turn_deadline == match.turn_deadline
    assert away.holiday_of(other).until == clock.now + 2 * DAY
    assert away.holiday_of(other).left == 5
    played = await service.play(match.id, mover, "add 1")  # the others play on
    # the person away is to move now: their turn's clock starts when they are back
    assert played.match.turn_deadline == clock.now + 2 * DAY + DEFAULT_TURN_LIMIT
    clock.advance(DEFAULT_TURN_LIMIT + DAY)
    assert await service.due_timers() == []
    stored = await service.store.load(match.id)
    assert stored.holiday_of(other) == away.holiday_of(other)  # kept with the match


async def test_back_early_gives_back_the_whole_days_not_used(service: MatchService, clock):
    match = await two_people(service, holiday_days=3)
    mover, _ = people(match)
    away = await service.holiday(match.id, mover, days=3)
    assert away.turn_deadline == match.turn_deadline + 3 * DAY  # their turn waits
    clock.advance(DAY / 2)
    back = await service.holiday(match.id, mover, back=True)
    assert back.holiday_of(mover).left == 2 and back.away_until(mover, clock.now) is None
    assert back.turn_deadline == pytest.approx(match.turn_deadline + DAY / 2)


async def test_strangers_too_many_days_and_twice_are_refused(service: MatchService):
    match = await two_people(service, holiday_days=2)
    mover, other = people(match)
    for who, days, code in (
        (STRANGER, 1, "not_seated"),
        (mover, 3, "holiday_days"),
        (mover, 0, "holiday_days"),
    ):
        with pytest.raises(MatchError) as refused:
            await service.holiday(match.id, who, days=days)
        assert refused.value.code == code
    with pytest.raises(MatchError) as not_away:
        await service.holiday(match.id, other, back=True)
    assert not_away.value.code == "not_on_holiday"
    await service.holiday(match.id, other, days=1)
    with pytest.raises(MatchError) as twice:
        await service.holiday(match.id, other, days=1)
    assert twice.value.code == "on_holiday"
    none = await two_people(service, holiday_days=0)  # a tournament table gives none
    with pytest.raises(MatchError) as no_days:
        await service.holiday(none.id, A, days=1)
    assert no_days.value.code == "no_holidays"


async def test_an_automatic_holiday_day_starts_instead_of_an_expiry(service: MatchService, clock):
    match = await two_people(service)
    mover, _ = people(match)
    chosen = await service.holiday(match.id, mover, auto=True)
    assert chosen.holiday_of(mover).auto and chosen.holiday_of(mover).left == 7
    clock.advance(DEFAULT_TURN_LIMIT)
    fired = await service.fire_timer(match.id)
    assert fired.kind == "holiday" and fired.steps == ()
    assert fired.match.steps == match.steps and fired.match.holiday_of(mover).left == 6
    assert fired.match.turn_deadline == match.turn_deadline + DAY
    assert fired.match.expiries == match.expiries  # no expiry counted
