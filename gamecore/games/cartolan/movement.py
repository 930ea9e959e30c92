"""Which steps an Adventurer may take and whether its turn goes on (rules §5.1–5.5).

The move budget is counted since the start of the turn or the last rest: ``down``, ``up`` and
``land`` on the state, ``T`` their sum.
"""

from __future__ import annotations

from typing import Final

from gamecore.games.cartolan import board
from gamecore.games.cartolan.state import Adventurer, State

#: Allowance bits: which kinds of move the budget still permits.
ALLOW_DOWN: Final = board.ALLOW_DOWN
ALLOW_UP: Final = board.ALLOW_UP
ALLOW_LAND: Final = board.ALLOW_LAND


def _sides_by_mask(low: int, mask: int) -> tuple[int, ...]:
    bits = (ALLOW_DOWN, ALLOW_UP, ALLOW_LAND)
    return tuple(side for side in range(4) if mask & bits[board.MOVE_KIND[low][side]])


#: SIDES[tile & 63][allowance mask] → sides that may be crossed, precomputed.
SIDES: Final = tuple(tuple(_sides_by_mask(low, mask) for mask in range(8)) for low in range(64))
UPWIND_SIDES: Final = tuple(_sides_by_mask(low, ALLOW_UP) for low in range(64))


def _bits(sides: tuple[int, ...]) -> int:
    return sum(1 << side for side in sides)


#: The same as bit sets (bit ``side``): SIDE_BITS[tile & 63][mask], UPWIND_BITS[tile & 63].
SIDE_BITS: Final = tuple(tuple(_bits(sides) for sides in by_mask) for by_mask in SIDES)
UPWIND_BITS: Final = tuple(_bits(sides) for sides in UPWIND_SIDES)
_ALL_LAND: Final = board.ORIENTATION_MASK & ~15  # keeps the wind, every edge land
#: Tile flags under which ``tile_low`` may differ from ``tile & ORIENTATION_MASK``.
SPECIAL: Final = board.CITY | board.DISASTER


def tile_low(state: State, adv: Adventurer) -> int:
    """Orientation bits of the tile being left; classic cities and a pirate's disaster tile
    count as all-land ("as if every edge was land", §16)."""
    tile = state.tiles[adv.pos]
    params = state.params
    if (not params.capital_water_moves and tile & board.CITY) or (
        params.disasters and adv.pirate and tile & board.DISASTER
    ):
        return tile & _ALL_LAND
    return tile & board.ORIENTATION_MASK


def step_kind(state: State, adv: Adventurer, side: int) -> int:
    """Downwind / upwind / land, judged on the tile being left (§5.1)."""
    return board.MOVE_KIND[tile_low(state, adv)][side]


def _limits(state: State, adv: Adventurer) -> tuple[int, int]:
    """(land limit, upwind limit) of the movement variant; classic: unburdened if the Chest
    is empty (§16)."""
    params = state.params
    extra = adv.buffs.get("upwind", 0) if adv.buffs else 0  # §11.2 +upwind
    if adv.chest == 0:
        return params.unburdened_land + extra, params.unburdened_upwind + extra
    if state.budgetted:
        return params.land_budget + extra, params.upwind_budget + extra
    return params.land_window + extra, params.upwind_window + extra


def max_moves(state: State, adv: Adventurer) -> int:
    """Moves per turn or rest; §11.2 +downwind adds one each."""
    extra = adv.buffs.get("downwind", 0) if adv.buffs else 0
    return state.params.max_moves + extra


def allowance(state: State, adv: Adventurer) -> int:
    """Bit mask of the move kinds allowed now: §5.2 (``initial``) and §5.3 (``budgetted``,
    with the precedence slip fixed, §14.3.5)."""
    total = state.down + state.up + state.land
    if not adv.buffs and not state.budgetted:
        # The common case: read from the preset's precomputed table.
        masks = state.params.allow_empty if adv.chest == 0 else state.params.allow_loaded
        return masks[total] if total < len(masks) else 0
    if total >= max_moves(state, adv):
        return 0
    land_limit, upwind_limit = _limits(state, adv)
    mask = ALLOW_DOWN
    if state.budgetted:
        if state.up < upwind_limit and state.land == 0:
            mask |= ALLOW_UP
        if state.land < land_limit and state.up == 0:
            mask |= ALLOW_LAND
        return mask
    if total < upwind_limit:
        mask |= ALLOW_UP
    if total < land_limit:
        mask |= ALLOW_LAND
    return mask


def kind_allowed(state: State, adv: Adventurer, kind: int) -> bool:
    return bool(allowance(state, adv) & (ALLOW_DOWN, ALLOW_UP, ALLOW_LAND)[kind])


def legal_sides(state: State, adv: Adventurer) -> list[tuple[int, bool]]:
    """Every (side, needs_gust) the Adventurer may step across now.

    classic Regular+: once upwind moves are used up, an upwind step may still be tried with
    the Gusting Wind die (``needs_gust``), §16.
    """
    mask = allowance(state, adv)
    if not mask:
        return []
    low = tile_low(state, adv)
    result = [(side, False) for side in SIDES[low][mask]]
    if state.params.gusts and not mask & ALLOW_UP:
        result.extend((side, True) for side in UPWIND_SIDES[low])
        result.sort()
    return result


def can_continue(state: State, adv: Adventurer) -> bool:
    """§5.5: may this Adventurer still do anything this turn?"""
    total = state.down + state.up + state.land
    if not adv.buffs and not state.budgetted:
        # allowance's common case, inlined (this runs after every action)
        masks = state.params.allow_empty if adv.chest == 0 else state.params.allow_loaded
        mask = masks[total] if total < len(masks) else 0
    else:
        mask = allowance(state, adv)
    if not mask:
        return False
    if mask == ALLOW_DOWN | ALLOW_UP | ALLOW_LAND:
        return True  # every side is one of the three kinds: any step is allowed
    tile = state.tiles[adv.pos]
    low = tile_low(state, adv) if tile & SPECIAL else tile & board.ORIENTATION_MASK
    params = state.params
    if SIDES[low][mask] or (params.gusts and UPWIND_SIDES[low]):
        return True
    if params.attacks:
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
    """The move meter a map picture shows: "any direction 2/2, downwind 2/2" (§5.2).

    It counts what the rules allow next (decision 15d): in ``initial`` movement the moves
    that may still go any direction are those an upwind step is allowed in (classic: only
    the first), the rest downwind; ``upwind_left`` / ``land_left`` say how many of the
    remaining moves may still go upwind / over land."""
    most = max_moves(state, adv)
    total = state.down + state.up + state.land
    land_limit, upwind_limit = _limits(state, adv)
    if state.budgetted:
        return {
            "total": most,
            "used": total,
            "land_left": 0 if state.up else max(0, land_limit - state.land),
            "upwind_left": 0 if state.land else max(0, upwind_limit - state.up),
        }
    window = min(upwind_limit, land_limit, most)
    return {
        "any_direction": window,
        "any_direction_left": max(0, window - total),
        "downwind": most - window,
        "downwind_left": min(most - window, max(0, most - total)),
        "upwind_left": max(0, min(upwind_limit, most) - total),
        "land_left": max(0, min(land_limit, most) - total),
        "used": total,
        "total": most,
    }
