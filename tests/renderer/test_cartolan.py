from __future__ import annotations

import pytest

import renderer
from renderer.cartolan_art import LAND, WATER, tile_sprite
from renderer.cartolan_map import map_frame
from tests.renderer.cartolan_views import synthetic_view
from tests.renderer.helpers import open_png, played_views


@pytest.mark.parametrize("tiles", [20, 60, 120])
def test_maps_of_every_size_render_below_one_megabyte(tiles: int) -> None:
    image = open_png(renderer.render_board("cartolan", synthetic_view(tiles)), max_bytes=1_000_000)
    assert image.width == 700  # 25 px labels 7 px tall (cap height) in a 275 px gallery
    assert image.height <= 1600


def test_a_small_map_is_shown_whole_with_large_tiles() -> None:
    frame = map_frame(synthetic_view(8))
    assert not frame.cropped
    assert frame.tile >= 60


def test_a_huge_map_is_cropped_around_the_moving_adventurer() -> None:
    view = synthetic_view(400, seed=3)
    frame = map_frame(view)
    mover = next(a for a in view["adventurers"] if a["moving"])
    assert frame.cropped
    assert frame.shows(mover["x"], mover["y"])
    open_png(renderer.render_board("cartolan", view), max_bytes=1_000_000)


def test_pieces_and_path_change_the_picture() -> None:
    view = synthetic_view(60)
    plain = renderer.render_board("cartolan", view)
    for agent in view["agents"]:
        agent["ransacked"] = not agent["ransacked"]
    assert renderer.render_board("cartolan", view) != plain
    assert renderer.render_board("cartolan", synthetic_view(60) | {"reachable": []}) != plain


def test_same_view_gives_identical_bytes() -> None:
    assert renderer.render_board("cartolan", synthetic_view(60)) == renderer.render_board(
        "cartolan", synthetic_view(60)
    )


def test_hand_picture_is_the_viewers_row() -> None:
    image = open_png(renderer.render_hand("cartolan", synthetic_view(20)))
    assert image.width > 3 * image.height


@pytest.mark.parametrize("preset", ["classic", "modern"])
def test_every_view_of_a_real_game_renders(preset: str) -> None:
    views = played_views("cartolan", 7, players=3, every=40, limit=200, options={"preset": preset})
    for view in views:
        open_png(renderer.render_board("cartolan", view), max_bytes=1_000_000)


@pytest.mark.parametrize(
    ("edges", "land_sides"), [("WWWW", ""), ("LWWW", "N"), ("WLWL", "EW"), ("LLLL", "NESW")]
)
def test_tiles_are_land_exactly_on_their_land_edges(edges: str, land_sides: str) -> None:
    sprite = tile_sprite(edges, "NE", False, False, False, False, 80)
    probes = {"N": (40, 6), "E": (73, 40), "S": (40, 73), "W": (6, 40)}
    for side, xy in probes.items():
        expected = LAND if side in land_sides else WATER
        assert sprite.getpixel(xy) == expected, (edges, side)


def test_pending_choices_are_drawn() -> None:
    view = synthetic_view(20)
    plain = renderer.render_board("cartolan", view)
    options = [{"edges": "WLWL", "wind": "NE"}, {"edges": "LLWW", "wind": "SW", "wonder": True}]
    maps = view | {"decision": {"kind": "maps", "seat": 0, "map": 1, "options": options}}
    assert renderer.render_board("cartolan", maps) != plain
    target = [view["tiles"][0]["x"], view["tiles"][0]["y"]]
    relocate = view | {"decision": {"kind": "relocate", "seat": 0, "target": target, "cost": 3}}
    assert renderer.render_board("cartolan", relocate) != renderer.render_board(
        "cartolan", view | {"decision": {"kind": "relocate", "seat": 0}}
    )
