"""The takeback rule over a game and its log (``gamecore.takeback``): marker rows undo what
they name; a step that brings something hidden or random to light cannot be crossed."""

from __future__ import annotations

import pytest

from gamecore.registry import get_game, registration
from gamecore.takeback import TakebackRefused, mark, marked_count, people_to_ask, plan, played_line


def test_marker_rows_undo_the_steps_before_them_even_after_another_takeback() -> None:
    log = [(0, "a"), (1, "b"), (0, mark(2)), (0, "c"), (1, "d"), (1, mark(1)), (1, "e")]
    assert played_line(log) == [(0, "c"), (1, "e")]
    assert marked_count("!takeback 3") == 3 and marked_count("take 3") is None


def line_of(game_id: str, players: int, seed: int, notations: list[str]):
    game = get_game(game_id)
    state = game.setup(players, seed, {})
    line = []
    for notation in notations:
        seat = game.status(state).to_move[0]
        state, _ = game.apply_notation(state, seat, notation)
        line.append((seat, notation))
    return game, line


def test_a_drawn_card_cannot_be_taken_back() -> None:
    game, line = line_of("speiderne", 2, 11, ["draw deck"])
    assert registration("speiderne").secrets
    with pytest.raises(TakebackRefused) as refused:
        plan(game, secrets=True, players=2, seed=11, options={}, line=line, seat=line[0][0])
    assert refused.value.code == "takeback_revealed"


def test_a_game_in_full_view_takes_back_to_the_seats_last_step() -> None:
    game, line = line_of("drop-four", 2, 5, ["c", "d", "e"])
    seat = line[0][0]
    found = plan(game, secrets=False, players=2, seed=5, options={}, line=line, seat=seat)
    assert found.keep == 2 and found.undone == (line[2],)
    other = plan(game, secrets=False, players=2, seed=5, options={}, line=line, seat=1 - seat)
    assert other.undone == tuple(line[1:])
    assert people_to_ask(other.undone, 1 - seat, [10, 20]) == ((10, 20)[seat],)
    assert people_to_ask(other.undone, 1 - seat, [None, None]) == ()  # computers agree
    with pytest.raises(TakebackRefused) as nothing:
        plan(game, secrets=False, players=2, seed=5, options={}, line=[], seat=seat)
    assert nothing.value.code == "takeback_nothing"
