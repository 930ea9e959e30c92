"""What happens on a tile: arrival, trade, rest, attacks, Agents, cities (rules §5.6–§10, §16).

Each ``do_*`` function applies one already-validated action to the state in place.
"""

from __future__ import annotations

from typing import Any, Final

from gamecore.games.cartolan import advanced, board, cards, draws, exploration, turns
from gamecore.games.cartolan.state import TRADE_AT_TURN_START, Adventurer, Agent, State
from gamecore.games.cartolan.turns import Events, emit

Action = tuple[Any, ...]


def half_up(amount: int) -> int:
    return amount - amount // 2


def in_domain(state: State, cell: int) -> bool:
    """classic: within taxicab distance ``domain_radius`` of any city (§16)."""
    radius = state.params.domain_radius
    return bool(radius) and any(board.taxicab(cell, city) <= radius for city in state.cities)


def own_agents(state: State, seat: int) -> list[int]:
    return sorted(cell for cell, agent in state.agents.items() if agent.owner == seat)


# -- arrival -----------------------------------------------------------------------------


def arrive(state: State, adv: Adventurer, events: Events) -> None:
    """Arrival on (or a wait on) an existing tile, §5.6 steps 1–2; opens the tile actions."""
    arrive_on(state, adv, state.tiles[adv.pos], events)


def arrive_on(state: State, adv: Adventurer, tile: int, events: Events) -> None:
    """``arrive`` with the tile under the Adventurer already read."""
    pos = adv.pos
    if state.attacked:
        state.attacked = []
    if tile & board.DISASTER and state.params.disasters:
        # A Disaster acts when first turned over (``steps.settle_tile``); on a known one a
        # non-pirate is simply there, a pirate may court it (decision 12i).
        state.offers = 1
        return
    if state.dropped:
        dropped = state.dropped.pop(pos, 0)
        if dropped:
            adv.chest += dropped
            emit(events, "collect", {"amount": dropped})
    if tile & board.CITY:
        city_visit(state, adv, events, purchases=True)
        return
    agent = state.agents.get(pos) if state.agents else None  # no Agent out: no lookup
    if agent is not None:
        if state.params.cards:
            if adv.pirate and advanced.harbour_arrest(state, adv, events):
                return
            if pos not in adv.visited:
                adv.visited.append(pos)
        if agent.owner == adv.seat and agent.active and agent.wealth:
            adv.chest += agent.wealth
            emit(events, "collect", {"amount": agent.wealth})
            agent.wealth = 0
    state.offers = 1


def disaster_strike(state: State, adv: Adventurer, events: Events) -> None:
    """classic: the Chest is left on the disaster tile and the Adventurer returns to its latest
    city; its turn ends (§16, seed "Disaster tiles")."""
    if adv.chest:
        state.dropped[adv.pos] = state.dropped.get(adv.pos, 0) + adv.chest
    emit(events, "disaster", {"lost": adv.chest})
    adv.chest = 0
    adv.pos = adv.latest_city
    state.path.append(adv.pos)
    turns.end_turn(state, events)


def city_visit(state: State, adv: Adventurer, events: Events, purchases: bool) -> None:
    """§9: pirate status off, chest maps refilled, latest city, then bank and purchases."""
    adv.pirate = False
    turns.refill_maps(state, adv)
    adv.latest_city = adv.pos
    if state.params.trade_once_per_expedition:
        adv.traded = []
    adv.visited = []
    state.offers = 0
    state.decision = "city"
    state.pending = {"banked": adv.chest == 0, "purchases": purchases}
    if cards.cadre(state, adv.seat) == "pool":
        state.pending["free_maps"] = True  # Order of the Lightbrary: one free re-choice
    emit(events, "city", {"city": "mythical" if adv.pos != state.cities[0] else "capital"})
    settle_city(state, events)


def settle_city(state: State, events: Events) -> None:
    """Leave the city decision at once when nothing is left to choose (it ends the turn)."""
    if state.decision == "city" and not city_actions(state, probe=True):
        turns.end_turn(state, events)


