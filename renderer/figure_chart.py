"""The set-up every matplotlib chart shares (the rating history, a review): the Agg backend,
the project's chart fonts (Japanese included, as ``gamecore/plot.py`` draws /simulate's), one
figure and axes at the charts' DPI, and the PNG bytes with the figure closed after."""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from gamecore.plot import DPI, FONT_SIZE, chart_fonts, lay_out


@contextmanager
def chart_axes(size: tuple[float, float]) -> Iterator[tuple[Any, Any]]:
    """A figure of ``size`` inches and its axes, drawn with the chart fonts; closed after."""
    import matplotlib  # noqa: PLC0415 - matplotlib loads only when a chart is drawn

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # noqa: PLC0415 - matplotlib loads only when a chart is drawn

    with plt.rc_context({"font.family": chart_fonts(), "font.size": FONT_SIZE}):
        figure, axis = plt.subplots(figsize=size, dpi=DPI)
        try:
            yield figure, axis
        finally:
            plt.close(figure)


def figure_png(figure: Any) -> bytes:
    """The laid-out figure as PNG bytes (titles and axis labels fitted in)."""
    lay_out(figure)
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png")
    return buffer.getvalue()
