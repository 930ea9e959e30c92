"""Binding decisions 12, 14 and 15: ``classic`` follows the notebook's prose, ``modern`` the
designer's chest-map mechanics. Each test plays the situation and fails on the old rules.
(12a, 13 and 15c are in ``test_movement.py`` and ``test_setup_notation.py``.)"""

from __future__ import annotations

import io
import random

import pytest

from gamecore.cli import main
from gamecore.contract import IllegalAction
from gamecore.games.cartolan import GAME, board, cards, movement, players, turns
from gamecore.games.cartolan.state import Adventurer

from .helpers import ALL_WATER, act, at, explored_far, legal, new, put, tile

# -- 12b: the player chooses which Adventurer moves --------------------------------------------


def _two_adventurers(preset: str = "classic", mode: str = "regular"):
    return new(preset, mode, second_adventurer="on")


def test_classic_player_chooses_any_unmoved_adventurer() -> None:
    state = _two_adventurers()
    seat = state.seat
    assert state.adv_index == 0
    assert {"move 1 N", "move 2 N", "wait 2"} <= legal(state)
    state, _ = act(state, "move 2 N")
    assert state.advs[seat][1].pos == at(0, 1) and state.advs[seat][0].pos == at(0, 0)
    assert "move 1 E" not in legal(state)  # Adventurer 2 has started: it finishes first
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, seat, "move 1 E")
    assert caught.value.code == "cartolan_finish_first"
    state, _ = act(state, "end")
    assert state.seat == seat and state.adv_index == 0  # Adventurer 1 has not moved yet
    assert "move 2 N" not in legal(state)
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, seat, "move 2 N")
    assert caught.value.code == "cartolan_already_moved"
    state, _ = act(state, "end")
    assert state.seat != seat


def test_modern_keeps_the_creation_order() -> None:
    state = _two_adventurers("modern")
    assert "move 2 N" not in legal(state)


def test_the_command_line_plays_a_chosen_adventurer() -> None:
    """``play`` takes ``move 2 N`` for an unmoved Adventurer 2 (item 4 of the issue)."""
    out, err = io.StringIO(), io.StringIO()
    argv = ["play", "cartolan", "--seed", "1", "--second-adventurer", "on"]
    status = main(argv, io.StringIO("move 2 N\n"), out, err)
    assert status == 0, err.getvalue()
    assert "move 2 N" not in err.getvalue()
    replayed = io.StringIO()
    status = main(
        ["replay", "cartolan", "--seed", "1", "--second-adventurer", "on"],
        io.StringIO("move 2 N\n"), replayed, err,
    )  # fmt: skip
    assert status == 0, err.getvalue()
    assert ": move 2 N" in replayed.getvalue()


def test_computer_players_move_in_creation_order() -> None:
    """The documented order: the lowest-numbered unmoved Adventurer moves first."""
    state = _two_adventurers()
    seat = state.seat
    action = players.heuristic_players()["explorer"](state, GAME.legal_actions(state, seat), _Rng())
    assert action[0] in ("move", "wait", "end") and (action[0] == "end" or action[1] == 1)


class _Rng:
    def random(self) -> float:
        return 0.5

    def choice(self, seq):
        return seq[0]


# -- 12c: the second starting Adventurer --------------------------------------------------------


@pytest.mark.parametrize("preset", ["classic", "modern"])
def test_second_adventurer_option(preset: str) -> None:
    assert all(len(advs) == 1 for advs in new(preset).advs)
    state = _two_adventurers(preset)
    assert all(len(advs) == 2 for advs in state.advs)
    assert all(adv.pos == at(0, 0) for advs in state.advs for adv in advs)
    if preset == "modern":
        assert all(len(adv.maps) == 2 for advs in state.advs for adv in advs)


# -- 12d: the discard pile is used only when the pile runs out --------------------------------


def test_classic_discards_stay_until_the_pile_runs_out() -> None:
    state = new("classic", "beginner")
    state.adventurer.chest = 1
    misfit = tile("")
    state, _ = act(state, "move 1 N")
    put(state, 1, 2, ALL_WATER)
    state.piles[0] += [ALL_WATER] + [misfit] * 4
    state, _ = act(state, "move 1 N")
    assert state.discards[0] == [misfit] * 4
    state, _ = act(state, "end")
    assert state.discards[0] == [misfit] * 4  # not put back at the end of the turn
    state.piles[0] = []
    tile_drawn = turns.exploration.draw(state, 0)
    assert tile_drawn == misfit and state.discards[0] == [] and len(state.piles[0]) == 3


