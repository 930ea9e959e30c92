"""Shared drawing toolkit: the bundled font, colours, text helpers and PNG encoding.

Everything here is deterministic and safe to call from several threads: fonts are loaded
once per size (FreeType calls are serialised by one lock, since a FreeType face is not
thread-safe) and images are encoded with fixed settings, so the same picture always gives
the same bytes.
"""

from __future__ import annotations

import io
import struct
import threading
import zlib
from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from isal import isal_zlib
from PIL import Image, ImageDraw, ImageFont

RGB = tuple[int, int, int]

#: Felt table and panels.
TABLE: RGB = (28, 84, 62)
TABLE_DARK: RGB = (20, 62, 46)
PANEL: RGB = (16, 48, 36)
LABEL: RGB = (236, 240, 228)
MUTED: RGB = (150, 180, 160)
INK: RGB = (30, 30, 34)
PAPER: RGB = (252, 251, 245)
RED_SUIT: RGB = (200, 30, 40)
BLACK_SUIT: RGB = (25, 25, 30)
#: The last move: a bright amber that stays distinct from red/green for colour-blind people.
HIGHLIGHT: RGB = (255, 184, 0)
WIN: RGB = (0, 158, 115)
LOSS: RGB = (213, 94, 0)

#: Player colours, chosen so that every pair stays apart (CAM02-UCS ΔE ≥ 27) for normal
#: vision and simulated deuteranopia and protanopia (tests/renderer/test_colours.py), and
#: apart from the white "to move" marker and the amber "last move"; every piece also
#: carries its seat number, so colour is never the only cue.
PLAYER_COLOURS: tuple[RGB, ...] = (
    (100, 80, 240),  # violet blue
    (200, 140, 0),  # ochre
    (80, 220, 180),  # aquamarine
    (140, 40, 100),  # plum
    (120, 180, 240),  # sky blue
    (140, 60, 0),  # brown
)

#: zlib level 3 for the few pictures that are not palette images (Pillow encodes those).
PNG_COMPRESS_LEVEL = 3
#: ISA-L's deflate level 2 for palette PNGs: 4-6x less CPU than zlib level 3 for a board,
#: files within ~15 % of its size (docs/rendering.md, "Less CPU per board").
PNG_DEFLATE_LEVEL = 2
_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_FONT_FILE = "DejaVuSans-Bold-subset.ttf"
_FONT_LOCK = threading.RLock()


def player_colour(seat: int) -> RGB:
    """Colour of seat ``seat`` (seats count from 1)."""
    return PLAYER_COLOURS[(int(seat) - 1) % len(PLAYER_COLOURS)]


@lru_cache(maxsize=1)
def _font_bytes() -> bytes:
    return (Path(__file__).parent / "fonts" / _FONT_FILE).read_bytes()


@lru_cache(maxsize=64)
def font(size: int) -> ImageFont.FreeTypeFont:
    """The bundled DejaVu Sans Bold (Latin subset) at ``size`` pixels."""
    with _FONT_LOCK:
        return ImageFont.truetype(io.BytesIO(_font_bytes()), size)


def section(view: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    """``view[key]`` when it is a mapping, else an empty one (views may come from old JSON)."""
    value = view.get(key)
    return value if isinstance(value, Mapping) else {}


def text_size(text: str, size: int) -> tuple[int, int]:
    """Width and height of ``text``'s ink box."""
    with _FONT_LOCK:
        left, top, right, bottom = map(int, font(size).getbbox(text))  # whole pixels
    return right - left, bottom - top


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: RGB,
    anchor: str = "mm",
    stroke: int = 0,
    stroke_fill: RGB | None = None,
) -> None:
    """Draw ``text`` anchored at ``xy`` (Pillow anchors: ``mm`` = centred); a ``stroke``
    outlines it so a label larger than its piece stays readable on any ground."""
    with _FONT_LOCK:
        draw.text(
            xy,
            text,
            font=font(size),
            fill=fill,
            anchor=anchor,
            stroke_width=stroke,
            stroke_fill=stroke_fill,
        )


