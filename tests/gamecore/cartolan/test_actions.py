"""Tile actions, their costs per preset, cities, attacks and victory (rules §6–§12, §16)."""

from __future__ import annotations

import pytest

from gamecore.contract import IllegalAction
from gamecore.games.cartolan import GAME, board
from gamecore.games.cartolan.state import Agent

from .helpers import ALL_WATER, act, at, explored_far, force_rng, legal, new, put, tile


def _explore_north_with(state, top: int):
    """Step the moving Adventurer from the Capital to (0,1), then north into (0,2)."""
    state, _ = act(state, "move 1 N")
    state.piles[0].append(top)
    return act(state, "move 1 N")


def test_exploration_places_matching_tile_and_pays_per_neighbour() -> None:
    state = new()
    put(state, 1, 2, ALL_WATER)
    put(state, -1, 2, ALL_WATER)
    state, events = _explore_north_with(state, ALL_WATER | board.WONDER)
    adv = state.adventurer
    assert adv.pos == at(0, 2)
    assert state.tiles[at(0, 2)] & board.WONDER
    assert adv.chest == 2 * 3 + 1  # two neighbours besides the origin, plus the discovery
    assert [e.kind for e in events][:2] == ["explore", "discover_wonder"]
    assert "agent" in legal(state)
    assert "trade" not in legal(state)


def test_failed_exploration_spends_the_move_and_discards_until_turn_end() -> None:
    state = new()
    put(state, 1, 2, ALL_WATER)
    misfit = tile("")  # all land: cannot touch the water edges
    state, events = _explore_north_with(state, misfit)
    assert state.adventurer.pos == at(0, 1)
    assert state.down == 2
    assert state.discards[0] == [misfit]
    before = len(state.piles[0])
    state, _ = act(state, "end")
    assert state.discards[0] == [] and len(state.piles[0]) == before + 1


def test_classic_tries_five_tiles_and_pays_only_full_gaps() -> None:
    state = new("classic", "beginner", players=2)
    state.adventurer.chest = 1
    misfit = tile("")
    state, _ = act(state, "move 1 N")
    for x in (-1, 1):
        put(state, x, 2, ALL_WATER)
    put(state, 0, 3, ALL_WATER)
    state.piles[0] += [ALL_WATER] + [misfit] * 4
    state, _ = act(state, "move 1 N")
    assert state.adventurer.pos == at(0, 2)
    assert state.discards[0] == [misfit] * 4
    assert state.adventurer.chest == 1 + 5


def test_modern_trade_once_per_wonder_per_turn() -> None:
    state = new()
    put(state, 0, 1, ALL_WATER | board.WONDER)
    state, _ = act(state, "move 1 N")
    assert "trade" in legal(state)
    state, events = act(state, "trade")
    assert state.adventurer.chest == 1 and events[0].kind == "trade"
    state, _ = act(state, "wait")
    assert "trade" not in legal(state)


def _next_turn_on_a_wonder(preset: str):
    """Adventurer 1 of the first seat trades on a wonder and ends its turn there; the other
    seat passes; the first seat's next turn starts on the wonder."""
    state = new(preset, "regular")
    seat = state.seat
    put(state, 0, 1, ALL_WATER | board.WONDER)
    for text in ("move 1 N", "trade", "end", "end"):
        state, _ = act(state, text)
    assert state.seat == seat and state.adventurer.pos == at(0, 1)
    return state


def test_modern_turn_starting_on_a_wonder_opens_its_trade_only() -> None:
    """The list of wonders traded at is cleared as a turn ends, and the designer's Router trades
    then (decision 14's figures count it): the trade is open as the next turn starts there."""
    state = _next_turn_on_a_wonder("modern")
    assert "trade" in legal(state)
    chest = state.adventurer.chest
    state, _ = act(state, "trade")
    assert state.adventurer.chest == chest + 1
    assert "trade" not in legal(state)
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, state.seat, "trade")
    assert caught.value.code == "cartolan_traded_turn"


