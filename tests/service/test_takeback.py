"""Takebacks on both backends: at once when nobody else acted since, with the consent of
everyone who did, never across a reveal; the log keeps the takeback and replays to the
stored state; refusals for strangers, forged answers and tables without takebacks."""

from __future__ import annotations

import pytest

from gamecore.match import MatchError
from gamecore.takeback import played_line
from service import MatchService

A, B, STRANGER = 101, 202, 303


async def two_people(service: MatchService, **kwargs):
    lobby = await service.new_match("toy-race", 77, 9, A, **kwargs)
    await service.lobby_join(lobby.id, B)
    return await service.lobby_start(lobby.id, A)


def person(match, seat: int) -> int:
    return match.seats[seat].user_id


async def replays_to_its_state(service: MatchService, match_id: str) -> bool:
    match = await service.get(match_id)
    return await service.store.replay(match_id) == match.state


async def test_a_step_nobody_answered_is_taken_back_at_once_and_logged(service: MatchService):
    match = await two_people(service)
    first = person(match, match.to_move[0])
    start_state = match.state
    await service.play(match.id, first, "add 2")
    outcome = await service.ask_takeback(match.id, first)
    assert outcome.kind == "taken" and outcome.undone == ((match.to_move[0], "add 2"),)
    after = await service.get(match.id)
    assert after.state == start_state and after.to_move == match.to_move
    assert after.steps == 2 and after.takeback is None  # the step and the takeback's row
    log = [(a.seat, a.notation) for a in await service.actions(match.id)]
    assert log[-1][1] == "!takeback 1" and played_line(log) == []
    assert await replays_to_its_state(service, match.id)


async def test_steps_of_others_need_their_consent_and_a_decline_changes_nothing(
    service: MatchService,
):
    match = await two_people(service)
    seat = match.to_move[0]
    first, second = person(match, seat), person(match, 1 - seat)
    await service.play(match.id, first, "add 1")
    await service.play(match.id, second, "add 3")
    before = await service.get(match.id)
    asked = await service.ask_takeback(match.id, first)
    assert asked.kind == "asked" and asked.undone == ((seat, "add 1"), (1 - seat, "add 3"))
    assert asked.match.takeback is not None and asked.match.takeback.waiting == (second,)
    with pytest.raises(MatchError) as again:
        await service.ask_takeback(match.id, second)
    assert again.value.code == "takeback_pending"
    declined = await service.answer_takeback(match.id, second, before.steps, yes=False)
    assert declined.kind == "dropped" and declined.match.takeback is None
    assert declined.match.state == before.state and declined.match.steps == before.steps

    await service.ask_takeback(match.id, first)
    taken = await service.answer_takeback(match.id, second, before.steps, yes=True)
    assert taken.kind == "taken" and taken.match.state == match.state
    assert taken.match.to_move == (seat,)
    assert await replays_to_its_state(service, match.id)


async def test_a_step_since_the_ask_voids_it(service: MatchService):
    match = await two_people(service)
    seat = match.to_move[0]
    first, second = person(match, seat), person(match, 1 - seat)
    await service.play(match.id, first, "add 1")
    await service.play(match.id, second, "add 1")
    at = (await service.get(match.id)).steps
    await service.ask_takeback(match.id, first)
    played = await service.play(match.id, first, "add 1")  # the asker plays on instead
    assert played.match.takeback is None
    with pytest.raises(MatchError) as gone:
        await service.answer_takeback(match.id, second, at, yes=True)
    assert gone.value.code == "takeback_gone"


async def test_strangers_forged_answers_and_tables_without_takebacks_are_refused(
    service: MatchService,
):
    match = await two_people(service)
    seat = match.to_move[0]
    first, second = person(match, seat), person(match, 1 - seat)
    with pytest.raises(MatchError) as nothing:
        await service.ask_takeback(match.id, first)
    assert nothing.value.code == "takeback_nothing"
    await service.play(match.id, first, "add 1")
    await service.play(match.id, second, "add 1")
    with pytest.raises(MatchError) as stranger:
        await service.ask_takeback(match.id, STRANGER)
    assert stranger.value.code == "not_seated"
    taken = await service.ask_takeback(match.id, second)  # only the asker's step: at once
    assert taken.kind == "taken"
    await service.play(match.id, second, "add 2")
    asked = await service.ask_takeback(match.id, first)  # asks the second, whose step it undoes
    at = asked.match.steps
    with pytest.raises(MatchError) as not_asked:
        await service.answer_takeback(match.id, STRANGER, at, yes=True)
    assert not_asked.value.code == "takeback_not_asked"
    with pytest.raises(MatchError) as forged:
        await service.answer_takeback(match.id, second, at + 7, yes=True)
    assert forged.value.code == "takeback_gone"
    assert (await service.get(match.id)).takeback == asked.match.takeback  # still waiting

    off = await two_people(service, takebacks=False)
    mover = person(off, off.to_move[0])
    await service.play(off.id, mover, "add 1")
    with pytest.raises(MatchError) as refused:
        await service.ask_takeback(off.id, mover)
    assert refused.value.code == "takebacks_off"
    assert (await service.get(off.id)).takebacks is False  # stored so


async def test_a_computer_seat_agrees_by_itself(service: MatchService):
    lobby = await service.new_match("toy-race", 77, 9, A)
    await service.lobby_add_computer(lobby.id, A)
    match = await service.lobby_start(lobby.id, A)
    if match.awaits_computer:
        await service.computer_turns(match.id)
        match = await service.get(match.id)
    mine = match.seat_of(A)
    played = await service.play(match.id, A, "add 1")
    assert played.awaits_computer
    await service.computer_turns(match.id)
    outcome = await service.ask_takeback(match.id, A)
    assert outcome.kind == "taken" and [s for s, _ in outcome.undone] == [mine, 1 - mine]
    assert (await service.get(match.id)).state == match.state


async def test_nothing_is_taken_back_across_a_roll(service: MatchService):
    """The solo toy rolls a bonus at every step (chance, no secret keys): each step may
    have brought something to light, so none can be taken back."""
    match = await service.new_match("toy-solo", 77, 9, A, seed=5)
    notation = (await service.legal_moves(match.id, A, limit=None))[0]
    await service.play(match.id, A, notation)
    with pytest.raises(MatchError) as refused:
        await service.ask_takeback(match.id, A)
    assert refused.value.code == "takeback_revealed"
