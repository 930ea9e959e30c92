"""Item 1 of the phone pictures: every text of a real game's picture stays at least 10 px tall
when Discord shows the picture 400 px wide (font size ≥ 10 × width / 400)."""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from PIL import Image, ImageDraw

import renderer
from tests.renderer.helpers import computer_views

PHONE_WIDTH = 400
MIN_PHONE_PX = 10

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
                    "palette", "font", "_font_bytes"
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
    """Texts below the limit: (text, font size, the size the picture's width requires)."""
    renderer.warm_up(game_id)
    draw = renderer.render_hand if hand else renderer.render_board
    with recorded_texts() as seen:
        png = draw(game_id, view)
    width = Image.open(io.BytesIO(png)).width
    need = MIN_PHONE_PX * width / PHONE_WIDTH
    assert seen or hand, "the recorder saw no text"  # a public view's hand is an empty slot
    return sorted({(text, size, need) for text, size in seen if text.strip() and size < need})


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
    for moment, view in (("start", views[0]), ("middle", views[len(views) // 2]), ("end", views[-1])):
        for hand in (False, True):
            small = too_small(game_id, view, hand)
            if small:
                failures[f"{moment} {'hand' if hand else 'board'}"] = small[:6]
    assert not failures, failures


def test_the_recorder_sees_a_small_label() -> None:
    """The check can fail: a picture with a 9 px label on a 800 px canvas is caught."""
    from renderer.toolkit import draw_text, encode_png, new_canvas  # noqa: PLC0415 - the toolkit's own helper

    image, draw = new_canvas(800, 100)
    with recorded_texts() as seen:
        draw_text(draw, (50, 50), "A1", 9, (255, 255, 255))
        draw_text(draw, (150, 50), "B2", 19, (255, 255, 255))
        draw_text(draw, (250, 50), "C3", 20, (255, 255, 255))
    assert Image.open(io.BytesIO(encode_png(image))).width == 800
    assert [(text, size) for text, size in seen if size < MIN_PHONE_PX * 800 / PHONE_WIDTH] == [
        ("A1", 9), ("B2", 19)
    ]
