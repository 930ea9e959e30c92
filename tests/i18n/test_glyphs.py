"""Every text of every locale can be drawn by the chart fonts without missing-glyph boxes
("tofu"): each letter, digit, punctuation mark and currency or maths sign of each catalog
string is in the character map of one of the fonts the charts fall back through
(``gamecore.plot``). Emoji and other pictographs are left to Discord, which draws them in
messages; the charts draw words only.

The board pictures draw no catalog text (numbers, card ranks and cell labels only), so their
Latin subset of DejaVu Sans needs no other script.
"""

from __future__ import annotations

import unicodedata
from functools import cache
from pathlib import Path

import matplotlib
import pytest
from fontTools.ttLib import TTFont

from gamecore.plot import font_files
from i18n import catalog
from tests.i18n.locales import locales_under_test

#: Unicode categories a font must draw: letters, marks, digits, punctuation, signs, spaces.
DRAWN = ("L", "M", "N", "P", "Sc", "Sm", "Zs")


@cache
def chart_glyphs() -> frozenset[int]:
    dejavu = Path(matplotlib.get_data_path()) / "fonts" / "ttf" / "DejaVuSans.ttf"
    covered: set[int] = set()
    for path in (dejavu, *font_files()):
        font = TTFont(str(path), lazy=True)
        covered.update(font.getBestCmap())
        font.close()
    return frozenset(covered)


def missing_glyphs(text: str) -> set[str]:
    drawn = {c for c in text if unicodedata.category(c).startswith(DRAWN)}
    return {c for c in drawn if ord(c) not in chart_glyphs()}


@pytest.mark.parametrize("locale", locales_under_test())
def test_every_catalog_string_has_its_glyphs_in_the_chart_fonts(locale: str) -> None:
    missing = {
        key: "".join(sorted(gaps))
        for key, text in catalog(locale).items()
        if (gaps := missing_glyphs(text))
    }
    assert missing == {}, f"{locale}: no glyph for {missing}"


def test_the_check_knows_korean_and_chinese_and_sees_a_gap() -> None:
    assert not missing_glyphs("승률 胜率 勝率 Доля победы ÇŞĞ ąęł ñ ã 勝率")
    assert missing_glyphs("\U00011000") == {"\U00011000"}  # Brahmi: in none of the fonts