def test_turn_start_opens_no_other_tile_action_and_classic_none() -> None:
    state = _next_turn_on_a_wonder("modern")
    state.agents[at(0, 1)] = Agent(state.seat)
    state.agents[at(0, 1)].active = True
    assert "rest" not in legal(state)
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, state.seat, "rest")
    assert caught.value.code == "cartolan_actions_closed"
    classic = _next_turn_on_a_wonder("classic")
    assert "trade" not in legal(classic)  # classic: once per expedition, and only on arrival


def test_classic_trade_two_plus_agent_bonus_once_per_expedition() -> None:
    state = new("classic", "regular")
    seat = state.seat
    put(state, 0, 1, ALL_WATER | board.WONDER)
    state.agents[at(0, 1)] = Agent(seat)
    state, _ = act(state, "move 1 N")
    state, _ = act(state, "trade")
    assert state.adventurer.chest == 3
    state, _ = act(state, "end")
    assert at(0, 1) in state.advs[seat][0].traded


def test_opponent_agent_earns_from_classic_trade() -> None:
    state = new("classic", "regular")
    other = 1 - state.seat
    put(state, 0, 1, ALL_WATER | board.WONDER)
    state.agents[at(0, 1)] = Agent(other)
    state, _ = act(state, "move 1 N")
    state, _ = act(state, "trade")
    assert state.adventurer.chest == 2 and state.agents[at(0, 1)].wealth == 1


def test_rest_resets_moves_and_pays_opponent_agent() -> None:
    state = new()
    other = 1 - state.seat
    state.adventurer.chest = 2
    state.agents[at(0, 1)] = Agent(other)
    state, _ = act(state, "move 1 N")
    assert {"rest", "attack agent"} <= legal(state)
    state, _ = act(state, "rest")
    assert (state.down, state.adventurer.chest, state.agents[at(0, 1)].wealth) == (0, 1, 1)
    state, _ = act(state, "wait")
    assert "rest" not in legal(state)


def test_own_agent_rest_is_free_and_collects_its_wealth() -> None:
    state = new()
    seat = state.seat
    state.agents[at(0, 1)] = Agent(seat, wealth=4)
    state, _ = act(state, "move 1 N")
    assert state.adventurer.chest == 4 and state.agents[at(0, 1)].wealth == 0
    state, _ = act(state, "rest")
    assert state.adventurer.chest == 4


def test_agent_after_exploring_costs_chest_and_no_rest_this_turn() -> None:
    for preset, cost in (("modern", 1), ("classic", 3)):
        state, _ = act(explored_far(preset), "agent")
        assert state.adventurer.chest == 5 - cost + (0 if preset == "classic" else 0)
        assert state.agents[at(0, 6)].owner == state.seat
        assert "rest" not in legal(state)


def test_classic_domain_forbids_agents_near_cities() -> None:
    state = new("classic", "beginner")
    state.adventurer.chest = 5
    state, _ = act(state, "move 1 N")
    state.piles[0].append(ALL_WATER)
    state, _ = act(state, "move 1 N")
    assert "agent" not in legal(state)


def test_relocation_when_all_agents_are_placed() -> None:
    state = new()
    seat = state.seat
    for x in range(4):
        state.agents[at(x + 3, 7)] = Agent(seat)
    state.adventurer.chest = 3
    state.piles[0].append(ALL_WATER)
    state, _ = act(state, "move 1 N")
    state.piles[0].append(ALL_WATER)
    state, _ = act(state, "move 1 N")
    state, _ = act(state, "agent")
    assert state.decision == "relocate"
    assert "relocate 3,7" in legal(state) and "decline" in legal(state)
    state, _ = act(state, "relocate 3,7")
    assert at(3, 7) not in state.agents and state.agents[at(0, 2)].owner == seat
    assert state.adventurer.chest == 2


