"""Rounds, Adventurer turns, victory (rules §4, §5.5, §6.7, §12)."""

from __future__ import annotations

from typing import Any

from gamecore.contract import Event
from gamecore.games.cartolan import advanced, board, cards, draws, exploration
from gamecore.games.cartolan.state import TRADE_AT_TURN_START, Adventurer, State

#: Where events go; ``None`` in simulations that do not read them.
Events = list[Event] | None


def emit(events: Events, kind: str, data: dict[str, Any]) -> None:
    """Record an event; simulations pass ``None`` and skip building them."""
    if events is not None:
        events.append(Event(kind, data))


def begin_turn(state: State) -> None:
    """Fresh move budget and per-turn memory for the Adventurer whose turn it now is."""
    adv = state.advs[state.order[state.order_pos]][state.adv_index]
    state.down = state.up = state.land = 0
    state.rested = []
    state.attacked = []
    state.offers = 0
    state.pending = {}
    state.decision = "move"
    pos = adv.pos
    state.path = [pos]
    state.travel_ok = state.travel_money and pos in state.cities
    if not state.params.trade_once_per_expedition and not adv.pirate:
        tile = state.tiles[pos]
        if tile & board.WONDER and not tile & board.CITY and pos not in adv.traded:
            state.offers = TRADE_AT_TURN_START
    state.fresh = True
    if state.params.cards:
        state.free_rest_used = False
        state.rested_with = []
        state.pool_ok = False
        advanced.start_choices(state)


def end_turn(state: State, events: Events) -> None:
    """§5.5 end of an Adventurer turn: clear turn memory, recycle discards (modern), check
    victory, then hand over to the next Adventurer (§4). classic Advanced: first the player
    may equip another Technology card (decision 12j, the ``equip`` decision)."""
    adv = state.advs[state.order[state.order_pos]][state.adv_index]
    params = state.params
    if (
        params.equip_technology
        and state.decision != "equip"
        and not state.over
        and advanced.equip_choices(adv)
    ):
        state.decision = "equip"
        state.pending = {}
        state.offers = 0
        return
    if not params.trade_once_per_expedition:
        adv.traded = []
    if adv.new_cards:
        adv.new_cards = []
        cards.recompute(adv, params.equip_technology)
    discards = state.discards
    if params.recycle_discards and (discards[0] or discards[1]):
        for which in (0, 1):
            discard = discards[which]
            if discard:
                _shuffle_in(state, state.piles[which], discard)
                discards[which] = []
    state.last_path = state.path
    if state.over:
        return
    if check_victory(state, events, map_check=True):
        return
    _advance(state)


def _shuffle_in(state: State, pile: list[int], discard: list[int]) -> None:
    """Put the discard back and reshuffle (§5.5). The pile's order is already uniformly random
    and unseen, so inserting each returned tile at a uniform position gives exactly the
    distribution of a full reshuffle with far fewer draws."""
    rng = state.rng
    for tile in discard:
        pile.insert(draws.below(rng, len(pile) + 1), tile)


def _advance(state: State) -> None:
    if state.params.choose_adventurer:
        _advance_by_choice(state)
        return
    order = state.order
    while True:
        seat_advs = state.advs[order[state.order_pos]]
        state.adv_index += 1
        while state.adv_index < len(seat_advs):
            if seat_advs[state.adv_index].ready_round <= state.round:
                begin_turn(state)
                return
            state.adv_index += 1
        state.order_pos += 1
        state.adv_index = -1
        if state.order_pos == len(order):
            state.order_pos = 0
            state.round += 1


def _advance_by_choice(state: State) -> None:
    """classic (decision 12b): the Adventurer that just moved is done for this round; the
    lowest-numbered ready one that has not moved is proposed next (its player may start with
    another unmoved one instead); then the next player."""
    order = state.order
    state.moved.append(state.adv_index)
    while True:
        seat_advs = state.advs[order[state.order_pos]]
        for index, adv in enumerate(seat_advs):
            if index not in state.moved and adv.ready_round <= state.round:
                state.adv_index = index
                begin_turn(state)
                return
        state.moved = []
        state.adv_index = -1
        state.order_pos += 1
        if state.order_pos == len(order):
            state.order_pos = 0
            state.round += 1


def switch_adventurer(state: State, index: int) -> None:
    """classic (decision 12b): the player starts with unmoved Adventurer ``index`` instead
    of the one proposed, which stays unmoved."""
    state.adv_index = index
    begin_turn(state)


def check_victory(state: State, events: Events, map_check: bool = False) -> bool:
    """Wealth margin (strictly more than the preset's margin), or a completed map (§12)."""
    vault = state.vault
    if len(vault) > 1:
        # The two largest Vaults, as ``sorted(vault, reverse=True)[:2]`` would give them.
        first = second = vault[0]
        if vault[1] > first:
            first = vault[1]
        else:
            second = vault[1]
        for amount in vault[2:]:
            if amount > first:
                first, second = amount, first
            elif amount > second:
                second = amount
        if first - second > state.params.margin:
            finish(state, "margin", events)
            return True
    if map_check and exploration.exhausted_pile(state):
        finish(state, "pile_exhausted", events)
        return True
    return False


def finish(state: State, reason: str, events: Events) -> None:
    """End the game: the highest Vault wins, tied leaders share the win (binding decision 1);
    if every Vault is empty, the owner(s) of the largest Chest win (§12)."""
    state.over = True
    state.decision = "over"
    state.end_reason = reason
    state.offers = 0
    state.pending = {}
    top = max(state.vault)
    if top > 0:
        winners = tuple(seat for seat, v in enumerate(state.vault) if v == top)
    else:
        chests = [max((a.chest for a in advs), default=0) for advs in state.advs]
        best = max(chests)
        winners = tuple(seat for seat, c in enumerate(chests) if c == best)
    state.winners = winners
    state.last_path = state.path
    emit(events, "game_over", {"reason": reason, "winners": list(winners)})


def refill_maps(state: State, adv: Adventurer) -> None:
    """Top the chest maps up to capacity, alternating water and land; every refill starts
    again at water, whatever the maps still held (§10.5, binding decision 14). An empty pile
    gives nothing for its turn and the alternation goes on, as HEAD's ``choose_tiles`` makes
    one try per missing map: two missing with the water pile empty draw one land tile."""
    capacity = state.params.chest_maps
    if capacity and adv.buffs:
        capacity += adv.buffs.get("maps", 0)  # §11.2 +maps
    maps = adv.maps
    land = state.params.land_exploration
    for drawn in range(capacity - len(maps)):
        pile = state.piles[drawn % 2 if land else 0]
        if pile:
            maps.append(pile.pop())
