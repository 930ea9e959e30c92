"""What a picture holds, element by element, for the tests that check every piece is visible.

A renderer calls :func:`record` for each element it draws that a player must be able to see
(a piece, a token, a card, a label, a path); nothing is kept unless a test asked for it with
:func:`recording`, so drawing for Discord costs one context-variable read per element.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

Box = tuple[int, int, int, int]


@dataclass(frozen=True)
class Element:
    """One drawn element: what it is, what it shows, and its box in the final picture.

    ``kind`` groups elements ("piece", "token", "card", "label", "path", "marker", ...);
    ``name`` says which one (a piece's id, a card's notation); ``box`` is (left, top, right,
    bottom) in the pixels of the final image; ``within`` names the area the element must stay
    inside (e.g. "map" for paths), when it has one; ``may_cover`` lists kinds this element is
    allowed to lie on (a piece on its tile, the path under it); ``on`` names the one element
    it belongs on (a piece's own label): it may cover that element and nothing else of its kind.
    """

    kind: str
    name: str
    box: Box
    within: str = ""
    may_cover: tuple[str, ...] = ()
    on: str = ""


_RECORDER: ContextVar[list[Element] | None] = ContextVar("renderer_inspect", default=None)


def record(
    kind: str,
    name: str,
    box: Box,
    *,
    within: str = "",
    may_cover: tuple[str, ...] = (),
    on: str = "",
) -> None:
    """Note one drawn element, when a test is recording; otherwise do nothing."""
    elements = _RECORDER.get()
    if elements is not None:
        elements.append(Element(kind, name, box, within, may_cover, on))


def recording_active() -> bool:
    """Whether a test is recording (a renderer may skip building names when it is not)."""
    return _RECORDER.get() is not None


@contextmanager
def recording() -> Iterator[list[Element]]:
    """Collect the elements drawn inside the ``with`` block (one thread, one picture at a time)."""
    elements: list[Element] = []
    token = _RECORDER.set(elements)
    try:
        yield elements
    finally:
        _RECORDER.reset(token)
