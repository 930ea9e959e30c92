"""Setup per preset and mode, option defaults, and the text notation (rules §2, §3, §16)."""

from __future__ import annotations

import pytest

from gamecore.contract import IllegalAction, SeatRef
from gamecore.games.cartolan import GAME, board, presets, turns
from gamecore.games.cartolan.state import Adventurer

from .helpers import ALL_WATER, act, at, legal, new, put, tile


def test_option_defaults_follow_the_binding_table() -> None:
    assert GAME.default_options()["preset"] == "classic"
    classic = GAME.setup(3, 1)
    assert classic.options["exploration"] == "clockwise" and classic.options["mythical"] == "on"
    assert GAME.setup(2, 1).options["mythical"] == "off"
    modern = GAME.setup(2, 1, {"preset": "modern"})
    assert modern.options["exploration"] == "continuous" and modern.options["mythical"] == "on"
    beginner = GAME.setup(4, 1, {"preset": "modern", "mode": "beginner"})
    assert beginner.options["mythical"] == "off"


def test_setup_refuses_bad_player_counts_and_options() -> None:
    with pytest.raises(IllegalAction):
        GAME.setup(1, 1)
    with pytest.raises(IllegalAction):
        GAME.setup(5, 1)
    with pytest.raises(IllegalAction):
        GAME.setup(2, 1, {"mode": "expert"})


@pytest.mark.parametrize("players", [2, 3, 4])
def test_modern_setup_piles_and_pieces(players: int) -> None:
    state = GAME.setup(players, 3, {"preset": "modern", "mode": "regular"})
    held = sum(len(a.maps) for advs in state.advs for a in advs)
    assert len(state.piles[0]) + len(state.piles[1]) + held == 60 + 31
    assert held == 2 * players
    assert sorted(state.order) == list(range(players))
    assert len(state.tiles) == 5 and state.tiles[at(0, 0)] == presets.CAPITAL
    assert all(len(advs) == 1 and advs[0].pos == at(0, 0) for advs in state.advs)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_classic_setup_piles_scale_with_players(players: int) -> None:
    state = GAME.setup(players, 3, {"preset": "classic", "mode": "regular"})
    assert len(state.piles[0]) == 30 * players and len(state.piles[1]) == 15 * players
    assert sum(1 for t in state.piles[0] if t & board.DISASTER) == 1
    # decision 15c: the Capital's neighbours point North-East with any number of players
    for x, y in ((0, 1), (1, 0), (0, -1), (-1, 0)):
        assert board.wind_of(state.tiles[at(x, y)]) == board.NE
    assert (at(10, 0) in state.cities) == (players >= 3)


def test_continuous_and_clockwise_exploration_in_play() -> None:
    # A tile fitting only when turned: land on its downwind-clockwise edge (E at NE).
    only_turned = tile("NSW")  # E is land; as is it would face the all-water tile at (1,2)
    for variant, expected_wind in (("continuous", "NW"), ("clockwise", "NW")):
        state = new(exploration=variant)
        put(state, 1, 2, ALL_WATER)
        state, _ = act(state, "move 1 N")
        state.piles[0].append(only_turned)
        state, _ = act(state, "move 1 N")
        placed = state.tiles.get(at(0, 2))
        assert placed is not None and board.WIND_NAMES[board.wind_of(placed)] == expected_wind


