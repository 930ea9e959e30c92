"""Cartographer's Expedition: the 5x5 grid, draw pile, discard, found aces and the hand.

View keys (``docs/games/cartographer.md``, "View"): ``grid``, ``hand``, ``pile``,
``discard``; optional ``status`` and ``last_action`` (``reveal C3 7H C2``, ``exchange 7H``).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from renderer.cards import (
    card_back,
    frame,
    full_deck_strings,
    paste,
    paste_card,
    paste_frame,
    split_card,
    suit_icon,
)
from renderer.handpic import hand_picture
from renderer.inspect import record
from renderer.layout import (
    Box,
    SoloPictures,
    board_on,
    draw_arrow,
    draw_cards_wrapped,
    draw_discard,
    draw_pile,
    draw_result,
    hand_rows,
    last_action_words,
    result_of,
)
from renderer.toolkit import (
    HIGHLIGHT,
    LABEL,
    LOSS,
    PANEL,
    RGB,
    TABLE,
    draw_text,
    new_canvas,
)

COLUMNS = "ABCDE"
ROWS = "12345"
CORNERS = frozenset({"A1", "E1", "A5", "E5"})
CARD = (100, 136)
GAP = 12
MARGIN = 20
LABEL_BAND = 34
#: Cell names and the grid's letters and numbers: digits 23 px, 7.2 px tall where a phone's
#: gallery shows the 878 px board 275 px wide.
LABEL_TEXT = 31
GRID_X = MARGIN + LABEL_BAND
GRID_Y = MARGIN + LABEL_BAND
PANEL_X = GRID_X + 5 * (CARD[0] + GAP) - GAP + 36
PANEL_COL = CARD[0] + 20
WIDTH = PANEL_X + 2 * CARD[0] + 20 + MARGIN
HAND_Y = 330
ACES_Y = GRID_Y + CARD[1] + 44
CORNER_GOLD: RGB = (212, 175, 55)
ACE_ORDER = ("S", "H", "D", "C")


def cell_box(cell: str) -> Box:
    column, row = COLUMNS.index(cell[0]), ROWS.index(cell[1])
    return Box(GRID_X + column * (CARD[0] + GAP), GRID_Y + row * (CARD[1] + GAP), *CARD)


@lru_cache(maxsize=32)
def named_back(cell: str) -> Image.Image:
    """A face-down cell with its name on it, so players can type moves from the picture;
    the corners (where the aces lie) get a gold ring."""
    image = Image.new("RGBA", CARD, TABLE + (255,))
    image.alpha_composite(card_back(*CARD))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(
        (CARD[0] / 2 - 34, CARD[1] / 2 - 21, CARD[0] / 2 + 34, CARD[1] / 2 + 21),
        radius=10,
        fill=(18, 34, 70),
    )
    draw_text(draw, (CARD[0] / 2, CARD[1] / 2 + 1), cell, LABEL_TEXT, (240, 240, 245))
    if cell in CORNERS:
        # thick enough to survive the shrink to a phone's 280 px gallery (3 px vanished)
        ring = frame(CARD[0] - 12, CARD[1] - 12, CORNER_GOLD, 6)
        image.alpha_composite(ring, (0, 0))
    return image.convert("RGB")


@lru_cache(maxsize=4)
def _background(height: int) -> Image.Image:
    """Felt, labels and panel trays: the part of the board that never changes."""
    image, draw = new_canvas(WIDTH, height, TABLE)
    for index, column in enumerate(COLUMNS):
        x = GRID_X + index * (CARD[0] + GAP) + CARD[0] / 2
        draw_text(draw, (x, MARGIN + LABEL_BAND / 2 - 2), column, LABEL_TEXT, LABEL)
    for index, row in enumerate(ROWS):
        y = GRID_Y + index * (CARD[1] + GAP) + CARD[1] / 2
        draw_text(draw, (MARGIN + LABEL_BAND / 2 - 4, y), row, LABEL_TEXT, LABEL)
    draw.rounded_rectangle(
        (PANEL_X - 14, HAND_Y - 16, WIDTH - MARGIN + 6, height - MARGIN), radius=16, fill=PANEL
    )
    draw.rounded_rectangle(
        (PANEL_X - 14, ACES_Y, WIDTH - MARGIN + 6, ACES_Y + 70), radius=16, fill=PANEL
    )
    draw_text(draw, (PANEL_X + 10, ACES_Y + 35), "A", LABEL_TEXT, LABEL)
    return image


def _ace_tracker(board: Image.Image, grid: Mapping[str, Any]) -> None:
    """Which aces are already face-up in a corner: coloured when found, dim when not."""
    found = set()
    for cell in CORNERS:
        parts = split_card(grid.get(cell) or "")
        if parts and parts[0] == "A":
            found.add(parts[1])
    draw = ImageDraw.Draw(board)
    top = ACES_Y
    side = 40
    for index, suit in enumerate(ACE_ORDER):
        x = PANEL_X + 36 + index * 44
        if suit in found:
            draw.ellipse((x - 2, top + 13, x + side + 2, top + 13 + side + 4), fill=(252, 251, 245))
            paste(board, suit_icon(suit, side - 8), (x + 4, top + 17))
        else:
            paste(board, suit_icon(suit, side - 8, (70, 104, 90)), (x + 4, top + 17))
        record("mark", f"ace {suit}", (x - 2, top + 13, x + side + 2, top + 17 + side))


def _highlight_last_action(board: Image.Image, view: Mapping[str, Any]) -> bool:
    """Frame what the last move touched; returns whether the discard's top card was played."""
    words = last_action_words(view)
    if len(words) == 4 and words[0] == "REVEAL" and _is_cell(words[1]) and _is_cell(words[3]):
        source, target = cell_box(words[1]), cell_box(words[3])
        paste_frame(board, source.xy, source.size, (255, 226, 150), 3)
        paste_frame(board, target.xy, target.size)
        _arrow_between(board, source, target)
        return True
    return len(words) == 2 and words[0] == "EXCHANGE"


