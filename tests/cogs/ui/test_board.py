"""The board message's parts without Discord: select plans, status lines, limits."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

import renderer
from cogs.ui.board import (
    LOG_LINES,
    SELECT_LIMIT,
    SELECT_ROWS,
    STEP_LIMIT,
    board_components,
    board_head,
    outcome_lines,
    plan_selects,
    render_png,
    resign_apart,
)
from cogs.ui.labels import say
from gamecore.contract import Event
from gamecore.match import Match, Seat
from gamecore.presentation import card_text
from gamecore.registry import get_game
from service import TurnOutcome
from tests.cogs.helpers import playing_match
from tests.cogs.ui.test_event_words import notation_in

verbs = st.sampled_from(["reveal", "exchange", "explore", "subdue", "claim", "fund", "pass"])
notations = st.lists(
    st.builds(lambda v, n: f"{v} {n}", verbs, st.integers(0, 999)), unique=True, max_size=200
)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(notations)
def test_select_plans_respect_discords_limits(moves: list[str]) -> None:
    plan = plan_selects(moves)
    assert len(plan) <= SELECT_ROWS
    assert all(0 < len(chunk) <= SELECT_LIMIT for _, chunk in plan)
    offered = [m for _, chunk in plan for m in chunk]
    assert len(offered) == len(set(offered)) and set(offered) <= set(moves)
    every_verb_fits = all(
        sum(1 for m in moves if m.split()[0] == v) <= SELECT_LIMIT
        for v in {m.split()[0] for m in moves}
    )
    if len({m.split()[0] for m in moves}) <= SELECT_ROWS and every_verb_fits:
        assert set(offered) == set(moves)  # nothing is lost when everything fits


def cartographer_match() -> Match:
    game = get_game("cartographer")
    return playing_match("cartographer", (Seat(3, None, "alice"),), game.setup(1, 1, {}), host_id=3)


def test_custom_ids_stay_short_and_menus_stay_within_limits() -> None:
    match = cartographer_match()
    moves = [f"reveal C3 {n}H B3" for n in range(2, 11)] * 1 + [
        f"exchange {n}S" for n in range(2, 11)
    ]
    view = board_components(match, moves, "en")
    assert view is not None and len(view.children) <= 25
    for item in view.children:
        assert len(item.custom_id) <= 100
        assert len(getattr(item, "options", [])) <= 25
    assert board_components(replace(match, status="finished"), moves, "en") is None


def test_a_deal_without_starting_point_is_announced_with_the_way_out() -> None:
    match = cartographer_match()
    text = "\n".join(board_head(match, {"no_starting_point": True}, "en"))
    assert "No starting point" in text and "resign" in text
    assert "出発点がありません" in "\n".join(board_head(match, {"no_starting_point": True}, "ja"))
    assert [item.custom_id for item in resign_apart(match, "en")] == [
        f"tt:do:{match.id}:{match.version}:resign"
    ]
    assert "No starting point" not in "\n".join(
        board_head(match, {"no_starting_point": False}, "en")
    )


def test_a_solo_board_spells_out_hand_and_pile() -> None:
    match = cartographer_match()
    view = get_game("cartographer").view(match.state, 0)
    text = "\n".join(board_head(match, view, "en"))
    hand = ", ".join(say(card_text(card), "en") for card in view["hand"])
    assert f"Hand: {hand}" in text  # in words ("8 of spades"), not notation (8S)
    assert not notation_in(text), text
    assert f"{view['pile']} cards left to draw" in text


async def test_the_same_view_is_drawn_once(monkeypatch) -> None:
    calls: list[str] = []
    monkeypatch.setattr(
        renderer, "render_board", lambda game_id, _view, _locale: calls.append(game_id) or b"png"
    )
    view = {"grid": {}, "hand": ["AS"], "cache-test": 1}
    assert await render_png("cartographer", view, "en") == b"png"
    assert await render_png("cartographer", dict(view), "en") == b"png"
    assert await render_png("cartographer", {**view, "hand": ["2S"]}, "en") == b"png"
    assert calls == ["cartographer", "cartographer"]


def test_a_board_recalling_every_seats_turn_stays_within_discords_limits() -> None:
    """Eight long computer turns recalled (Cartolan sums a turn up in one line): each older
    turn is one line (its events left out), none longer than the step cap, and the whole log
    fits a layout's 4,000 characters with room to spare."""
    game = get_game("cartolan")
    state = game.setup(4, 5, None)
    seats = (Seat(1, None, "alice"), Seat(None, "pirate", "pirate 1"))
    seats += (Seat(None, "trader", "trader 1"), Seat(2, None, "bob"))
    match = playing_match("cartolan", seats, state, seed=5, host_id=1)
    long_turn = " · ".join(["move 1 N", "move 1 E", "wait 1"] * 60)
    event = Event("bank", {"seat": 1, "amount": 3})
    steps = [
        TurnOutcome(match, 1 + n % 2, "x", long_turn, (event,) * 20, kind="computer")
        for n in range(8)
    ]
    lines = outcome_lines(match, steps, "en")
    assert len(lines) == 7 + 1 + min(20, LOG_LINES - 1)  # the newest keeps its events
    assert all(len(line) <= STEP_LIMIT + 40 for line in lines[:8]), max(map(len, lines))
    assert all(line.startswith("🤖 **") for line in lines[:7])
    assert len("\n".join(lines)) < 4000
