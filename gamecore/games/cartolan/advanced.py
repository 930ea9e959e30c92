"""Advanced mode: taking cards and the card abilities that add actions (rules §11; classic
Advanced per binding decision 9 and the seed's "special skills, sicknesses and seasons")."""

from __future__ import annotations

from typing import Any

from gamecore.games.cartolan import board, cards, draws, turns
from gamecore.games.cartolan.state import Adventurer, State
from gamecore.games.cartolan.turns import Events, emit

Action = tuple[Any, ...]


# -- taking cards ----------------------------------------------------------------------------


def start_choices(state: State) -> None:
    """modern: before an Adventurer's first move its player picks a Cadre (once) and it picks
    a Character, each from 2 random cards (§11.1). Sets the decision, or leaves ``move``."""
    if not state.params.cards or state.params.preset != "modern":
        return
    adv = state.adventurer
    seat = adv.seat
    deck = state.decks["cadre"]
    if state.cadre[seat] == -1 and deck:
        state.cadre[seat] = -2  # offered
        state.decision = "cadre"
        state.pending = {"options": cards.sample(state, deck, state.params.card_choices)}
        return
    if not adv.offered:
        offer_character(state, adv, back="move")


def offer_character(state: State, adv: Adventurer, back: str) -> None:
    adv.offered = True
    options = cards.sample(state, state.decks["character"], state.params.card_choices)
    if not options:
        return
    index = state.advs[adv.seat].index(adv)
    city = state.pending if back == "city" else {}
    state.decision = "character"
    state.pending = {"options": options, "adventurer": index, "back": back, "city": city}


def choose(state: State, number: int, events: Events) -> None:
    """Take card ``number`` (1-based) of the offer; the others stay in their deck."""
    kind = state.decision
    pending = state.pending
    card_id = pending["options"][number - 1]
    seat = state.seat
    if kind == "cadre":
        state.decks["cadre"].remove(card_id)
        state.cadre[seat] = card_id
        state.decision = "move"
        state.pending = {}
        emit(events, "card", {"name": cards.CARDS[card_id].name})
        start_choices(state)
        return
    if kind == "character":
        adv = state.advs[seat][pending["adventurer"]]
        state.decks["character"].remove(card_id)
        _give(state, adv, card_id, events)
        state.decision = pending["back"]
        state.pending = pending["city"]
        return
    # manuscript bought at a city
    adv = state.adventurer
    state.vault[seat] -= state.params.cost_tech
    state.decks["manuscript"].remove(card_id)
    _give(state, adv, card_id, events)
    state.decision = "city"
    state.pending = {**pending["city"]}


def _give(state: State, adv: Adventurer, card_id: int, events: Events) -> None:
    adv.cards.append(card_id)
    if cards.CARDS[card_id].effect == "freerests" and adv is state.adventurer:
        adv.new_cards.append(card_id)  # §11.2: from the turn after it is taken
    cards.recompute(adv, state.params.equip_technology)
    turns.refill_maps(state, adv)
    emit(events, "card", {"name": cards.CARDS[card_id].name})


def manuscript_options(state: State, adv: Adventurer) -> list[int]:
    """Manuscripts that may be offered: no one-off effect the Adventurer already has (§14.3.3)."""
    held = cards.one_off_held(adv)
    return [c for c in state.decks["manuscript"] if cards.CARDS[c].effect not in held]


def offer_manuscripts(state: State, adv: Adventurer, events: Events) -> None:
    options = cards.sample(state, manuscript_options(state, adv), state.params.card_choices)
    state.pending = {"options": options, "city": dict(state.pending)}
    state.decision = "manuscript"
    emit(events, "buy_manuscript", {})


def decline_manuscript(state: State) -> None:
    state.decision = "city"
    state.pending = {**state.pending["city"]}


def named_adventurer(state: State, adv: Adventurer, events: Events) -> None:
    """classic Advanced: every new Adventurer draws a random named Adventurer (seed)."""
    deck = state.decks["character"]
    adv.offered = True
    if deck:
        card_id = deck.pop(draws.below(state.rng, len(deck)))
        adv.cards.append(card_id)
        cards.recompute(adv, state.params.equip_technology)
        turns.refill_maps(state, adv)
        emit(events, "card", {"name": cards.CARDS[card_id].name})


# -- classic discoveries: Technology, Sickness, Seasons ------------------------------------


def equip_choices(adv: Adventurer) -> list[int]:
    """classic Advanced: the Technology cards the Adventurer could equip at the end of its
    turn instead of the one equipped (decision 12j), in the order held."""
    return [c for c in adv.cards if cards.is_technology(c) and c != adv.equipped]


def equip(state: State, adv: Adventurer, number: int, events: Events) -> None:
    """Equip the ``number``-th card of ``equip_choices`` (0: keep the one equipped), then
    finish the turn; the card works from the Adventurer's next turn (decision 12j)."""
    if number:
        card_id = equip_choices(adv)[number - 1]
        adv.equipped = card_id
        cards.recompute(adv, True)
        emit(events, "equip", {"name": cards.CARDS[card_id].name})
    turns.end_turn(state, events)


def offer_discovery(state: State, amount: int) -> None:
    """classic Advanced: a Wonder first found outside every domain may give a Technology card
    instead of its wealth (seed, "Special skills")."""
    state.pending = {"amount": amount}
    state.decision = "discovery"