def _mark_no_start(board: Image.Image, box: Box) -> None:
    """An empty centre means no starting point (rules "Setup" 5): the deal cannot be won."""
    draw = ImageDraw.Draw(board)
    inset = 22
    for start, end in (
        ((box.x + inset, box.y + inset), (box.x + box.w - inset, box.y + box.h - inset)),
        ((box.x + box.w - inset, box.y + inset), (box.x + inset, box.y + box.h - inset)),
    ):
        draw.line([start, end], fill=LOSS, width=9)


def _is_cell(text: str) -> bool:
    return len(text) == 2 and text[0] in COLUMNS and text[1] in ROWS


def _arrow_between(board: Image.Image, source: Box, target: Box) -> None:
    (sx, sy), (tx, ty) = source.centre, target.centre
    dx, dy = (tx > sx) - (tx < sx), (ty > sy) - (ty < sy)
    half_w, half_h = source.w / 2, source.h / 2
    start = (sx + dx * (half_w - 22), sy + dy * (half_h - 22))
    end = (tx - dx * (half_w - 22), ty - dy * (half_h - 22))
    draw_arrow(board, start, end, HIGHLIGHT, 7)


def _board_image(view: Mapping[str, Any], reference: Image.Image | None = None) -> Image.Image:
    """The board in full colour, or on ``reference``'s palette when given."""
    grid = view.get("grid") or {}
    hand = list(view.get("hand") or [])
    rows = hand_rows(len(hand), 2)
    height = max(GRID_Y + 5 * (CARD[1] + GAP) - GAP + MARGIN, HAND_Y + rows * (CARD[1] + GAP) + 90)
    board = board_on(_background(height), reference)
    for column in COLUMNS:
        for row in ROWS:
            cell = column + row
            value = grid.get(cell)
            box = cell_box(cell)
            if value is None:
                board.paste(named_back(cell), box.xy)
            else:
                paste_card(board, value, box.xy, box.size, TABLE)
            record("card", cell, box.corners)
    if grid.get("C3") == "" or view.get("no_starting_point"):
        _mark_no_start(board, cell_box("C3"))
    played_from_hand = _highlight_last_action(board, view)
    draw_pile(board, Box(PANEL_X, GRID_Y + 6, *CARD), int(view.get("pile") or 0), background=TABLE)
    draw_discard(
        board,
        Box(PANEL_X + PANEL_COL, GRID_Y + 6, *CARD),
        list(view.get("discard") or []),
        played_from_hand,
        background=TABLE,
    )
    _ace_tracker(board, grid)
    draw_cards_wrapped(board, hand, (PANEL_X, HAND_Y), CARD, 2, 20, PANEL)
    result = result_of(view)
    draw_result(board, result, (PANEL_X + CARD[0] + 10, height - MARGIN - 50), name="result")
    return board


SAMPLE_VIEWS: tuple[dict[str, Any], ...] = (
    {
        "grid": dict(
            zip(
                [c + r for r in ROWS for c in COLUMNS],
                [*full_deck_strings()[:12], "", *full_deck_strings()[12:24]],
                strict=True,
            )
        ),
        "hand": full_deck_strings()[24:28],
        "pile": 20,
        "discard": full_deck_strings()[28:30],
        "status": "won",
        "last_action": "reveal C3 7H C2",
    },
    {
        "grid": dict(
            zip(
                [c + r for r in ROWS for c in COLUMNS],
                [*full_deck_strings()[30:42], None, *full_deck_strings()[42:52], None, None],
                strict=True,
            )
        ),
        "hand": ["10H", "QS"],
        "pile": 0,
        "discard": [],
        "status": "lost",
    },
)


_PICTURES = SoloPictures(_board_image, hand_picture, SAMPLE_VIEWS)
palette = _PICTURES.palette
palette_board = _PICTURES.palette_board
render_board = _PICTURES.render_board
render_hand = _PICTURES.render_hand


#: The board in full colour, or on a palette given as its second argument.
draw_board = _board_image


def board_image(view: Mapping[str, Any]) -> Image.Image:
    """The posted board in RGB (the frames of animated replays)."""
    return palette_board(view).convert("RGB")
