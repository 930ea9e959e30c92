"""The moving Adventurer's own moves: step, explore, wait, gust, abandon, travel money, end
(rules §5, §6, §16)."""

from __future__ import annotations

from gamecore.games.cartolan import actions, advanced, board, cards, draws, exploration, turns
from gamecore.games.cartolan.state import Adventurer, State
from gamecore.games.cartolan.turns import Events, emit


def do_move(
    state: State, adv: Adventurer, side: int, kind: int, map_number: int, events: Events
) -> None:
    """One step across ``side`` onto a tile, or into a gap (exploration). The counter goes up
    before any exploration, so a failed one still uses the move."""
    state.travel_ok = False
    if kind == board.DOWNWIND:
        state.down += 1
    elif kind == board.UPWIND:
        state.up += 1
    else:
        state.land += 1
    target = adv.pos + board.STEP[side]
    tile = state.tiles.get(target)
    if tile is not None:
        adv.pos = target
        state.path.append(target)
        if events is not None:
            emit(events, "move", {"side": board.DIRECTION_NAMES[side]})
        actions.arrive_on(state, adv, tile, events)
    else:
        explore(state, adv, side, map_number, events)


def explore(state: State, adv: Adventurer, side: int, map_number: int, events: Events) -> None:
    """§6.2: a chest map first if chosen (§10.5), then the preset's number of draws."""
    origin = adv.pos
    origin_tile = state.tiles[origin]
    wind = origin_tile >> 4 & 3
    edges = exploration.gap_edges(state, origin + board.STEP[side])
    reward = exploration.reward_for(state, exploration.EDGE_COUNT[edges & 15] - 1)
    if map_number:
        oriented = exploration.fit(state, adv.maps[map_number - 1], wind, side, edges)
        if oriented is not None:
            adv.maps.pop(map_number - 1)
            settle_tile(state, adv, origin, side, oriented, None, reward, events)
            return
    which = exploration.pile_across(state, origin_tile, side)
    for _ in range(state.params.exploration_attempts):
        pile = state.piles[which]
        drawn = pile.pop() if pile else exploration.draw(state, which)
        if drawn is None:
            emit(events, "explore_failed", {"side": board.DIRECTION_NAMES[side]})
            turns.finish(state, "pile_exhausted", events)
            return
        oriented = exploration.fit(state, drawn, wind, side, edges)
        if oriented is not None:
            settle_tile(state, adv, origin, side, oriented, which, reward, events)
            return
        # modern: a tile that did not fit is left turned to the arrow of the tile explored
        # from (beginner.py rotate_and_place); it is drawn so into a Chest later (designer_fits)
        state.discards[which].append(
            board.with_wind(drawn, wind) if state.params.chest_maps else drawn
        )
    emit(events, "explore_failed", {"side": board.DIRECTION_NAMES[side]})
    if not origin_tile & board.CITY:
        state.attacked = []
        state.offers = 1


def settle_tile(
    state: State,
    adv: Adventurer,
    origin: int,
    side: int,
    tile: int,
    which: int | None,
    reward: int,
    events: Events,
) -> None:
    """§6.5 placement effects: fill reward (``exploration.fill_reward``, read before the
    placement), wonder / city discovery, then the Agent offer."""
    params = state.params
    target = origin + board.STEP[side]
    state.tiles[target] = tile
    state.explored_count += 1
    adv.pos = target
    state.path.append(target)
    if reward and adv.buffs and params.gap_reward_per_neighbour:
        neighbours = reward // params.gap_reward_per_neighbour
        reward += neighbours * cards.buff(adv, "rewards")  # §11.2 +rewards
    adv.chest += reward
    if events is not None:
        x, y = board.coords(target)
        emit(events, "explore", {"x": x, "y": y, "reward": reward})
    if tile & board.DISASTER and params.disasters:
        actions.disaster_strike(state, adv, events)
        return
    discovery = 0
    if tile & board.WONDER:
        inside = actions.in_domain(state, target)
        if inside and adv.pirate:
            gain = (
                0  # classic: inside a domain a discovery is a trade, and pirates never trade (15a)
            )
        elif inside:
            gain = params.trade_value  # classic: inside a domain a discovery is a trade
        elif tile & board.LAND_BACK and params.land_exploration:
            gain = params.discover_wonder_land
        else:
            gain = params.discover_wonder_water
        if params.cards and params.preset == "classic" and not inside:
            adv.traded.append(target)
            discovery = gain  # may be taken as a Technology card instead (below)
        elif gain:
            adv.traded.append(target)
            adv.chest += gain
            emit(events, "discover_wonder", {"amount": gain})
    if (
        params.complete_map_bonus
        and which is not None
        and not state.piles[which]
        and not state.discards[which]
    ):
        state.vault[adv.seat] += params.complete_map_bonus
        emit(events, "map_complete", {"bonus": params.complete_map_bonus})
        # §12 checks the wealth margin before a complete map (game.py winning_condition):
        # a bonus that opens the margin ends the game by margin; the winners are the same
        if not turns.check_victory(state, events):
            turns.finish(state, "map_complete", events)
        return
    if tile & board.CITY:
        state.cities.append(target)
        adv.chest += params.discover_city
        emit(events, "discover_city", {"amount": params.discover_city})
        actions.city_visit(state, adv, events, purchases=True)
        return
    state.attacked = []
    state.offers = 2
    if discovery and state.decks.get("discovery"):
        advanced.offer_discovery(state, discovery)
    elif discovery:
        adv.chest += discovery
        emit(events, "discover_wonder", {"amount": discovery})


def do_wait(state: State, adv: Adventurer, events: Events) -> None:
    """§5.4: a wait costs a (downwind) move and re-triggers the tile's actions."""
    state.travel_ok = False
    state.down += 1
    if events is not None:
        emit(events, "wait", {})
    actions.arrive(state, adv, events)


def do_gust(state: State, adv: Adventurer, side: int, events: Events) -> None:
    """classic: roll the Gusting Wind die for an extra upwind move; "against" (1/6) lets it
    go, otherwise the move is spent where it stands (§16)."""
    if draws.below(state.rng, 6) == 0:
        emit(events, "gust", {"success": True})
        do_move(state, adv, side, board.UPWIND, 0, events)
        return
    state.travel_ok = False
    state.up += 1
    state.offers = 0
    emit(events, "gust", {"success": False})


def do_abandon(state: State, adv: Adventurer, city: int, events: Events) -> None:
    """§5.7: drop the Chest here, return to a city, city visit without purchases, turn over."""
    if adv.chest:
        state.dropped[adv.pos] = state.dropped.get(adv.pos, 0) + adv.chest
        adv.chest = 0
    adv.pos = city
    state.path.append(city)
    emit(events, "abandon", {})
    actions.city_visit(state, adv, events, purchases=False)


def do_travel(state: State, adv: Adventurer, amount: int, events: Events) -> None:
    """§5.7: take travel money from the Vault when leaving a city."""
    state.vault[adv.seat] -= amount
    adv.chest += amount
    state.travel_ok = False
    emit(events, "travel", {"amount": amount})
