"""A PNG chart of a simulation run (matplotlib, Agg backend).

Imported only when a chart is wanted (``simulate --plot``, the bot's ``/simulate``), so
``gamecore`` itself stays free of matplotlib.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any


def _length_values(summary: Mapping[str, Any], records: Sequence[Mapping[str, Any]]) -> tuple[str, list[float]]:
    finished = [r for r in records if r.get("result") != "error"]
    if summary.get("rounds"):
        return "rounds", [r["rounds"] for r in finished if isinstance(r.get("rounds"), int | float)]
    return "steps", [r["steps"] for r in finished]


def render_summary_chart(
    summary: Mapping[str, Any], records: Sequence[Mapping[str, Any]], title: str = ""
) -> bytes:
    """PNG bytes: win rate by player type with 95% intervals, and a distribution panel.

    The distribution is the headline score for solo games that have one, otherwise the
    number of rounds (if the game reports them) or steps.
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, (rates_axis, spread_axis) = plt.subplots(1, 2, figsize=(10, 4), dpi=100)
    try:
        _draw_rates(rates_axis, summary)
        _draw_spread(spread_axis, summary, records)
        if title:
            figure.suptitle(title)
        figure.tight_layout()
        buffer = io.BytesIO()
        figure.savefig(buffer, format="png")
        return buffer.getvalue()
    finally:
        plt.close(figure)


def save_summary_chart(
    summary: Mapping[str, Any], records: Sequence[Mapping[str, Any]], path: str | Path, title: str = ""
) -> None:
    Path(path).write_bytes(render_summary_chart(summary, records, title))


def _draw_rates(axis: Any, summary: Mapping[str, Any]) -> None:
    by_type = summary.get("by_type") or {}
    names = list(by_type)
    rates = [by_type[name]["rate"] for name in names]
    below = [max(0.0, by_type[name]["rate"] - by_type[name]["low"]) for name in names]
    above = [max(0.0, by_type[name]["high"] - by_type[name]["rate"]) for name in names]
    axis.bar(names, rates, yerr=[below, above], capsize=6, color="#4C78A8")
    for index, rate in enumerate(rates):
        axis.annotate(f"{rate:.1%}", (index, rate), textcoords="offset points", xytext=(8, 4))
    axis.set_ylim(0, 1)
    axis.set_ylabel("win rate (95% Wilson interval)")
    axis.set_title("win rate by player type")


def _draw_spread(axis: Any, summary: Mapping[str, Any], records: Sequence[Mapping[str, Any]]) -> None:
    headline = summary.get("headline") if summary.get("solo") else None
    if headline and headline.get("counts"):
        labels = list(headline["counts"])
        axis.bar(labels, [headline["counts"][label] for label in labels], color="#F58518")
        axis.set_xlabel(f"score: {headline['key']}")
        axis.set_ylabel("games")
        axis.set_title(f"distribution of {headline['key']}")
        return
    label, values = _length_values(summary, records)
    if values:
        low, high = min(values), max(values)
        bins = min(40, int(high - low) + 1) if high > low else 1
        axis.hist(values, bins=bins, color="#F58518")
    axis.set_xlabel(label)
    axis.set_ylabel("games")
    axis.set_title(f"distribution of {label}")
