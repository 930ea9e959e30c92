"""Which steps an Adventurer may take and whether its turn goes on (rules §5.1–5.5).

The move budget is counted since the start of the turn or the last rest: ``down``, ``up`` and
``land`` on the state, ``T`` their sum.
"""

from __future__ import annotations

from gamecore.games.cartolan import board
from gamecore.games.cartolan.state import Adventurer, State


def step_kind(state: State, adv: Adventurer, side: int) -> int:
    """Downwind / upwind / land, judged on the tile being left (§5.1).

    classic: leaving a city counts as a land move ("as if every edge was land"), and so does
    a pirate leaving a disaster tile (§16).
    """
    tile = state.tiles[adv.pos]
    params = state.params
    if not params.capital_water_moves and tile & board.CITY:
        return board.LAND
    if params.disasters and adv.pirate and tile & board.DISASTER:
        return board.LAND
    return board.MOVE_KIND[tile & board.ORIENTATION_MASK][side]


def _limits(state: State, adv: Adventurer) -> tuple[int, int]:
    """(land limit, upwind limit) of the movement variant, unburdened if the Chest is empty."""
    params = state.params
    budgetted = state.options["movement"] == "budgetted"
    if adv.chest == 0:
        return params.unburdened_land, params.unburdened_upwind
    if budgetted:
        return params.land_budget, params.upwind_budget
    return params.land_window, params.upwind_window


def kind_allowed(state: State, adv: Adventurer, kind: int) -> bool:
    """§5.2 (``initial``) and §5.3 (``budgetted``, with the precedence slip fixed, §14.3.5)."""
    total = state.down + state.up + state.land
    if total >= state.params.max_moves:
        return False
    if kind == board.DOWNWIND:
        return True
    land_limit, upwind_limit = _limits(state, adv)
    if state.options["movement"] == "budgetted":
        if kind == board.UPWIND:
            return state.up < upwind_limit and state.land == 0
        return state.land < land_limit and state.up == 0
    if kind == board.UPWIND:
        return total < upwind_limit
    return total < land_limit


def legal_sides(state: State, adv: Adventurer) -> list[tuple[int, bool]]:
    """Every (side, needs_gust) the Adventurer may step across now.

    classic Regular+: once upwind moves are used up, an upwind step may still be tried with
    the Gusting Wind die (``needs_gust``), §16.
    """
    total = state.down + state.up + state.land
    if total >= state.params.max_moves:
        return []
    gusts = state.params.gusts
    result = []
    for side in range(4):
        kind = step_kind(state, adv, side)
        if kind_allowed(state, adv, kind):
            result.append((side, False))
        elif gusts and kind == board.UPWIND:
            result.append((side, True))
    return result


def can_continue(state: State, adv: Adventurer) -> bool:
    """§5.5: may this Adventurer still do anything this turn?"""
    total = state.down + state.up + state.land
    if total >= state.params.max_moves:
        return False
    if legal_sides(state, adv):
        return True
    if state.params.attacks:
        if total <= 2:
            return True
        pos = adv.pos
        for seat_advs in state.advs:
            for other in seat_advs:
                if other is not adv and other.pos == pos and other.chest > 0:
                    return True
        if pos in state.agents and pos not in state.rested:
            return True
    return False


def remaining(state: State, adv: Adventurer) -> dict[str, int]:
    """The move meter a map picture shows: "any direction 2/2, downwind 2/2" (§5.2)."""
    params = state.params
    total = state.down + state.up + state.land
    land_limit, upwind_limit = _limits(state, adv)
    window = max(land_limit, upwind_limit)
    if state.options["movement"] == "budgetted":
        return {
            "total": params.max_moves,
            "used": total,
            "land_left": 0 if state.up else max(0, land_limit - state.land),
            "upwind_left": 0 if state.land else max(0, upwind_limit - state.up),
        }
    return {
        "any_direction": window,
        "any_direction_left": max(0, window - total),
        "downwind": params.max_moves - window,
        "downwind_left": min(params.max_moves - window, params.max_moves - total),
        "used": total,
        "total": params.max_moves,
    }
