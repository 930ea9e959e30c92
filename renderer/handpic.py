"""A player's hand on its own: large cards in rows, for ``render_hand`` and ephemeral replies."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from renderer.layout import draw_cards_wrapped, hand_rows
from renderer.toolkit import PANEL, new_canvas

HAND_CARD = (110, 150)
HAND_GAP = 14
PER_ROW = 7
MARGIN = 20


def hand_picture(cards: Sequence[str]) -> Image.Image:
    """Up to seven cards a row; an empty hand shows one empty slot."""
    shown: list[str | None] = list(cards) or [""]
    columns = min(PER_ROW, len(shown))
    rows = hand_rows(len(shown), PER_ROW)
    width = 2 * MARGIN + columns * (HAND_CARD[0] + HAND_GAP) - HAND_GAP
    height = 2 * MARGIN + rows * (HAND_CARD[1] + HAND_GAP) - HAND_GAP
    image, _ = new_canvas(width, height, PANEL)
    draw_cards_wrapped(image, shown, (MARGIN, MARGIN), HAND_CARD, PER_ROW, HAND_GAP, PANEL)
    return image
