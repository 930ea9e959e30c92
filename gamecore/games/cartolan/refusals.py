"""Why an action is refused: one reason per refusal, each a catalog key
(``illegal.cartolan_*``, English and Japanese) with its numbers as placeholders (binding
decision 13). Players are numbered from 1 in every reason, as on the board.

``explain`` is only asked after the action was found missing from the legal list, so it may
assume the action is not legal and only has to find the first rule it breaks.
"""

from __future__ import annotations

from typing import Any

from gamecore.contract import IllegalAction, SeatRef
from gamecore.games.cartolan import actions, board, cards, movement, notation
from gamecore.games.cartolan.state import TRADE_AT_TURN_START, Adventurer, State

Action = tuple[Any, ...]

#: The verbs each decision answers (anything else: decide that first).
_MOVE_VERBS = frozenset(
    {
        "move", "gust", "wait", "end", "abandon", "travel", "trade", "rest", "restore",
        "attack", "attack_agent", "agent", "court", "rest_with", "deposit", "buy_maps",
    }
)  # fmt: skip
_CITY_VERBS = frozenset(
    {"bank", "buy_adventurer", "buy_agent", "buy_maps", "buy_manuscript", "done"}
)
_VERBS = {
    "move": _MOVE_VERBS,
    "city": _CITY_VERBS,
    "relocate": frozenset({"relocate", "decline"}),
    "loot": frozenset({"take"}),
    "steal": frozenset({"steal", "decline"}),
    "maps": frozenset({"keep"}),
    "cadre": frozenset({"choose"}),
    "character": frozenset({"choose"}),
    "manuscript": frozenset({"choose", "decline"}),
    "deposit": frozenset({"give", "decline"}),
    "discovery": frozenset({"draw", "decline"}),
    "steal_card": frozenset({"steal_card", "decline"}),
    "equip": frozenset({"equip", "decline"}),
}
#: Verbs naming an Adventurer of the moving player (classic: any unmoved one, 12b).
_OWN_NUMBERED = frozenset({"move", "wait", "gust", "abandon"})


def refuse(code: str, reason: str, **params: Any) -> IllegalAction:
    return IllegalAction(f"cartolan_{code}", reason, **params)


def explain(state: State, action: Action, legal: list[Action]) -> IllegalAction:
    """The reason ``action`` (not in ``legal``) is refused now."""
    text = notation.format_action(action)
    kind = state.decision
    verb = action[0]
    if verb not in _VERBS.get(kind, frozenset()):
        if kind == "move" and verb in _CITY_VERBS:
            return refuse("not_at_city", f"{text}: only during a city visit", move=text)
        options = ", ".join(sorted({notation.format_action(a) for a in legal})[:6])
        return refuse(
            f"decide_{kind}",
            f"first decide ({kind}): {options}",
            decision=kind,
            options=options,
            move=text,
        )
    numbered = _numbered_choice(state, action, legal, text)
    if numbered is not None:
        return numbered
    if kind == "city":
        return _city(state, action, text)
    if kind == "move":
        return _move(state, action, text)
    if verb == "relocate":
        x, y = board.coords(action[1])
        return refuse("no_own_agent_at", f"you have no Agent at {x},{y}", x=x, y=y)
    return refuse("not_offered", f"{text} is not possible now", move=text)


def _numbered_choice(
    _state: State, action: Action, legal: list[Action], text: str
) -> IllegalAction | None:
    """A number outside the range the decision offers (``take 9``, ``keep 4``, ``bank 7``)."""
    verb = action[0]
    if verb not in ("take", "steal", "keep", "choose", "give", "steal_card", "equip", "bank"):
        return None
    numbers = [a[1] for a in legal if a[0] == verb]
    if not numbers:
        return None
    low, high = min(numbers), max(numbers)
    return refuse(
        "choice_range", f"{text}: choose a number from {low} to {high}", move=text, low=low,
        high=high,
    )  # fmt: skip


