"""``/notify`` settings and "not for this turn" on both backends."""

from __future__ import annotations

import pytest

from gamecore.match import MatchError
from service import MatchService, NotifySettings

A, B = 101, 202


async def test_settings_default_then_stored_per_person(service: MatchService):
    assert await service.notify_settings([A, B, A]) == {A: NotifySettings(A), B: NotifySettings(B)}
    await service.save_notify(NotifySettings(A, dm=True, reminders=False))
    await service.save_notify(NotifySettings(A, dm=True, reminders=False, dm_failed_told=True))
    assert (await service.notify_settings([A]))[A] == NotifySettings(A, True, False, True)
    assert (await service.notify_settings([B]))[B] == NotifySettings(B)
    assert await service.interval_reminders() == {}
    await service.save_notify(NotifySettings(B, remind_every=7200.0))
    await service.save_notify(NotifySettings(303, reminders=False, remind_every=3600.0))  # off wins
    assert await service.interval_reminders() == {B: 7200.0}


async def test_not_for_this_turn_only_on_ones_turn(service: MatchService):
    lobby = await service.new_match("toy-race", 7, 9, A)
    await service.lobby_join(lobby.id, B)
    match = await service.lobby_start(lobby.id, A)
    mover = match.seats[match.to_move[0]].user_id
    waiting = B if mover == A else A
    with pytest.raises(MatchError) as refused:
        await service.quiet_this_turn(match.id, waiting)
    assert refused.value.code == "not_your_turn"
    await service.quiet_this_turn(match.id, mover)
    assert await service.quiet_users(match.id) == {mover}
    await service.end_quiet(match.id, mover)
    assert await service.quiet_users(match.id) == set()
