"""A board's recent steps rebuilt from the action log (``MatchService.recent_steps``) are the
steps as they were played: seat, notation, kind, events, automatic follow-ups inside the step
that caused them."""

from __future__ import annotations

from service import TurnOutcome
from service.recent import standing
from tests.service.test_service import HOST, play_solo_to_end


def said(step: TurnOutcome) -> tuple[object, ...]:
    """What a board says of a step."""
    return (
        step.seat,
        step.seat_name,
        step.notation,
        step.kind,
        step.events,
        tuple(said(follow_up) for follow_up in step.follow_ups),
    )


async def test_the_logged_steps_read_back_as_played(service) -> None:
    match = await service.new_match("toy-solo", 1, 2, HOST, seed=99, user_name="Ann")
    final, outcomes = await play_solo_to_end(service, match.id, HOST)
    assert any(outcome.follow_ups for outcome in outcomes[-5:])  # automatic claims among them
    rebuilt = await service.recent_steps(match.id, 5)
    assert [said(step) for step in rebuilt] == [said(step) for step in outcomes[-5:]]
    assert rebuilt[-1].match.steps == outcomes[-1].match.steps
    assert rebuilt[-1].match.state is None  # words only, no game state per step
    everything = await service.recent_steps(match.id, 10_000)
    assert (
        len(everything) == len(outcomes)
        and sum(1 + len(step.follow_ups) for step in everything) == final.steps
    )


async def test_a_lobby_has_no_steps(service) -> None:
    lobby = await service.new_match("toy-race", 1, 2, HOST)
    assert lobby.status == "lobby" and await service.recent_steps(lobby.id, 8) == []


def test_a_takeback_leaves_the_undone_steps_out() -> None:
    log = [(0, "a"), (1, "b"), (0, "c"), (0, "!takeback 2"), (1, "d")]
    assert standing(log) == [(1, 0, "a"), (5, 1, "d")]  # numbered by their row in the log