# -- tile actions offered in the move decision ------------------------------------------------


def tile_offers(state: State, adv: Adventurer) -> list[Action]:
    """The tile actions open after this move (§5.6 steps 3–4, §6.5 step 3, §8.1)."""
    offers: list[Action] = []
    if state.offers:
        add_tile_offers(state, adv, state.tiles[adv.pos], offers)
    return offers


def add_tile_offers(state: State, adv: Adventurer, tile: int, offers: list[Action]) -> None:
    """Append ``tile_offers`` to ``offers``; ``tile`` is the one the Adventurer stands on."""
    if state.offers == 0:
        return
    pos = adv.pos
    if state.offers == 2:
        if can_place_agent_here(state, adv):
            offers.append(_AGENT)
        return
    if state.offers == TRADE_AT_TURN_START:
        if pos not in adv.traded:
            offers.append(_TRADE)
        return
    params = state.params
    seat = adv.seat
    if tile & board.DISASTER:
        if adv.pirate and state.dropped.get(pos) and ("court", pos) not in state.attacked:
            offers.append(_COURT)
        if params.attacks:  # classic: attacks on a Disaster as on any tile (decision 15b)
            _attack_offers(state, adv, offers)
        return
    if tile & board.WONDER and not adv.pirate and pos not in adv.traded:
        offers.append(_TRADE)
    if params.attacks and not tile & board.CITY:
        _attack_offers(state, adv, offers)
    agent = state.agents.get(pos) if state.agents else None  # no Agent out: no lookup
    if agent is not None:
        own = agent.owner == seat
        if not own and agent.active and params.attacks and ("agent", pos) not in state.attacked:
            offers.append(_ATTACK_AGENT)
        if (
            agent.active
            and pos not in state.rested
            and (
                own
                or (not adv.pirate and (adv.chest >= params.cost_rest or _free_rest(state, adv)))
            )
        ):
            offers.append(_REST)
        if own and not agent.active and params.attacks and adv.chest >= params.cost_restore:
            offers.append(_RESTORE)
    if params.cards:
        offers.extend(advanced.extra_offers(state, adv))


def _attack_offers(state: State, adv: Adventurer, offers: list[Action]) -> None:
    """Every Adventurer of another seat on the tile that may be attacked now."""
    pos = adv.pos
    seat = adv.seat
    for seat_advs in state.advs:
        for other in seat_advs:
            if other.pos == pos and other.seat != seat:
                _attack_offer(state, adv, other.seat, seat_advs.index(other), offers)


def _attack_offer(
    state: State, adv: Adventurer, seat: int, index: int, offers: list[Action]
) -> None:
    """An Adventurer of another seat shares the tile: attack it unless already attacked
    this move; only a pirate, or one with a Chest, or with +damage (§10.2, §11.2)."""
    if (seat, index) in state.attacked:
        return
    other = state.advs[seat][index]
    if (
        other.pirate
        or other.chest > 0
        or state.params.attack_empty  # classic: an empty Chest is no protection (12g)
        or (adv.buffs and cards.buff(adv, "damage"))
    ):
        offers.append(("attack", seat, index))


_AGENT: Final[Action] = ("agent",)
_COURT: Final[Action] = ("court",)
_TRADE: Final[Action] = ("trade",)
_ATTACK_AGENT: Final[Action] = ("attack_agent",)
_REST: Final[Action] = ("rest",)
_RESTORE: Final[Action] = ("restore",)
#: _BANKS[k] → ("bank", k): a city's bank choices, shared.
_BANKS: Final[tuple[Action, ...]] = tuple(("bank", amount) for amount in range(64))


def _free_rest(state: State, adv: Adventurer) -> bool:
    """+freerests: one rest per turn at an opponent's Agent without paying (decision 8)."""
    return bool(adv.buffs) and cards.buff(adv, "freerests") > 0 and not state.free_rest_used


