"""A PNG chart of a simulation run (matplotlib, Agg backend).

Imported only when a chart is wanted (``simulate --plot``, the bot's ``/simulate``), so
``gamecore`` itself stays free of matplotlib. The chart is a portrait picture (two panels
stacked) whose text stays ≥ 10 px when Discord shows it 400 px wide. Its words come in
``labels`` (the bot passes its translated catalog, ``i18n/catalogs/pictures.*.json``); the
font falls back to IPAexGothic (package ``matplotlib-fontja``) for Japanese, then to Noto Sans
KR, SC and TC (packages ``pylopdf-fonts-ko``, ``-zh-cn``, ``-zh-tw``) for Korean and Chinese.
"""

from __future__ import annotations

import io
import textwrap
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

#: English words of the chart; a caller may pass any subset translated.
LABELS: dict[str, str] = {
    "rates.title": "win rate by player type",
    "rates.axis": "win rate (95% Wilson interval)",
    "spread.title": "distribution of {what}",
    "spread.games": "games",
    "spread.score": "score: {key}",
    "what.rounds": "rounds",
    "what.steps": "steps",
}
#: Portrait size in inches at ``DPI``: 600 x 900 px; text of 12 pt = 16.7 px ≥ 10 x 600 / 400.
FIGURE_SIZE = (6.0, 9.0)
DPI = 100
FONT_SIZE = 12
JAPANESE_FONT = "IPAexGothic"
#: Korean, Simplified and Traditional Chinese: the package each comes in, and its name.
CJK_FONTS: tuple[tuple[str, str], ...] = (
    ("pylopdf_fonts_ko", "Noto Sans KR"),
    ("pylopdf_fonts_zh_cn", "Noto Sans SC"),
    ("pylopdf_fonts_zh_tw", "Noto Sans TC"),
)


def font_files() -> list[Path]:
    """The files of the chart fonts after DejaVu Sans, in fallback order (the glyph test
    reads their character maps)."""
    import importlib  # noqa: PLC0415 - the font packages only when drawing or testing

    import matplotlib_fontja  # noqa: PLC0415 - the Japanese font package only when drawing

    files = sorted((Path(matplotlib_fontja.__file__).parent / "fonts").glob("*.ttf"))
    for package, _ in CJK_FONTS:
        files.append(Path(importlib.import_module(package).sans_path()))
    return files


def _length_values(
    summary: Mapping[str, Any], records: Sequence[Mapping[str, Any]]
) -> tuple[str, list[float]]:
    finished = [r for r in records if r.get("result") != "error"]
    if summary.get("rounds"):
        return "rounds", [r["rounds"] for r in finished if isinstance(r.get("rounds"), int | float)]
    return "steps", [r["steps"] for r in finished]


def chart_fonts() -> list[str]:
    """DejaVu Sans first, then IPAexGothic (Japanese), Noto Sans KR, SC and TC for what the
    ones before lack; registered once."""
    # matplotlib is imported by the caller already
    from matplotlib import font_manager  # noqa: PLC0415 - matplotlib loads only when a chart is drawn

    cjk = [name for _, name in CJK_FONTS]
    names = {font.name for font in font_manager.fontManager.ttflist}
    if not {JAPANESE_FONT, *cjk} <= names:
        for path in font_files():
            font_manager.fontManager.addfont(str(path))
    return ["DejaVu Sans", JAPANESE_FONT, *cjk]


def render_summary_chart(
    summary: Mapping[str, Any],
    records: Sequence[Mapping[str, Any]],
    title: str = "",
    labels: Mapping[str, str] | None = None,
) -> bytes:
    """PNG bytes: win rate by player type with 95% intervals, and a distribution panel.

    The distribution is the headline score for solo games that have one, otherwise the
    number of rounds (if the game reports them) or steps.
    """
    import matplotlib  # noqa: PLC0415 - matplotlib loads only when a chart is drawn

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # noqa: PLC0415 - matplotlib loads only when a chart is drawn
    from matplotlib.ticker import MaxNLocator  # noqa: PLC0415 - matplotlib loads only when a chart is drawn

    words = {**LABELS, **(labels or {})}
    with plt.rc_context({"font.family": chart_fonts(), "font.size": FONT_SIZE}):
        figure, (rates_axis, spread_axis) = plt.subplots(2, 1, figsize=FIGURE_SIZE, dpi=DPI)
        try:
            _draw_rates(rates_axis, summary, words)
            _draw_spread(spread_axis, summary, records, words)
            spread_axis.yaxis.set_major_locator(MaxNLocator(integer=True))
            heading = figure.suptitle(title, fontsize=FONT_SIZE + 2) if title else None
            lay_out(figure, heading)
            buffer = io.BytesIO()
            figure.savefig(buffer, format="png")
            return buffer.getvalue()
        finally:
            plt.close(figure)


