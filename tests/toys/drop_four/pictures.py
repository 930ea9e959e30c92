"""Drop Four's pictures, drawn only from a view with the renderer's toolkit.

Registered as the game's picture module (``register(GAME, pictures=__name__)``), so
``renderer.render_board("drop-four", view)`` finds it without the renderer naming the game.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from PIL import Image

from renderer.inspect import record
from renderer.toolkit import (
    HIGHLIGHT,
    LABEL,
    PANEL,
    RGB,
    TABLE_DARK,
    draw_text,
    encode_png,
    new_canvas,
)
from tests.toys.drop_four.rules import LETTERS

CELL = 64
MARGIN = 24
DISC: dict[int, RGB] = {0: (214, 48, 49), 1: (245, 197, 24)}
BOARD: RGB = (30, 80, 170)
HOLE: RGB = TABLE_DARK


def _board_image(view: Mapping[str, Any]) -> Image.Image:
    columns = view.get("columns") or [[] for _ in range(7)]
    rows = int(view.get("rows") or 6)
    width = 2 * MARGIN + CELL * len(columns)
    height = 2 * MARGIN + CELL * rows + CELL // 2
    image, draw = new_canvas(width, height, PANEL)
    draw.rectangle((MARGIN, MARGIN, width - MARGIN, MARGIN + CELL * rows), fill=BOARD)
    for c, stack in enumerate(columns):
        left = MARGIN + c * CELL
        for r in range(rows):
            top = MARGIN + (rows - 1 - r) * CELL
            seat = stack[r] if r < len(stack) else None
            box = (left + 6, top + 6, left + CELL - 6, top + CELL - 6)
            last_disc = c == view.get("last") and r == len(stack) - 1
            draw.ellipse(
                box, fill=DISC.get(seat, HOLE), outline=HIGHLIGHT if last_disc else None, width=4
            )
            if seat is not None:
                record("piece", f"{LETTERS[c]}{r + 1}", box)
        draw_text(draw, (left + CELL / 2, MARGIN + CELL * rows + CELL / 4), LETTERS[c], 22, LABEL)
        label_y = MARGIN + CELL * rows + CELL // 4
        record(
            "label",
            LETTERS[c],
            (left + CELL // 2 - 11, label_y - 11, left + CELL // 2 + 11, label_y + 11),
        )
    return image


def render_board(view: Mapping[str, Any]) -> bytes:
    return encode_png(_board_image(view))


def render_hand(view: Mapping[str, Any]) -> bytes:
    """The viewer's disc colour (Drop Four has no hand: nothing is private)."""
    image, draw = new_canvas(2 * CELL, 2 * CELL, PANEL)
    seat = view.get("viewer")
    draw.ellipse((CELL // 2, CELL // 2, 3 * CELL // 2, 3 * CELL // 2), fill=DISC.get(seat, HOLE))
    return encode_png(image)


@cache
def palette() -> Image.Image:
    """Nothing to learn: pictures are drawn directly; warming up builds one empty board."""
    return _board_image({})