def can_place_agent_here(state: State, adv: Adventurer) -> bool:
    """§8.1: Chest covers the cost, not a city or disaster, no active Agent, not a pirate
    (classic: pirates may, decision 12h), classic: outside every city's domain."""
    pos = adv.pos
    tile = state.tiles[pos]
    agent = state.agents.get(pos)
    params = state.params
    return not (
        adv.chest < params.cost_agent_exploring
        or tile & (board.CITY | board.DISASTER)
        or (agent is not None and agent.active)
        or (adv.pirate and not params.pirates_place_agents)
        or in_domain(state, pos)
    )


def do_trade(state: State, adv: Adventurer, events: Events) -> None:
    """§7.2 (classic §16: 2, plus the Agent bonus)."""
    params = state.params
    pos = adv.pos
    gain = params.trade_value
    agent = state.agents.get(pos)
    to_vault = False
    if agent is not None and agent.active:
        own = agent.owner == adv.seat
        if params.agent_trade_bonus:
            if own:
                gain += 1
            else:
                agent.wealth += 1
        if params.cards:
            owner_cadre = cards.cadre(state, agent.owner)
            if own and owner_cadre == "transfers":
                to_vault = True  # Great Company: straight to the Vault
            elif not own and owner_cadre == "earning":
                agent.wealth += 1  # Merchants' Guild
    if to_vault:
        state.vault[adv.seat] += gain
    else:
        adv.chest += gain
    adv.traded.append(pos)
    if events is not None:
        emit(events, "trade", {"amount": gain})


def do_rest(state: State, adv: Adventurer, events: Events) -> None:
    """§8.3: a fresh move budget; a fee to an opponent's Agent; chest maps refilled."""
    pos = adv.pos
    agent = state.agents[pos]
    fee = 0
    if agent.owner != adv.seat:
        if _free_rest(state, adv):
            state.free_rest_used = True
        else:
            fee = state.params.cost_rest
            adv.chest -= fee
            if state.params.cards and cards.cadre(state, agent.owner) == "transfers":
                state.vault[agent.owner] += fee
            else:
                agent.wealth += fee
    state.down = state.up = state.land = 0
    state.rested.append(pos)
    turns.refill_maps(state, adv)
    if state.params.cards:
        own_cadre = cards.cadre(state, adv.seat)
        if agent.owner == adv.seat and own_cadre == "refurnish":
            adv.pirate = False  # Privateer Brethren
        state.pool_ok = own_cadre == "pool"
    if events is not None:
        emit(events, "rest", {"fee": fee, "owner": agent.owner})


def do_restore(state: State, adv: Adventurer, events: Events) -> None:
    """§10.3: pay 1 to restore an own ransacked Agent (no rest there this turn)."""
    adv.chest -= state.params.cost_restore
    state.agents[adv.pos].active = True
    if not cards.buff(adv, "agents"):  # +agents may rest with it this turn
        state.rested.append(adv.pos)
    emit(events, "restore", {})


def _roll(state: State, adv: Adventurer, defenders: int = 1) -> bool:
    """One conflict roll. modern: success 1/3, 2/3 with +attack (§10.2, §11.2). classic: both
    Gusting Wind dice, success when they differ; one attempt more per Adventurer the attacker
    has beyond the defender's count (+attack: one more), one more win needed per Adventurer
    the defender has beyond the attacker's (§16)."""
    rng = state.rng
    bonus = cards.buff(adv, "attack") if adv.buffs else 0
    if state.params.conflict == "third":
        return draws.below(rng, 3) < 1 + min(bonus, 1)
    attackers = sum(1 for a in state.advs[adv.seat] if a.pos == adv.pos)
    attempts = 1 + max(0, attackers - defenders) + bonus
    needed = 1 + max(0, defenders - attackers)
    wins = 0
    for _ in range(attempts + needed - 1):
        if (draws.below(rng, 6) == 0) != (draws.below(rng, 6) == 0):
            wins += 1
            if wins >= needed:
                return True
    return False


