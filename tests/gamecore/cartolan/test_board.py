"""Geometry of tiles, wind and edges, exhaustively (rules §1, §6.3, §6.4)."""

from __future__ import annotations

import itertools
import random

import pytest

from gamecore.games.cartolan import GAME, board, exploration, presets
from gamecore.games.cartolan.board import NE, NW, SE, SW, E, N, S, W

# §1.3 table: arrow -> (N, E, S, W) as stored wind-relative edge names.
MAPPING = {
    NE: ("da", "dc", "ua", "uc"),
    SE: ("uc", "da", "dc", "ua"),
    SW: ("ua", "uc", "da", "dc"),
    NW: ("dc", "ua", "uc", "da"),
}
DOWNWIND = {NE: {N, E}, SE: {E, S}, SW: {S, W}, NW: {N, W}}


@pytest.mark.parametrize("wind", [NE, SE, SW, NW])
def test_edge_mapping_for_every_arrow_and_edge_pattern(wind: int) -> None:
    for uc, ua, dc, da in itertools.product((False, True), repeat=4):
        named = {"uc": uc, "ua": ua, "dc": dc, "da": da}
        tile = board.with_wind(board.from_wind_edges(uc, ua, dc, da), wind)
        assert board.wind_of(tile) == wind
        for side, name in enumerate(MAPPING[wind]):
            assert board.is_water(tile, side) == named[name], (wind, side, name)


@pytest.mark.parametrize("wind", [NE, SE, SW, NW])
def test_move_kinds_follow_the_arrow(wind: int) -> None:
    all_water = board.with_wind(board.make_tile((N, E, S, W)), wind)
    no_water = board.with_wind(board.make_tile(()), wind)
    for side in range(4):
        expected = board.DOWNWIND if side in DOWNWIND[wind] else board.UPWIND
        assert board.move_kind(all_water, side) == expected
        assert board.move_kind(no_water, side) == board.LAND


def test_rotation_cycles_and_inverse() -> None:
    for low in range(64):
        tile = low | board.WONDER | board.LAND_BACK
        once = board.rotate_cw(tile)
        assert board.wind_of(once) == (board.wind_of(tile) + 1) % 4
        assert board.rotate_acw(once) == tile
        four = tile
        for _ in range(4):
            four = board.rotate_cw(four)
        assert four == tile
        assert once & ~board.ORIENTATION_MASK == tile & ~board.ORIENTATION_MASK


def test_clockwise_rotation_moves_north_edge_east() -> None:
    tile = board.make_tile((N,), NE)
    turned = board.rotate_cw(tile)
    assert [board.is_water(turned, side) for side in range(4)] == [False, True, False, False]
    assert board.wind_of(turned) == SE


@pytest.mark.parametrize(
    ("wind", "side", "expected"),
    [
        (NE, N, NW), (NE, S, NW), (NE, E, SE), (NE, W, SE),
        (SW, N, SE), (SW, S, SE), (SW, E, NW), (SW, W, NW),
        (NW, N, NE), (NW, S, NE), (NW, E, SW), (NW, W, SW),
        (SE, N, SW), (SE, S, SW), (SE, E, NE), (SE, W, NE),
    ],
)  # fmt: skip
def test_continuous_variant_turn_table(wind: int, side: int, expected: int) -> None:
    tile = board.make_tile((N, E, S, W))
    tried = board.orientations(tile, wind, side, "continuous")
    assert [board.wind_of(t) for t in tried] == [wind, expected]


@pytest.mark.parametrize("wind", [NE, SE, SW, NW])
def test_clockwise_variant_tries_as_is_then_cw_then_acw_never_180(wind: int) -> None:
    tile = board.make_tile((N, E))
    tried = board.orientations(tile, wind, N, "clockwise")
    assert [board.wind_of(t) for t in tried] == [wind, (wind + 1) % 4, (wind + 3) % 4]


def test_fits_checks_every_neighbour_combination() -> None:
    centre = board.cell(0, 0)
    for present in itertools.product((False, True), repeat=4):
        for facing in itertools.product((False, True), repeat=4):
            tiles = {}
            for side in range(4):
                if present[side]:
                    water = (board.OPPOSITE[side],) if facing[side] else ()
                    tiles[centre + board.STEP[side]] = board.make_tile(water)
            for edges in range(16):
                tile = edges
                expected = all(
                    not present[side] or bool(edges >> side & 1) == facing[side]
                    for side in range(4)
                )
                assert board.fits(tiles, centre, tile) == expected


def test_cells_round_trip_and_steps() -> None:
    for x, y in itertools.product(range(-40, 41, 7), repeat=2):
        key = board.cell(x, y)
        assert board.coords(key) == (x, y)
        assert board.coords(key + board.STEP[N]) == (x, y + 1)
        assert board.coords(key + board.STEP[E]) == (x + 1, y)
        assert board.coords(key + board.STEP[S]) == (x, y - 1)
        assert board.coords(key + board.STEP[W]) == (x - 1, y)


def _count(tiles: list[int], flag: int = 0) -> int:
    return sum(1 for t in tiles if not flag or t & flag)


def test_modern_tables_match_the_rules() -> None:
    water = presets.table_tiles(presets.MODERN_WATER, land=False)
    land = presets.table_tiles(presets.MODERN_LAND, land=True)
    assert (len(water), _count(water, board.WONDER)) == (60, 8)
    assert (len(land), _count(land, board.WONDER)) == (30, 8)
    assert all(t & board.LAND_BACK for t in land)
    assert water.count(presets.PLAIN_WATER) == 15


def test_classic_tables_match_the_seed() -> None:
    water = presets.table_tiles(presets.CLASSIC_WATER, land=False)
    land = presets.table_tiles(presets.CLASSIC_LAND, land=True)
    assert (len(water), _count(water, board.WONDER)) == (72, 12)
    assert (len(land), _count(land, board.WONDER)) == (48, 8)
    all_land = board.make_tile((), NE, board.LAND_BACK)
    assert land.count(all_land) == 6


@pytest.mark.parametrize("variant", ["clockwise", "continuous"])
def test_placement_tables_agree_with_orientations_and_fits(variant: str) -> None:
    """``exploration.placement`` reads precomputed orientation tables: the first of
    ``board.orientations`` that ``board.fits``, for every tile, wind, side and neighbourhood."""
    state = GAME.setup(2, 1, {"preset": "modern", "exploration": variant})
    origin = board.cell(0, 0)
    rng = random.Random(variant)
    for _ in range(3000):
        state.tiles = {origin: rng.randrange(64) | board.WONDER}
        side = rng.randrange(4)
        target = origin + board.STEP[side]
        for edge in range(4):
            if target + board.STEP[edge] != origin and rng.random() < 0.6:
                state.tiles[target + board.STEP[edge]] = rng.randrange(64)
        tile = rng.randrange(64) | rng.choice((0, board.WONDER, board.LAND_BACK))
        wind = board.wind_of(state.tiles[origin])
        expected = next(
            (t for t in board.orientations(tile, wind, side, variant)
             if board.fits(state.tiles, target, t)),
            None,
        )  # fmt: skip
        assert exploration.placement(state, tile, origin, side) == expected
