"""The heuristic players where the designer's code (players_heuristical.py) decides
differently from a plain reading of §13: found by measuring ``modern`` against that code
(issue 12, decision 14). Each test plays the situation on the engine."""

from __future__ import annotations

import pytest

from gamecore.games.cartolan import GAME, actions, board
from gamecore.games.cartolan import players as heuristics
from gamecore.games.cartolan.players import HeuristicPlayer, adventurer_key
from gamecore.games.cartolan.state import Adventurer, State

WATER = board.make_tile((board.N, board.E, board.S, board.W))


class Steady:
    """An rng that never deviates at random and never refuses a purchase outright."""

    def random(self) -> float:
        return 0.99

    def choice(self, items):
        return items[0]


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
