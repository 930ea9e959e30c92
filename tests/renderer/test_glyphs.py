"""Every label, count and piece mark of a picture is at least ``MIN_TEXT_PX`` tall where it
counts: its digits and capitals (the font's cap height, about 0.72 of the font size) in a
phone's media gallery as SimCord's Preview shows it (275 px wide, measured in Chromium at
400 px). Boards and hands along real games of every game, their most crowded states
included (Cartolan's long 4-player games, Speiderne at 6 seats). Font sizes alone let 25 px
labels on a 1,000 px picture pass at 7 px while their digits showed 5 px tall."""

from __future__ import annotations

import io

import pytest
from PIL import Image

import renderer
from renderer.display import GALLERY_PREVIEW, MIN_TEXT_PX, cap_height, displayed_glyph_px
from tests.renderer.helpers import computer_views
from tests.renderer.test_legibility import recorded_texts

#: (game, seed, players, options, positions looked at along the game).
GAMES = [
    ("cartolan", 1, 4, {"preset": "classic", "mode": "regular"}, 12),
    ("cartolan", 9, 4, {"preset": "classic", "mode": "advanced"}, 12),
    ("cartolan", 2, 4, {"preset": "modern", "mode": "regular"}, 12),
    ("cartolan", 1, 4, {"preset": "modern", "mode": "advanced"}, 12),
    ("cartographer", 3, 1, {}, 6),
    ("dungeon-delver", 3, 1, {}, 6),
    ("speiderne", 3, 4, {}, 6),
    ("speiderne", 1, 6, {}, 6),
]


def small_glyphs(game_id: str, view: dict, hand: bool) -> list[tuple[str, int, float]]:
    """(text, font size, cap height as shown) of every text below the limit."""
    draw = renderer.render_hand if hand else renderer.render_board
    with recorded_texts() as seen:
        png = draw(game_id, view)
    size = Image.open(io.BytesIO(png)).size
    shown = {(text, int(px), round(displayed_glyph_px(int(px), size), 2)) for text, px in seen}
    return sorted(s for s in shown if s[0].strip() and s[2] < MIN_TEXT_PX)


def _cases() -> list:
    cases = []
    for game_id, seed, players, options, positions in GAMES:
        label = f"{game_id}-{players}-{options.get('preset', '')}{options.get('mode', '')}"
        cases.append(pytest.param(game_id, seed, players, options, positions, id=label))
    return cases


@pytest.mark.parametrize(("game_id", "seed", "players", "options", "positions"), _cases())
def test_every_glyph_is_seven_pixels_tall_on_a_phone(
    game_id: str, seed: int, players: int, options: dict, positions: int
) -> None:
    views = computer_views(game_id, seed, players, options)
    renderer.warm_up(game_id)
    every = max(1, len(views) // positions)
    failures = {}
    for step in [*range(0, len(views), every), len(views) - 1]:
        for hand in (False, True):
            small = small_glyphs(game_id, views[step], hand)
            if small:
                failures[f"{'hand' if hand else 'board'} {step}"] = small[:4]
    assert not failures, failures


def test_the_check_sees_glyphs_not_font_sizes() -> None:
    """25 px text on a 1,000 px picture: 7 px by font size as shown, 5 px by its digits."""
    assert 25 * GALLERY_PREVIEW.scale((1000, 800)) > 6.8
    assert cap_height(25) == 18 and displayed_glyph_px(25, (1000, 800)) < 5
    assert displayed_glyph_px(25, (700, 1000)) >= MIN_TEXT_PX