# -- 12e: resting at the Agent just placed (Tip 1) ----------------------------------------------


def _agent_placed(preset: str):
    state, _ = act(explored_far(preset), "agent")
    state, _ = act(state, "wait")
    return state


def test_classic_may_rest_at_the_agent_placed_this_turn() -> None:
    assert "rest" in legal(_agent_placed("classic"))
    assert "rest" not in legal(_agent_placed("modern"))


# -- 12f: travel money and abandoning are options ------------------------------------------------


def test_travel_money_and_abandon_follow_the_preset_and_the_options() -> None:
    state = new("classic")
    state.vault[state.seat] = 3
    assert not any(a.startswith("travel") for a in legal(state))
    state, _ = act(state, "move 1 N")
    state.piles[0].append(ALL_WATER)
    state, _ = act(state, "move 1 N")
    assert not any(a.startswith("abandon") for a in legal(state))
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, state.seat, "abandon capital")
    assert caught.value.code == "cartolan_option_off_abandon"
    state = new("classic", travel_money="on", abandon="on")
    state.vault[state.seat] = 3
    assert "travel 3" in legal(state)
    state = new("modern", travel_money="off")
    state.vault[state.seat] = 3
    assert not any(a.startswith("travel") for a in legal(state))
    assert GAME.view(state, None)["options"]["abandon"] == "on"


def test_new_options_are_listed_with_their_choices() -> None:
    specs = {spec.name: spec for spec in GAME.options}
    assert specs["second_adventurer"].choices == ("off", "on")
    assert specs["travel_money"].default == specs["abandon"].default == "default"


# -- 12g, 12h: attacks on empty Chests; pirates place Agents -----------------------------------


def _shared_tile(preset: str):
    state = new(preset, "regular")
    other = 1 - state.seat
    here = put(state, 4, 4, ALL_WATER)
    state.adventurer.pos = state.advs[other][0].pos = here
    state.advs[other][0].chest = 0
    state, _ = act(state, "wait")
    return state, other


def test_classic_attacks_an_adventurer_with_an_empty_chest() -> None:
    state, other = _shared_tile("classic")
    assert f"attack {other + 1}.1" in legal(state)
    state, _ = act(state, f"attack {other + 1}.1")
    assert state.advs[1 - other][0].pirate  # the attacker turns pirate, success or not
    modern, other = _shared_tile("modern")
    assert f"attack {other + 1}.1" not in legal(modern)


def test_classic_pirates_may_place_agents() -> None:
    for preset, allowed in (("classic", True), ("modern", False)):
        state = explored_far(preset, "regular", pirate=True)
        assert ("agent" in legal(state)) is allowed


# -- 12i: a known Disaster does nothing to a non-pirate -------------------------------------------


def test_classic_known_disaster_spares_a_non_pirate() -> None:
    state = new("classic", "regular")
    seat = state.seat
    disaster = put(state, 0, 2, ALL_WATER | board.DISASTER)
    state.dropped[disaster] = 4
    adv = state.adventurer
    adv.chest = 3
    state, _ = act(state, "move 1 N")
    state, events = act(state, "move 1 N")
    moved = state.advs[seat][0]
    assert moved.pos == disaster and moved.chest == 3 and state.dropped[disaster] == 4
    assert "disaster" not in [event.kind for event in events]


# -- 12j: one Technology card equipped; no card that does nothing ------------------------------


def _tech(effect: str) -> int:
    return next(
        i for i, c in enumerate(cards.CARDS) if c.deck == "manuscript" and c.effect == effect
    )


def test_classic_only_the_equipped_technology_works() -> None:
    state = new("classic", "advanced")
    seat = state.seat
    adv = state.adventurer
    adv.cards = [_tech("downwind"), _tech("upwind")]
    cards.recompute(adv, True)
    assert adv.buffs == {}  # held, none equipped
    state, _ = act(state, "end")
    assert state.decision == "equip" and legal(state) == {"equip 1", "equip 2", "decline"}
    state, events = act(state, "equip 2")
    assert [e.kind for e in events][0] == "equip"
    adv = state.advs[seat][0]
    assert adv.buffs == {"upwind": 1} and adv.equipped == _tech("upwind")
    view = GAME.view(state, None)
    entry = next(a for a in view["adventurers"] if a["seat"] == seat and a["number"] == 1)
    assert [c["active"] for c in entry["cards"]] == [False, True]