def test_clockwise_variant_tries_clockwise_first() -> None:
    # W is land: as is it clashes with a water neighbour to the west; clockwise (SE) moves the
    # land edge north, which is free, so clockwise wins before anticlockwise.
    state = new(exploration="clockwise")
    put(state, -1, 2, ALL_WATER)
    state, _ = act(state, "move 1 N")
    state.piles[0].append(tile("NES"))
    state, _ = act(state, "move 1 N")
    assert board.WIND_NAMES[board.wind_of(state.tiles[at(0, 2)])] == "SE"


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("move 2 n", "move 2 N"), ("Move 2N", "move 2 N"), ("north", "move N"),
        ("move 1 e map 2", "move 1 E map 2"), ("gust s", "gust S"), ("wait", "wait"),
        ("WAIT 2", "wait 2"), ("end turn", "end"), ("pass", "end"), ("bank 5", "bank 5"),
        ("attack p2a1", "attack 2.1"), ("attack 3", "attack 3.1"), ("attack inn", "attack agent"),
        ("buy agent (2, -3)", "buy agent 2,-3"), ("relocate 4 5", "relocate 4,5"),
        ("abandon home", "abandon capital"), ("place agent", "agent"), ("no", "decline"),
        ("steal card 2", "steal card 2"), ("rest 2.1", "rest 2.1"), ("deposit 1,1", "deposit 1,1"),
        ("choose 2", "choose 2"), ("give 3", "give 3"), ("draw card", "draw"),
        ("buy manuscript", "buy manuscript"), ("travel 4", "travel 4"), ("keep 3", "keep 3"),
    ],
)  # fmt: skip
def test_notation_is_tolerant_and_canonical(text: str, canonical: str) -> None:
    assert GAME.format_action(GAME.parse_action(text)) == canonical
    assert GAME.format_action(GAME.parse_action(canonical)) == canonical


@pytest.mark.parametrize(
    "text", ["", "fly north", "move 1 up left", "bank lots", "buy agent here", "attack 0.1"]
)
def test_unreadable_notation_explains(text: str) -> None:
    with pytest.raises(IllegalAction) as caught:
        GAME.parse_action(text)
    assert caught.value.code.startswith("notation_cartolan_") and caught.value.reason


def test_refusals_name_the_reason() -> None:
    state = new()
    state, _ = act(state, "move 1 N")
    state.down = 3
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, state.seat, GAME.parse_action("move 1 S"))
    assert caught.value.code == "cartolan_no_upwind_move"
    assert "upwind" in caught.value.reason
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, 1 - state.seat, GAME.parse_action("move 1 N"))
    assert caught.value.code == "not_your_turn"
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, state.seat, GAME.parse_action("move 2 N"))
    assert caught.value.code == "cartolan_no_adventurer"
    state.advs[state.seat].append(Adventurer(state.seat, state.adventurer.pos, 1))
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, state.seat, GAME.parse_action("move 2 N"))
    assert caught.value.code == "cartolan_wrong_adventurer"  # modern: creation order
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, state.seat, GAME.parse_action("trade"))
    assert caught.value.code == "cartolan_no_wonder"
    state.offers = 0
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, state.seat, GAME.parse_action("trade"))
    assert caught.value.code == "cartolan_actions_closed"


def test_a_place_off_the_board_is_a_notation_error_naming_the_range() -> None:
    """Decision 13: ``buy agent 4,4092`` used to wrap round to ``buy agent 5,-4``."""
    with pytest.raises(IllegalAction) as caught:
        GAME.parse_action("buy agent 4,4092")
    refusal = caught.value
    assert refusal.code == "notation_cartolan_range"
    assert refusal.params["low"] == -2048 and refusal.params["high"] == 2047
    assert "-2048 to 2047" in refusal.reason
    assert GAME.format_action(GAME.parse_action("buy agent 4,2047")) == "buy agent 4,2047"
    with pytest.raises(IllegalAction):
        GAME.parse_action("relocate -2049,0")


def _at_city(preset: str, vault: int):
    state = new(preset, "regular")
    state.vault[state.seat] = vault
    state.decision = "city"  # a city visit that stays open while something could be bought
    state.pending = {"banked": True, "purchases": True}
    return state


def test_city_refusals_name_the_rule_broken() -> None:
    """Decision 13: refusals say why (a domain, a Vault short by how much, no tile)."""
    state = _at_city("classic", 4)
    put(state, 2, 2, ALL_WATER)
    put(state, 9, 0, ALL_WATER)
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, state.seat, "buy agent 2,2")
    assert caught.value.code == "cartolan_domain_capital"
    assert "domain of the Capital" in caught.value.reason
    put(state, 0, 7, ALL_WATER)
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, state.seat, "buy agent 0,7")
    assert caught.value.code == "cartolan_vault_short"
    assert caught.value.params == {"needed": 5, "have": 4}
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, state.seat, "buy agent 30,30")
    assert caught.value.code == "cartolan_no_tile"
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, state.seat, "buy adventurer")
    assert caught.value.params == {"needed": 10, "have": 4}