def _short(where: str, needed: int, have: int) -> IllegalAction:
    return refuse(
        f"{where}_short", f"not enough in your {where.capitalize()}: {needed} needed, {have} there",
        needed=needed, have=have,
    )  # fmt: skip


# -- city visits ------------------------------------------------------------------------------


def _city(state: State, action: Action, text: str) -> IllegalAction:
    verb = action[0]
    adv = state.adventurer
    pending = state.pending
    params = state.params
    vault = state.vault[adv.seat]
    if not pending.get("banked", True):
        return refuse("bank_first", f"first bank: bank 0 to {adv.chest}", chest=adv.chest)
    if not pending.get("purchases", True):
        return refuse("no_purchases", "nothing can be bought after abandoning or an arrest")
    if verb == "buy_adventurer":
        if len(state.advs[adv.seat]) >= params.max_adventurers:
            most = params.max_adventurers
            return refuse("max_adventurers", f"you have all {most} Adventurers", max=most)
        return _short("vault", params.cost_adventurer, vault)
    if verb == "buy_agent":
        return _city_agent(state, adv, action[1], vault)
    if verb == "buy_maps":
        if not params.chest_maps:
            return refuse("not_in_mode", f"{text} is not part of this game", move=text)
        if not adv.maps:
            return refuse("no_maps", "this Adventurer holds no chest maps")
        return _short("vault", params.cost_refresh_maps, vault)
    if verb == "buy_manuscript":
        if not (params.cards and params.preset == "modern"):
            return refuse("not_in_mode", f"{text} is not part of this game", move=text)
        if vault < params.cost_tech:
            return _short("vault", params.cost_tech, vault)
        return refuse("no_cards", "no Manuscript is left to offer")
    return refuse("nothing_to_buy", "nothing is left to buy: the visit ends by itself")


def _city_agent(state: State, adv: Adventurer, cell: int, vault: int) -> IllegalAction:
    x, y = board.coords(cell)
    tile = state.tiles.get(cell)
    if tile is None:
        return refuse("no_tile", f"there is no tile at {x},{y}", x=x, y=y)
    if tile & board.CITY:
        return refuse("agent_on_city", "no Agent can stand on a city")
    if tile & board.DISASTER:
        return refuse("agent_on_disaster", "no Agent can stand on a Disaster tile")
    agent = state.agents.get(cell)
    if agent is not None and agent.active:
        return refuse("agent_there", f"an active Agent already stands at {x},{y}", x=x, y=y)
    domain = _domain_of(state, cell)
    if domain is not None:
        return domain
    cost = actions.city_agent_cost(state, adv.seat, cell)
    if cost is None:
        return refuse("opponent_there", f"an opponent's Adventurer stands at {x},{y}", x=x, y=y)
    return _short("vault", cost, vault)


def _domain_of(state: State, cell: int) -> IllegalAction | None:
    """classic: the city whose domain holds ``cell`` (§16), as a refusal."""
    radius = state.params.domain_radius
    for city in state.cities:
        if radius and board.taxicab(cell, city) <= radius:
            name = "mythical" if state.tiles[city] & board.MYTHICAL else "capital"
            return refuse(
                f"domain_{name}",
                f"inside the domain of the {'Mythical City' if name == 'mythical' else 'Capital'}"
                f" (within {radius} tiles)",
                radius=radius,
            )
    return None


# -- the move decision --------------------------------------------------------------------


