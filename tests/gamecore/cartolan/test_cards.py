"""Advanced-mode cards and their effects (rules §11, binding decision 9)."""

from __future__ import annotations

from gamecore.games.cartolan import board, cards, movement
from gamecore.games.cartolan.advanced import season
from gamecore.games.cartolan.state import Agent

from .helpers import ALL_WATER, act, at, force_rng, legal, new, put


def _card(effect: str, deck: str = "character") -> int:
    return next(i for i, c in enumerate(cards.CARDS) if c.effect == effect and c.deck == deck)


def _give(adv, effect: str) -> None:
    """The card held and working (classic: a Technology card equipped, decision 12j)."""
    card_id = _card(effect, "manuscript" if effect != "freerests" else "character")
    adv.cards.append(card_id)
    if cards.is_technology(card_id):
        adv.equipped = card_id
    cards.recompute(adv, False)


def _ready(preset: str = "modern"):
    """An Advanced game at the first move of the first Adventurer."""
    state = new(preset, "advanced")
    while state.decision in ("cadre", "character"):
        state, _ = act(state, "choose 1")
    assert state.decision == "move"
    for advs in state.advs:
        for adv in advs:
            adv.cards, adv.new_cards = [], []
            cards.recompute(adv, False)
    state.cadre = [-2] * state.players
    return state


def test_modern_cadre_then_character_before_the_first_move() -> None:
    state = new("modern", "advanced")
    assert state.decision == "cadre" and legal(state) == {"choose 1", "choose 2"}
    state, _ = act(state, "choose 2")
    assert state.cadre[state.seat] >= 0 and len(state.decks["cadre"]) == 5
    assert state.decision == "character"
    state, _ = act(state, "choose 1")
    assert state.decision == "move" and len(state.adventurer.cards) == 1
    assert len(state.decks["character"]) == 13


def test_downwind_and_upwind_cards_stretch_the_budget() -> None:
    state = _ready()
    adv = state.adventurer
    adv.chest = 1
    adv.pos = put(state, 0, 1, ALL_WATER)
    state.down = 4
    assert movement.legal_sides(state, adv) == []
    _give(adv, "downwind")
    assert [s for s, _ in movement.legal_sides(state, adv)] == [board.N, board.E]
    state.down = 2
    assert len(movement.legal_sides(state, adv)) == 2
    _give(adv, "upwind")
    assert len(movement.legal_sides(state, adv)) == 4


def test_maps_card_raises_capacity_and_rewards_card_pays_more() -> None:
    state = _ready()
    adv = state.adventurer
    _give(adv, "maps")
    state, _ = act(state, "move 1 N")
    state.agents[at(0, 1)] = Agent(state.seat)
    state, _ = act(state, "rest")
    assert len(state.adventurer.maps) == 3
    state = _ready()
    _give(state.adventurer, "rewards")
    put(state, 1, 2, ALL_WATER)
    state, _ = act(state, "move 1 N")
    state.piles[0].append(ALL_WATER)
    state, _ = act(state, "move 1 N")
    assert state.adventurer.chest == 4


def test_attack_card_wins_on_two_of_three_and_defence_aborts_first() -> None:
    state = _ready()
    state.agents[at(0, 1)] = Agent(1 - state.seat, wealth=1)
    _give(state.adventurer, "attack")
    state, _ = act(state, "move 1 N")
    force_rng(state, lambda r: r.below(3) == 1)
    state, events = act(state, "attack agent")
    assert events[0].data["success"] is True
    state = _ready()
    other = 1 - state.seat
    victim = state.advs[other][0]
    victim.pos, victim.chest = at(0, 1), 4
    _give(victim, "defence")
    state, _ = act(state, "move 1 N")
    force_rng(state, lambda r: r.below(3) != 0)
    state, events = act(state, f"attack {other + 1}.1")
    assert not state.adventurer.pirate and events[0].data["success"] is False


def test_damage_card_attacks_empty_chests_and_sends_victims_home() -> None:
    state = _ready()
    other = 1 - state.seat
    victim = state.advs[other][0]
    victim.pos, victim.chest = at(0, 1), 0
    _give(state.adventurer, "damage")
    state.adventurer.chest = 1
    state, _ = act(state, "move 1 N")
    assert f"attack {other + 1}.1" in legal(state)
    victim.pos = at(0, 1)
    state.advs[other][0].chest = 6
    force_rng(state, lambda r: r.below(3) == 0)
    state, _ = act(state, f"attack {other + 1}.1")
    state, _ = act(state, "take 3")
    while state.decision != "move":
        state, _ = act(state, "decline")
    assert state.advs[other][0].pos == at(0, 0) and state.advs[other][0].chest == 0


