"""Dungeon Delver: four levels of four cards, each level's reward, the deck, discard and hand.

View keys (``docs/games/dungeon-delver.md``, "View"): ``levels``, ``hand``, ``deck``,
``discard``, ``claimed``; optional ``status`` and ``last_action`` (``explore 2 7H``,
``subdue 7H 2 4``, ``claim 3``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from renderer.cards import SCALE, full_deck_strings, paste, paste_card, paste_frame, suit_icon
from renderer.handpic import hand_picture
from renderer.inspect import record
from renderer.layout import (
    Box,
    SoloPictures,
    board_on,
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
    MUTED,
    PANEL,
    RGB,
    TABLE,
    draw_text,
    new_canvas,
    shrink,
    supersampled,
)

LEVELS = 4
POSITIONS = 4
CARD = (100, 136)
GAP = 12
ROW_GAP = 16
MARGIN = 20
LABEL_BAND = 34
BADGE_W = 104
#: Position numbers, level rules, the legend and the reward: digits 24 px, 7.1 px tall where a
#: phone's gallery shows the 928 px board 275 px wide.
SMALL_TEXT = 33
GRID_X = MARGIN + BADGE_W + 12
GRID_Y = MARGIN + LABEL_BAND
COIN = 64
COIN_X = GRID_X + POSITIONS * (CARD[0] + GAP) + 6
PANEL_X = COIN_X + COIN + 34
WIDTH = PANEL_X + 2 * CARD[0] + 20 + MARGIN
GRID_BOTTOM = GRID_Y + LEVELS * (CARD[1] + ROW_GAP) - ROW_GAP
HAND_Y = GRID_BOTTOM + 36
LEGEND_Y = GRID_BOTTOM - 150
HAND_PER_ROW = (WIDTH - 2 * MARGIN + GAP) // (CARD[0] + GAP)
GOLD: RGB = (222, 178, 40)
#: What beats a level's card (rules "Subdue"): suit higher, rank higher, same suit, same rank.
RULE_HINTS = (("suit", ">"), ("rank", ">"), ("suit", "="), ("rank", "="))


def slot_box(level: int, position: int) -> Box:
    """Level and position count from 1, as in the notation."""
    return Box(
        GRID_X + (position - 1) * (CARD[0] + GAP),
        GRID_Y + (level - 1) * (CARD[1] + ROW_GAP),
        *CARD,
    )


def coin_box(level: int) -> Box:
    slot = slot_box(level, 1)
    return Box(COIN_X, slot.y + (CARD[1] - COIN) // 2, COIN, COIN)


@lru_cache(maxsize=2)
def reward_coin(claimed: bool) -> Image.Image:
    """The level's reward (+2 cards): gold while waiting, grey with a tick once taken."""
    image, draw = supersampled(COIN, COIN, SCALE)
    s = COIN * SCALE
    fill = (110, 120, 112) if claimed else GOLD
    draw.ellipse((0, 0, s - 1, s - 1), fill=fill, outline=(255, 244, 200), width=3 * SCALE)
    if claimed:
        draw.line(
            [(s * 0.26, s * 0.52), (s * 0.43, s * 0.69), (s * 0.75, s * 0.34)],
            fill=(255, 255, 255),
            width=6 * SCALE,
            joint="curve",
        )
    image = shrink(image, COIN, COIN)
    if not claimed:
        draw_text(ImageDraw.Draw(image), (COIN / 2, COIN / 2 + 1), "+2", SMALL_TEXT, (70, 45, 0))
    return image


@lru_cache(maxsize=2)
def coin_on_table(claimed: bool) -> Image.Image:
    """The reward coin already laid on the table: a plain paste (the same pixels, faster)."""
    coin = reward_coin(claimed)
    base = Image.new("RGB", coin.size, TABLE)
    base.paste(coin, (0, 0), coin)
    return base


