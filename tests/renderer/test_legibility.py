"""Every text of a real game's picture, measured at the size it is shown: in a Components V2
media gallery on a phone (``renderer.display.BOARD_SURFACE``, 280 CSS px wide) it is at least
``MIN_TEXT_PX`` tall; and every board keeps a shape the gallery shows whole (issue 23 item 2).
Before, the rule was "10 px once the picture is 400 px wide", a width no client gives a board."""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from PIL import Image, ImageDraw

import renderer
from renderer.display import (
    BOARD_SURFACE,
    EMBED_DESKTOP,
    GALLERY_DESKTOP,
    MAX_ASPECT,
    MIN_TEXT_PX,
    displayed_text_px,
)
from tests.renderer.helpers import computer_views

#: (game, seed, players, options) of the real games looked at, start / middle / end.
GAMES = [
    ("cartographer", 3, 1, {}),
    ("dungeon-delver", 3, 1, {}),
    ("speiderne", 3, 4, {}),
    ("cartolan", 1, 4, {"preset": "classic", "mode": "regular"}),
    ("cartolan", 2, 3, {"preset": "modern", "mode": "advanced"}),
]


@contextmanager
def recorded_texts() -> Iterator[list[tuple[str, float]]]:
    """Every ``(text, font size)`` Pillow draws meanwhile; the renderer's cached pieces are
    forgotten first (but not the palettes) so cached labels are drawn again and seen."""
    for name, module in list(sys.modules.items()):
        if name.startswith("renderer."):
            for attribute in vars(module).values():
                if hasattr(attribute, "cache_clear") and attribute.__name__ not in {
                    "palette",
                    "font",
                    "_font_bytes",
                }:
                    attribute.cache_clear()
    seen: list[tuple[str, float]] = []
    original = ImageDraw.ImageDraw.text

    def text(self, xy, text, *args, **kwargs):  # Pillow's signature
        seen.append((str(text), kwargs["font"].size))
        return original(self, xy, text, *args, **kwargs)

    ImageDraw.ImageDraw.text = text
    try:
        yield seen
    finally:
        ImageDraw.ImageDraw.text = original


def too_small(game_id: str, view: dict, hand: bool = False) -> list[tuple[str, float, float]]:
    """Texts below the limit as shown: (text, font size, its size as shown on a phone)."""
    renderer.warm_up(game_id)
    draw = renderer.render_hand if hand else renderer.render_board
    with recorded_texts() as seen:
        png = draw(game_id, view)
    size = Image.open(io.BytesIO(png)).size
    assert seen or hand, "the recorder saw no text"  # a public view's hand is an empty slot
    shown = {
        (text, font, round(displayed_text_px(font, size), 1)) for text, font in seen if text.strip()
    }
    return sorted(found for found in shown if found[2] < MIN_TEXT_PX)


def _positions() -> list:
    cases = []
    for game_id, seed, players, options in GAMES:
        label = f"{game_id}-{options.get('preset', '')}{options.get('mode', '')}"
        cases.append(pytest.param(game_id, seed, players, options, id=label))
    return cases


@pytest.mark.parametrize(("game_id", "seed", "players", "options"), _positions())
def test_every_text_is_legible_at_phone_width(game_id, seed, players, options) -> None:
    views = computer_views(game_id, seed, players, options)
    assert views[-1]["status"], "the game was played to its end"
    failures = {}
    for moment, view in (
        ("start", views[0]),
        ("middle", views[len(views) // 2]),
        ("end", views[-1]),
    ):
        width, height = Image.open(io.BytesIO(renderer.render_board(game_id, view))).size
        if width > MAX_ASPECT * height:
            failures[f"{moment} board shape"] = [(width, height)]
        for hand in (False, True):
            small = too_small(game_id, view, hand)
            if small:
                failures[f"{moment} {'hand' if hand else 'board'}"] = small[:6]
    assert not failures, failures


def test_the_recorder_sees_a_small_label() -> None:
    """The check can fail: on an 800 px wide picture, shown 280 px wide, labels drawn below
    20 px are under 7 px as shown."""
    from renderer.toolkit import draw_text, encode_png, new_canvas  # noqa: PLC0415 - the toolkit's own helper

    image, draw = new_canvas(800, 100)
    with recorded_texts() as seen:
        draw_text(draw, (50, 50), "A1", 9, (255, 255, 255))
        draw_text(draw, (150, 50), "B2", 19, (255, 255, 255))
        draw_text(draw, (250, 50), "C3", 20, (255, 255, 255))
    assert Image.open(io.BytesIO(encode_png(image))).width == 800
    small = [
        (text, size) for text, size in seen if displayed_text_px(size, (800, 100)) < MIN_TEXT_PX
    ]
    assert small == [("A1", 9), ("B2", 19)]


def test_a_board_shown_in_an_embed_is_smaller_than_in_a_gallery() -> None:
    """Why boards are made for the gallery: an embed caps a picture 300 px tall, so a
    Speiderne board's 24 px labels show about 5 px tall; a phone's gallery shows them at 7 or
    more, the desktop's at 14 or more."""
    speiderne_board = (942, 1406)
    assert displayed_text_px(24, speiderne_board, EMBED_DESKTOP) < 5.2
    assert displayed_text_px(24, speiderne_board, BOARD_SURFACE) >= MIN_TEXT_PX
    assert displayed_text_px(24, speiderne_board, GALLERY_DESKTOP) >= 14
