"""Drop Four's own rules, pictures and texts (the contract itself: test_conformance.py)."""

from __future__ import annotations

import json
import random

import pytest

import renderer
from gamecore.contract import IllegalAction
from i18n import catalog, t
from tests.renderer.helpers import open_png
from tests.toys.drop_four import CATALOGS, GAME
from tests.toys.drop_four.rules import heuristic_player


def play(moves: str, **options: int):
    state = GAME.setup(2, 0, options)
    for letter in moves:
        state, events = GAME.apply_notation(state, state.to_move, letter)
    return state, events


def test_four_on_a_diagonal_wins_and_ends_the_game() -> None:
    state, events = play("abbccdcddgd")
    assert [e.kind for e in events] == ["dropped", "won"] and state.winner == 0
    assert GAME.status(state).winners == (0,) and GAME.legal_actions(state, 1) == []
    with pytest.raises(IllegalAction, match="over"):
        GAME.apply(state, 1, 4)


def test_a_full_column_is_refused_with_its_own_translated_reason() -> None:
    state, _ = play("aaaa", rows=4)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply_notation(state, state.to_move, "A")
    assert refused.value.code == "drop_four_column_full"
    assert t("illegal.drop_four_column_full", "ja", **refused.value.params).startswith("列 a")


def test_a_full_board_without_four_is_a_draw() -> None:
    state, events = play("bcaddbaaaedbcdcbcee", rows=4, columns=5)
    assert [e.kind for e in events] == ["dropped"] and GAME.status(state).to_move == (1,)
    state, events = play("bcaddbaaaedbcdcbceee", rows=4, columns=5)
    assert events[-1].kind == "draw" and GAME.status(state).winners == (0, 1)


def test_the_heuristic_wins_at_once_else_blocks() -> None:
    state, _ = play("aebec")  # seat 1 to move; seat 0 threatens d
    view = GAME.view(state, 1)
    assert heuristic_player(view, GAME.legal_actions(state, 1), random.Random(0)) == 3
    state, _ = play("aebecg")  # seat 0 completes a-b-c-d
    view = GAME.view(state, 0)
    assert heuristic_player(view, GAME.legal_actions(state, 0), random.Random(0)) == 3


def test_the_picture_is_drawn_from_the_view_through_the_registry() -> None:
    state, _ = play("dd")
    view = json.loads(json.dumps(GAME.view(state, None)))
    board = open_png(renderer.render_board("drop-four", view))
    assert board.size[0] > board.size[1] and renderer.render_board("drop-four", view) == (
        renderer.render_board("drop-four", GAME.view(state, None))
    )
    open_png(renderer.render_hand("drop-four", GAME.view(state, 1)))
    renderer.warm_up("drop-four")


def test_its_catalog_has_both_languages_and_reaches_the_merged_tables() -> None:
    english = json.loads((CATALOGS / "drop_four.en.json").read_text(encoding="utf-8"))
    japanese = json.loads((CATALOGS / "drop_four.ja.json").read_text(encoding="utf-8"))
    assert set(english) == set(japanese)
    assert all(catalog("en")[key] == text for key, text in english.items())
    assert t("game.drop-four.name", "ja") == japanese["game.drop-four.name"]
