"""A tournament's standings as a picture: one bar per person (points), best at the top,
dropped people in grey (matplotlib, as the other charts; Japanese drawn with IPAexGothic).

Landscape 600 px wide, 12 pt text, as ``renderer/rating_chart.py`` (a phone shows it 280 px
wide). The words come in ``labels`` in the reader's language."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from gamecore.plot import FONT_SIZE
from renderer.figure_chart import chart_axes, figure_png

#: English words of the chart; callers pass them translated.
LABELS: dict[str, str] = {"title": "{name}: standings", "axis.points": "points"}
#: Most people drawn (the text table below the picture lists everyone).
MOST_BARS = 16


@dataclass(frozen=True, slots=True)
class Bar:
    rank: int
    name: str
    points: float
    active: bool = True


def render_standings(
    bars: Sequence[Bar], labels: Mapping[str, str] | None = None, **names: str
) -> bytes:
    """PNG bytes of ``bars`` (best first); ``names`` fill the title (name)."""
    words = {**LABELS, **(labels or {})}
    shown = list(bars[:MOST_BARS])
    height = 1.2 + 0.32 * max(1, len(shown))
    with chart_axes((6.0, height)) as (figure, axis):
        ys = list(range(len(shown)))[::-1]
        colours = ["#08519c" if b.active else "#bbbbbb" for b in shown]
        axis.barh(ys, [b.points for b in shown], color=colours, height=0.7)
        axis.set_yticks(ys, [f"{b.rank}. {b.name}"[:24] for b in shown])
        top = max([b.points for b in shown] + [1.0])
        for y, bar in zip(ys, shown, strict=True):
            axis.text(
                bar.points + top * 0.01, y, f"{bar.points:g}", va="center", fontsize=FONT_SIZE - 2
            )
        axis.set_xlim(0, top * 1.15)
        axis.set_xlabel(words["axis.points"])
        axis.grid(axis="x", alpha=0.3)
        axis.set_title(words["title"].format(**names), fontsize=FONT_SIZE + 1)
        return figure_png(figure)
