"""Card pictures: faces (rank + a drawn suit shape), backs, empty slots and highlight frames.

Suit symbols are drawn as shapes, never as font glyphs, so they look the same everywhere.
Every piece is drawn 4x larger and shrunk (smooth edges), then cached per size: a board is
mostly a few pastes of cached images.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw

from renderer.toolkit import (
    BLACK_SUIT,
    HIGHLIGHT,
    INK,
    PAPER,
    RED_SUIT,
    RGB,
    draw_text,
    shrink,
    supersampled,
    text_size,
)

SCALE = 4
SUITS = ("S", "H", "D", "C")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RED_SUITS = frozenset({"H", "D"})
BACK_COLOUR: RGB = (38, 70, 128)
BACK_LINE: RGB = (92, 126, 186)


def full_deck_strings() -> list[str]:
    """All 52 card strings in a fixed order (for sample boards)."""
    return [rank + suit for suit in SUITS for rank in RANKS]


def split_card(text: str) -> tuple[str, str] | None:
    """``"10H"`` → ``("10", "H")``; ``None`` for anything that is not a card string."""
    if not isinstance(text, str) or len(text) < 2:
        return None
    rank, suit = text[:-1].upper(), text[-1].upper()
    if rank == "T":
        rank = "10"
    if suit not in SUITS or rank not in RANKS:
        return None
    return rank, suit


def suit_colour(suit: str) -> RGB:
    return RED_SUIT if suit in RED_SUITS else BLACK_SUIT


def draw_suit(
    draw: ImageDraw.ImageDraw, suit: str, box: tuple[float, float, float], fill: RGB
) -> None:
    """Draw suit ``suit`` filling the square ``box`` = (left, top, side)."""
    x, y, s = box

    def pt(u: float, v: float) -> tuple[float, float]:
        return x + u * s, y + v * s

    def disc(u: float, v: float, r: float) -> None:
        draw.ellipse(
            (x + (u - r) * s, y + (v - r) * s, x + (u + r) * s, y + (v + r) * s), fill=fill
        )

    if suit == "D":
        draw.polygon([pt(0.5, 0.0), pt(0.88, 0.5), pt(0.5, 1.0), pt(0.12, 0.5)], fill=fill)
    elif suit == "H":
        disc(0.285, 0.33, 0.245)
        disc(0.715, 0.33, 0.245)
        draw.polygon([pt(0.055, 0.42), pt(0.5, 0.25), pt(0.945, 0.42), pt(0.5, 0.97)], fill=fill)
    elif suit == "S":
        disc(0.285, 0.58, 0.225)
        disc(0.715, 0.58, 0.225)
        draw.polygon([pt(0.5, 0.0), pt(0.065, 0.52), pt(0.935, 0.52)], fill=fill)
        draw.polygon([pt(0.5, 0.55), pt(0.3, 1.0), pt(0.7, 1.0)], fill=fill)
    elif suit == "C":
        disc(0.5, 0.27, 0.21)
        disc(0.27, 0.6, 0.21)
        disc(0.73, 0.6, 0.21)
        disc(0.5, 0.52, 0.12)
        draw.polygon([pt(0.5, 0.5), pt(0.3, 1.0), pt(0.7, 1.0)], fill=fill)


@lru_cache(maxsize=64)
def suit_icon(suit: str, side: int, fill: RGB | None = None) -> Image.Image:
    """A smooth RGBA suit symbol ``side`` pixels square."""
    image, draw = supersampled(side, side, SCALE)
    draw_suit(draw, suit, (0, 0, side * SCALE), fill or suit_colour(suit))
    return shrink(image, side, side)


def _rounded(
    width: int, height: int, fill: RGB, outline: RGB | None, line: int, radius_ratio: float = 0.09
) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image, draw = supersampled(width, height, SCALE)
    radius = int(min(width, height) * radius_ratio * SCALE)
    draw.rounded_rectangle(
        (0, 0, width * SCALE - 1, height * SCALE - 1),
        radius=radius,
        fill=fill,
        outline=outline,
        width=line * SCALE,
    )
    return image, draw


#: Smallest rank of a card face: over 7 px as a ~960 px board is shown on a phone (renderer.display).
MIN_RANK = 24


@lru_cache(maxsize=256)
def card_face(text: str, width: int, height: int, min_rank: int = MIN_RANK) -> Image.Image:
    """A face-up card: a large rank over a large suit, so it reads on a phone (a picture
    shown smaller asks a larger ``min_rank``)."""
    parts = split_card(text)
    image, _ = _rounded(width, height, PAPER, (120, 120, 120), 1)
    image = shrink(image, width, height)
    draw = ImageDraw.Draw(image)
    if parts is None:
        draw_text(draw, (width / 2, height / 2), "?", int(height * 0.4), INK)
        return image
    rank, suit = parts
    colour = suit_colour(suit)
    # Small cards keep a rank of min_rank px (legible on a phone); it then fills the top half.
    natural = int(height * (0.34 if len(rank) == 1 else 0.30))
    rank_size = max(natural, min(min_rank, height // 2))
    top = height * 0.29 if rank_size == natural else rank_size * 0.62
    draw_text(draw, (width / 2, top), rank, rank_size, colour)
    side = int(min(width * 0.58, height * 0.42))
    icon = suit_icon(suit, side)
    image.alpha_composite(icon, (int((width - side) / 2), int(height * 0.93 - side)))
    return image


@lru_cache(maxsize=16)
def card_back(width: int, height: int) -> Image.Image:
    """A face-down card: a blue back with a diamond lattice."""
    image, draw = _rounded(width, height, BACK_COLOUR, (235, 235, 240), 2)
    w, h = width * SCALE, height * SCALE
    inset = int(min(width, height) * 0.12 * SCALE)
    lattice = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    lines = ImageDraw.Draw(lattice)
    step = max(8, int(min(width, height) * 0.16)) * SCALE
    for offset in range(-h, w + h, step):
        lines.line((offset, 0, offset + h, h), fill=BACK_LINE, width=SCALE * 2)
        lines.line((offset, h, offset + h, 0), fill=BACK_LINE, width=SCALE * 2)
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).rounded_rectangle(
        (inset, inset, w - inset, h - inset), radius=inset // 2, fill=255
    )
    image.paste(lattice, (0, 0), ImageChops.multiply(lattice.getchannel("A"), mask))
    draw.rounded_rectangle(
        (inset, inset, w - inset, h - inset),
        radius=inset // 2,
        outline=(235, 235, 240),
        width=SCALE * 2,
    )
    return shrink(image, width, height)


@lru_cache(maxsize=16)
def empty_slot(width: int, height: int, colour: RGB = (60, 120, 95)) -> Image.Image:
    """Where a card could lie but none does: a faint outline."""
    image, draw = supersampled(width, height, SCALE)
    radius = int(min(width, height) * 0.09 * SCALE)
    draw.rounded_rectangle(
        (0, 0, width * SCALE - 1, height * SCALE - 1),
        radius=radius,
        fill=(0, 0, 0, 40),
        outline=colour,
        width=2 * SCALE,
    )
    return shrink(image, width, height)


@lru_cache(maxsize=32)
def frame(width: int, height: int, colour: RGB = HIGHLIGHT, line: int = 5) -> Image.Image:
    """A ring drawn around a card of ``width`` x ``height``; paste it ``line`` pixels up-left."""
    outer_w, outer_h = width + 2 * line, height + 2 * line
    image, draw = supersampled(outer_w, outer_h, SCALE)
    radius = int((min(width, height) * 0.09 + line) * SCALE)
    draw.rounded_rectangle(
        (0, 0, outer_w * SCALE - 1, outer_h * SCALE - 1),
        radius=radius,
        outline=colour,
        width=line * SCALE,
    )
    return shrink(image, outer_w, outer_h)


@lru_cache(maxsize=32)
def badge(text: str, height: int, fill: RGB, ink: RGB) -> Image.Image:
    """A pill with ``text`` in it (counts, seat numbers)."""
    text_w, _ = text_size(text, int(height * 0.72))
    width = max(height, text_w + int(height * 0.7))
    image, draw = supersampled(width, height, SCALE)
    draw.rounded_rectangle(
        (0, 0, width * SCALE - 1, height * SCALE - 1),
        radius=height * SCALE // 2,
        fill=fill,
        outline=(255, 255, 255),
        width=SCALE * 2,
    )
    image = shrink(image, width, height)
    draw_text(ImageDraw.Draw(image), (width / 2, height / 2 + 1), text, int(height * 0.72), ink)
    return image


def paste(board: Image.Image, piece: Image.Image, xy: tuple[float, float]) -> None:
    """Composite an RGBA piece onto the RGB board at ``xy`` (top-left)."""
    board.paste(piece, (int(xy[0]), int(xy[1])), piece)


def card_piece(text: str | None, width: int, height: int, min_rank: int = MIN_RANK) -> Image.Image:
    """Face-up card for a card string, back for ``None``, empty slot for ``""``."""
    if text is None:
        return card_back(width, height)
    if text == "":
        return empty_slot(width, height)
    return card_face(text, width, height, min_rank)


@lru_cache(maxsize=512)
def opaque_card(
    text: str | None, width: int, height: int, background: RGB, min_rank: int = MIN_RANK
) -> Image.Image:
    """The card already laid on a plain ``background``: pasting it is a plain copy (fast)."""
    piece = card_piece(text, width, height, min_rank)
    base = Image.new("RGB", piece.size, background)
    base.paste(piece, (0, 0), piece)
    return base


def paste_card(
    board: Image.Image,
    text: str | None,
    xy: tuple[float, float],
    size: tuple[int, int],
    background: RGB | None = None,
    min_rank: int = MIN_RANK,
) -> None:
    """Lay a card (see :func:`card_piece`); pass ``background`` when it lies on plain colour."""
    if background is None:
        paste(board, card_piece(text, *size, min_rank), xy)
    else:
        board.paste(
            opaque_card(text, size[0], size[1], background, min_rank), (int(xy[0]), int(xy[1]))
        )


def paste_frame(
    board: Image.Image,
    xy: tuple[float, float],
    size: tuple[int, int],
    colour: RGB = HIGHLIGHT,
    line: int = 5,
) -> None:
    ring = frame(size[0], size[1], colour, line)
    paste(board, ring, (xy[0] - line, xy[1] - line))