def test_agents_card_places_on_existing_tile_and_may_rest_there() -> None:
    state = _ready()
    _give(state.adventurer, "agents")
    state.adventurer.chest = 3
    state, _ = act(state, "move 1 N")
    assert "agent" in legal(state)
    state, _ = act(state, "agent")
    assert state.adventurer.chest == 0 and state.agents[at(0, 1)].owner == state.seat
    assert "rest" in legal(state)


def test_bank_card_deposits_to_own_agent() -> None:
    state = _ready()
    seat = state.seat
    _give(state.adventurer, "bank")
    state.adventurer.chest = 4
    state.agents[at(0, 1)] = Agent(1 - seat)
    state.agents[at(5, 5)] = Agent(seat)
    put(state, 5, 5, ALL_WATER)
    state, _ = act(state, "move 1 N")
    assert "deposit 5,5" in legal(state) and "deposit 0,1" not in legal(state)
    state, _ = act(state, "deposit 5,5")
    state, _ = act(state, "give 3")
    assert state.agents[at(5, 5)].wealth == 3 and state.adventurer.chest == 1


def test_free_rest_once_per_turn_from_the_next_turn() -> None:
    state = _ready()
    adv = state.adventurer
    adv.cards.append(_card("freerests"))
    cards.recompute(adv, False)
    state.agents[at(0, 1)] = Agent(1 - state.seat)
    state, _ = act(state, "move 1 N")
    assert "rest" in legal(state)
    state, _ = act(state, "rest")
    assert state.agents[at(0, 1)].wealth == 0 and state.free_rest_used


def test_cadre_transfers_earning_refurnish() -> None:
    state = _ready()
    seat, other = state.seat, 1 - state.seat
    state.cadre[other] = _card("transfers", "cadre")
    state.adventurer.chest = 2
    state.agents[at(0, 1)] = Agent(other)
    state, _ = act(state, "move 1 N")
    state, _ = act(state, "rest")
    assert state.vault[other] == 1 and state.agents[at(0, 1)].wealth == 0
    state = _ready()
    seat, other = state.seat, 1 - state.seat
    state.cadre[other] = _card("earning", "cadre")
    put(state, 0, 1, ALL_WATER | board.WONDER)
    state.agents[at(0, 1)] = Agent(other)
    state, _ = act(state, "move 1 N")
    state, _ = act(state, "trade")
    assert state.agents[at(0, 1)].wealth == 1 and state.adventurer.chest == 1
    state = _ready()
    seat = state.seat
    state.cadre[seat] = _card("refurnish", "cadre")
    state.adventurer.pirate = True
    state.agents[at(0, 1)] = Agent(seat)
    state, _ = act(state, "move 1 N")
    state, _ = act(state, "rest")
    assert not state.adventurer.pirate


def test_harbour_authority_arrests_arriving_pirates() -> None:
    state = _ready()
    seat, other = state.seat, 1 - state.seat
    state.cadre[other] = _card("arrest", "cadre")
    state.agents[at(0, 1)] = Agent(other)
    state.adventurer.pirate, state.adventurer.chest = True, 5
    force_rng(state, lambda r: r.below(3) == 0)
    state, events = act(state, "move 1 N")
    assert "harbour_arrest" in [e.kind for e in events]
    assert state.advs[seat][0].pos == at(0, 0) and state.advs[seat][0].chest == 0
    assert state.agents[at(0, 1)].wealth == 5 and state.seat != seat


def test_pool_cadre_rechooses_maps_after_rest_and_free_at_city() -> None:
    state = _ready()
    seat = state.seat
    state.cadre[seat] = _card("pool", "cadre")
    state.adventurer.chest = 3
    state.agents[at(0, 1)] = Agent(seat)
    state, _ = act(state, "move 1 N")
    state, _ = act(state, "rest")
    assert "buy maps" in legal(state)
    state, _ = act(state, "buy maps")
    assert state.decision == "maps" and state.adventurer.chest == 2
    while state.decision == "maps":
        state, _ = act(state, "keep 1")
    assert state.decision == "move"
    state, _ = act(state, "move 1 S")
    assert state.decision == "city"
    state, _ = act(state, "bank 2")
    assert "buy maps" in legal(state) and state.vault[seat] == 2
    state, _ = act(state, "buy maps")
    assert state.vault[seat] == 2