def resolve_discovery(state: State, adv: Adventurer, draw: bool, events: Events) -> None:
    amount = state.pending["amount"]
    state.decision = "move"
    state.pending = {}
    deck = state.decks["discovery"]
    if not draw or not deck:
        adv.chest += amount
        emit(events, "discover_wonder", {"amount": amount})
        return
    card_id = deck.pop(draws.below(state.rng, len(deck)))
    card = cards.CARDS[card_id]
    emit(events, "card", {"name": card.name})
    if card.deck == "sickness":
        sickness(state, adv, events)
    elif card.deck == "season":
        season(state)
    else:
        adv.cards.append(card_id)  # held; it works once equipped (decision 12j)


def sickness(state: State, adv: Adventurer, events: Events) -> None:
    """Agents visited since the last city are dispossessed, the Adventurer returns to that
    city without its Chest, and every Vault is halved (seed, "Sickness")."""
    for cell in adv.visited:
        agent = state.agents.get(cell)
        if agent is not None:
            agent.active = False
            agent.wealth = 0
    adv.visited = []
    adv.chest = 0
    adv.pos = adv.latest_city
    state.path.append(adv.pos)
    state.vault = [v // 2 for v in state.vault]
    turns.end_turn(state, events)


def season(state: State) -> None:
    """The wind turns round on the four tiles around each city (seed, "Seasons"); edges that
    do not stay matched are left as they are."""
    for city in state.cities:
        for side in range(4):
            key = city + board.STEP[side]
            tile = state.tiles.get(key)
            if tile is None:
                continue
            turned = board.rotate_cw(board.rotate_cw(tile))
            del state.tiles[key]
            if board.fits(state.tiles, key, turned):
                tile = turned
            state.tiles[key] = tile


# -- abilities on the tile -------------------------------------------------------------


def extra_offers(state: State, adv: Adventurer) -> list[Action]:
    """+agents, +bank, +rests (Intrepid Academy) and +pool offers on the current tile."""
    params = state.params
    pos = adv.pos
    tile = state.tiles[pos]
    seat = adv.seat
    offers: list[Action] = []
    agent = state.agents.get(pos)
    if (
        cards.buff(adv, "agents")
        and adv.chest >= params.cost_agent_existing
        and not tile & (board.CITY | board.DISASTER)
        and (agent is None or not agent.active)
        and (params.pirates_place_agents or not adv.pirate)
        and not (params.domain_radius and _in_domain(state, pos))
    ):
        offers.append(("agent",))
    if cards.buff(adv, "bank") and agent is not None and adv.chest > 0:
        offers.extend(
            ("deposit", cell)
            for cell, a in sorted(state.agents.items())
            if a.owner == seat and a.active
        )
    if cards.cadre(state, seat) == "rests" and not tile & board.CITY:
        for other_seat, seat_advs in enumerate(state.advs):
            for index, other in enumerate(seat_advs):
                if other is adv or other.pos != pos or [other_seat, index] in state.rested_with:
                    continue
                if other_seat == seat or (adv.chest >= params.cost_rest and not adv.pirate):
                    offers.append(("rest_with", other_seat, index))
    if state.pool_ok and adv.chest > 1 and adv.maps:
        offers.append(("buy_maps",))
    return offers


def _in_domain(state: State, cell: int) -> bool:
    radius = state.params.domain_radius
    return any(board.taxicab(cell, city) <= radius for city in state.cities)


def rest_with(state: State, adv: Adventurer, seat: int, index: int, events: Events) -> None:
    """Intrepid Academy: rest with another Adventurer as if it were an Agent (§11.2)."""
    other = state.advs[seat][index]
    fee = 0
    if seat != adv.seat:
        fee = state.params.cost_rest
        adv.chest -= fee
        other.chest += fee
    state.down = state.up = state.land = 0
    state.rested_with.append([seat, index])
    turns.refill_maps(state, adv)
    emit(events, "rest", {"fee": fee, "owner": seat})


def deposit_amounts(_state: State, adv: Adventurer) -> list[Action]:
    return [("give", k) for k in range(adv.chest, 0, -1)]


def give(state: State, adv: Adventurer, amount: int, events: Events) -> None:
    """+bank: move Chest wealth to one of the player's own Agents (binding decision 6)."""
    cell = state.pending["target"]
    adv.chest -= amount
    state.agents[cell].wealth += amount
    state.decision = "move"
    state.pending = {}
    x, y = board.coords(cell)
    emit(events, "deposit", {"amount": amount, "x": x, "y": y})


def harbour_arrest(state: State, adv: Adventurer, events: Events) -> bool:
    """Harbour Authority: an opponent's pirate arriving at your active Agent is arrested with
    probability 1/3: the Agent gains 5, the pirate's expedition and turn end (§11.2)."""
    agent = state.agents.get(adv.pos)
    if (
        agent is None
        or not agent.active
        or agent.owner == adv.seat
        or cards.cadre(state, agent.owner) != "arrest"
        or draws.below(state.rng, 3) != 0
    ):
        return False
    agent.wealth += state.params.arrest_value
    adv.chest = 0
    adv.pirate = False
    adv.traded = []
    adv.pos = adv.latest_city
    state.path.append(adv.pos)
    turns.refill_maps(state, adv)
    emit(events, "harbour_arrest", {"owner": agent.owner})
    turns.end_turn(state, events)
    return True