def do_attack(state: State, adv: Adventurer, target: Action, events: Events) -> None:
    """§10.2: attack an Adventurer (robbery or arrest) or an Agent (dispossession); Advanced
    +defence, +damage and Manuscript theft (§11)."""
    params = state.params
    pos = adv.pos
    damage = bool(adv.buffs) and cards.buff(adv, "damage") > 0
    if target[0] == "attack_agent":
        state.attacked.append(("agent", pos))
        agent = state.agents[pos]
        adv.pirate = True
        success = _roll(state, adv)
        gain = agent.wealth + params.dispossess_bonus if success else 0
        if success:
            adv.chest += gain
            agent.wealth = 0
            agent.active = False
            if damage:
                del state.agents[pos]  # +damage: the Agent leaves the game
        emit(events, "attack_agent", {"owner": agent.owner, "success": success, "gain": gain})
        return
    _, victim_seat, victim_index = target
    state.attacked.append((victim_seat, victim_index))
    victim = state.advs[victim_seat][victim_index]
    defenders = sum(1 for a in state.advs[victim_seat] if a.pos == pos)
    for _ in range(cards.buff(victim, "defence") if victim.buffs else 0):
        if not _roll(state, adv, defenders):  # +defence: fails before turning pirate
            failed = {"seat": victim_seat, "adventurer": victim_index + 1, "success": False}
            emit(events, "attack", failed)
            return
    success = _roll(state, adv, defenders)
    data = {"seat": victim_seat, "adventurer": victim_index + 1, "success": success}
    if victim.pirate:
        emit(events, "arrest", data)
        if success:
            arrest(state, adv, victim, events)
        return
    adv.pirate = True
    emit(events, "attack", data)
    if not success:
        return
    state.pending = {"victim": (victim_seat, victim_index), "damage": damage}
    if params.loot_choice:
        state.decision = "loot"
        return
    take = half_up(victim.chest)
    victim.chest -= take
    adv.chest += take
    emit(events, "loot", {"amount": take})
    _after_loot(state, adv, victim, events)


def arrest(state: State, adv: Adventurer, victim: Adventurer, events: Events) -> None:
    """§10.2 arrest: reward to the arrester (classic Vault, modern Chest, binding decision 5);
    the pirate loses its Chest and returns to its latest city."""
    params = state.params
    if params.arrest_to_vault:
        state.vault[adv.seat] += params.arrest_value
    else:
        adv.chest += params.arrest_value
    send_home(state, victim)
    if params.arrest_to_vault:
        turns.check_victory(state, events)


def send_home(state: State, victim: Adventurer) -> None:
    """End an expedition: Chest destroyed, back to the latest city, no longer a pirate."""
    victim.chest = 0
    victim.pos = victim.latest_city
    victim.pirate = False
    victim.traded = []
    turns.refill_maps(state, victim)


def do_loot(state: State, adv: Adventurer, amount: int, events: Events) -> None:
    seat, index = state.pending["victim"]
    victim = state.advs[seat][index]
    victim.chest -= amount
    adv.chest += amount
    emit(events, "loot", {"amount": amount})
    _after_loot(state, adv, victim, events)


def map_capacity(state: State, adv: Adventurer) -> int:
    extra = adv.buffs.get("maps", 0) if adv.buffs and state.params.chest_maps else 0
    return state.params.chest_maps + extra


def stealable_cards(victim: Adventurer) -> list[int]:
    return [c for c in victim.cards if cards.CARDS[c].deck == "manuscript"]


def _after_loot(state: State, adv: Adventurer, victim: Adventurer, events: Events) -> None:
    """Then a chest map (free slot, binding decision 8), then a Manuscript (§11.1)."""
    if victim.maps and len(adv.maps) < map_capacity(state, adv):
        state.decision = "steal"
        return
    _offer_card_theft(state, adv, victim, events)


