"""The boxes Discord's clients show pictures in, and the one the pictures are made for.

Sizes are CSS pixels of the client (a phone's 3 device pixels per CSS pixel show more detail,
but text smaller than the limit below is hard to read however sharp). Where each figure comes
from, measured or assumed, is in ``docs/rendering.md`` ("The box a picture is shown in").
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from renderer.toolkit import font


@dataclass(frozen=True, slots=True)
class Surface:
    """Where a picture is shown: it is scaled down (never up) to fit ``width`` x ``height``;
    ``height`` None means the box grows with the picture."""

    name: str
    width: int
    height: int | None = None

    def scale(self, size: tuple[int, int]) -> float:
        """How much a picture of ``size`` is shrunk when shown here (1.0: not at all)."""
        width, height = size
        shrink = min(1.0, self.width / width)
        if self.height is not None:
            shrink = min(shrink, self.height / height)
        return shrink


#: A Components V2 media gallery holding one picture, on a phone about 390 px wide.
GALLERY_PHONE = Surface("media gallery, phone", 280)
#: The same as SimCord's Preview lays it out at 400 px in Chromium (measured: 275 px).
GALLERY_PREVIEW = Surface("media gallery, phone, in the Preview", 275)
#: The same on the desktop client (the container is at most 600 px wide).
GALLERY_DESKTOP = Surface("media gallery, desktop", 560)
#: An embed's image on the desktop client (what boards used before Components V2).
EMBED_DESKTOP = Surface("embed image, desktop", 400, 300)

#: The surface boards, hands and replays are made for (issue 26 moves boards into galleries).
BOARD_SURFACE = GALLERY_PHONE
#: Every text carrying game information is at least this many CSS px tall as shown there.
MIN_TEXT_PX = 7.0
#: The widest picture a gallery shows as it is: wider than 11:7 the desktop client lays the
#: item out differently (discord/discord-api-docs#8100).
MAX_ASPECT = 11 / 7


def displayed_text_px(
    font_px: float, size: tuple[int, int], surface: Surface = BOARD_SURFACE
) -> float:
    """How tall text drawn at ``font_px`` in a picture of ``size`` looks on ``surface``."""
    return font_px * surface.scale(size)


@lru_cache(maxsize=128)
def cap_height(font_px: int) -> int:
    """How tall the bundled font's digits and capitals are at ``font_px`` (their ink, in
    pixels): what a reader sees of a label, about 0.72 of the font size."""
    left, top, right, bottom = font(font_px).getbbox("0")
    return int(bottom - top)


def displayed_glyph_px(
    font_px: int, size: tuple[int, int], surface: Surface = GALLERY_PREVIEW
) -> float:
    """How tall the digits and capitals of text drawn at ``font_px`` in a picture of ``size``
    look on ``surface`` (by default the phone gallery as the Preview shows it)."""
    return cap_height(font_px) * surface.scale(size)