def _move(state: State, action: Action, text: str) -> IllegalAction:
    verb = action[0]
    adv = state.adventurer
    if verb in _OWN_NUMBERED and action[1] != state.adv_index + 1:
        return _which_adventurer(state, action[1])
    if verb == "move":
        return _step(state, adv, action, text)
    if verb == "gust":
        return _gust(state, adv, action, text)
    if verb == "wait":
        return refuse("no_moves_left", "this Adventurer has no move left this turn")
    if verb == "abandon":
        return _abandon(state, adv, action[2])
    if verb == "travel":
        return _travel(state, adv, action[1])
    if verb == "agent":
        return _agent(state, adv)
    if not state.offers or (state.offers == TRADE_AT_TURN_START and verb != "trade"):
        return refuse(
            "actions_closed", "tile actions are open right after a move or a wait; wait to "
            "get them again",
        )  # fmt: skip
    tile = state.tiles[adv.pos]
    if verb == "trade":
        return _trade(state, adv, tile)
    if verb in ("rest", "restore"):
        return _rest(state, adv, verb)
    if verb in ("attack", "attack_agent"):
        return _attack(state, adv, action, tile)
    if verb == "court":
        if not tile & board.DISASTER:
            return refuse("no_disaster", "there is no Disaster here")
        if not adv.pirate:
            return refuse("court_pirates", "only a pirate may court a Disaster")
        return refuse("nothing_here", "no wealth lies here")
    return refuse("not_offered", f"{text} is not possible now", move=text)


def _which_adventurer(state: State, number: int) -> IllegalAction:
    advs = state.advs[state.seat]
    moving = state.adv_index + 1
    if not 1 <= number <= len(advs):
        return refuse("no_adventurer", f"you have no Adventurer {number}", number=number)
    if state.params.choose_adventurer:
        if number - 1 in state.moved:
            return refuse(
                "already_moved", f"Adventurer {number} has already moved this round",
                number=number,
            )  # fmt: skip
        if advs[number - 1].ready_round > state.round:
            return refuse("not_ready", f"Adventurer {number} moves from next round", number=number)
        return refuse(
            "finish_first",
            f"Adventurer {moving} has started its turn; Adventurer {number} moves after it",
            number=number,
            moving=moving,
        )
    return refuse("wrong_adventurer", f"adventurer {moving} is moving now", number=moving)


def _step(state: State, adv: Adventurer, action: Action, text: str) -> IllegalAction:
    side = action[2]
    if action[3] and (action[3] > len(adv.maps) or adv.pos + board.STEP[side] in state.tiles):
        return refuse("no_map", "that chest map cannot be used for this step", move=text)
    kind_name = ("downwind", "upwind", "land")[movement.step_kind(state, adv, side)]
    meter = movement.remaining(state, adv)
    return refuse(
        f"no_{kind_name}_move",
        f"{text}: {kind_name} moves are not allowed now "
        f"({meter['used']} of {meter['total']} moves used)",
        move=text,
        kind=kind_name,
        used=meter["used"],
        total=meter["total"],
    )


def _gust(state: State, adv: Adventurer, action: Action, text: str) -> IllegalAction:
    if not state.params.gusts:
        return refuse("not_in_mode", f"{text} is not part of this game", move=text)
    if movement.step_kind(state, adv, action[2]) != board.UPWIND:
        return refuse("gust_upwind", "a gust is only for an upwind step")
    if movement.kind_allowed(state, adv, board.UPWIND):
        return refuse("gust_not_needed", "this upwind step is allowed: write move instead of gust")
    return refuse("no_moves_left", "this Adventurer has no move left this turn")


def _abandon(state: State, adv: Adventurer, name: str) -> IllegalAction:
    if not state.abandon_ok:
        return refuse("option_off_abandon", "abandoning an expedition is off in this game")
    if state.tiles[adv.pos] & board.CITY:
        return refuse("at_city", "this Adventurer is on a city")
    mythical = name == "mythical"
    city = next((c for c in state.cities if bool(state.tiles[c] & board.MYTHICAL) == mythical), -1)
    if city < 0:
        return refuse("no_mythical", "the Mythical City has not been found")
    return refuse("city_one_step", "that city is one legal step away: move there")


def _travel(state: State, adv: Adventurer, amount: int) -> IllegalAction:
    if not state.travel_money:
        return refuse("option_off_travel", "travel money is off in this game")
    if not state.travel_ok:
        return refuse("travel_when", "travel money is taken on a city before the first move")
    return _short("vault", amount, state.vault[adv.seat])


