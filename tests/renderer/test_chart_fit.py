"""Every matplotlib chart keeps its words whole in every locale with a catalog: /simulate's
summary, /stats' rating history and a review's chart, drawn through the bot's own label
builders with the longest realistic names (the longest game name in the locale, a 32-character
Discord name, four seats in the review's legend, four player types on /simulate's bars). Each
text's extent after drawing lies inside the figure, and no two texts overlap (titles, axis
labels, legend entries, tick labels, the rates written on the bars)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest

from cogs.commands.simulate import CHART_LABELS
from cogs.flows.after_game import review_chart
from cogs.ui.labels import game_name
from cogs.ui.ratings import chart as rating_chart
from gamecore.analysis.outcome import MEASURES
from gamecore.plot import render_summary_chart
from gamecore.ratings import Rating
from gamecore.registry import list_games
from i18n import t
from storage.records import RatingPoint
from tests.i18n.locales import locales_under_test
from tests.renderer.test_review_chart import sample_review

#: A display name as long as Discord allows (32 characters), wide letters included.
LONG_NAME = "Maximiliana Wolkenstein-Hartmann"


def longest_game(locale: str) -> str:
    return max((game_name(game.id, locale) for game in list_games()), key=len)


def undrawn(figure: Any) -> set[int]:
    """The tick labels matplotlib keeps beyond an axis's view limits (it does not draw them)."""
    hidden: set[int] = set()
    for axes in figure.axes:
        for axis, index in ((axes.xaxis, 0), (axes.yaxis, 1)):
            low, high = sorted(axis.get_view_interval())
            margin = (high - low) * 1e-6
            for label in axis.get_ticklabels(which="both"):
                if not low - margin <= label.get_position()[index] <= high + margin:
                    hidden.add(id(label))
    return hidden


def text_problems(figure: Any) -> list[str]:
    """Texts drawn outside the figure, and pairs of texts drawn over each other."""
    from matplotlib.text import Text  # noqa: PLC0415 - matplotlib only where a chart is drawn

    figure.canvas.draw()
    renderer = figure.canvas.get_renderer()
    texts = [
        text
        for text in figure.findobj(Text)
        if text.get_visible() and text.get_text().strip() and id(text) not in undrawn(figure)
    ]
    boxes = [(text.get_text(), text.get_window_extent(renderer)) for text in texts]
    whole = figure.bbox
    found = [
        f"outside the figure: {words!r}"
        for words, box in boxes
        if box.x0 < whole.x0 - 0.5
        or box.y0 < whole.y0 - 0.5
        or box.x1 > whole.x1 + 0.5
        or box.y1 > whole.y1 + 0.5
    ]
    for i, (first, a) in enumerate(boxes):
        for second, b in boxes[i + 1 :]:
            if a.overlaps(b) and a.intersection(a, b) is not None:
                inter = a.intersection(a, b)
                if inter.width > 0.5 and inter.height > 0.5:
                    found.append(f"overlap: {first!r} and {second!r}")
    return found


@pytest.fixture
def checked_figures(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every figure saved while the test runs, checked just before it is saved."""
    from matplotlib.figure import Figure  # noqa: PLC0415 - matplotlib only where a chart is drawn

    found: list[str] = []
    saved: list[Any] = []
    original = Figure.savefig

    def savefig(self: Any, *args: Any, **kwargs: Any) -> Any:
        found.extend(text_problems(self))
        saved.append(self)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(Figure, "savefig", savefig)
    yield found
    assert saved, "no chart was drawn"


def simulate_summary() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Four computer player types side by side (Cartolan's names), rates near the top."""
    types = ("explorer", "trader", "pirate", "router")
    by_type = {
        name: {"rate": rate, "low": rate - 0.08, "high": min(1.0, rate + 0.08)}
        for name, rate in zip(types, (0.91, 0.04, 0.35, 0.62), strict=True)
    }
    records = [{"result": "win", "steps": 300 + 17 * n, "rounds": 40 + n} for n in range(200)]
    return {"by_type": by_type, "rounds": True}, records


LOCALES = locales_under_test()


@pytest.mark.parametrize("locale", LOCALES)
def test_the_simulate_chart_keeps_its_words_whole(locale: str, checked_figures: list[str]) -> None:
    summary, records = simulate_summary()
    title = f"{longest_game(locale)}: 200 × explorer, trader, pirate, router"

    labels = {key: t(f"chart.{key}", locale) for key in CHART_LABELS}  # as /simulate does
    render_summary_chart(summary, records, title, labels)
    assert checked_figures == [], locale


@pytest.mark.parametrize("locale", LOCALES)
def test_the_rating_chart_keeps_its_words_whole(locale: str, checked_figures: list[str]) -> None:
    points = [RatingPoint(float(n), Rating(25 + n * 0.9, 8.3 - 0.15 * n, n + 1)) for n in range(40)]
    rating_chart(points, locale, game=longest_game(locale), name=LONG_NAME)
    assert checked_figures == [], locale


@pytest.mark.parametrize("locale", LOCALES)
def test_the_review_charts_keep_their_words_whole(locale: str, checked_figures: list[str]) -> None:
    solo = sample_review("dungeon-delver")
    values = tuple((0.5 - 0.05 * i, 0.2, 0.2 + 0.05 * i, 0.1) for i in range(6))
    several = replace(sample_review("cartographer"), seat_values=values)
    assert several.measure == MEASURES["cartographer"]
    seats = [f"{badge} {LONG_NAME}" for badge in "①②③④"]
    review_chart(solo, locale, longest_game(locale), [])
    review_chart(several, locale, longest_game(locale), seats)
    assert checked_figures == [], locale