def test_city_bank_and_buy_adventurer_modern_waits_a_round() -> None:
    state = new()
    seat = state.seat
    state.vault[seat] = 9
    state.adventurer.chest = 4
    state, _ = act(state, "move 1 N")
    state, _ = act(state, "move 1 S")
    assert state.decision == "city" and legal(state) >= {"bank 4", "bank 0"}
    state, events = act(state, "bank 4")
    assert state.vault[seat] == 13
    assert "buy adventurer" in legal(state) and "buy agent 0,1" in legal(state)
    state, _ = act(state, "buy adventurer")
    assert state.vault[seat] == 3
    assert state.advs[seat][1].ready_round == state.round + 1
    state, _ = act(state, "done")
    assert state.seat != seat


def test_classic_new_adventurer_moves_this_turn_and_agent_prices() -> None:
    state = new("classic", "regular")
    seat = state.seat
    state.vault[seat] = 20
    for x in range(4, 8):
        put(state, x, 1, ALL_WATER)
    state, _ = act(state, "wait")  # a wait on the city is a city visit
    assert "buy agent 5,1" in legal(state) and "buy agent 1,1" not in legal(state)
    state, _ = act(state, "buy agent 5,1")
    assert state.vault[seat] == 15
    state, _ = act(state, "buy adventurer")
    state, _ = act(state, "done")
    assert state.seat == seat and state.adv_index == 1


def test_attack_agent_success_ransacks_and_owner_restores() -> None:
    state = new()
    seat, other = state.seat, 1 - state.seat
    state.agents[at(0, 1)] = Agent(other, wealth=2)
    state, _ = act(state, "move 1 N")
    force_rng(state, lambda r: r.below(3) == 0)
    state, events = act(state, "attack agent")
    adv = state.advs[seat][0]
    assert adv.pirate and adv.chest == 3 and not state.agents[at(0, 1)].active
    assert "rest" not in legal(state) and "trade" not in legal(state)
    victim_state = new()
    victim_state.agents[at(0, 1)] = Agent(victim_state.seat, active=False)
    victim_state.adventurer.chest = 1
    victim_state, _ = act(victim_state, "move 1 N")
    victim_state, _ = act(victim_state, "restore")
    assert victim_state.agents[at(0, 1)].active and victim_state.adventurer.chest == 0


def test_failed_attack_still_makes_a_pirate() -> None:
    state = new()
    state.agents[at(0, 1)] = Agent(1 - state.seat, wealth=2)
    state, _ = act(state, "move 1 N")
    force_rng(state, lambda r: r.below(3) != 0)
    state, events = act(state, "attack agent")
    assert state.adventurer.pirate and state.agents[at(0, 1)].active
    assert events[0].data["success"] is False


def test_robbery_lets_the_attacker_choose_loot_and_a_chest_map() -> None:
    state = new()
    seat, other = state.seat, 1 - state.seat
    victim = state.advs[other][0]
    victim.pos = at(0, 1)
    victim.chest = 5
    state.adventurer.maps = state.adventurer.maps[:1]
    state, _ = act(state, "move 1 N")
    assert f"attack {other + 1}.1" in legal(state)
    force_rng(state, lambda r: r.below(3) == 0)
    state, _ = act(state, f"attack {other + 1}.1")
    assert state.decision == "loot" and "take 3" in legal(state) and "take 0" in legal(state)
    state, _ = act(state, "take 5")
    assert state.advs[other][0].chest == 0 and state.advs[seat][0].chest == 5
    assert state.decision == "steal"
    state, _ = act(state, "steal 2")
    assert len(state.advs[seat][0].maps) == 2 and len(state.advs[other][0].maps) == 1