def test_rests_cadre_rests_with_adventurers() -> None:
    state = _ready()
    seat, other = state.seat, 1 - state.seat
    state.cadre[seat] = _card("rests", "cadre")
    state.advs[other][0].pos = at(0, 1)
    state.adventurer.chest = 1
    state, _ = act(state, "move 1 N")
    state, _ = act(state, f"rest {other + 1}.1")
    assert state.down == 0 and state.advs[other][0].chest == 1


def test_manuscript_purchase_skips_held_one_offs() -> None:
    state = _ready()
    seat = state.seat
    adv = state.adventurer
    for effect in ("agents", "attack", "bank", "damage", "rewards", "freerests"):
        _give(adv, effect)
    state.vault[seat] = 5
    state, _ = act(state, "wait")
    assert "buy manuscript" in legal(state)
    state, _ = act(state, "buy manuscript")
    offered = [cards.CARDS[c].effect for c in state.pending["options"]]
    assert offered and set(offered) <= cards.BOOSTS
    state, _ = act(state, "choose 1")
    assert state.vault[seat] == 2 and len(state.advs[seat][0].cards) == 7


def test_manuscript_theft_after_robbery() -> None:
    state = _ready()
    seat, other = state.seat, 1 - state.seat
    victim = state.advs[other][0]
    victim.pos, victim.chest = at(0, 1), 2
    _give(victim, "downwind")
    state.adventurer.maps = state.adventurer.maps * 0
    state, _ = act(state, "move 1 N")
    force_rng(state, lambda r: r.below(3) == 0)
    state, _ = act(state, f"attack {other + 1}.1")
    state, _ = act(state, "take 1")
    if state.decision == "steal":
        state, _ = act(state, "decline")
    assert state.decision == "steal_card"
    state, _ = act(state, "steal card 1")
    assert cards.buff(state.advs[seat][0], "downwind") == 1
    assert cards.buff(state.advs[other][0], "downwind") == 0


def test_classic_named_adventurers_and_discovery_choice() -> None:
    state = new("classic", "advanced")
    assert all(len(advs[0].cards) == 1 for advs in state.advs)
    assert state.decision == "move"
    seat = state.seat
    for x in range(-7, 8):
        put(state, x, 6, ALL_WATER)
    state.adventurer.pos = at(0, 6)
    state.adventurer.chest = 1
    state.piles[0].append(ALL_WATER | board.WONDER)
    state, _ = act(state, "move 1 N")
    assert state.decision == "discovery" and legal(state) == {"draw", "decline"}
    state.decks["discovery"] = [_card("downwind", "manuscript")]
    state, _ = act(state, "draw")
    adv = state.advs[seat][0]
    assert len(adv.cards) == 2 and cards.buff(adv, "downwind") == 0  # held, not equipped
    state, _ = act(state, "end")
    assert state.decision == "equip" and legal(state) == {"equip 1", "decline"}
    state, _ = act(state, "equip 1")
    assert cards.buff(state.advs[seat][0], "downwind") == 1


def test_classic_sickness_and_season() -> None:
    state = new("classic", "advanced")
    seat = state.seat
    for x in range(-7, 8):
        put(state, x, 6, ALL_WATER)
    state.agents[at(3, 6)] = Agent(1 - seat)
    state.advs[seat][0].visited = [at(3, 6)]
    state.adventurer.pos = at(0, 6)
    state.adventurer.chest = 4
    state.vault = [9, 4]
    state.piles[0].append(ALL_WATER | board.WONDER)
    state, _ = act(state, "move 1 N")
    state.decks["discovery"] = [next(i for i, c in enumerate(cards.CARDS) if c.deck == "sickness")]
    state, _ = act(state, "draw")
    assert state.vault == [4, 2] and not state.agents[at(3, 6)].active
    assert state.advs[seat][0].pos == at(0, 0) and state.advs[seat][0].chest == 0
    winds = [board.wind_of(state.tiles[at(0, 0) + board.STEP[s]]) for s in range(4)]

    season(state)
    after = [board.wind_of(state.tiles[at(0, 0) + board.STEP[s]]) for s in range(4)]
    assert after == [(w + 2) % 4 for w in winds]
