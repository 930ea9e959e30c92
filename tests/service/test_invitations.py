"""Challenges and rematches on both backends: an invite-only lobby, declining, opening it,
and one rematch per finished match that starts once every person of it accepted."""

from __future__ import annotations

import pytest

from gamecore.match import MatchError
from service import MatchService
from tests.service.test_ratings import drawn_seeds, race

A, B, C, D = 101, 202, 303, 404
GUILD = 77


async def test_only_the_invited_join_a_challenge_until_the_host_opens_it(service: MatchService):
    lobby = await service.new_match("toy-race", GUILD, 9, A, invited=[B, C])
    assert lobby.invite_only and lobby.invited == (B, C)
    with pytest.raises(MatchError) as refused:
        await service.lobby_join(lobby.id, D)
    assert refused.value.code == "not_invited"
    joined = await service.lobby_join(lobby.id, B)
    assert joined.invited == (C,) and joined.seat_of(B) == 1
    declined = await service.lobby_decline(lobby.id, C)
    assert declined.invited == () and declined.seat_of(C) is None
    with pytest.raises(MatchError) as again:
        await service.lobby_decline(lobby.id, C)
    assert again.value.code == "not_invited"
    with pytest.raises(MatchError) as not_host:
        await service.lobby_open(lobby.id, B)
    assert not_host.value.code == "not_host"
    opened = await service.lobby_open(lobby.id, A)
    assert not opened.invite_only
    assert (await service.lobby_join(lobby.id, D)).seat_of(D) == 2


async def test_a_challenge_refuses_what_cannot_fit(service: MatchService):
    for invited, code in (([A, B], "cannot_invite"), ([B, C, D, 505], "too_many_invites")):
        with pytest.raises(MatchError) as refused:
            await service.new_match("toy-race", GUILD, 9, A, invited=invited)
        assert refused.value.code == code


async def test_a_rematch_keeps_seats_and_options_draws_a_new_seed_and_starts_when_all_accept(
    store, clock
):
    service = MatchService(store, clock=clock, seed_source=drawn_seeds())
    await service.start()
    lobby = await service.new_match("toy-race", GUILD, 9, A, {"start": 2})
    await service.lobby_join(lobby.id, B)
    await service.lobby_join(lobby.id, C)
    await service.lobby_add_computer(lobby.id, A, "random")
    match = await service.lobby_start(lobby.id, A)
    with pytest.raises(MatchError) as early:
        await service.rematch(match.id, A)
    assert early.value.code == "not_rematchable"
    while match.status == "playing":
        if match.awaits_computer:
            match = (await service.computer_turns(match.id))[-1].final
        else:
            match = (
                await service.play(match.id, match.seats[match.to_move[0]].user_id, "add 3")
            ).final
    with pytest.raises(MatchError) as stranger:
        await service.rematch(match.id, D)
    assert stranger.value.code == "not_in_match"

    again, opened = await service.rematch(match.id, B, "bea")
    assert (
        opened and again.status == "lobby" and again.host_id == B and again.rematch_of == match.id
    )
    assert again.options == match.options and again.seed != match.seed and again.invite_only
    assert sorted(again.invited) == [A, C]
    assert [s.computer for s in again.seats] == [None, "random"]
    same, opened_twice = await service.rematch(match.id, C)  # a second click: the same lobby
    assert same.id == again.id and not opened_twice
    assert (await store.find_rematch(match.id)).id == again.id

    await service.lobby_join(again.id, A)
    started = await service.lobby_join(again.id, C)  # the last to accept starts it
    assert started.status == "playing" and len(started.seats) == 4


async def test_the_host_starts_a_rematch_without_those_who_declined(service: MatchService):
    match = await race(service, (A, B, C))
    again, _ = await service.rematch(match.id, A)
    await service.lobby_decline(again.id, B)
    waiting = await service.lobby_join(again.id, C)
    assert waiting.status == "lobby"  # B declined: nobody starts it but the host
    started = await service.lobby_start(again.id, A)
    assert started.status == "playing" and {s.user_id for s in started.seats} == {A, C}
