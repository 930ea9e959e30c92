"""Boards drawn on a palette canvas: the same pixels as the RGB board mapped as a whole
(within a stated tolerance at pieces' soft edges), and each piece mapped once, not per board."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any
from unittest.mock import patch

import pytest
from PIL import Image, ImageChops, ImageDraw

import renderer
from gamecore import get_game
from gamecore.simulate import available_players
from renderer import palette_canvas
from tests.renderer.cartolan_views import synthetic_view

#: At most this share (0.1 %) of a board's pixels may differ from the RGB board mapped as a whole:
#: only soft piece edges laid on a ground whose palette colour is not its exact RGB colour.
MAX_DIFFERENT = 0.001


def played_views(game_id: str, players: int, seed: int, steps: int) -> Iterator[dict[str, Any]]:
    """A seeded game's public views every 7 moves (moves picked in a fixed pattern)."""
    game = get_game(game_id)
    state = game.setup(players, seed, {})
    for step in range(steps):
        status = game.status(state)
        if status.over:
            break
        seat = status.to_move[0]
        actions = game.legal_actions(state, seat)
        state, _ = game.apply(state, seat, actions[(seed + 3 * step) % len(actions)])
        if step % 7 == 0:
            yield game.view(state, seat)


def cases() -> list[tuple[str, Mapping[str, Any]]]:
    speiderne = renderer.pictures("speiderne")
    cartolan = renderer.pictures("cartolan")
    return (
        [("speiderne", view) for view in speiderne.sample_views()]
        + [("speiderne", view) for view in played_views("speiderne", 4, 3, 60)]
        + [("cartolan", view) for view in cartolan.sample_views()]
        + [("cartolan", synthetic_view(tiles)) for tiles in (20, 100, 400)]
    )


def _different(first: Image.Image, second: Image.Image) -> int:
    difference = ImageChops.difference(first.convert("RGB"), second.convert("RGB"))
    marked = difference.convert("L").point(lambda value: 255 if value else 0)
    return int(marked.histogram()[255])


def assert_drawn_like_the_whole_board_mapped(
    game_id: str, view: Mapping[str, Any], most_different: float
) -> None:
    """The board drawn on its palette canvas has the size of the RGB board mapped as a whole,
    and at most ``most_different`` of its pixels differ from it."""
    module = renderer.pictures(game_id)
    reference = module.palette()
    whole = module.draw_board(view).quantize(palette=reference, dither=Image.Dither.NONE)
    drawn = module.draw_board(view, reference)
    assert drawn.mode == "P" and drawn.size == whole.size
    assert _different(drawn, whole) <= most_different * drawn.width * drawn.height, view


def quantize_counted() -> Any:
    """``Image.quantize`` with its calls counted while in use (each call still maps)."""
    return patch.object(Image.Image, "quantize", autospec=True, side_effect=Image.Image.quantize)


@pytest.mark.parametrize(("game_id", "view"), cases())
def test_same_pixels_as_the_board_mapped_whole(game_id: str, view: Mapping[str, Any]) -> None:
    assert_drawn_like_the_whole_board_mapped(game_id, view, MAX_DIFFERENT)


@pytest.mark.parametrize(
    ("game_id", "view"),
    [("speiderne", next(played_views("speiderne", 4, 3, 60))), ("cartolan", synthetic_view(100))],
)
def test_a_piece_is_mapped_once_not_per_board(game_id: str, view: Mapping[str, Any]) -> None:
    renderer.render_board(game_id, view)  # every piece of this board is mapped now
    with quantize_counted() as quantize:
        again = renderer.render_board(game_id, view)
    assert quantize.call_count == 0
    assert again == renderer.render_board(game_id, view)


def test_shapes_take_the_palette_entry_their_colour_maps_to() -> None:
    reference = renderer.palette("speiderne")
    assert reference is not None
    canvas = palette_canvas.palette_canvas(8, 8, (28, 84, 62), reference)
    colour = (250, 3, 7)  # in no palette: drawn with its nearest entry, none added

    ImageDraw.Draw(canvas).rectangle((0, 0, 3, 3), fill=colour)
    mapped = Image.new("RGB", (1, 1), colour).quantize(palette=reference, dither=Image.Dither.NONE)
    assert canvas.getpixel((1, 1)) == mapped.getpixel((0, 0))
    assert len(canvas.getpalette() or []) == len(reference.getpalette() or [])


#: The solo boards lay highlight frames and count badges over cards (mixed ground), so more of
#: their soft edges land on palette colours: at most 0.5 % of a board's pixels (seen 0.23 %).
MAX_DIFFERENT_SOLO = 0.005


def solo_views(game_id: str) -> list[dict[str, Any]]:
    """Every view of two whole games played by the heuristic (highlights, wins and losses)."""
    game = get_game(game_id)
    player = available_players(game)["heuristic"]
    views = []
    for seed in (2, 5):
        state, rng = game.setup(1, seed), random.Random(seed)
        views.append(game.view(state, None))
        while not game.status(state).over:
            action = player(game.view(state, 0), game.legal_actions(state, 0), rng)
            state = game.apply(state, 0, action)[0]
            views.append(game.view(state, None))
    return views


@pytest.mark.parametrize("game_id", ["cartographer", "dungeon-delver"])
def test_solo_boards_are_drawn_on_the_palette_with_the_same_pixels(game_id: str) -> None:
    views = solo_views(game_id)
    for view in views:
        assert_drawn_like_the_whole_board_mapped(game_id, view, MAX_DIFFERENT_SOLO)
    renderer.render_board(game_id, views[3])  # every piece of this board is mapped now
    with quantize_counted() as quantize:
        renderer.render_board(game_id, views[3])
    assert quantize.call_count == 0  # the board is not mapped as a whole
