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
    target = origin + board.STEP[side]
    wind = board.wind_of(state.tiles[origin])
    tiles = state.tiles
    for oriented in board.orientations(tile, wind, side, state.options["exploration"]):
        if board.fits(tiles, target, oriented):
            return oriented
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
    return any(
        pile_in_use(state, which) and not state.piles[which] and not state.discards[which]
        for which in (WATER_PILE, LAND_PILE)
    )
