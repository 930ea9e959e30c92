"""Movement rules of both variants and presets (rules §5, §16)."""

from __future__ import annotations

import pytest

from gamecore.contract import IllegalAction
from gamecore.games.cartolan import GAME, board, movement

from .helpers import act, at, legal, new, put, tile


def _sides(state) -> dict[str, bool]:
    adv = state.adventurer
    return {board.DIRECTION_NAMES[s]: g for s, g in movement.legal_sides(state, adv)}


def test_modern_capital_sides_and_kinds() -> None:
    state = new()
    adv = state.adventurer
    kinds = [movement.step_kind(state, adv, side) for side in range(4)]
    assert kinds == [board.DOWNWIND, board.DOWNWIND, board.UPWIND, board.UPWIND]
    assert _sides(state) == {"N": False, "E": False, "S": False, "W": False}


def test_initial_variant_any_direction_then_downwind_only() -> None:
    state = new()
    state.adventurer.chest = 3
    state.down = 2
    assert set(_sides(state)) == {"N", "E"}
    state.down = 4
    assert _sides(state) == {}
    assert not movement.can_continue(state, state.adventurer)


def test_initial_variant_land_moves_only_in_first_two() -> None:
    state = new()
    adv = state.adventurer
    adv.chest = 1
    adv.pos = put(state, 0, 1, tile("ES"))  # N and W are land
    assert movement.step_kind(state, adv, board.N) == board.LAND
    state.up = 1
    assert "N" in _sides(state)
    state.up = 2
    assert "N" not in _sides(state) and "W" not in _sides(state)


def test_budgetted_variant_never_mixes_land_and_upwind() -> None:
    state = new(movement="budgetted")
    adv = state.adventurer
    adv.chest = 1
    adv.pos = put(state, 0, 1, tile("NES"))  # W land, S upwind
    state.up = 2
    assert set(_sides(state)) == {"N", "E"}
    state.up, state.land = 1, 0
    assert set(_sides(state)) == {"N", "E", "S"}
    state.up, state.land = 0, 1
    assert set(_sides(state)) == {"N", "E", "W"}
    state.up, state.land, state.down = 0, 0, 3
    assert set(_sides(state)) == {"N", "E", "S", "W"}


def test_classic_upwind_window_and_unburdened_chest() -> None:
    state = new("classic", "advanced")
    adv = state.adventurer
    adv.cards, adv.buffs = [], {}  # no named Adventurer's effect
    adv.pos = put(state, 0, 1, tile("NESW"))
    adv.chest = 2
    state.down = 1
    assert _plain(state) == {"N", "E"}
    adv.chest = 0  # unburdened: two upwind / three land moves
    assert _plain(state) == {"N", "E", "S", "W"}
    state.down = 2
    assert _plain(state) == {"N", "E"}


def _plain(state) -> set[str]:
    """The sides a step may cross without a gust."""
    return {side for side, gust in _sides(state).items() if not gust}


@pytest.mark.parametrize("mode", ["beginner", "regular"])
def test_classic_unburdened_movement_is_advanced_only(mode: str) -> None:
    """Decision 12a: outside Advanced an empty Chest gives no extra upwind move. The issue's
    example: seed 1, Beginner, ``move 1 S`` twice; the second step is upwind at move 2."""
    state = GAME.setup(2, 1, {"preset": "classic", "mode": mode})
    assert state.adventurer.chest == 0
    state, _ = GAME.apply(state, state.seat, "move 1 S")
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, state.seat, "move 1 S")
    assert caught.value.code == "cartolan_no_upwind_move"
    assert _plain(state) == {"N", "E"}


def test_classic_leaving_a_city_is_a_land_move() -> None:
    state = new("classic", "regular")
    adv = state.adventurer
    assert all(movement.step_kind(state, adv, s) == board.LAND for s in range(4))


def test_classic_gust_offered_beyond_upwind_allowance() -> None:
    state = new("classic", "regular")
    adv = state.adventurer
    adv.chest = 2
    adv.pos = put(state, 0, 1, tile("NESW"))
    state.down = 1
    assert _sides(state) == {"N": False, "E": False, "S": True, "W": True}
    assert "gust 1 S" in legal(state)


def test_regular_turn_goes_on_while_two_or_fewer_moves_used() -> None:
    state = new()
    adv = state.adventurer
    adv.chest = 1
    adv.pos = put(state, 5, 5, tile("SW"))  # N, E land; S, W upwind
    state.up = 2
    assert _sides(state) == {}
    assert movement.can_continue(state, adv)
    beginner = new(mode="beginner")
    badv = beginner.adventurer
    badv.chest = 1
    badv.pos = put(beginner, 5, 5, tile("SW"))
    beginner.up = 2
    assert not movement.can_continue(beginner, badv)


def test_wait_costs_a_downwind_move_and_end_passes_the_turn() -> None:
    state = new()
    first = state.seat
    state, _ = act(state, "move 1 N")
    assert state.down == 1
    state, events = act(state, "wait")
    assert state.down == 2 and [e.kind for e in events][0] == "wait"
    state, events = act(state, "end")
    assert state.seat != first and state.down == 0
    assert any(e.kind == "end_turn" for e in events)


def test_entering_a_city_ends_the_turn() -> None:
    state = new()
    first = state.seat
    state, _ = act(state, "move 1 N")
    state, _ = act(state, "move 1 S")
    assert state.seat != first
    assert state.advs[first][0].pos == at(0, 0)