def _offer_card_theft(state: State, _adv: Adventurer, victim: Adventurer, _events: Events) -> None:
    if state.params.cards and stealable_cards(victim):
        state.decision = "steal_card"
        return
    _finish_attack(state, victim)


def _finish_attack(state: State, victim: Adventurer) -> None:
    if state.pending.get("damage"):
        send_home(state, victim)  # +damage: the victim's expedition ends
    state.decision = "move"
    state.pending = {}


def do_steal(state: State, adv: Adventurer, number: int, events: Events) -> None:
    """Take one chest map from the robbed Adventurer (binding decision 8: a free slot suffices)."""
    seat, index = state.pending["victim"]
    victim = state.advs[seat][index]
    if number:
        adv.maps.append(victim.maps.pop(number - 1))
        emit(events, "steal_map", {})
    _offer_card_theft(state, adv, victim, events)


def do_steal_card(state: State, adv: Adventurer, number: int, events: Events) -> None:
    seat, index = state.pending["victim"]
    victim = state.advs[seat][index]
    if number:
        card_id = stealable_cards(victim)[number - 1]
        victim.cards.remove(card_id)
        if card_id in victim.new_cards:
            victim.new_cards.remove(card_id)
        if victim.equipped == card_id:
            victim.equipped = -1
        adv.cards.append(card_id)
        equip = state.params.equip_technology
        cards.recompute(victim, equip)
        cards.recompute(adv, equip)
        emit(events, "card", {"name": cards.CARDS[card_id].name})
    _finish_attack(state, victim)


def do_court(state: State, adv: Adventurer, events: Events) -> None:
    """classic: a pirate courts a disaster: two dice equal (26/36) recover half the wealth left
    there, otherwise it loses its own Chest to the tile and returns to its latest city (§16)."""
    pos = adv.pos
    state.attacked.append(("court", pos))
    rng = state.rng
    equal = (draws.below(rng, 6) == 0) == (draws.below(rng, 6) == 0)
    if equal:
        amount = half_up(state.dropped[pos])
        state.dropped[pos] -= amount
        if not state.dropped[pos]:
            del state.dropped[pos]
        adv.chest += amount
        emit(events, "court", {"success": True, "amount": amount})
        return
    emit(events, "court", {"success": False, "amount": 0})
    disaster_strike(state, adv, events)


# -- Agents ---------------------------------------------------------------------------------


def place_agent(state: State, seat: int, cell: int, events: Events) -> None:
    """Put an Agent of ``seat`` on ``cell``; a ransacked Agent there leaves the game (§10.3).
    It collects wealth dropped there (§5.6 step 1)."""
    agent = Agent(seat)
    agent.wealth = state.dropped.pop(cell, 0)
    state.agents.pop(cell, None)  # a new Agent comes last in the order placed
    state.agents[cell] = agent
    x, y = board.coords(cell)
    emit(events, "agent_placed", {"x": x, "y": y})


def request_agent(
    state: State, adv: Adventurer, cell: int, cost: int, source: str, events: Events
) -> None:
    """Place now, or ask which own Agent to relocate when all are on the board (§8.1, §8.2)."""
    seat = adv.seat
    if len(own_agents(state, seat)) >= state.params.max_agents:
        state.pending = {
            "target": cell,
            "cost": cost,
            "source": source,
            "back": state.decision,
            "city": state.pending if state.decision == "city" else {},
        }
        state.decision = "relocate"
        return
    _pay(state, adv, cost, source)
    place_agent(state, seat, cell, events)
    _placed_by_adventurer(state, adv, cell, source)


def _placed_by_adventurer(state: State, adv: Adventurer, cell: int, source: str) -> None:
    """A new Agent cannot be rested at by its placer this turn, unless +agents (§8.1, §11.2);
    classic: it can (the seed's Tip 1, decision 12e)."""
    if source != "chest":
        return
    if not (state.params.rest_at_new_agent or (adv.buffs and cards.buff(adv, "agents"))):
        state.rested.append(cell)
    if state.offers == 2:
        state.offers = 0  # the exploration's only offer is taken