def test_arrest_rewards_chest_modern_and_vault_classic() -> None:
    for preset in ("modern", "classic"):
        state = new(preset, "regular")
        seat, other = state.seat, 1 - state.seat
        pirate = state.advs[other][0]
        pirate.pos, pirate.pirate, pirate.chest = at(0, 1), True, 7
        state.adventurer.chest = 1
        state, _ = act(state, "move 1 N")
        if preset == "modern":
            force_rng(state, lambda r: r.below(3) == 0)
        else:
            force_rng(state, lambda r: (r.below(6) == 0) != (r.below(6) == 0))
        state, events = act(state, f"attack {other + 1}.1")
        arrested = state.advs[other][0]
        assert (arrested.pos, arrested.chest, arrested.pirate) == (at(0, 0), 0, False)
        assert not state.advs[seat][0].pirate
        if preset == "modern":
            assert state.advs[seat][0].chest == 6 and state.vault[seat] == 0
        else:
            assert state.advs[seat][0].chest == 1 and state.vault[seat] == 5


def test_margin_victory_on_banking_and_shared_ties() -> None:
    state = new()
    seat = state.seat
    state.adventurer.chest = 16
    state, _ = act(state, "move 1 N")
    state, _ = act(state, "move 1 S")
    state, events = act(state, "bank 16")
    assert state.over and state.winners == (seat,) and state.end_reason == "margin"
    assert GAME.status(state).result == "finished"
    assert GAME.legal_actions(state, seat) == []
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, seat, ("end",))
    assert caught.value.code == "game_over"
    tie = new()
    tie.vault = [4, 4]
    tie.piles[0] = []
    tie, _ = act(tie, "end")
    assert tie.over and tie.winners == (0, 1) and tie.end_reason == "pile_exhausted"


def test_all_empty_vaults_go_to_the_largest_chest() -> None:
    state = new()
    other = 1 - state.seat
    state.advs[other][0].chest = 3
    state.piles[0] = []
    state, _ = act(state, "end")
    assert state.winners == (other,)


def test_placing_the_last_tile_pays_the_map_bonus_modern() -> None:
    state = new()
    seat = state.seat
    state, _ = act(state, "move 1 N")
    state.piles[0] = [ALL_WATER]
    state, events = act(state, "move 1 N")
    assert state.over and state.end_reason == "map_complete" and state.vault[seat] == 10


def test_a_map_bonus_that_opens_the_margin_ends_by_margin_modern() -> None:
    """§12: the margin is checked before a complete map (the designer's winning_condition),
    also when the +10 of binding decision 4 is what opens it; the winner is the same."""
    state = new()
    seat = state.seat
    state.vault[1 - seat] = 4
    state.vault[seat] = 10
    state, _ = act(state, "move 1 N")
    state.piles[0] = [ALL_WATER]
    state, events = act(state, "move 1 N")
    assert state.vault[seat] == 20 and state.winners == (seat,)
    assert state.over and state.end_reason == "margin"


def test_mythical_city_discovery_modern() -> None:
    state = new()
    seat = state.seat
    land_edge = tile("NES")  # W land
    state.adventurer.pos = put(state, 3, 3, land_edge)
    state.adventurer.chest = 0
    state.piles[1].append(next(t for t in state.piles[1] if t & board.MYTHICAL))
    state, events = act(state, "move 1 W")
    kinds = [e.kind for e in events]
    assert "discover_city" in kinds and at(2, 3) in state.cities
    assert state.vault[seat] == 5 or state.decision == "city"


def test_chest_map_is_tried_first() -> None:
    state = new()
    adv = state.adventurer
    land_map = board.make_tile((board.S,), board.NE, board.LAND_BACK)
    adv.maps = [land_map]
    state, _ = act(state, "move 1 N")
    assert "move 1 N map 1" in legal(state)
    state, _ = act(state, "move 1 N map 1")
    assert state.tiles[at(0, 2)] & board.LAND_BACK and state.adventurer.maps == []


