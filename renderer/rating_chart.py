"""``/stats``' rating-history chart: one player's shown rating after each rated match, with
its uncertainty as a band (matplotlib, Agg backend, as ``gamecore/plot.py``).

Landscape 600 x 360 px with 12 pt text (16.7 px), so words stay at least 7 px as a phone
shows the picture in a media gallery 280 px wide (the project's floor, docs/rendering.md). The words come in ``labels`` in the reader's
language; Japanese is drawn with IPAexGothic (``matplotlib-fontja``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from gamecore.plot import FONT_SIZE
from gamecore.ratings import Rating
from renderer.figure_chart import chart_axes, figure_png

#: English words of the chart; callers pass them translated.
LABELS: dict[str, str] = {
    "title": "{game}: rating of {name}",
    "axis.matches": "rated matches",
    "axis.rating": "rating (± uncertainty)",
    "provisional": "provisional",
}
FIGURE_SIZE = (6.0, 3.6)


def render_rating_chart(
    points: Sequence[Rating], labels: Mapping[str, str] | None = None, **names: str
) -> bytes:
    """PNG bytes of ``points`` (oldest first); ``names`` fill the title (game, name)."""
    from matplotlib.ticker import MaxNLocator  # noqa: PLC0415 - matplotlib loads only when a chart is drawn

    words = {**LABELS, **(labels or {})}
    xs = list(range(1, len(points) + 1))
    shown = [p.shown for p in points]
    low = [p.shown - p.spread for p in points]
    high = [p.shown + p.spread for p in points]
    with chart_axes(FIGURE_SIZE) as (figure, axis):
        axis.fill_between(xs, low, high, color="#9ecae1", alpha=0.5, linewidth=0)
        axis.plot(xs, shown, color="#08519c", linewidth=2, marker="o" if len(xs) < 30 else None)
        unsettled = [x for x, p in zip(xs, points, strict=True) if p.provisional]
        if unsettled:
            axis.axvspan(
                0.5,
                max(unsettled) + 0.5,
                color="#dddddd",
                alpha=0.5,
                linewidth=0,
                label=words["provisional"],
            )
            axis.legend(loc="upper left", fontsize=FONT_SIZE - 1, frameon=False)
        axis.set_xlim(0.5, len(xs) + 0.5)
        axis.xaxis.set_major_locator(MaxNLocator(integer=True, nbins=6))
        axis.set_xlabel(words["axis.matches"])
        axis.set_ylabel(words["axis.rating"])
        axis.grid(alpha=0.3)
        axis.set_title(words["title"].format(**names), fontsize=FONT_SIZE + 1)
        return figure_png(figure)
