"""Board geometry: integer cells, tiles as bit fields, wind, rotation, edge matching (rules §1).

Everything here is precomputed tables over small integers, because movement and exploration
run millions of times in simulations.

* A cell ``(x, y)`` is the int ``(x + OFFSET) * STRIDE + (y + OFFSET)``: a step North is
  ``+1``, East ``+STRIDE`` (x grows East, y grows North, §1.1).
* A tile is an int: bits 0-3 say which sides (N, E, S, W) are water, bits 4-5 the wind arrow
  (0 NE, 1 SE, 2 SW, 3 NW), then flags (wonder, city, disaster, land back, mythical).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

# Constants are annotated ``Final``: other modules' module-level tables read them, and an
# explicit type keeps mypy (and mypyc) from depending on the order it checks the package in;
# compiled, a ``Final`` is a C static instead of a dict lookup. The small tuples read at a
# variable index are typed ``tuple[int, ...]``: mypyc keeps a fixed-length tuple unboxed and
# would build a new Python tuple for every such read.
OFFSET: Final = 2048
STRIDE: Final = 4096
#: The board's coordinate range, both axes: a place outside it has no cell (notation refuses it).
MIN_COORD: Final = -OFFSET
MAX_COORD: Final = STRIDE - OFFSET - 1

N: Final = 0
E: Final = 1
S: Final = 2
W: Final = 3
DIRECTION_NAMES: Final[tuple[str, ...]] = ("N", "E", "S", "W")
STEP: Final[tuple[int, ...]] = (1, STRIDE, -1, -STRIDE)
OPPOSITE: Final[tuple[int, ...]] = (S, W, N, E)

NE: Final = 0
SE: Final = 1
SW: Final = 2
NW: Final = 3
WIND_NAMES: Final[tuple[str, ...]] = ("NE", "SE", "SW", "NW")

WONDER: Final = 1 << 6
CITY: Final = 1 << 7
DISASTER: Final = 1 << 8
LAND_BACK: Final = 1 << 9
MYTHICAL: Final = 1 << 10
ORIENTATION_MASK: Final = 63  # edges (4 bits) + wind (2 bits)

#: Sides touching the arrow head are downwind (§1.3).
DOWNWIND_SIDES: Final[tuple[int, ...]] = (
    1 << N | 1 << E,
    1 << E | 1 << S,
    1 << S | 1 << W,
    1 << N | 1 << W,
)

DOWNWIND: Final = 0
UPWIND: Final = 1
LAND: Final = 2
#: Allowance bits (``1 << kind``): which kinds of move the move budget still permits.
ALLOW_DOWN: Final = 1 << DOWNWIND
ALLOW_UP: Final = 1 << UPWIND
ALLOW_LAND: Final = 1 << LAND


def cell(x: int, y: int) -> int:
    return (x + OFFSET) * STRIDE + (y + OFFSET)


def coords(key: int) -> tuple[int, int]:
    return key // STRIDE - OFFSET, key % STRIDE - OFFSET


def taxicab(a: int, b: int) -> int:
    ax, ay = coords(a)
    bx, by = coords(b)
    return abs(ax - bx) + abs(ay - by)


def side_bit(offset: int) -> int:
    """``1 << side`` when the cell ``offset`` away is the neighbour across ``side``, else 0."""
    if offset == 1:
        return 1 << N
    if offset == STRIDE:
        return 1 << E
    if offset == -1:
        return 1 << S
    if offset == -STRIDE:
        return 1 << W
    return 0


def make_tile(water_sides: Iterable[int], wind: int = NE, flags: int = 0) -> int:
    edges = 0
    for side in water_sides:
        edges |= 1 << side
    return edges | wind << 4 | flags


def from_wind_edges(uc: bool, ua: bool, dc: bool, da: bool, flags: int = 0) -> int:
    """A tile with arrow NE from the four wind-relative edges (§1.3: N=da, E=dc, S=ua, W=uc)."""
    sides = [side for side, water in ((N, da), (E, dc), (S, ua), (W, uc)) if water]
    return make_tile(sides, NE, flags)


def _rotate_cw_low(low: int) -> int:
    edges, wind = low & 15, low >> 4
    return ((edges << 1) | (edges >> 3)) & 15 | ((wind + 1) & 3) << 4


_ROT_CW: Final = tuple(_rotate_cw_low(low) for low in range(64))
_ROT_ACW: Final = tuple(_ROT_CW[_ROT_CW[_ROT_CW[low]]] for low in range(64))


def rotate_cw(tile: int) -> int:
    """Turn the whole tile 90° clockwise: edges travel with the arrow (§1.3)."""
    return (tile & ~ORIENTATION_MASK) | _ROT_CW[tile & ORIENTATION_MASK]


def rotate_acw(tile: int) -> int:
    return (tile & ~ORIENTATION_MASK) | _ROT_ACW[tile & ORIENTATION_MASK]


def wind_of(tile: int) -> int:
    return (tile >> 4) & 3


def is_water(tile: int, side: int) -> bool:
    return bool(tile >> side & 1)


def with_wind(tile: int, wind: int) -> int:
    """The tile turned clockwise until its arrow is ``wind``."""
    for _ in range((wind - wind_of(tile)) & 3):
        tile = rotate_cw(tile)
    return tile


def _move_kind(low: int, side: int) -> int:
    if not low >> side & 1:
        return LAND
    return DOWNWIND if DOWNWIND_SIDES[low >> 4] >> side & 1 else UPWIND


#: MOVE_KIND[tile & 63][side]: downwind / upwind / land, judged on the tile being left (§5.1).
MOVE_KIND: Final = tuple(tuple(_move_kind(low, side) for side in range(4)) for low in range(64))


def move_kind(tile: int, side: int) -> int:
    return MOVE_KIND[tile & ORIENTATION_MASK][side]


def fits(tiles: dict[int, int], key: int, tile: int) -> bool:
    """Every neighbouring tile shows the same edge type on the shared side (§6.4)."""
    for side in range(4):
        neighbour = tiles.get(key + STEP[side])
        if neighbour is not None and (tile >> side & 1) != (neighbour >> OPPOSITE[side] & 1):
            return False
    return True


def continuous_turn(wind: int, side: int) -> int:
    """Continuous-wind variant: the one 90° turn that keeps the wind flowing (§6.3 table).

    Returns +1 for clockwise, -1 for anticlockwise.
    """
    vertical = side in (N, S)
    if wind in (NE, SW):
        return -1 if vertical else 1
    return 1 if vertical else -1


def orientations(tile: int, wind: int, side: int, variant: str) -> tuple[int, ...]:
    """Orientations tried in order: arrow matched to the tile left, then the variant's turns."""
    base = with_wind(tile, wind)
    if variant == "clockwise":
        return (base, rotate_cw(base), rotate_acw(base))
    turn = continuous_turn(wind, side)
    return (base, rotate_cw(base) if turn > 0 else rotate_acw(base))


