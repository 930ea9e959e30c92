"""``/review`` reviews the line that stands: a takeback's row and the step it undid are
left out, so a match with a takeback reviews as if the step had never been played."""

from __future__ import annotations

import random
from dataclasses import replace

from gamecore.match import Match, Seat
from gamecore.registry import get_game
from gamecore.takeback import mark
from service.analysis import review_of
from storage.records import ActionRecord


def finished_line(game_id: str, seed: int) -> list[str]:
    game = get_game(game_id)
    state, rng, line = game.setup(1, seed, {}), random.Random(seed), []
    while not game.status(state).over:
        action = rng.choice(game.legal_actions(state, 0))
        line.append(game.format_action(action))
        state, _ = game.apply(state, 0, action)
    return line


def records(notations: list[str]) -> list[ActionRecord]:
    return [ActionRecord(step, 0, notation, 0.0) for step, notation in enumerate(notations, 1)]


def test_a_reviewed_match_leaves_out_what_a_takeback_undid() -> None:
    line = finished_line("dungeon-delver", 5)
    match = Match(
        "m1", "dungeon-delver", None, 1, 1, 5, seats=(Seat(1, None, "a"),), status="finished"
    )
    game = get_game("dungeon-delver")
    first = game.setup(1, 5, {})
    other = next(
        game.format_action(a)
        for a in game.legal_actions(first, 0)
        if game.format_action(a) != line[0]
    )
    with_takeback = records([other, mark(1), *line])
    plain = review_of(match, records(line), 0, samples=2)
    taken = review_of(match, with_takeback, 0, samples=2)
    assert replace(taken, seconds=0.0) == replace(plain, seconds=0.0)  # all but its duration
