"""The heuristic players where the designer's code (players_heuristical.py) decides
differently from a plain reading of §13: found by measuring ``modern`` against that code
(issue 12, decision 14). Each test plays the situation on the engine."""

from __future__ import annotations

import pytest

from gamecore.games.cartolan import GAME, actions, board, exploration
from gamecore.games.cartolan import players as heuristics
from gamecore.games.cartolan.players import HeuristicPlayer, adventurer_key
from gamecore.games.cartolan.state import Adventurer, State
from tests.gamecore.cartolan.helpers import Steady

WATER = board.make_tile((board.N, board.E, board.S, board.W))


@pytest.fixture(autouse=True)
def strict(monkeypatch):
    monkeypatch.setattr(heuristics, "STRICT", True)


def new() -> State:
    return GAME.setup(2, 11, {"preset": "modern", "mode": "regular"})


def agents_east_then_west(state: State, seat: int) -> None:
    """Two Agents of ``seat`` on open water, placed first at (3, 0), then at (-3, 0)."""
    for x in (3, -3):
        cell = board.cell(x, 0)
        state.tiles[cell] = WATER
        actions.place_agent(state, seat, cell, None)


def mid_turn(state: State, x: int, y: int) -> None:
    """The moving Adventurer on (x, y), one move into its turn, Chest empty."""
    adv = state.adventurer
    adv.pos = board.cell(x, y)
    adv.chest = 0
    adv.maps = []
    state.path = [board.cell(0, 0), adv.pos]
    state.down, state.up, state.land = 1, 0, 0
    state.offers = 0


def test_the_route_follows_the_agents_in_the_order_placed():
    # players_heuristical.py walks game.agents[player], appended to as Agents are placed; the
    # project used to walk them sorted by cell, so the first stop was the western Agent
    state = new()
    seat = state.seat
    agents_east_then_west(state, seat)
    mid_turn(state, 0, 1)
    router = HeuristicPlayer("router")
    router.memory.route[adventurer_key(seat, 1)] = 0
    router.memory.sync(state)
    legal = GAME.legal_actions(state, seat)
    assert GAME.format_action(router(state, legal, Steady())) == "move 1 E"
    # the same decision from the seat's view: it lists the Agents in the order placed
    fresh = HeuristicPlayer("router")
    fresh.memory.route[adventurer_key(seat, 1)] = 0
    fresh.memory.sync(state)
    view = GAME.view(state, seat)
    assert GAME.format_action(fresh(view, legal, Steady())) == "move 1 E"


def test_an_agent_placed_where_a_ransacked_one_stood_comes_last():
    state = new()
    seat = state.seat
    agents_east_then_west(state, seat)
    east = board.cell(3, 0)
    assert heuristics.own_agents(state, seat) == [east, board.cell(-3, 0)]
    state.agents[east].active = False
    actions.place_agent(state, seat, east, None)  # replaces its own ransacked Agent
    assert heuristics.own_agents(state, seat) == [board.cell(-3, 0), east]


def test_a_bought_adventurer_explores_until_its_first_city_visit():
    # the designer's Trader/Router set the route index of the last Adventurer they have
    # *before* the purchase, so a bought one starts without a route (§13.3 "reset for newly
    # bought Adventurers" is not what the code does)
    state = new()
    seat = state.seat
    agents_east_then_west(state, seat)
    del state.agents[board.cell(3, 0)]  # the one route stop: (-3, 0), west of the Capital
    state.round = 4
    state.advs[seat].append(Adventurer(seat, board.cell(0, 0), 4))  # bought last round
    state.adv_index = 1
    state.path = [board.cell(0, 0)]
    state.down = state.up = state.land = 0
    state.travel_ok = False
    state.offers = 0
    router = HeuristicPlayer("router")
    legal = GAME.legal_actions(state, seat)
    # no route: no gap next to the Capital, so away from it (east), not towards (-3, 0)
    assert GAME.format_action(router(state, legal, Steady())) == "move 2 E"
    assert adventurer_key(seat, 2) not in router.memory.route
    # a later turn that starts on the Capital (after a city visit) follows the route
    state.round = 5
    router.memory.sync(state)
    legal = GAME.legal_actions(state, seat)
    assert GAME.format_action(router(state, legal, Steady())) == "move 2 W"
    assert router.memory.route[adventurer_key(seat, 2)] == 0


# -- chest maps: the designer's fit test and the map left selected ------------------------

#: a map with one land side (east) and its arrow SE, as it may lie in a Chest
LAND_EAST_SE = board.make_tile((board.N, board.S, board.W), board.SE)


