"""The simulation's shortcuts (issue 12 item 8) choose exactly what the plain path chooses.

* A heuristic player never buys an Agent in a city (§13.2), so ``play_out`` hands it the city
  list without those purchases (``city_actions(agents=False)``): the same choice at every
  city decision of many seeded games, in both presets.
* ``players.random_side`` is ``rng.choice`` over the sides, draw for draw.
* ``abandon`` actions name the city by its place in ``state.cities``: the Capital first, then
  the Mythical City.
"""

from __future__ import annotations

import random

import pytest

from gamecore.games.cartolan import GAME, actions, board, players
from gamecore.games.cartolan import ai_heuristics as ai
from gamecore.rng import extend_seed, mix_seed
from gamecore.simulate import available_players, player_rng, player_rngs

LINE_UP = ["explorer", "trader", "router", "pirate"]


def _states(options: dict[str, str], seeds: range, max_steps: int = 3000):
    """Every state of seeded four-player heuristic games, with the seat to move."""
    for seed in seeds:
        state = GAME.setup(4, seed, options)
        movers = [available_players(GAME)[name] for name in LINE_UP]
        rngs = [player_rng(seed, seat) for seat in range(4)]
        for _ in range(max_steps):
            if state.over:
                break
            seat = state.order[state.order_pos]
            yield state, seat
            legal = GAME.legal_actions(state, seat)
            state = GAME.simulation_step(state, seat, legal, movers[seat], rngs[seat])


def _without_agents(full: list[tuple]) -> list[tuple]:
    """The list less its Agent purchases (``done`` stays: it ends any purchase list)."""
    return [action for action in full if action[0] != "buy_agent"]


@pytest.mark.parametrize(
    "options",
    [
        {"preset": "modern", "mode": "regular"},
        {"preset": "modern", "mode": "advanced"},
        {"preset": "classic", "mode": "regular"},
    ],
)
def test_city_list_without_agents_gives_the_same_choices(options):
    seen = with_agents = 0
    for state, seat in _states(options, range(1, 9)):
        if state.decision != "city":
            continue
        full = actions.city_actions(state)
        short = actions.city_actions(state, agents=False)
        assert short == _without_agents(full)
        assert bool(actions.city_actions(state, probe=True)) == bool(full)
        seen += 1
        with_agents += any(action[0] == "buy_agent" for action in full)
        for name in LINE_UP:
            player = players.HeuristicPlayer(name)
            assert player.buys_city_agents is False
            # the same draws for both lists: a fresh generator each
            chosen = player(state.clone(), full, random.Random(seat))
            assert player(state.clone(), short, random.Random(seat)) == chosen
            assert chosen[0] != "buy_agent"
    assert seen > 50 and with_agents > 20  # the games did reach such decisions


def test_probe_finds_a_free_cell_without_listing_them():
    state = GAME.setup(2, 3, {"preset": "modern", "mode": "regular"})
    state.pending = {"banked": True, "purchases": True}
    state.decision = "city"
    state.vault[state.order[0]] = 9  # an Agent (6), not an Adventurer (10)
    free = actions.free_cells(state)
    assert free == sorted(free) and len(free) == 4  # the Capital's four water tiles
    others = [("buy_maps",), ("done",)]  # the Adventurer holds chest maps
    assert actions.city_actions(state) == [*(("buy_agent", cell) for cell in free), *others]
    assert actions.city_actions(state, agents=False) == others
    state.advs[state.order[0]][0].maps = []
    assert actions.city_actions(state, agents=False) == [("done",)]  # only Agents for sale
    assert actions.city_actions(state, probe=True)
    for cell in free:
        state.agents[cell] = actions.Agent(1 - state.order[0])
    assert not actions.any_free_cell(state)
    assert actions.city_actions(state) == actions.city_actions(state, agents=False) == []
    assert not actions.city_actions(state, probe=True)


#: Side numbers in the order of the reference AI's directions (board.N..W are 0..3).
SIDES = tuple("nesw".index(direction) for direction in ai.DIRECTIONS)


def test_random_side_is_rng_choice_over_the_sides():
    for seed in range(200):
        mine, theirs = random.Random(seed), random.Random(seed)
        drawn = [players.random_side(mine) for _ in range(50)]
        assert drawn == [theirs.choice(SIDES) for _ in range(50)]
        assert mine.getstate() == theirs.getstate()


def test_random_side_asks_any_other_generator_for_its_choice():
    class Fixed(random.Random):
        def choice(self, seq):
            return seq[-1]

    assert players.random_side(Fixed(1)) == SIDES[-1]


def test_cities_are_the_capital_then_mythical_cities():
    count = 0
    for options in ({"preset": "modern"}, {"preset": "classic", "mythical": "on"}):
        for state, _seat in _states(options, range(1, 7)):
            tiles = state.tiles
            assert state.cities[0] == board.cell(0, 0)
            assert not tiles[state.cities[0]] & board.MYTHICAL
            assert all(tiles[city] & board.MYTHICAL for city in state.cities[1:])
            count += len(state.cities) > 1
    assert count > 100  # Mythical Cities were laid or found


def test_abandon_names_the_city_by_its_place():
    state = next(
        state
        for state, seat in _states({"preset": "modern"}, range(1, 30))
        if len(state.cities) > 1
        and state.decision == "move"
        and sum(a[0] == "abandon" for a in GAME.legal_actions(state, seat)) == 2
    )
    seat = state.order[state.order_pos]
    named = [a[2] for a in GAME.legal_actions(state, seat) if a[0] == "abandon"]
    assert named == ["capital", "mythical"]


def test_player_rngs_mix_the_shared_part_once():
    assert extend_seed(mix_seed(5, "player"), 2) == mix_seed(5, "player", 2)
    assert extend_seed(mix_seed(), 5, "x") == mix_seed(5, "x")
    for seed in (0, 1, 2**40):
        states = [rng.getstate() for rng in player_rngs(seed, 4)]
        assert states == [player_rng(seed, seat).getstate() for seat in range(4)]