def test_modern_manuscripts_all_work() -> None:
    state = new("modern", "advanced")
    adv = state.adventurer
    adv.cards = [_tech("downwind"), _tech("upwind")]
    cards.recompute(adv, state.params.equip_technology)
    assert adv.buffs == {"downwind": 1, "upwind": 1}


def test_classic_decks_hold_no_modern_only_card() -> None:
    state = new("classic", "advanced")
    drawn = [c for advs in state.advs for a in advs for c in a.cards]
    for card_id in state.decks["character"] + state.decks["discovery"] + drawn:
        assert cards.CARDS[card_id].effect not in ("maps", "rewards")
    modern = new("modern", "advanced")
    assert any(cards.CARDS[c].effect == "maps" for c in modern.decks["manuscript"])


def test_computer_players_equip_when_nothing_is_equipped() -> None:
    state = new("classic", "advanced")
    adv = state.adventurer
    adv.cards = [_tech("downwind")]
    state, _ = act(state, "end")
    player = players.heuristic_players()["trader"]
    assert player(state, GAME.legal_actions(state, state.seat), _Rng()) == ("equip", 1)
    state.adventurer.equipped = _tech("upwind")
    assert player(state, GAME.legal_actions(state, state.seat), _Rng()) == ("decline",)


# -- 14: chest-map refills restart at water; the last fitting map ----------------------------


def test_modern_refill_of_one_map_draws_water() -> None:
    state = new("modern", "regular")
    adv = state.adventurer
    land = board.make_tile((), board.NE, board.LAND_BACK)
    adv.maps = [land]  # the water map (slot 1) was used; the land map is left
    state.piles[0].append(ALL_WATER)
    state.piles[1].append(land)
    turns.refill_maps(state, adv)
    assert adv.maps == [land, ALL_WATER]  # slot alternation drew land here
    adv.maps = []
    state.piles[0].append(ALL_WATER)
    state.piles[1].append(land)
    turns.refill_maps(state, adv)
    assert adv.maps == [ALL_WATER, land]


def test_modern_refill_skips_an_empty_pile_and_keeps_alternating() -> None:
    """HEAD's choose_tiles makes one try per missing map, water first: with the water pile
    empty, two missing maps still draw the land tile (the old refill stopped at water)."""
    state = new("modern", "regular")
    adv = state.adventurer
    land = board.make_tile((), board.NE, board.LAND_BACK)
    adv.maps = []
    state.piles[0].clear()
    state.piles[1].append(land)
    turns.refill_maps(state, adv)
    assert adv.maps == [land]
    adv.maps = [ALL_WATER]  # one missing: its one try is at the empty water pile
    state.piles[1].append(land)
    turns.refill_maps(state, adv)
    assert adv.maps == [ALL_WATER]
    assert state.piles[1][-1] == land


def test_computer_players_use_the_last_fitting_chest_map() -> None:
    state = new("modern", "regular")
    adv = state.adventurer
    adv.maps = [ALL_WATER, ALL_WATER | board.WONDER]
    state, _ = act(state, "move 1 N")
    adv = state.adventurer
    lows = [tile & board.ORIENTATION_MASK for tile in adv.maps]
    assert players.designer_fits(state, adv, lows, board.N) == 2


def test_the_failed_gap_is_avoided() -> None:
    """Decision 14: the avoid list holds the failed gap itself."""
    state = new("modern", "regular")
    player = players.heuristic_players()["explorer"]
    seat = state.seat
    key = players.adventurer_key(seat, 1)
    gap = at(0, 2)
    player.memory.trying[key] = (state.round, state.adventurer.pos, gap, 0)
    player.note_failed_exploration(state, state.adventurer, key)
    assert player.memory.failed[key][1] == {gap}


def test_adventurer_equipped_round_trips_in_json() -> None:
    adv = Adventurer(0, at(0, 0), 1)
    adv.equipped = 7
    assert Adventurer.from_dict(adv.to_dict()).equipped == 7


# -- 15a: a pirate is never paid a trade -------------------------------------------------------


def _discovers_wonder_in_the_mythical_domain(pirate: bool):
    """The audit's situation (classic Regular, 4 players, seed 1): an Adventurer at 7,0
    explores South and lays a Wonder at 7,-1, 4 tiles from the Mythical City at 10,0."""
    state = new("classic", "regular", players=4)
    assert at(10, 0) in state.cities
    adv = state.adventurer
    adv.pos = put(state, 7, 0, tile("NESW", "NW"))  # S is downwind under a NW arrow
    adv.chest, adv.pirate = 3, pirate
    state.piles[0].append(ALL_WATER | board.WONDER)
    return act(state, "move 1 S")