def explorer_below_a_land_edge() -> State:
    """The Explorer on (0, 1) (open water, arrow NE); (1, 2) shows land to the west, so the gap
    (0, 2) north of the Explorer needs a land edge on its east."""
    state = new()
    state.tiles[board.cell(1, 2)] = board.make_tile((board.N, board.E, board.S), board.NE)
    mid_turn(state, 0, 1)
    return state


def test_the_fit_test_tries_a_map_as_it_lies_then_turned_from_the_arrow():
    # beginner.py rotated_tile_fits, called by the players on the map as it lies: as it lies,
    # then the continuous turn of the arrow-matched map, and not the arrow-matched map itself
    # (its null rotation is popped last and the loop ends before testing it); placing first
    # matches the arrow
    state = explorer_below_a_land_edge()
    adv = state.adventurer
    lows = [LAND_EAST_SE & board.ORIENTATION_MASK]
    assert heuristics.designer_fits(state, adv, lows, board.N) == 1  # as it lies: land east
    assert exploration.placement(state, LAND_EAST_SE, adv.pos, board.N) is None
    # the same map lying the other way round fails as it lies and turned; matched to the
    # arrow of the tile left it would be placed, but that is never tested: it fails the test,
    # and is left matched to the arrow
    land_east_ne = board.make_tile((board.N, board.S, board.W), board.NE)
    turned = board.rotate_cw(board.rotate_cw(land_east_ne))  # arrow SW, land west
    lows = [turned & board.ORIENTATION_MASK]
    assert exploration.placement(state, turned, adv.pos, board.N) is not None
    assert heuristics.designer_fits(state, adv, lows, board.N) == 0
    assert lows == [land_east_ne & board.ORIENTATION_MASK]
    # a map that fits in neither is left matched to the arrow too
    land_north_sw = board.make_tile((), board.SW)  # all land
    lows = [land_north_sw & board.ORIENTATION_MASK]
    assert heuristics.designer_fits(state, adv, lows, board.N) == 0
    assert lows == [board.with_wind(land_north_sw, board.NE) & board.ORIENTATION_MASK]


def test_a_map_that_passes_the_test_is_chosen_and_stays_selected_when_it_does_not_fit():
    state = explorer_below_a_land_edge()
    # no gap west
    state.tiles[board.cell(-1, 1)] = board.make_tile((board.N, board.E, board.S, board.W), board.NE)
    seat = state.seat
    state.adventurer.maps = [LAND_EAST_SE]
    explorer = HeuristicPlayer("explorer")
    explorer.memory.sync(state)
    legal = GAME.legal_actions(state, seat)
    action = explorer(state, legal, Steady())
    # east (reward 6) and north (reward 3) both pass the test; the last one that passes wins
    # (decision 14), and its reward becomes the bar
    assert GAME.format_action(action) == "move 1 N map 1"
    GAME.apply_in_place(state, seat, action)
    # regular.py AdventurerRegular.explore: the map did not fit, a tile was drawn instead; the
    # map stays selected (tried first at the next exploration) and lies turned to the arrow
    key = adventurer_key(seat, 1)
    assert state.adventurer.maps == [LAND_EAST_SE]
    assert explorer.memory.selected == {key: 0}
    assert explorer.memory.maps[key][1] == [
        board.with_wind(LAND_EAST_SE, board.NE) & board.ORIENTATION_MASK
    ]


def test_a_tile_that_does_not_fit_is_discarded_turned_to_the_arrow():
    state = explorer_below_a_land_edge()
    seat = state.seat
    unfit = board.make_tile((board.N, board.E, board.S, board.W), board.SW)  # no land east
    state.piles[0].append(unfit)
    GAME.apply_in_place(state, seat, ("move", 1, board.N, 0))
    assert board.cell(0, 2) not in state.tiles
    assert state.discards[0] == [board.with_wind(unfit, board.NE)]


def test_a_purchase_restarts_the_route_of_the_last_adventurer_before_it():
    # players_heuristical.py PlayerBeginnerTrader.check_buy_adventurer sets the route index of
    # adventurers[-1] to 0 before the new one is appended: the last Adventurer the player has
    # then, here one out on its route while Adventurer 1 visits the Capital
    state = new()
    seat = state.seat
    agents_east_then_west(state, seat)
    state.advs[seat].append(Adventurer(seat, board.cell(3, 0), 1))
    mid_turn(state, 0, 1)
    state.vault[seat] = 12
    state.down = 0
    state, _ = GAME.apply(state, seat, GAME.parse_action("move 1 S"))
    assert state.decision == "city"
    router = HeuristicPlayer("router")
    router.memory.sync(state)
    router.memory.route[adventurer_key(seat, 2)] = 1
    legal = GAME.legal_actions(state, seat)
    assert GAME.format_action(router(state, legal, Steady())) == "buy adventurer"
    assert router.memory.route[adventurer_key(seat, 2)] == 0
    assert adventurer_key(seat, 3) not in router.memory.route
