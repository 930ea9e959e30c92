from __future__ import annotations

import pytest

import renderer
from renderer.cartographer import SAMPLE_VIEWS, cell_box
from renderer.toolkit import HIGHLIGHT, TABLE
from tests.renderer.helpers import open_png, played_views
from tests.renderer.views import cartographer_view


def test_board_is_a_small_phone_sized_png() -> None:
    image = open_png(
        renderer.render_board("cartographer", cartographer_view(last_action="reveal C3 7H C2"))
    )
    assert 700 <= image.width <= 1100
    assert 600 <= image.height <= 1200


def test_hand_picture_is_a_png() -> None:
    image = open_png(renderer.render_hand("cartographer", cartographer_view()))
    assert image.width > image.height


def test_same_view_gives_identical_bytes() -> None:
    view = cartographer_view(status="won", last_action="exchange 7H")
    assert renderer.render_board("cartographer", view) == renderer.render_board(
        "cartographer", dict(view)
    )


@pytest.mark.parametrize(
    "action", ["reveal C3 7H C2", "exchange 7H", {"action": "reveal C3 7H C2"}]
)
def test_last_action_changes_the_picture(action: object) -> None:
    plain = renderer.render_board("cartographer", cartographer_view())
    assert renderer.render_board("cartographer", cartographer_view(last_action=action)) != plain


@pytest.mark.parametrize("status", ["won", "lost", {"result": "lost"}])
def test_end_of_game_is_marked(status: object) -> None:
    plain = renderer.render_board("cartographer", cartographer_view())
    assert renderer.render_board("cartographer", cartographer_view(status=status)) != plain


def test_nonsense_last_action_is_ignored() -> None:
    plain = renderer.render_board("cartographer", cartographer_view())
    assert (
        renderer.render_board("cartographer", cartographer_view(last_action="reveal Z9 XX Q7"))
        == plain
    )


def test_empty_centre_and_empty_hand_render() -> None:
    view = SAMPLE_VIEWS[1] | {"hand": [], "no_starting_point": True}
    open_png(renderer.render_board("cartographer", view))
    open_png(renderer.render_hand("cartographer", view))


@pytest.mark.parametrize("seed", [1, 2])
def test_every_view_of_a_real_game_renders(seed: int) -> None:
    for view in played_views("cartographer", seed, every=4):
        image = open_png(renderer.render_board("cartographer", view))
        assert image.width >= 700


def _pixel(png: bytes, xy: tuple[int, int]) -> tuple[int, int, int]:
    return open_png(png).convert("RGB").getpixel(xy)


def _near(colour: tuple[int, int, int], target: tuple[int, int, int], slack: int = 40) -> bool:
    return all(abs(a - b) <= slack for a, b in zip(colour, target, strict=True))


def test_the_revealed_cell_is_framed_in_amber() -> None:
    box = cell_box("C2")
    left_of_c2 = (box.x - 3, box.y + box.h // 2)
    left_of_e4 = (cell_box("E4").x - 3, cell_box("E4").y + box.h // 2)
    marked = renderer.render_board("cartographer", cartographer_view(last_action="reveal C3 7H C2"))
    assert _near(_pixel(marked, left_of_c2), HIGHLIGHT)
    assert _near(_pixel(marked, left_of_e4), TABLE)
    plain = renderer.render_board("cartographer", cartographer_view())
    assert _near(_pixel(plain, left_of_c2), TABLE)