def test_refusals_name_seats_as_seats_and_number_them_from_one_in_the_english_reason() -> None:
    state = new(players=3)
    seat = state.seat
    other = (seat + 1) % 3
    state.advs[other][0].pos = state.adventurer.pos = put(state, 4, 4, ALL_WATER)
    state.offers = 1
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, seat, f"attack {other + 1}.2")
    assert caught.value.params == {"player": SeatRef((other,)), "number": 2}
    assert f"player {other + 1} has no Adventurer 2" in caught.value.reason
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, seat, "attack 5.1")  # a seat nobody holds
    assert caught.value.code == "cartolan_no_such_seat"
    assert caught.value.params == {"seat": SeatRef((4,)), "last": SeatRef((2,))}
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, (seat + 1) % 3, "wait")
    assert caught.value.params == {"to_move": SeatRef((seat,))}


def test_apply_accepts_text_and_the_moving_adventurer_shorthand() -> None:
    state = new()
    by_text, _ = GAME.apply(state, state.seat, "N")
    by_tuple, _ = GAME.apply(state, state.seat, ("move", 1, board.N, 0))
    assert GAME.to_json(by_text) == GAME.to_json(by_tuple)
    assert GAME.view(by_text, None)["last_action"] == "move 1 N"


@pytest.mark.parametrize(
    ("text", "canonical"), [("wait", "wait 1"), ("move E", "move 1 E"), ("n", "move 1 N")]
)
def test_short_forms_are_applied_and_recorded_as_the_listed_action(
    text: str, canonical: str
) -> None:
    state = new()
    assert canonical in legal(state) and text not in legal(state)
    action = GAME.canonical_action(state, text)
    assert action in GAME.legal_actions(state, state.seat)
    assert GAME.format_action(action) == canonical
    by_short, _ = GAME.apply(state, state.seat, text)
    by_canonical, _ = GAME.apply(state, state.seat, canonical)
    assert by_short.last_action == action
    assert GAME.view(by_short, None)["last_action"] == canonical
    assert GAME.to_json(by_short) == GAME.to_json(by_canonical)


def test_short_forms_are_refused_when_no_adventurer_is_moving() -> None:
    state = new()
    state.adventurer.chest = 3
    state, _ = act(state, "wait")  # a city visit: the bank decision
    assert state.decision == "city"
    for text in ("wait", "move E", "e"):
        with pytest.raises(IllegalAction) as caught:
            GAME.apply(state, state.seat, text)
        assert caught.value.code == "cartolan_decide_city"
    assert GAME.canonical_action(state, "bank 3") == ("bank", 3)
    turns.finish(state, "margin", None)
    assert GAME.canonical_action(state, "wait") == ("wait", 0)
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, state.seat, "wait")
    assert caught.value.code == "game_over"
    with pytest.raises(IllegalAction) as caught:
        GAME.canonical_action(new(), ("wait",))
    assert caught.value.code == "cartolan_not_offered"


def test_view_shows_the_move_meter_and_reachable_cells() -> None:
    state = new()
    view = GAME.view(state, None)
    assert view["moves"]["any_direction_left"] == 2 and view["moves"]["downwind_left"] == 2
    assert {(r["x"], r["y"]) for r in view["reachable"]} == {(0, 1), (1, 0), (0, -1), (-1, 0)}
    state, _ = act(state, "move 1 N")
    state, _ = act(state, "wait")
    view = GAME.view(state, None)
    assert view["moves"]["any_direction_left"] == 0 and view["moves"]["downwind_left"] == 2
    assert {r["side"] for r in view["reachable"]} == {"N", "E"}
    assert view["path"] == [[0, 0], [0, 1]]


@pytest.mark.parametrize(
    "action", [("move",), ("move", 1, 9, 0), ("attack",), (), ("bank", "x"), ("fly", 1)]
)
def test_malformed_actions_are_refused_cleanly(action) -> None:
    state = new()
    with pytest.raises(IllegalAction):
        GAME.apply(state, state.seat, action)
