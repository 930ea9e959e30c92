"""Cartolan pieces: map tiles drawn from their edges, cities, wonders, disasters, Adventurers,
Agents and the small icons of the side panel. Each is drawn smooth once and cached per size."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from renderer.cards import SCALE
from renderer.icons import WHITE, event_icon, star
from renderer.toolkit import RGB, draw_text, shrink, supersampled, text_size

WATER: RGB = (64, 132, 196)
WATER_DEEP: RGB = (44, 104, 170)
LAND: RGB = (208, 186, 122)
LAND_DARK: RGB = (150, 124, 70)
COAST: RGB = (236, 226, 190)
GRID_LINE: RGB = (24, 52, 84)
GAP: RGB = (30, 62, 92)
MYTHICAL: RGB = (150, 90, 200)
DISASTER: RGB = (150, 30, 30)
PIRATE: RGB = (15, 15, 18)
#: The dark rim of every piece: ≥ 3:1 (WCAG) against water and land alike.
OUTLINE: RGB = (12, 14, 20)
#: Label size of pieces: 10 px once the ≤ 1,000 px board is shown 400 px wide.
PIECE_TEXT = 25
RANSACKED: RGB = (120, 120, 120)
#: Corner each wind arrow points to, as (u, v) in a unit square with v growing downwards.
WIND_CORNERS = {"NE": (1, 0), "SE": (1, 1), "SW": (0, 1), "NW": (0, 0)}
SIDES = "NESW"


def _edge_wedge(side: str, s: float) -> list[tuple[float, float]]:
    """The triangle between one side of the tile and its centre."""
    corners = {
        "N": ((0, 0), (s, 0)),
        "E": ((s, 0), (s, s)),
        "S": ((s, s), (0, s)),
        "W": ((0, s), (0, 0)),
    }
    (ax, ay), (bx, by) = corners[side]
    return [(ax, ay), (bx, by), (s / 2, s / 2)]


def _scaled(points: Sequence[tuple[float, float]], s: float) -> list[tuple[float, float]]:
    """``points`` given as fractions of a square, in the pixels of one ``s`` wide."""
    return [(s * x, s * y) for x, y in points]


@lru_cache(maxsize=512)
def tile_sprite(
    edges: str, wind: str, wonder: bool, city: bool, mythical: bool, disaster: bool, side: int
) -> Image.Image:
    """A placed tile: water with land wedges on its land sides (the edges decide where one may
    sail), the wind arrow towards its corner, and its wonder / city / disaster mark.

    Composed from smooth layers made once per tile size (:func:`tile_layer`), so a tile
    never met before costs a few pastes, not a supersampled drawing and a Lanczos shrink."""
    edges = (edges.upper() + "WWWW")[:4]
    image = tile_layer("water", side).copy()
    if "L" in edges:
        image.alpha_composite(tile_layer("land " + edges, side))
    image.alpha_composite(tile_layer("wind " + wind.upper(), side))
    if disaster:
        image.alpha_composite(tile_layer("disaster", side))
    image.alpha_composite(tile_layer("grid", side))
    if city:
        castle = castle_icon(int(side * 0.62), MYTHICAL if mythical else (250, 250, 245))
        image.alpha_composite(castle, ((side - castle.width) // 2, (side - castle.height) // 2))
    elif wonder:
        mark = star(int(side * 0.44))
        image.alpha_composite(mark, (int(side * 0.28), int(side * 0.28)))
    return image.convert("RGB")


#: Every layer a tile is made of: the water, the land of each combination of land sides
#: (with its coast lines), the four wind arrows, the whirlpool and the grid line.
TILE_LAYERS = (
    "water",
    *("land " + "".join("L" if (n >> bit) & 1 else "W" for bit in range(4)) for n in range(1, 16)),
    *(f"wind {wind}" for wind in WIND_CORNERS),
    "disaster",
    "grid",
)


@lru_cache(maxsize=512)
def tile_layer(layer: str, side: int) -> Image.Image:
    """One smooth RGBA layer of a tile (see ``TILE_LAYERS``) at ``side`` pixels."""
    image, draw = supersampled(side, side, SCALE)
    s = side * SCALE
    kind, _, arg = layer.partition(" ")
    if kind == "water":
        draw.rectangle((0, 0, s, s), fill=WATER)
    elif kind == "land":
        for index, letter in enumerate(arg):
            if letter == "L":
                draw.polygon(_edge_wedge(SIDES[index], s), fill=LAND)
        corners = ((s, 0), (s, s), (0, s), (0, 0))  # between N-E, E-S, S-W, W-N
        for index, corner in enumerate(corners):
            if (arg[index] == "L") != (arg[(index + 1) % 4] == "L"):
                draw.line([corner, (s / 2, s / 2)], fill=COAST, width=2 * SCALE)
    elif kind == "wind":
        _wind_arrow(draw, arg, s)
    elif kind == "disaster":
        _whirlpool(draw, s)
    else:
        draw.rectangle((0, 0, s - 1, s - 1), outline=GRID_LINE, width=SCALE)
    return shrink(image, side, side)


def _wind_arrow(draw: ImageDraw.ImageDraw, wind: str, s: float) -> None:
    """A faint diagonal arrow from the tail corner's side to the head corner's side."""
    head = WIND_CORNERS.get(wind.upper(), (1, 0))
    tail = (1 - head[0], 1 - head[1])
    hx, hy = 0.3 + 0.4 * head[0], 0.3 + 0.4 * head[1]
    tx, ty = 0.3 + 0.4 * tail[0], 0.3 + 0.4 * tail[1]
    colour = (225, 238, 250)
    width = max(2, int(s * 0.03))
    draw.line([(tx * s, ty * s), (hx * s, hy * s)], fill=colour, width=width)
    dx, dy = hx - tx, hy - ty
    length = (dx * dx + dy * dy) ** 0.5
    ux, uy = dx / length, dy / length
    size = 0.12
    bx, by = hx - ux * size, hy - uy * size
    draw.polygon(
        [
            (hx * s, hy * s),
            ((bx - uy * size * 0.6) * s, (by + ux * size * 0.6) * s),
            ((bx + uy * size * 0.6) * s, (by - ux * size * 0.6) * s),
        ],
        fill=colour,
    )


def _whirlpool(draw: ImageDraw.ImageDraw, s: float) -> None:
    draw.ellipse((s * 0.2, s * 0.2, s * 0.8, s * 0.8), fill=DISASTER)
    for ratio in (0.22, 0.14, 0.06):
        draw.ellipse(
            (s * (0.5 - ratio), s * (0.5 - ratio), s * (0.5 + ratio), s * (0.5 + ratio)),
            outline=(255, 220, 220),
            width=max(2, int(s * 0.02)),
        )


@lru_cache(maxsize=16)
def castle_icon(side: int, walls: RGB) -> Image.Image:
    """A city: walls with three towers (the Mythical City in purple)."""
    image, draw = supersampled(side, side, SCALE)
    s = side * SCALE
    outline = (40, 40, 50)
    line = max(1, side // 24) * SCALE
    draw.rectangle(
        (s * 0.12, s * 0.45, s * 0.88, s * 0.95), fill=walls, outline=outline, width=line
    )
    for left in (0.06, 0.38, 0.7):
        draw.rectangle(
            (s * left, s * 0.22, s * (left + 0.24), s * 0.95),
            fill=walls,
            outline=outline,
            width=line,
        )
        draw.polygon(
            [
                (s * (left - 0.02), s * 0.24),
                (s * (left + 0.12), s * 0.02),
                (s * (left + 0.26), s * 0.24),
            ],
            fill=(200, 50, 50),
            outline=outline,
        )
    draw.rectangle((s * 0.42, s * 0.68, s * 0.58, s * 0.95), fill=outline)
    return shrink(image, side, side)


def _label(
    image: Image.Image,
    centre: tuple[float, float],
    text: str,
    ink: RGB = WHITE,
    stroke: int = 2,
    stroke_fill: RGB = OUTLINE,
) -> None:
    """``text`` in ``PIECE_TEXT`` px centred at ``centre`` on a finished (shrunk) piece. By
    default white with a dark outline: readable on any seat colour, and where the label is
    wider than its piece its outer pixels are still the dark rim colour."""
    draw_text(
        ImageDraw.Draw(image), centre, text, PIECE_TEXT, ink, stroke=stroke, stroke_fill=stroke_fill
    )


@lru_cache(maxsize=128)
def adventurer_token(label: str, colour: RGB, side: int, pirate: bool, moving: bool) -> Image.Image:
    """An Adventurer: a disc in its owner's colour with a dark rim (it stands out from water
    and land) and its label (``2`` or ``2.1``, as the notation names it: seat number, then
    Adventurer number) in ``PIECE_TEXT`` px, outlined; a pirate wears a black ring and a
    skull; the one moving now has an amber halo."""
    image, draw = supersampled(side, side, SCALE)
    s = side * SCALE
    if moving:
        draw.ellipse((0, 0, s - 1, s - 1), fill=(255, 184, 0))
    inset = s * (0.1 if moving else 0.02)
    draw.ellipse((inset, inset, s - inset, s - inset), fill=OUTLINE)
    inset += s * 0.07
    ring = PIRATE if pirate else WHITE
    draw.ellipse(
        (inset, inset, s - inset, s - inset),
        fill=colour,
        outline=ring,
        width=int(s * (0.1 if pirate else 0.05)),
    )
    image = shrink(image, side, side)
    _label(image, (side / 2, side / 2 + 1), label)
    if pirate and side >= 20:  # smaller: the black ring alone (a replay's overview)
        skull = event_icon("pirates", max(10, int(side * 0.4)))
        backing = Image.new("RGBA", skull.size, (0, 0, 0, 0))
        ImageDraw.Draw(backing).ellipse((0, 0, skull.width - 1, skull.height - 1), fill=PIRATE)
        backing.alpha_composite(skull)
        image.alpha_composite(backing, (side - skull.width, 0))
    return image


#: An Agent's house (roof point, eaves, walls), in fractions of its square.
AGENT_HOUSE = (
    (0.5, 0.04),
    (0.96, 0.44),
    (0.86, 0.44),
    (0.86, 0.96),
    (0.14, 0.96),
    (0.14, 0.44),
    (0.04, 0.44),
)


@lru_cache(maxsize=64)
def agent_token(label: str, colour: RGB, side: int, ransacked: bool) -> Image.Image:
    """An Agent (inn): a small house in its owner's colour; ransacked ones are grey and crossed."""
    image, draw = supersampled(side, side, SCALE)
    s = side * SCALE
    fill = RANSACKED if ransacked else colour
    draw.polygon(
        _scaled(AGENT_HOUSE, s),
        fill=fill,
        outline=OUTLINE,
        width=max(2, side // 12) * SCALE,
    )
    if ransacked:
        width = max(2, side // 8) * SCALE
        draw.line([(s * 0.18, s * 0.3), (s * 0.82, s * 0.92)], fill=(220, 30, 30), width=width)
        draw.line([(s * 0.82, s * 0.3), (s * 0.18, s * 0.92)], fill=(220, 30, 30), width=width)
    image = shrink(image, side, side)
    if not ransacked:
        _label(image, (side / 2, side * 0.64), label)
    return image


def _text_plate(
    text: str,
    height: int,
    *,
    fill: RGB,
    rim: RGB,
    rim_width: int,
    radius: float,
    ink: RGB,
    stroke: int,
) -> Image.Image:
    """A rounded plate ``height`` px high and as wide as ``text`` needs (square at least), with
    ``text`` centred on it (its outline, if any, in the plate's colour). ``rim_width`` and
    ``radius`` are in supersampled pixels."""
    width = max(height, text_size(text, PIECE_TEXT)[0] + 10)
    image, draw = supersampled(width, height, SCALE)
    draw.rounded_rectangle(
        (0, 0, width * SCALE - 1, height * SCALE - 1),
        radius=radius,
        fill=fill,
        outline=rim,
        width=rim_width,
    )
    image = shrink(image, width, height)
    _label(image, (width / 2, height / 2 + 1), text, ink, stroke, fill)
    return image


@lru_cache(maxsize=64)
def coin(text: str, side: int) -> Image.Image:
    """Wealth: a cream bale (rounded square, wider for long amounts) with an amount, unlike
    the round player pieces."""
    return _text_plate(
        text,
        side,
        fill=(250, 238, 196),
        rim=(110, 70, 10),
        rim_width=max(2, side // 12) * SCALE,
        radius=side * SCALE * 0.22,
        ink=(90, 54, 0),
        stroke=1,
    )


@lru_cache(maxsize=8)
def vault_icon(side: int) -> Image.Image:
    """The Vault (banked wealth, the only wealth that wins): a safe with a dial."""
    image, draw = supersampled(side, side, SCALE)
    s = side * SCALE
    draw.rounded_rectangle(
        (s * 0.06, s * 0.06, s * 0.94, s * 0.88),
        radius=s * 0.1,
        fill=(120, 130, 140),
        outline=(230, 230, 235),
        width=2 * SCALE,
    )
    draw.ellipse(
        (s * 0.3, s * 0.22, s * 0.7, s * 0.62),
        fill=(60, 66, 74),
        outline=(230, 230, 235),
        width=2 * SCALE,
    )
    draw.line([(s * 0.5, s * 0.42), (s * 0.62, s * 0.3)], fill=(230, 230, 235), width=2 * SCALE)
    draw.rectangle((s * 0.14, s * 0.88, s * 0.3, s * 0.98), fill=(120, 130, 140))
    draw.rectangle((s * 0.7, s * 0.88, s * 0.86, s * 0.98), fill=(120, 130, 140))
    return shrink(image, side, side)


@lru_cache(maxsize=8)
def tile_back(back: str, side: int) -> Image.Image:
    """A face-down tile of the water or land pile."""
    image, draw = supersampled(side, side, SCALE)
    s = side * SCALE
    fill = WATER_DEEP if back == "water" else LAND_DARK
    draw.rounded_rectangle(
        (0, 0, s - 1, s - 1), radius=s * 0.1, fill=fill, outline=WHITE, width=2 * SCALE
    )
    for offset in (0.3, 0.5, 0.7):
        draw.arc(
            (s * 0.15, s * (offset - 0.12), s * 0.85, s * (offset + 0.12)),
            200,
            340,
            fill=(235, 240, 245),
            width=2 * SCALE,
        )
    return shrink(image, side, side)


@lru_cache(maxsize=256)
def count_pill(text: str, height: int) -> Image.Image:
    """``+n``: pieces that did not fit where they stand (a dark pill, white rim and text)."""
    return _text_plate(
        text,
        height,
        fill=(24, 24, 28),
        rim=WHITE,
        rim_width=2 * SCALE,
        radius=height * SCALE // 2,
        ink=WHITE,
        stroke=0,
    )


#: Effects of the Advanced cards that have an icon (the engine's names, ``cards.py``).
EFFECT_ICONS = (
    "downwind",
    "upwind",
    "defence",
    "attack",
    "damage",
    "agents",
    "bank",
    "maps",
    "rewards",
    "freerests",
    "rests",
    "transfers",
    "earning",
    "arrest",
    "refurnish",
    "pool",
)


#: The shield (defence) and the house (Agents) of the effect glyphs, in fractions of the icon.
SHIELD_GLYPH = ((0.5, 0.08), (0.88, 0.2), (0.8, 0.62), (0.5, 0.94), (0.2, 0.62), (0.12, 0.2))
HOUSE_GLYPH = (
    (0.5, 0.1),
    (0.9, 0.46),
    (0.78, 0.46),
    (0.78, 0.9),
    (0.22, 0.9),
    (0.22, 0.46),
    (0.1, 0.46),
)


@lru_cache(maxsize=64)
def effect_icon(effect: str, side: int) -> Image.Image:
    """A white glyph for an Advanced card's effect (language-neutral, unlike its name):
    » downwind, « upwind, a shield, a sword, a burst (damage), a house (Agents), a safe
    (bank), a tile (chest maps), a star (rewards), a moon (rests, free ones with a plus),
    ⇄ (transfers), a coin (earning), bars (arrest), a hammer (refurnish), a drop (pool)."""
    image, draw = supersampled(side, side, SCALE)
    s = side * SCALE
    ink, line = WHITE, max(2, side // 10) * SCALE

    def chevron(x: float, facing: int) -> None:
        tip = x + facing * 0.18 * s
        draw.line(
            [(x, s * 0.22), (tip, s * 0.5), (x, s * 0.78)], fill=ink, width=line, joint="curve"
        )

    if effect in ("downwind", "upwind"):
        facing = 1 if effect == "downwind" else -1
        start = 0.22 if facing > 0 else 0.78
        chevron(s * start, facing)
        chevron(s * (start + facing * 0.3), facing)
    elif effect == "defence":
        draw.polygon(_scaled(SHIELD_GLYPH, s), fill=ink)
    elif effect == "attack":
        draw.line([(s * 0.2, s * 0.8), (s * 0.86, s * 0.14)], fill=ink, width=line)
        draw.line([(s * 0.14, s * 0.56), (s * 0.44, s * 0.86)], fill=ink, width=line)
    elif effect == "damage":
        points = []
        for index in range(16):
            radius = s * (0.46 if index % 2 == 0 else 0.2)
            angle = index * math.pi / 8
            points.append((s / 2 + radius * math.cos(angle), s / 2 + radius * math.sin(angle)))
        draw.polygon(points, fill=ink)
    elif effect == "agents":
        draw.polygon(_scaled(HOUSE_GLYPH, s), fill=ink)
    elif effect == "bank":
        draw.rounded_rectangle(
            (s * 0.1, s * 0.14, s * 0.9, s * 0.86), radius=s * 0.1, outline=ink, width=line
        )
        draw.ellipse((s * 0.34, s * 0.34, s * 0.66, s * 0.66), outline=ink, width=line)
    elif effect == "maps":
        draw.rectangle((s * 0.14, s * 0.14, s * 0.86, s * 0.86), outline=ink, width=line)
        draw.polygon([(s * 0.14, s * 0.14), (s * 0.86, s * 0.14), (s * 0.5, s * 0.5)], fill=ink)
    elif effect == "rewards":
        image.alpha_composite(star(side, ink).resize((s, s)))
    elif effect in ("rests", "freerests"):
        draw.ellipse((s * 0.12, s * 0.12, s * 0.8, s * 0.88), fill=ink)
        draw.ellipse((s * 0.32, s * 0.04, s * 0.98, s * 0.74), fill=(0, 0, 0, 0))
        if effect == "freerests":
            draw.line([(s * 0.74, s * 0.62), (s * 0.74, s * 0.98)], fill=ink, width=line)
            draw.line([(s * 0.56, s * 0.8), (s * 0.92, s * 0.8)], fill=ink, width=line)
    elif effect == "transfers":
        draw.line([(s * 0.12, s * 0.32), (s * 0.84, s * 0.32)], fill=ink, width=line)
        draw.polygon([(s * 0.9, s * 0.32), (s * 0.68, s * 0.14), (s * 0.68, s * 0.5)], fill=ink)
        draw.line([(s * 0.16, s * 0.7), (s * 0.88, s * 0.7)], fill=ink, width=line)
        draw.polygon([(s * 0.1, s * 0.7), (s * 0.32, s * 0.52), (s * 0.32, s * 0.88)], fill=ink)
    elif effect == "earning":
        draw.ellipse((s * 0.12, s * 0.12, s * 0.88, s * 0.88), outline=ink, width=line)
        draw.ellipse((s * 0.36, s * 0.36, s * 0.64, s * 0.64), fill=ink)
    elif effect == "arrest":
        for x in (0.22, 0.5, 0.78):
            draw.line([(s * x, s * 0.1), (s * x, s * 0.9)], fill=ink, width=line)
        draw.line([(s * 0.1, s * 0.3), (s * 0.9, s * 0.3)], fill=ink, width=line)
    elif effect == "refurnish":
        draw.line([(s * 0.24, s * 0.86), (s * 0.62, s * 0.36)], fill=ink, width=line)
        draw.polygon(
            [(s * 0.42, s * 0.2), (s * 0.66, s * 0.06), (s * 0.94, s * 0.38), (s * 0.78, s * 0.5)],
            fill=ink,
        )
    else:  # pool
        draw.polygon([(s * 0.5, s * 0.06), (s * 0.78, s * 0.56), (s * 0.22, s * 0.56)], fill=ink)
        draw.ellipse((s * 0.22, s * 0.36, s * 0.78, s * 0.92), fill=ink)
    return shrink(image, side, side)