def lay_out(figure: Any, heading: Any = None) -> None:
    """``tight_layout`` after fitting every title and axis label (and ``heading``, a
    suptitle) into the figure: a long game or player name or translation wraps onto a second
    line, and shrinks if two lines are not enough."""
    figure.tight_layout()
    for _ in range(2):
        renderer = figure.canvas.get_renderer()
        whole = figure.bbox
        pieces = [(heading, whole.width * 0.98, False)] if heading is not None else []
        for axes in figure.axes:
            box = axes.get_window_extent(renderer)
            middle = (box.x0 + box.x1) / 2
            room = 2 * min(middle - whole.x0, whole.x1 - middle) * 0.98
            pieces += [(axes.title, room, False), (axes.xaxis.label, room, False)]
            pieces.append((axes.yaxis.label, box.height * 1.05, True))
        changed = [_fit(text, room, upright, renderer) for text, room, upright in pieces]
        if not any(changed):
            return
        figure.tight_layout()


def _fit(text: Any, room: float, upright: bool, renderer: Any) -> bool:
    """Wraps ``text`` to at most two lines of ``room`` pixels, smaller if it must; whether
    it had to."""
    words = " ".join(text.get_text().split())
    for attempt in range(4):
        box = text.get_window_extent(renderer)
        size = box.height if upright else box.width
        if not words or size <= room:
            return attempt > 0
        lines = text.get_text().count("\n") + 1
        per_line = int(len(words) / lines * room / size * 0.95)
        if len(words) > 2 * per_line:
            text.set_fontsize(text.get_fontsize() * 2 * per_line / len(words))
            per_line = len(words) // 2 + 1
        text.set_text(textwrap.fill(words, max(per_line, 4)))
    return True


def save_summary_chart(
    summary: Mapping[str, Any],
    records: Sequence[Mapping[str, Any]],
    path: str | Path,
    title: str = "",
) -> None:
    Path(path).write_bytes(render_summary_chart(summary, records, title))


def _draw_rates(axis: Any, summary: Mapping[str, Any], words: Mapping[str, str]) -> None:
    by_type = summary.get("by_type") or {}
    names = list(by_type)
    rates = [by_type[name]["rate"] for name in names]
    below = [max(0.0, by_type[name]["rate"] - by_type[name]["low"]) for name in names]
    above = [max(0.0, by_type[name]["high"] - by_type[name]["rate"]) for name in names]
    axis.bar(names, rates, yerr=[below, above], capsize=6, color="#4C78A8")
    for index, rate in enumerate(rates):
        axis.annotate(f"{rate:.1%}", (index, rate), textcoords="offset points", xytext=(8, 4))
    axis.set_ylim(0, 1)
    axis.set_ylabel(words["rates.axis"])
    axis.set_title(words["rates.title"])


def _draw_spread(
    axis: Any,
    summary: Mapping[str, Any],
    records: Sequence[Mapping[str, Any]],
    words: Mapping[str, str],
) -> None:
    from matplotlib.ticker import MaxNLocator  # noqa: PLC0415 - matplotlib is only imported for a chart

    headline = summary.get("headline") if summary.get("solo") else None
    axis.set_ylabel(words["spread.games"])
    if headline and headline.get("counts"):
        labels = list(headline["counts"])
        axis.bar(labels, [headline["counts"][label] for label in labels], color="#F58518")
        axis.set_xlabel(words["spread.score"].format(key=headline["key"]))
        axis.set_title(words["spread.title"].format(what=headline["key"]))
        return
    label, values = _length_values(summary, records)
    if values:
        low, high = min(values), max(values)
        bins = min(40, int(high - low) + 1) if high > low else 1
        axis.hist(values, bins=bins, color="#F58518")
    axis.xaxis.set_major_locator(MaxNLocator(integer=True))
    what = words[f"what.{label}"]
    axis.set_xlabel(what)
    axis.set_title(words["spread.title"].format(what=what))