def test_classic_disaster_sends_home_and_pirate_courts() -> None:
    state = new("classic", "regular")
    seat = state.seat
    state.adventurer.chest = 4
    state, _ = act(state, "move 1 N")
    state.piles[0].append(ALL_WATER | board.DISASTER)
    state, events = act(state, "move 1 N")
    assert state.advs[seat][0].pos == at(0, 0) and state.dropped[at(0, 2)] == 4
    assert state.seat != seat
    other = state.seat
    pirate = state.adventurer
    pirate.pirate, pirate.pos, pirate.chest = True, at(0, 1), 1
    state, _ = act(state, "move 1 N")
    assert "court" in legal(state)
    force_rng(state, lambda r: (r.below(6) == 0) == (r.below(6) == 0))
    state, _ = act(state, "court")
    assert state.advs[other][0].chest == 3 and state.dropped[at(0, 2)] == 2


def test_classic_gust_success_and_failure() -> None:
    for success in (True, False):
        state = new("classic", "regular")
        adv = state.adventurer
        adv.chest = 2
        state, _ = act(state, "move 1 N")
        force_rng(state, lambda r, s=success: (r.below(6) == 0) == s)
        state, events = act(state, "gust 1 S")
        assert events[0].data["success"] is success
        moved = state.advs[adv.seat][0]
        if success:
            assert moved.pos == at(0, 0) and state.decision == "city"
        else:
            assert moved.pos == at(0, 1) and state.up == 1 and state.decision == "move"


def test_travel_money_and_abandon() -> None:
    state = new()
    seat = state.seat
    state.vault[seat] = 3
    assert {"travel 1", "travel 3"} <= legal(state)
    state, _ = act(state, "travel 2")
    assert state.vault[seat] == 1 and state.adventurer.chest == 2
    state, _ = act(state, "move 1 N")
    state.piles[0].append(ALL_WATER)
    state, _ = act(state, "move 1 N")
    assert "abandon 1 capital" in legal(state)
    state, _ = act(state, "abandon capital")
    assert state.advs[seat][0].pos == at(0, 0) and state.dropped[at(0, 2)] == 2


def test_pirates_cannot_trade_rest_elsewhere_or_place_agents() -> None:
    state = new()
    seat, other = state.seat, 1 - state.seat
    adv = state.adventurer
    adv.pirate, adv.chest = True, 5
    put(state, 0, 1, ALL_WATER | board.WONDER)
    state.agents[at(0, 1)] = Agent(other)
    state, _ = act(state, "move 1 N")
    offers = legal(state)
    assert "trade" not in offers and "rest" not in offers and "attack agent" in offers
    state.agents[at(0, 1)] = Agent(seat)
    state, _ = act(state, "wait")
    assert "rest" in legal(state)
    state.piles[0].append(ALL_WATER)
    state, _ = act(state, "move 1 N")
    assert "agent" not in legal(state)


def test_dropped_wealth_is_collected_on_arrival() -> None:
    state = new()
    state.dropped[at(0, 1)] = 3
    state, events = act(state, "move 1 N")
    assert state.adventurer.chest == 3 and at(0, 1) not in state.dropped
    assert events[1].kind == "collect"


def test_turn_ends_by_itself_when_nothing_is_left() -> None:
    state = new()
    seat = state.seat
    for y in range(1, 5):
        put(state, 0, y, ALL_WATER)
    for _ in range(3):
        state, _ = act(state, "move 1 N")
    assert state.seat == seat
    state, events = act(state, "move 1 N")
    assert state.seat != seat and state.advs[seat][0].pos == at(0, 4)


def test_explicit_end_forfeits_open_offers() -> None:
    state = new()
    seat = state.seat
    put(state, 0, 1, ALL_WATER | board.WONDER)
    state, _ = act(state, "move 1 N")
    assert "trade" in legal(state)
    state, _ = act(state, "end")
    assert state.seat != seat and state.advs[seat][0].chest == 0