def _pay(state: State, adv: Adventurer, cost: int, source: str) -> None:
    if source == "chest":
        adv.chest -= cost
    else:
        state.vault[adv.seat] -= cost


def do_relocate(state: State, adv: Adventurer, old: int | None, events: Events) -> None:
    pending = state.pending
    state.decision = pending["back"]
    state.pending = pending["city"]
    if old is None:
        if pending["source"] == "chest" and state.offers == 2:
            state.offers = 0  # declining the relocation declines the placement
    else:
        del state.agents[old]
        cell = pending["target"]
        _pay(state, adv, pending["cost"], pending["source"])
        place_agent(state, adv.seat, cell, events)
        _placed_by_adventurer(state, adv, cell, pending["source"])
    settle_city(state, events)


def city_agent_cost(state: State, seat: int, cell: int) -> int | None:
    """Cost of an Agent bought at a city for ``cell``, or None where none may go (§8.2, §16)."""
    tile = state.tiles.get(cell)
    if tile is None or tile & (board.CITY | board.DISASTER):
        return None
    agent = state.agents.get(cell)
    if agent is not None and agent.active:
        return None
    params = state.params
    if params.preset == "modern":
        return params.cost_agent_city
    if in_domain(state, cell):
        return None
    own_here = any(a.pos == cell for a in state.advs[seat])
    if own_here:
        return params.cost_agent_city_with_adventurer
    for other_seat, seat_advs in enumerate(state.advs):
        if other_seat != seat and any(a.pos == cell for a in seat_advs):
            return None
    return params.cost_agent_city


# -- cities ------------------------------------------------------------------------------


def city_actions(state: State, probe: bool = False, agents: bool = True) -> list[Action]:
    """§9 steps 3–4: bank first (any amount), then purchases, then ``done``.

    ``probe``: only whether anything is left to choose (a shorter, non-empty list if so).
    ``agents=False`` leaves out the Agent purchases and keeps everything else, ``done``
    included when an Agent could be bought: the list for a player that never buys an
    Agent in a city (the heuristic players, §13.2), which chooses from it as from the whole
    list; modern lists every free cell (about a hundred), which cost 6% of ``simulate``."""
    adv = state.advs[state.order[state.order_pos]][state.adv_index]
    pending = state.pending
    if not pending["banked"]:
        if 0 <= adv.chest < len(_BANKS):
            return list(_BANKS[adv.chest :: -1])
        return [("bank", amount) for amount in range(adv.chest, -1, -1)]
    if not pending["purchases"] or state.over:
        return []
    params = state.params
    seat = adv.seat
    vault = state.vault[seat]
    actions: list[Action] = []
    if vault >= params.cost_adventurer and len(state.advs[seat]) < params.max_adventurers:
        actions.append(("buy_adventurer",))
    if probe and actions:
        return actions
    agent_for_sale = False  # an Agent purchase is open (listed only when ``agents``)
    if vault >= min(params.cost_agent_city, params.cost_agent_city_with_adventurer):
        if params.preset == "modern":
            if probe or not agents:
                agent_for_sale = any_free_cell(state)
                if probe and agent_for_sale:
                    return [*actions, _AGENT_FOR_SALE]
            else:
                actions += [("buy_agent", cell) for cell in free_cells(state)]
        else:
            for cell in sorted(state.tiles):
                cost = city_agent_cost(state, seat, cell)
                if cost is not None and cost <= vault:
                    if probe:
                        return [*actions, ("buy_agent", cell)]
                    if not agents:
                        agent_for_sale = True
                        break
                    actions.append(("buy_agent", cell))
    if (
        params.chest_maps
        and adv.maps
        and (vault >= params.cost_refresh_maps or pending.get("free_maps"))
    ):
        actions.append(("buy_maps",))
    if (
        params.cards
        and params.preset == "modern"
        and vault >= params.cost_tech
        and advanced.manuscript_options(state, adv)
    ):
        actions.append(("buy_manuscript",))
    if actions or agent_for_sale:
        actions.append(("done",))
    return actions