@lru_cache(maxsize=1024)
def text_sprite(
    text: str, size: int, fill: RGB, anchor: str = "mm"
) -> tuple[Image.Image, int, int]:
    """``text`` drawn once on a transparent sprite, with its offset from the anchor point."""
    with _FONT_LOCK:
        left, top, right, bottom = map(int, font(size).getbbox(text, anchor=anchor))
        sprite = Image.new("RGBA", (max(1, right - left), max(1, bottom - top)), (0, 0, 0, 0))
        ImageDraw.Draw(sprite).text((-left, -top), text, font=font(size), fill=fill, anchor=anchor)
    return sprite, left, top


def paste_text(
    board: Image.Image, xy: tuple[float, float], text: str, size: int, fill: RGB, anchor: str = "mm"
) -> None:
    """Like :func:`draw_text`, from a cached sprite (fast for labels drawn on every board)."""
    sprite, left, top = text_sprite(text, size, fill, anchor)
    board.paste(sprite, (int(xy[0]) + left, int(xy[1]) + top), sprite)


def new_canvas(
    width: int, height: int, colour: RGB = TABLE
) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGB", (width, height), colour)
    return image, ImageDraw.Draw(image)


def build_palette(samples: Sequence[Image.Image], colours: int = 256) -> Image.Image:
    """A fixed palette (a ``P`` image) learnt once from sample boards of one game.

    Mapping a board onto a known palette costs ~2 ms, where learning one per picture costs
    10-40 ms; the samples are fixed views, so the palette (and every PNG) is reproducible.
    """
    width = max(sample.width for sample in samples)
    sheet = Image.new("RGB", (width, sum(sample.height for sample in samples)), TABLE)
    top = 0
    for sample in samples:
        sheet.paste(sample.convert("RGB"), (0, top))
        top += sample.height
    # Every second pixel each way keeps every colour area (pieces are far larger than 2 px)
    # and makes learning 4x faster.
    sample = sheet.resize((sheet.width // 2, sheet.height // 2), Image.Resampling.NEAREST)
    return sample.quantize(
        colors=colours, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE
    )


def encode_png(image: Image.Image, palette: Image.Image | None = None) -> bytes:
    """PNG bytes; with ``palette`` the picture is mapped onto it first (4x smaller, faster)."""
    if palette is not None and image.mode != "P":  # a palette canvas is mapped already
        image = image.quantize(palette=palette, dither=Image.Dither.NONE)
    if image.mode == "P" and "transparency" not in image.info:
        return palette_png(image)
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=PNG_COMPRESS_LEVEL)
    return out.getvalue()


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def palette_png(image: Image.Image) -> bytes:
    """An 8-bit palette PNG of a ``P`` image, deflated by ISA-L instead of zlib (Pillow's
    encoder spends most of a board's CPU in zlib). Scanlines use filter 0 ("none", what PNG
    recommends for palette images): pasting the picture one column right into a blank image
    gives each row its leading filter byte in one copy. Same image, same bytes."""
    width, height = image.size
    rows = Image.new("P", (width + 1, height), 0)
    rows.paste(image, (1, 0))
    colours = bytes(image.getpalette() or [0, 0, 0])
    return b"".join(
        (
            _PNG_SIGNATURE,
            _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)),
            _chunk(b"PLTE", colours[: 3 * 256]),
            _chunk(b"IDAT", isal_zlib.compress(rows.tobytes(), PNG_DEFLATE_LEVEL)),
            _chunk(b"IEND", b""),
        )
    )


def supersampled(
    width: int, height: int, scale: int = 4
) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A transparent canvas ``scale`` times larger, for shapes that are shrunk smooth later."""
    image = Image.new("RGBA", (width * scale, height * scale), (0, 0, 0, 0))
    return image, ImageDraw.Draw(image)


def shrink(image: Image.Image, width: int, height: int) -> Image.Image:
    return image.resize((width, height), Image.Resampling.LANCZOS)
