from __future__ import annotations

import io

from PIL import Image

import renderer
from tests.renderer.views import cartographer_view

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _open(png: bytes) -> Image.Image:
    assert png.startswith(PNG_SIGNATURE)
    return Image.open(io.BytesIO(png))


def test_board_is_a_small_phone_sized_png() -> None:
    png = renderer.render_board("cartographer", cartographer_view(last_action="reveal C3 7H C2"))
    image = _open(png)
    assert 700 <= image.width <= 1100
    assert 600 <= image.height <= 1200
    assert len(png) < 150_000


def test_hand_picture_is_a_png() -> None:
    image = _open(renderer.render_hand("cartographer", cartographer_view()))
    assert image.width > image.height


def test_same_view_gives_identical_bytes() -> None:
    view = cartographer_view(status="won", last_action="exchange 7H")
    assert renderer.render_board("cartographer", view) == renderer.render_board("cartographer", dict(view))


def test_last_action_changes_the_picture() -> None:
    plain = renderer.render_board("cartographer", cartographer_view())
    marked = renderer.render_board("cartographer", cartographer_view(last_action="reveal C3 7H C2"))
    assert plain != marked