def test_classic_pirate_finding_a_wonder_in_a_domain_is_not_paid() -> None:
    state, events = _discovers_wonder_in_the_mythical_domain(pirate=True)
    explorer = state.adventurer
    assert state.tiles[at(7, -1)] & board.WONDER and explorer.pos == at(7, -1)
    assert explorer.chest == 3 and "discover_wonder" not in [event.kind for event in events]
    assert "trade" not in legal(state)
    state, events = _discovers_wonder_in_the_mythical_domain(pirate=False)
    assert state.adventurer.chest == 3 + 2  # a discovery in a domain trades (2)


# -- 15b: attacks on a Disaster tile -------------------------------------------------------------


def _on_a_known_disaster(victim_pirate: bool):
    """The audit's situation (classic Regular, 4 players, seed 268): the mover's Adventurer 2
    steps onto the known Disaster at 3,-4 where another player's Adventurer 3 stands."""
    state = new("classic", "regular", players=4)
    seat = state.seat
    other = (seat + 1) % 4
    disaster = put(state, 3, -4, ALL_WATER | board.DISASTER)
    start = put(state, 3, -3, ALL_WATER)
    mover = Adventurer(seat, start, 1)
    mover.chest = 4
    state.advs[seat].append(mover)
    for _ in range(2):
        state.advs[other].append(Adventurer(other, at(0, 0), 1))
    victim = state.advs[other][2]
    victim.pos, victim.chest, victim.pirate = disaster, 6, victim_pirate
    state, events = act(state, "move 2 S")
    assert state.advs[seat][1].pos == disaster and "disaster" not in [e.kind for e in events]
    return state, seat, other


def test_classic_attacks_on_a_known_disaster() -> None:
    state, seat, other = _on_a_known_disaster(victim_pirate=False)
    assert f"attack {other + 1}.3" in legal(state)
    state, events = act(state, f"attack {other + 1}.3")
    assert [event.kind for event in events][0] == "attack"
    assert state.advs[seat][1].pirate


def test_classic_arrests_on_a_known_disaster() -> None:
    state, seat, other = _on_a_known_disaster(victim_pirate=True)
    assert f"attack {other + 1}.3" in legal(state)
    state, events = act(state, f"attack {other + 1}.3")
    assert [event.kind for event in events][0] == "arrest"
    assert not state.advs[seat][1].pirate


# -- 15d: the move meter counts what the rules allow next ------------------------------------------


def test_classic_meter_after_one_move_shows_no_upwind() -> None:
    state = new("classic", "regular")
    moves = GAME.view(state, None)["moves"]
    assert (moves["any_direction_left"], moves["upwind_left"], moves["land_left"]) == (1, 1, 2)
    state, _ = act(state, "move 1 N")
    moves = GAME.view(state, None)["moves"]
    assert moves["any_direction_left"] == 0 and moves["upwind_left"] == 0
    assert moves["land_left"] == 1 and moves["downwind_left"] == 3
    assert not any(r["kind"] == "upwind" for r in GAME.view(state, None)["reachable"])


@pytest.mark.parametrize("preset", ["classic", "modern"])
def test_meter_agrees_with_the_moves_allowed(preset: str) -> None:
    """Over a played game: the meter's upwind / land counts are open exactly when the rules
    allow such a step, and its two parts add up to the moves left."""
    state = new(preset, "regular", players=3)
    rng = random.Random(5)
    for _ in range(400):
        if state.over:
            break
        if state.decision == "move":
            adv = state.adventurer
            moves = movement.remaining(state, adv)
            allowed = movement.allowance(state, adv)
            assert (moves["upwind_left"] > 0) == bool(allowed & movement.ALLOW_UP)
            assert (moves["land_left"] > 0) == bool(allowed & movement.ALLOW_LAND)
            everything = movement.ALLOW_DOWN | movement.ALLOW_UP | movement.ALLOW_LAND
            assert (moves["any_direction_left"] > 0) == (allowed == everything)
            left = moves["total"] - moves["used"]
            assert moves["any_direction_left"] + moves["downwind_left"] == max(0, left)
        choices = GAME.legal_actions(state, state.seat)
        state, _ = GAME.apply(state, state.seat, choices[rng.randrange(len(choices))])
