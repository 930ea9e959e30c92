"""Drawing and placing tiles when an Adventurer steps into a gap (rules §6, §10.5, §16)."""

from __future__ import annotations

from typing import Final

from gamecore.games.cartolan import draws
from gamecore.games.cartolan.board import OPPOSITE, ORIENTATION_MASK, ORIENTATIONS, STEP
from gamecore.games.cartolan.state import State

WATER_PILE: Final = 0
LAND_PILE: Final = 1


def draw(state: State, which: int) -> int | None:
    """Top tile of a pile; an empty pile is first refilled from its shuffled discard (§6.2)."""
    pile = state.piles[which]
    if not pile:
        discard = state.discards[which]
        if not discard:
            return None
        draws.shuffle(state.rng, discard)
        state.piles[which] = pile = discard
        state.discards[which] = []
    return pile.pop()


def placement(state: State, tile: int, origin: int, side: int) -> int | None:
    """The tile turned as the exploration variant tries it and fitting the gap, or None.

    The gap's neighbours fix some of its edges (``known``, and which of them are ``water``);
    an orientation fits (``board.fits``) when it shows the same water on every fixed edge.
    The orientations come in the order of ``board.orientations``, precomputed."""
    wind = state.tiles[origin] >> 4 & 3
    return fit(state, tile, wind, side, gap_edges(state, origin + STEP[side]))


def gap_edges(state: State, target: int) -> int:
    """The edges of the gap ``target`` its neighbours fix: bit ``edge`` (N E S W) when a tile
    touches it, bit ``4 + edge`` when that tile shows water there."""
    tiles = state.tiles
    known = water = 0
    for edge in range(4):
        neighbour = tiles.get(target + STEP[edge])
        if neighbour is not None:
            known |= 1 << edge
            water |= (neighbour >> OPPOSITE[edge] & 1) << edge
    return water << 4 | known


def fit(state: State, tile: int, wind: int, side: int, edges: int) -> int | None:
    """``placement`` with the wind arrow of the tile left and the gap's ``gap_edges`` already
    read (one exploration tries several tiles in the same gap)."""
    known = edges & 15
    water = edges >> 4
    variant = 0 if state.clockwise else 1
    flags = tile & ~ORIENTATION_MASK
    for low in ORIENTATIONS[variant][tile & ORIENTATION_MASK][wind][side]:
        if low & known == water:
            return flags | low
    return None


def pile_across(state: State, origin_tile: int, side: int) -> int:
    """``pile_for`` with the tile explored from already read."""
    if state.params.land_exploration and not origin_tile >> side & 1:
        return LAND_PILE
    return WATER_PILE


def fill_reward(state: State, target: int, origin: int) -> int:
    """Exploration reward for the gap (§6.6; classic §16: 5 only with four neighbours)."""
    tiles = state.tiles
    count = 0  # neighbours of the gap other than the tile explored from
    for offset in STEP:
        neighbour = target + offset
        if neighbour != origin and neighbour in tiles:
            count += 1
    return reward_for(state, count)


#: The number of set bits of a 4-bit edge set.
EDGE_COUNT: Final = tuple(bin(edges).count("1") for edges in range(16))


def reward_for(state: State, count: int) -> int:
    """``fill_reward`` for a gap with ``count`` neighbours besides the tile explored from; with
    its ``gap_edges``, ``count`` is ``EDGE_COUNT[edges & 15] - 1``."""
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