#: Exploration variants, as indices into ``ORIENTATIONS``.
VARIANTS: Final[tuple[str, ...]] = ("clockwise", "continuous")


def _orientation_lows(low: int, wind: int, side: int, variant: str) -> tuple[int, ...]:
    return tuple(tile & ORIENTATION_MASK for tile in orientations(low, wind, side, variant))


#: ORIENTATIONS[variant index][tile & 63][wind of the tile left][side crossed] → the
#: orientation bits ``orientations`` tries, in order (the flags above bit 5 never change).
ORIENTATIONS: Final = tuple(
    tuple(
        tuple(
            tuple(_orientation_lows(low, wind, side, variant) for side in range(4))
            for wind in range(4)
        )
        for low in range(64)
    )
    for variant in VARIANTS
)


_DESCRIPTIONS: dict[int, dict[str, Any]] = {}


def _describe(tile: int) -> dict[str, Any]:
    return {
        "edges": "".join("W" if tile >> side & 1 else "L" for side in range(4)),
        "wind": WIND_NAMES[wind_of(tile)],
        "wonder": bool(tile & WONDER),
        "city": bool(tile & CITY),
        "mythical": bool(tile & MYTHICAL),
        "disaster": bool(tile & DISASTER),
        "back": "land" if tile & LAND_BACK else "water",
    }


def shared_description(tile: int) -> dict[str, Any]:
    """The cached description of a tile; callers copy it (``{**d}``) and never mutate it."""
    known = _DESCRIPTIONS.get(tile)
    if known is None:
        known = _DESCRIPTIONS[tile] = _describe(tile)
    return known


def describe_tile(tile: int) -> dict[str, Any]:
    """A tile as JSON for views: compass edges, wind and flags (a fresh dict each call)."""
    return dict(shared_description(tile))