def _agent(state: State, adv: Adventurer) -> IllegalAction:
    params = state.params
    cost = params.cost_agent_exploring if state.offers == 2 else params.cost_agent_existing
    if state.offers != 2 and not (adv.buffs and cards.buff(adv, "agents")):
        return refuse("agent_when", "an Agent is placed right after exploring a tile")
    if adv.pirate and not params.pirates_place_agents:
        return refuse("pirates_no_agents", "pirates cannot place Agents")
    tile = state.tiles[adv.pos]
    if tile & board.CITY:
        return refuse("agent_on_city", "no Agent can stand on a city")
    if tile & board.DISASTER:
        return refuse("agent_on_disaster", "no Agent can stand on a Disaster tile")
    agent = state.agents.get(adv.pos)
    if agent is not None and agent.active:
        x, y = board.coords(adv.pos)
        return refuse("agent_there", f"an active Agent already stands at {x},{y}", x=x, y=y)
    domain = _domain_of(state, adv.pos)
    if domain is not None:
        return domain
    return _short("chest", cost, adv.chest)


def _trade(state: State, adv: Adventurer, tile: int) -> IllegalAction:
    if not tile & board.WONDER:
        return refuse("no_wonder", "there is no wonder here")
    if adv.pirate:
        return refuse("pirates_no_trade", "pirates cannot trade")
    if state.params.trade_once_per_expedition:
        return refuse("traded_expedition", "this Adventurer traded here since its last city")
    return refuse("traded_turn", "this Adventurer traded here this turn")


def _rest(state: State, adv: Adventurer, verb: str) -> IllegalAction:
    agent = state.agents.get(adv.pos)
    if agent is None:
        return refuse("no_agent", "there is no Agent here")
    own = agent.owner == adv.seat
    if verb == "restore":
        if not own:
            return refuse("not_own_agent", "this Agent belongs to another player")
        if agent.active:
            return refuse("agent_active", "this Agent is not ransacked")
        return _short("chest", state.params.cost_restore, adv.chest)
    if not agent.active:
        return refuse("agent_ransacked", "this Agent is ransacked")
    if adv.pos in state.rested:
        return refuse("rested", "this Adventurer cannot rest at this Agent again this turn")
    if adv.pirate and not own:
        return refuse("pirates_no_rest", "pirates rest only at their own Agents")
    return _short("chest", state.params.cost_rest, adv.chest)


def _attack(state: State, adv: Adventurer, action: Action, tile: int) -> IllegalAction:
    params = state.params
    if not params.attacks:
        return refuse("no_attacks", "there are no attacks in Beginner mode")
    if tile & board.CITY:
        return refuse("at_city", "nobody can be attacked on a city")
    if action[0] == "attack_agent":
        agent = state.agents.get(adv.pos)
        if agent is None:
            return refuse("no_agent", "there is no Agent here")
        if agent.owner == adv.seat:
            return refuse("own", "you cannot attack your own pieces")
        if not agent.active:
            return refuse("agent_ransacked", "this Agent is ransacked")
        return refuse("attacked", "already attacked during this move")
    seat, index = action[1], action[2]
    player, number = seat + 1, index + 1
    if seat == adv.seat:
        return refuse("own", "you cannot attack your own pieces")
    if not 0 <= seat < state.players:
        return refuse(
            "no_such_seat", f"there is no player {player}",
            seat=SeatRef((seat,)), last=SeatRef((state.players - 1,)),
        )  # fmt: skip
    if not 0 <= index < len(state.advs[seat]):
        return refuse(
            "no_such_adventurer", f"player {player} has no Adventurer {number}",
            player=SeatRef((seat,)), number=number,
        )  # fmt: skip
    victim = state.advs[seat][index]
    if victim.pos != adv.pos:
        return refuse(
            "not_here", f"Adventurer {player}.{number} is not on this tile",
            player=SeatRef((seat,)), number=number,
        )  # fmt: skip
    if (seat, index) in state.attacked:
        return refuse("attacked", "already attacked during this move")
    return refuse("empty_chest", "an Adventurer with an empty Chest cannot be attacked")