def _level_badge(board: Image.Image, draw: ImageDraw.ImageDraw, level: int) -> None:
    """The level number and what beats its cards (a suit or a rank, higher or equal)."""
    top = slot_box(level, 1).y
    draw.rounded_rectangle((MARGIN, top, MARGIN + BADGE_W, top + CARD[1]), radius=14, fill=PANEL)
    centre = MARGIN + BADGE_W / 2
    draw_text(draw, (centre, top + 46), str(level), 52, LABEL)
    kind, relation = RULE_HINTS[level - 1]
    if kind == "suit":
        paste(board, suit_icon("S", 28, MUTED), (centre - 40, top + 90))
        paste(board, suit_icon("H", 28, MUTED), (centre - 10, top + 90))
        draw_text(draw, (centre + 38, top + 104), relation, SMALL_TEXT, MUTED)
    else:
        draw_text(draw, (centre - 14, top + 104), "#", SMALL_TEXT, MUTED)
        draw_text(draw, (centre + 22, top + 104), relation, SMALL_TEXT, MUTED)


@lru_cache(maxsize=8)
def _background(height: int) -> Image.Image:
    image, draw = new_canvas(WIDTH, height, TABLE)
    for position in range(1, POSITIONS + 1):
        box = slot_box(1, position)
        draw_text(
            draw, (box.centre[0], MARGIN + LABEL_BAND / 2 - 2), str(position), SMALL_TEXT, LABEL
        )
    for level in range(1, LEVELS + 1):
        _level_badge(image, draw, level)
    draw.rounded_rectangle(
        (MARGIN - 6, HAND_Y - 14, WIDTH - MARGIN + 6, height - MARGIN + 4), radius=16, fill=PANEL
    )
    _order_legend(image, draw, PANEL_X - 8, LEGEND_Y)
    return image


def _order_legend(image: Image.Image, draw: ImageDraw.ImageDraw, left: int, top: int) -> None:
    """The orders the levels compare by (rules "Values", "Subdue"): suits ♣ < ♦ < ♥ < ♠, and
    the two wrap-around wins ♣ beats ♠ (level 1) and 2 beats A (level 2)."""
    draw.rounded_rectangle((left, top, WIDTH - MARGIN + 4, top + 150), radius=14, fill=PANEL)
    side, step = 30, 52
    for index, suit in enumerate(("C", "D", "H", "S")):
        x = left + 14 + index * step
        paste(image, suit_icon(suit, side, MUTED), (x, top + 14))
        if index < 3:
            draw_text(draw, (x + side + 11, top + 29), "<", SMALL_TEXT, MUTED)
    paste(image, suit_icon("C", side, MUTED), (left + 14, top + 62))
    draw_text(draw, (left + 14 + side + 11, top + 77), ">", SMALL_TEXT, MUTED)
    paste(image, suit_icon("S", side, MUTED), (left + 14 + step, top + 62))
    draw_text(draw, (left + 29, top + 124), "2", SMALL_TEXT, MUTED)
    draw_text(draw, (left + 14 + side + 11, top + 124), ">", SMALL_TEXT, MUTED)
    draw_text(draw, (left + 29 + step, top + 124), "A", SMALL_TEXT, MUTED)


def turned_position(row: Sequence[str | None]) -> int | None:
    """The card an explore just turned: face-down cards always form a prefix of a level
    (explore turns the rightmost one; only face-up cards are ever removed), so it is the
    first position after them."""
    hidden = 0
    while hidden < len(row) and row[hidden] is None:
        hidden += 1
    if hidden < len(row) and row[hidden]:
        return hidden + 1
    return None


def _level(text: str) -> bool:
    return text.isdigit() and 1 <= int(text) <= LEVELS