#: What a probe of ``city_actions`` lists for an open Agent purchase (only its truth is read).
_AGENT_FOR_SALE: Final[Action] = ("buy_agent",)


def _free_for_agent(state: State, cell: int, tile: int) -> bool:
    """modern §9: an Agent may be bought on any tile but a city or a Disaster, where no
    active Agent stands."""
    if tile & (board.CITY | board.DISASTER):
        return False
    agent = state.agents.get(cell)
    return agent is None or not agent.active


def free_cells(state: State) -> list[int]:
    """modern: the cells an Agent may be bought on from a city, sorted."""
    return sorted(
        [cell for cell, tile in state.tiles.items() if _free_for_agent(state, cell, tile)]
    )


def any_free_cell(state: State) -> bool:
    """Whether ``free_cells`` is not empty, without building it."""
    return any(_free_for_agent(state, cell, tile) for cell, tile in state.tiles.items())


def do_bank(state: State, adv: Adventurer, amount: int, events: Events) -> None:
    adv.chest -= amount
    state.vault[adv.seat] += amount
    state.pending = {**state.pending, "banked": True}
    emit(events, "bank", {"amount": amount, "vault": state.vault[adv.seat]})
    if turns.check_victory(state, events, map_check=True):  # §6.7, §12
        return
    settle_city(state, events)


def do_buy_adventurer(state: State, adv: Adventurer, events: Events) -> None:
    """§9: a new Adventurer on this city; modern: it moves from next round (§4)."""
    params = state.params
    seat = adv.seat
    state.vault[seat] -= params.cost_adventurer
    ready = state.round + 1 if params.new_adventurers_wait else state.round
    new = Adventurer(seat, adv.pos, ready)
    state.advs[seat].append(new)
    turns.refill_maps(state, new)
    emit(events, "buy_adventurer", {"number": len(state.advs[seat])})
    if params.cards:
        if params.preset == "modern":
            advanced.offer_character(state, new, back="city")  # chosen on purchase (§11.1)
        else:
            advanced.named_adventurer(state, new, events)
    settle_city(state, events)


def do_buy_maps(state: State, adv: Adventurer, events: Events) -> None:
    """§10.5: pay 1 to re-choose each chest map among it and fresh draws; Order of the
    Lightbrary: one free re-choice per city visit, and after a rest for 1 from the Chest."""
    back = state.decision
    city = state.pending if back == "city" else {}
    if back == "move":
        adv.chest -= 1
        state.pool_ok = False
    elif city.get("free_maps"):
        city = {**city, "free_maps": False}
    else:
        state.vault[adv.seat] -= state.params.cost_refresh_maps
    state.decision = "maps"
    state.pending = {"index": 0, "back": back, "city": city}
    _offer_maps(state, adv)
    emit(events, "buy_maps", {})


def _offer_maps(state: State, adv: Adventurer) -> None:
    index = state.pending["index"]
    options = [adv.maps[index]]
    for which in (0, 1)[: state.params.map_choices]:
        if exploration.pile_in_use(state, which) and state.piles[which]:
            options.append(state.piles[which].pop())
    state.pending = {**state.pending, "options": options}


def do_keep_map(state: State, adv: Adventurer, number: int, events: Events) -> None:
    options = state.pending["options"]
    index = state.pending["index"]
    adv.maps[index] = options[number - 1]
    for pos, tile in enumerate(options):
        if pos != number - 1:
            which = 1 if tile & board.LAND_BACK else 0
            state.piles[which].insert(0, tile)
    if index + 1 < len(adv.maps):
        state.pending = {**state.pending, "index": index + 1}
        _offer_maps(state, adv)
        return
    state.decision = state.pending["back"]
    state.pending = state.pending["city"]
    settle_city(state, events)
