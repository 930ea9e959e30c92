"""A review's chart: the value of the move played at each decision, with its standard error
as a band and the mistakes and blunders marked (matplotlib, Agg backend, as
``renderer/rating_chart.py``).

Landscape 600 x 360 px with 12 pt text (16.7 px), so words stay at least 7 px as a phone
shows the picture in a media gallery 280 px wide (the project's floor, docs/rendering.md). The words come in ``labels`` in the reader's language.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from gamecore.analysis.review import Review
from gamecore.plot import FONT_SIZE
from renderer.figure_chart import chart_axes, figure_png
from renderer.toolkit import player_colour

#: English words of the chart; callers pass them translated.
LABELS: dict[str, str] = {
    "title": "{game}: your decisions",
    "axis.move": "move",
    "axis.win": "chance to win (%)",
    "axis.score": "expected levels",
    "mistake": "mistake",
    "blunder": "blunder",
}
FIGURE_SIZE = (6.0, 3.6)
#: The longest seat name the legend shows whole; a longer one (Discord allows 32 characters)
#: ends in "…", so two columns of four seats stay inside the chart in every locale.
LEGEND_NAME = 16


def _legend_name(name: str) -> str:
    return name if len(name) <= LEGEND_NAME else name[: LEGEND_NAME - 1].rstrip() + "…"


def render_review_chart(
    review: Review,
    labels: Mapping[str, str] | None = None,
    *,
    seats: Sequence[str] = (),
    **names: str,
) -> bytes:
    """PNG bytes of ``review``'s values over the game; ``names`` fill the title (game). A
    multiplayer review draws every seat's chance in the colour the board gives the seat,
    named in the legend as the board names it (``seats``: badge and name), the reviewed
    seat's line thicker."""

    words = {**LABELS, **(labels or {})}
    measure = review.measure
    scale = 100.0 if measure.kind == "win" else measure.top
    xs = [d.step for d in review.decisions]
    ys = [d.played_value.value * scale for d in review.decisions]
    low = [
        max(0.0, (d.played_value.value - d.played_value.error) * scale) for d in review.decisions
    ]
    high = [
        min(scale, (d.played_value.value + d.played_value.error) * scale) for d in review.decisions
    ]
    with chart_axes(FIGURE_SIZE) as (figure, axis):
        if review.seat_values:
            # Each seat's chance after the reviewed seat's decisions (the played move's rollouts).
            for seat in range(len(review.seat_values[0])):
                mine = seat == review.seat
                axis.plot(
                    xs,
                    [values[seat] * scale for values in review.seat_values],
                    color="#{:02x}{:02x}{:02x}".format(*player_colour(seat + 1)),
                    linewidth=2.5 if mine else 1.2,
                    alpha=1.0 if mine else 0.8,
                    label=_legend_name(seats[seat]) if seat < len(seats) else str(seat + 1),
                )
        else:
            axis.fill_between(xs, low, high, color="#9ecae1", alpha=0.5, linewidth=0)
            axis.plot(
                xs,
                ys,
                color="#08519c",
                linewidth=2,
                marker="o" if len(xs) < 40 else None,
                markersize=3,
            )
        for kind, colour, marker in (("mistake", "#f28e2b", "o"), ("blunder", "#d62728", "X")):
            picked = [
                (x, y)
                for x, y, d in zip(xs, ys, review.decisions, strict=True)
                if d.verdict == kind
            ]
            if picked:
                axis.scatter(
                    [p[0] for p in picked],
                    [p[1] for p in picked],
                    s=70,
                    color=colour,
                    marker=marker,
                    zorder=3,
                    label=words[kind],
                )
        if review.seat_values or any(d.verdict in ("mistake", "blunder") for d in review.decisions):
            axis.legend(
                loc="best", fontsize=FONT_SIZE - 1, frameon=False, ncol=2
            )  # 11 pt: >= 7 px at 280 px wide
        axis.set_ylim(0, scale)
        axis.set_xlabel(words["axis.move"])
        axis.set_ylabel(words["axis.win"] if measure.kind == "win" else words["axis.score"])
        axis.grid(alpha=0.3)
        axis.set_title(words["title"].format(**names), fontsize=FONT_SIZE + 1)
        return figure_png(figure)