def _board_image(view: Mapping[str, Any], reference: Image.Image | None = None) -> Image.Image:
    """The board in full colour, or on ``reference``'s palette when given."""
    levels = _normalised_levels(view.get("levels"))
    hand = list(view.get("hand") or [])
    claimed = {int(level) for level in view.get("claimed") or []}
    rows = hand_rows(len(hand), HAND_PER_ROW)
    height = HAND_Y + rows * (CARD[1] + GAP) - GAP + 2 * MARGIN
    board = board_on(_background(height), reference)
    for level, row in enumerate(levels, start=1):
        for position, value in enumerate(row, start=1):
            box = slot_box(level, position)
            paste_card(board, value, box.xy, box.size, TABLE)
            record("card", f"{level}.{position}", box.corners)
        coin = coin_box(level)
        board.paste(coin_on_table(level in claimed), (int(coin.x), int(coin.y)))
        record("coin", str(level), coin.corners)
    played, ringed_coin = _highlight_last_action(board, last_action_words(view), levels)
    if ringed_coin is not None:
        ImageDraw.Draw(board).ellipse(
            (
                ringed_coin.x - 6,
                ringed_coin.y - 6,
                ringed_coin.x + COIN + 6,
                ringed_coin.y + COIN + 6,
            ),
            outline=HIGHLIGHT,
            width=5,
        )
    draw_pile(board, Box(PANEL_X, GRID_Y + 6, *CARD), int(view.get("deck") or 0), "deck", TABLE)
    draw_discard(
        board,
        Box(PANEL_X + CARD[0] + 20, GRID_Y + 6, *CARD),
        list(view.get("discard") or []),
        played,
        background=TABLE,
    )
    boxes = draw_cards_wrapped(
        board, hand or [""], (MARGIN + 6, HAND_Y + 2), CARD, HAND_PER_ROW, GAP, PANEL
    )
    words = last_action_words(view)
    if hand and words[:1] == ["SUBDUE"]:
        # a subdued card joins the hand at its end (rules "Subdue"): frame it
        paste_frame(board, boxes[-1].xy, boxes[-1].size)
    draw_result(
        board, result_of(view), (PANEL_X + CARD[0] + 10, GRID_Y + CARD[1] + 110), 84, "result"
    )
    return board


def _highlight_last_action(
    board: Image.Image, words: list[str], levels: Sequence[Sequence[str | None]]
) -> tuple[bool, Box | None]:
    """Frame what the last move touched; returns (discard top was played, coin to ring)."""
    if len(words) == 3 and words[0] == "EXPLORE" and _level(words[1]):
        level = int(words[1])
        position = turned_position(levels[level - 1])
        if position is not None:
            box = slot_box(level, position)
            paste_frame(board, box.xy, box.size)
        return True, None
    if (
        len(words) == 4
        and words[0] == "SUBDUE"
        and _level(words[2])
        and words[3].isdigit()
        and 1 <= int(words[3]) <= POSITIONS
    ):
        box = slot_box(int(words[2]), int(words[3]))
        paste_frame(board, box.xy, box.size)
        return True, None
    if len(words) == 2 and words[0] == "CLAIM" and _level(words[1]):
        return False, coin_box(int(words[1]))
    return False, None


def _normalised_levels(raw: Any) -> list[list[str | None]]:
    """Exactly 4 rows of 4 entries (missing entries are drawn as empty positions)."""
    rows: list[list[str | None]] = []
    for level in range(LEVELS):
        source = raw[level] if isinstance(raw, Sequence) and level < len(raw) else []
        rows.append([source[p] if p < len(source) else "" for p in range(POSITIONS)])
    return rows


SAMPLE_VIEWS: tuple[dict[str, Any], ...] = (
    {
        "levels": [full_deck_strings()[i : i + 4] for i in range(0, 16, 4)],
        "hand": full_deck_strings()[16:30],
        "deck": 12,
        "discard": full_deck_strings()[30:32],
        "claimed": [1, 3],
        "status": "won",
        "last_action": "claim 2",
    },
    {
        "levels": [full_deck_strings()[32 + i : 36 + i] for i in range(0, 16, 4)],
        "hand": full_deck_strings()[48:52],
        "deck": 0,
        "discard": [],
        "claimed": [],
        "status": "lost",
        "last_action": "subdue 7H 2 4",
    },
    {
        "levels": [
            [None, None, "", ""],
            [None, None, None, None],
            [None, "7H", "", ""],
            ["", "", "", ""],
        ],
        "hand": [],
        "deck": 31,
        "discard": ["2C"],
        "claimed": [4],
        "status": "playing",
        "last_action": "explore 3 2C",
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
