"""Pieces shared by the card-game boards: piles with counts, a wrapping hand, status marks, arrows."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any

from PIL import Image, ImageDraw

from renderer.cards import (
    SCALE,
    badge,
    card_back,
    full_deck_strings,
    paste,
    paste_card,
    paste_frame,
)
from renderer.inspect import record
from renderer.palette_canvas import board_canvas
from renderer.toolkit import (
    HIGHLIGHT,
    LOSS,
    RGB,
    WIN,
    build_palette,
    encode_png,
    shrink,
    supersampled,
)

COUNT_FILL: RGB = (24, 24, 28)
COUNT_INK: RGB = (255, 255, 255)


@dataclass(frozen=True, slots=True)
class Box:
    """A rectangle on the board: left, top, width, height."""

    x: int
    y: int
    w: int
    h: int

    @property
    def xy(self) -> tuple[int, int]:
        return self.x, self.y

    @property
    def size(self) -> tuple[int, int]:
        return self.w, self.h

    @property
    def centre(self) -> tuple[float, float]:
        return self.x + self.w / 2, self.y + self.h / 2

    @property
    def corners(self) -> tuple[int, int, int, int]:
        """(left, top, right, bottom), as ``renderer.inspect`` records boxes."""
        return self.x, self.y, self.x + self.w, self.y + self.h


def result_of(view: Mapping[str, Any]) -> str:
    """``playing`` / ``won`` / ``lost`` / ``finished`` from the view's optional ``status`` key
    (a string, or an object with ``result`` as ``play --json`` prints it)."""
    status = view.get("status")
    if isinstance(status, Mapping):
        status = status.get("result")
    return status if isinstance(status, str) else "playing"


def last_action_words(view: Mapping[str, Any]) -> list[str]:
    """The view's optional ``last_action`` (canonical notation, or an object whose ``action``
    holds it, as multiplayer views give it) split into upper-case words."""
    text = view.get("last_action")
    if isinstance(text, Mapping):
        text = text.get("action")
    if not isinstance(text, str):
        return []
    return text.upper().split()


def count_badge(
    board: Image.Image,
    count: int,
    anchor: tuple[float, float],
    height: int = 46,
    name: str = "",
    on: tuple[str, ...] = (),
) -> None:
    """A dark pill with a number (its digits 33 px: 7 px tall on a 930 px picture shown 275 px
    wide), centred on ``anchor``; recorded as a ``badge`` named
    ``name`` (allowed to lie on the kinds ``on``) when a name is given."""
    pill = badge(str(count), height, COUNT_FILL, COUNT_INK)
    left, top = int(anchor[0] - pill.width / 2), int(anchor[1] - pill.height / 2)
    paste(board, pill, (left, top))
    if name:
        record("badge", name, (left, top, left + pill.width, top + pill.height), may_cover=on)


@lru_cache(maxsize=16)
def stacked_backs(layers: int, width: int, height: int, background: RGB) -> Image.Image:
    """``layers`` card backs, each 3 px up and right of the one below, already laid on a
    plain ``background``: one plain paste instead of three masked ones (the same pixels)."""
    lift = 3 * (layers - 1)
    stack = Image.new("RGB", (width + lift, height + lift), background)
    back = card_back(width, height)
    for layer in range(layers - 1, -1, -1):
        stack.paste(back, (3 * layer, lift - 3 * layer), back)
    return stack


def draw_pile(
    board: Image.Image, box: Box, count: int, name: str = "pile", background: RGB | None = None
) -> None:
    """A face-down stack (thicker when fuller) with its count, or an empty slot; pass
    ``background`` when the stack lies on that plain colour (faster)."""
    layers = 1
    if count <= 0:
        paste_card(board, "", box.xy, box.size, background)
    else:
        layers = min(3, 1 + count // 10)
        if background is not None:
            lifted = (int(box.x), int(box.y) - 3 * (layers - 1))
            board.paste(stacked_backs(layers, box.w, box.h, background), lifted)
        else:
            for layer in range(layers - 1, -1, -1):
                paste(board, card_back(box.w, box.h), (box.x + 3 * layer, box.y - 3 * layer))
    lift = 3 * (layers - 1)
    record("pile", name, (box.x, box.y - lift, box.x + box.w + lift, box.y + box.h))
    count_badge(
        board, max(count, 0), (box.x + box.w / 2, box.y + box.h), name=f"{name} count", on=("pile",)
    )


def draw_discard(
    board: Image.Image,
    box: Box,
    cards: Sequence[str] | int,
    top_highlight: bool = False,
    name: str = "discard",
    background: RGB | None = None,
) -> None:
    """The discard pile: its top card (when the view shows it) and its size; pass
    ``background`` when the pile lies on that plain colour (faster)."""
    size = cards if isinstance(cards, int) else len(cards)
    top = None if isinstance(cards, int) or not cards else cards[-1]
    lift = 0
    if size <= 0:
        paste_card(board, "", box.xy, box.size, background)
    elif top is None:
        paste_card(board, None, box.xy, box.size, background)
    else:
        if size > 1:
            paste_card(board, "", (box.x + 4, box.y - 4), box.size, background)
            lift = 4
        # the top card lies partly on the one below: laid with its own transparency then
        paste_card(board, top, box.xy, box.size, background if size == 1 else None)
        if top_highlight:
            paste_frame(board, box.xy, box.size)
    record("pile", name, (box.x, box.y - lift, box.x + box.w + lift, box.y + box.h))
    count_badge(
        board, max(size, 0), (box.x + box.w / 2, box.y + box.h), name=f"{name} count", on=("pile",)
    )


def hand_rows(count: int, per_row: int) -> int:
    return max(1, -(-count // per_row))


def draw_cards_wrapped(
    board: Image.Image,
    cards: Sequence[str | None],
    origin: tuple[int, int],
    size: tuple[int, int],
    per_row: int,
    gap: int,
    background: RGB | None = None,
) -> list[Box]:
    """Cards left to right, wrapping after ``per_row``; returns where each card went. Each is
    recorded as a ``card`` named ``hand <card>``."""
    boxes = []
    for index, text in enumerate(cards):
        row, col = divmod(index, per_row)
        box = Box(origin[0] + col * (size[0] + gap), origin[1] + row * (size[1] + gap), *size)
        paste_card(board, text, box.xy, box.size, background)
        record("card", f"hand {text}", box.corners)
        boxes.append(box)
    return boxes


@lru_cache(maxsize=8)
def result_mark(result: str, side: int) -> Image.Image:
    """A round seal: a check mark on green for a win, a cross on orange for a loss,
    a flag for a finished multiplayer game."""
    image, draw = supersampled(side, side, SCALE)
    s = side * SCALE
    colour = {"won": WIN, "lost": LOSS}.get(result, (90, 90, 160))
    draw.ellipse((0, 0, s - 1, s - 1), fill=colour, outline=(255, 255, 255), width=3 * SCALE)
    line = max(3, side // 9) * SCALE
    if result == "won":
        draw.line(
            [(s * 0.27, s * 0.52), (s * 0.44, s * 0.69), (s * 0.74, s * 0.33)],
            fill=(255, 255, 255),
            width=line,
            joint="curve",
        )
    elif result == "lost":
        draw.line([(s * 0.32, s * 0.32), (s * 0.68, s * 0.68)], fill=(255, 255, 255), width=line)
        draw.line([(s * 0.68, s * 0.32), (s * 0.32, s * 0.68)], fill=(255, 255, 255), width=line)
    else:
        draw.line([(s * 0.36, s * 0.24), (s * 0.36, s * 0.78)], fill=(255, 255, 255), width=line)
        draw.polygon(
            [(s * 0.38, s * 0.24), (s * 0.72, s * 0.36), (s * 0.38, s * 0.5)], fill=(255, 255, 255)
        )
    return shrink(image, side, side)


def draw_result(
    board: Image.Image, result: str, centre: tuple[float, float], side: int = 72, name: str = ""
) -> None:
    """Nothing while playing; otherwise the result seal and a coloured border round the board
    (the seal is recorded as a ``mark`` when ``name`` is given)."""
    if result == "playing":
        return
    mark = result_mark(result, side)
    left, top = int(centre[0] - side / 2), int(centre[1] - side / 2)
    paste(board, mark, (left, top))
    if name:
        record("mark", name, (left, top, left + side, top + side))
    colour = {"won": WIN, "lost": LOSS}.get(result, (90, 90, 160))
    ImageDraw.Draw(board).rectangle(
        (0, 0, board.width - 1, board.height - 1), outline=colour, width=8
    )


def draw_arrow(
    board: Image.Image,
    start: tuple[float, float],
    end: tuple[float, float],
    colour: RGB = HIGHLIGHT,
    width: int = 6,
) -> None:
    """A straight arrow from ``start`` to ``end`` (head at ``end``)."""
    draw = ImageDraw.Draw(board)
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = max((dx * dx + dy * dy) ** 0.5, 1.0)
    ux, uy = dx / length, dy / length
    head = width * 2.6
    base = (end[0] - ux * head, end[1] - uy * head)
    draw.line([start, base], fill=colour, width=width)
    draw.polygon(
        [
            end,
            (base[0] - uy * head * 0.6, base[1] + ux * head * 0.6),
            (base[0] + uy * head * 0.6, base[1] - ux * head * 0.6),
        ],
        fill=colour,
    )


def board_on(background: Image.Image, reference: Image.Image | None) -> Image.Image:
    """A fresh board from the unchanging ``background``: in full colour, or with
    ``reference`` a palette canvas (the background mapped once, kept with it)."""
    if reference is None:
        return background.copy()
    corner: RGB = background.getpixel((0, 0))  # type: ignore[assignment]  # an RGB image's pixel
    board = board_canvas(background.width, background.height, corner, reference)
    board.paste(background, (0, 0))
    return board


@dataclass(frozen=True, eq=False)
class SoloPictures:
    """The PNGs of a solo card game, whose hand picture is the board's hand drawn large.
    Board and hand share one palette, learnt once from the sample boards (which together
    show all 52 cards) and a seven-card hand, so every picture of the game has the same colours.
    ``hand_picture`` is passed in because ``renderer.handpic`` is built on this module."""

    board_image: Callable[[Mapping[str, Any], Image.Image | None], Image.Image]
    hand_picture: Callable[[Sequence[str]], Image.Image]
    sample_views: Sequence[Mapping[str, Any]]

    @cached_property
    def _palette(self) -> Image.Image:
        samples = [self.board_image(view, None) for view in self.sample_views]
        samples.append(self.hand_picture(full_deck_strings()[:7]))
        return build_palette(samples)

    def palette(self) -> Image.Image:
        return self._palette

    def palette_board(self, view: Mapping[str, Any]) -> Image.Image:
        """The board drawn on the game's palette (a ``P`` picture): what a PNG board holds."""
        return self.board_image(view, self._palette)

    def render_board(self, view: Mapping[str, Any]) -> bytes:
        return encode_png(self.palette_board(view), self._palette)

    def render_hand(self, view: Mapping[str, Any]) -> bytes:
        """The hand alone (the board shows it too; solo games have no secret hand)."""
        return encode_png(self.hand_picture(list(view.get("hand") or [])), self._palette)
