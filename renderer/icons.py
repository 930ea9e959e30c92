"""Small language-neutral icons drawn from shapes: storm, windless, pirates, treasure, score,
cards in hand, and the player token."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from renderer.cards import SCALE
from renderer.toolkit import RGB, draw_text, shrink, supersampled, text_size

WHITE: RGB = (255, 255, 255)


DARK_INK: RGB = (20, 20, 24)


def luminance(colour: RGB) -> float:
    """WCAG 2 relative luminance of an sRGB colour."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(one: RGB, two: RGB) -> float:
    """WCAG 2 contrast ratio (1 to 21; text wants at least 4.5)."""
    high, low = sorted((luminance(one), luminance(two)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def ink_on(colour: RGB) -> RGB:
    """Near-black or white, whichever has the higher WCAG contrast on ``colour`` (every seat
    colour and tint gets at least 4.5:1 this way: tests/renderer/test_colours.py)."""
    return DARK_INK if contrast(DARK_INK, colour) >= contrast(WHITE, colour) else WHITE


@lru_cache(maxsize=16)
def event_icon(kind: str, side: int) -> Image.Image:
    """Storm (cloud and lightning), windless (slack sail), pirates (skull), treasure (chest)."""
    image, draw = supersampled(side, side, SCALE)
    s = side * SCALE

    def box(u0: float, v0: float, u1: float, v1: float) -> tuple[float, float, float, float]:
        return u0 * s, v0 * s, u1 * s, v1 * s

    def pts(*uv: float) -> list[tuple[float, float]]:
        return [(uv[i] * s, uv[i + 1] * s) for i in range(0, len(uv), 2)]

    if kind == "storm":
        grey = (120, 128, 140)
        for ellipse in (
            (0.08, 0.22, 0.48, 0.56),
            (0.3, 0.08, 0.75, 0.5),
            (0.52, 0.24, 0.94, 0.58),
            (0.2, 0.32, 0.8, 0.6),
        ):
            draw.ellipse(box(*ellipse), fill=grey)
        draw.polygon(
            pts(0.5, 0.5, 0.32, 0.78, 0.48, 0.78, 0.38, 0.98, 0.7, 0.66, 0.53, 0.66, 0.64, 0.5),
            fill=(255, 204, 0),
        )
    elif kind == "windless":
        draw.line(pts(0.5, 0.06, 0.5, 0.9), fill=(120, 80, 40), width=5 * SCALE)
        draw.polygon(
            pts(0.53, 0.12, 0.53, 0.7, 0.7, 0.62, 0.62, 0.4, 0.68, 0.18), fill=(235, 230, 210)
        )
        draw.polygon(pts(0.12, 0.84, 0.88, 0.84, 0.76, 0.98, 0.24, 0.98), fill=(120, 80, 40))
        draw.line(pts(0.08, 0.3, 0.36, 0.3), fill=(170, 190, 200), width=3 * SCALE)
        draw.line(pts(0.14, 0.42, 0.36, 0.42), fill=(170, 190, 200), width=3 * SCALE)
    elif kind == "pirates":
        draw.ellipse(box(0.18, 0.06, 0.82, 0.66), fill=(240, 240, 232))
        draw.rounded_rectangle(box(0.3, 0.5, 0.7, 0.84), radius=0.06 * s, fill=(240, 240, 232))
        draw.ellipse(box(0.28, 0.28, 0.46, 0.46), fill=(20, 20, 24))
        draw.ellipse(box(0.54, 0.28, 0.72, 0.46), fill=(20, 20, 24))
        draw.polygon(pts(0.5, 0.5, 0.45, 0.6, 0.55, 0.6), fill=(20, 20, 24))
        for u in (0.4, 0.5, 0.6):
            draw.line(pts(u, 0.68, u, 0.84), fill=(20, 20, 24), width=2 * SCALE)
    elif kind == "treasure":
        draw.rounded_rectangle(box(0.08, 0.2, 0.92, 0.5), radius=0.14 * s, fill=(150, 92, 40))
        draw.rectangle(box(0.08, 0.44, 0.92, 0.9), fill=(128, 76, 32))
        draw.rectangle(box(0.08, 0.44, 0.92, 0.52), fill=(230, 180, 40))
        draw.rectangle(box(0.42, 0.38, 0.58, 0.64), fill=(230, 180, 40))
    return shrink(image, side, side)


@lru_cache(maxsize=8)
def star(side: int, colour: RGB = (255, 204, 0)) -> Image.Image:
    """Points (regions discovered)."""
    image, draw = supersampled(side, side, SCALE)
    s = side * SCALE
    points = []
    for index in range(10):
        radius = s * (0.5 if index % 2 == 0 else 0.22)
        angle = -math.pi / 2 + index * math.pi / 5
        points.append((s / 2 + radius * math.cos(angle), s * 0.53 + radius * math.sin(angle)))
    draw.polygon(points, fill=colour)
    return shrink(image, side, side)


@lru_cache(maxsize=8)
def cards_icon(side: int, colour: RGB = (235, 235, 240)) -> Image.Image:
    """Cards in hand: two overlapping card outlines."""
    image, draw = supersampled(side, side, SCALE)
    s = side * SCALE
    draw.rounded_rectangle(
        (0.1 * s, 0.18 * s, 0.6 * s, 0.92 * s),
        radius=0.08 * s,
        fill=(90, 110, 150),
        outline=colour,
        width=2 * SCALE,
    )
    draw.rounded_rectangle((0.38 * s, 0.06 * s, 0.88 * s, 0.8 * s), radius=0.08 * s, fill=colour)
    return shrink(image, side, side)


#: Font size of every token text (cap height 24 px: ≥ 7 px as a phone's gallery shows a
#: ~940 px board, renderer.display).
TOKEN_TEXT = 33


def _times(draw: ImageDraw.ImageDraw, centre: tuple[float, float], side: int, ink: RGB) -> None:
    """A "×" as two strokes: a mark, not a word, so it needs no font size of its own."""
    x, y, half = centre[0], centre[1], side / 2
    draw.line((x - half, y - half, x + half, y + half), fill=ink, width=3)
    draw.line((x - half, y + half, x + half, y - half), fill=ink, width=3)


@lru_cache(maxsize=64)
def expedition_token(
    name: str, count: int, colour: RGB, seat: int, width: int = 88, height: int = 62
) -> Image.Image:
    """An expedition on the map in its owner's colour: its id over the owner's seat number
    (a white disc, so colour is never the only cue) and its card count (``×n``; a count of
    two digits without the ×, which would not fit)."""
    image, draw = supersampled(width, height, SCALE)
    draw.rounded_rectangle(
        (0, 0, width * SCALE - 1, height * SCALE - 1),
        radius=10 * SCALE,
        fill=colour,
        outline=WHITE,
        width=2 * SCALE,
    )
    disc = height - 30
    top = height - disc - 2
    draw.ellipse((3 * SCALE, top * SCALE, (3 + disc) * SCALE, (top + disc) * SCALE), fill=WHITE)
    image = shrink(image, width, height)
    ink = ink_on(colour)
    pen = ImageDraw.Draw(image)
    middle = top + disc / 2 + 1
    draw_text(pen, (width / 2, 16), name, TOKEN_TEXT, ink)
    draw_text(pen, (3 + disc / 2, middle), str(seat), TOKEN_TEXT, (20, 20, 24))
    digits = str(count)
    digits_w = text_size(digits, TOKEN_TEXT)[0]
    left, times = 3 + disc + 2, 12
    room = width - 3 - left - digits_w
    if room < times + 4:  # a count of two digits: the digits alone beside the seat disc
        draw_text(pen, (left + max(0, room) / 2 + digits_w / 2, middle), digits, TOKEN_TEXT, ink)
        return image
    start = left + (room - times - 4) / 2
    _times(pen, (start + times / 2, middle), times, ink)
    draw_text(pen, (start + times + 4 + digits_w / 2, middle), digits, TOKEN_TEXT, ink)
    return image


@lru_cache(maxsize=16)
def seat_disc(seat_label: str, colour: RGB, side: int, label_px: int = 0) -> Image.Image:
    """A player's colour with the seat number on it (colour is never the only cue), the
    number ``label_px`` tall (by default 0.56 of the disc)."""
    image, draw = supersampled(side, side, SCALE)
    draw.ellipse(
        (0, 0, side * SCALE - 1, side * SCALE - 1), fill=colour, outline=WHITE, width=2 * SCALE
    )
    image = shrink(image, side, side)
    draw_text(
        ImageDraw.Draw(image),
        (side / 2, side / 2 + 1),
        seat_label,
        label_px or int(side * 0.56),
        ink_on(colour),
    )
    return image
