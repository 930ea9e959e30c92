"""Drawing and placing tiles when an Adventurer steps into a gap (rules §6, §10.5, §16)."""

from __future__ import annotations

from gamecore.games.cartolan import board
from gamecore.games.cartolan.state import State

WATER_PILE, LAND_PILE = 0, 1


def draw(state: State, which: int) -> int | None:
    """Top tile of a pile; an empty pile is first refilled from its shuffled discard (§6.2)."""
    pile = state.piles[which]
    if not pile:
        discard = state.discards[which]
        if not discard:
            return None
        state.rng.shuffle(discard)
        state.piles[which] = pile = discard
        state.discards[which] = []
    return pile.pop()


def placement(state: State, tile: int, origin: int, side: int) -> int | None:
    """The tile turned as the exploration variant tries it and fitting the gap, or None."""
    tiles = state.tiles
    known, water = board.gap_edges(tiles, origin + board.STEP[side])
    variant = 0 if state.options["exploration"] == "clockwise" else 1
    wind = tiles[origin] >> 4 & 3
    flags = tile & ~board.ORIENTATION_MASK
    for low in board.ORIENTATIONS[variant][tile & board.ORIENTATION_MASK][wind][side]:
        if low & known == water:
            return flags | low
    return None


def pile_for(state: State, origin: int, side: int) -> int:
    """Beginner: always water; else the pile of the crossed edge's colour (§6.1)."""
    if state.params.land_exploration and not state.tiles[origin] >> side & 1:
        return LAND_PILE
    return WATER_PILE


def fill_reward(state: State, target: int, origin: int) -> int:
    """Exploration reward for the gap (§6.6; classic §16: 5 only with four neighbours)."""
    count = board.neighbour_count(state.tiles, target, exclude=origin)
    params = state.params
    if params.gap_reward_full:
        return params.gap_reward_full if count == 3 else 0
    return params.gap_reward_per_neighbour * count


def pile_in_use(state: State, which: int) -> bool:
    return which == WATER_PILE or state.params.land_exploration


def exhausted_pile(state: State) -> bool:
    """A pile in use and its discard are both empty: the map is complete (§6.7)."""
    piles = state.piles
    discards = state.discards
    if not piles[WATER_PILE] and not discards[WATER_PILE]:
        return True
    return state.params.land_exploration and not piles[LAND_PILE] and not discards[LAND_PILE]
