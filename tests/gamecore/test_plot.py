"""The /simulate chart: portrait, whole-number ticks, translated words, no missing glyph."""

from __future__ import annotations

import io
import json
import warnings
from pathlib import Path

import matplotlib.pyplot as plt
import pytest
from PIL import Image

from gamecore import plot
from gamecore.simulate import RunSpec, run_games, summarize
from tests.gamecore.test_simulate import CLIMB, NIM

CATALOGS = Path(__file__).parents[2] / "i18n" / "catalogs"


def _japanese() -> dict[str, str]:
    catalog = json.loads((CATALOGS / "pictures.ja.json").read_text(encoding="utf-8"))
    return {key: catalog[f"chart.{key}"] for key in plot.LABELS}


def _chart(labels: dict | None = None, solo: bool = False) -> tuple[bytes, list[str]]:
    if solo:
        records = list(run_games(CLIMB, 30, RunSpec(player_names=("random",))))
        summary = summarize(records, "total")
    else:
        records = list(run_games(NIM, 30, RunSpec(seats=2, player_names=("smart", "random"))))
        summary = summarize(records)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        png = plot.render_summary_chart(summary, records, "ニム 30", labels)
    return png, [str(w.message) for w in caught if "missing from" in str(w.message)]


def test_every_chart_word_has_english_and_japanese() -> None:
    for locale in ("en", "ja"):
        catalog = json.loads((CATALOGS / f"pictures.{locale}.json").read_text(encoding="utf-8"))
        assert {f"chart.{key}" for key in plot.LABELS} <= set(catalog)


@pytest.mark.parametrize("solo", [False, True])
def test_a_japanese_chart_is_portrait_and_has_every_glyph(solo: bool) -> None:
    png, missing = _chart(_japanese(), solo)
    assert missing == []
    image = Image.open(io.BytesIO(png))
    assert image.height > image.width  # stacked panels for a phone
    # matplotlib's 12 pt at 100 dpi is 16.7 px: ≥ 10 px once shown 400 px wide
    assert 10 * image.width / 400 <= plot.FONT_SIZE * plot.DPI / 72


def test_without_the_japanese_font_glyphs_would_be_missing(monkeypatch) -> None:
    """The check above can fail: DejaVu alone draws Japanese as boxes and warns."""
    monkeypatch.setattr(plot, "chart_fonts", lambda: ["DejaVu Sans"])
    _, missing = _chart(_japanese())
    assert missing


def test_count_axes_have_whole_number_ticks(monkeypatch) -> None:
    closed = []
    monkeypatch.setattr(plt, "close", closed.append)
    _chart()
    spread = closed[0].axes[1]
    for ticks in (spread.get_yticks(), spread.get_xticks()):
        assert all(float(tick).is_integer() for tick in ticks)
    plt.close("all")
