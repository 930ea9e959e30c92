"""Points by place, the same for every format; the arena doubles them while on fire.

A table of ``n`` seats gives ``n − 1`` points to the first, ``n − 2`` to the second, … and 0
to the last; people sharing places share those places' points equally (two sharing first
at four seats get 2.5 each). Computers' seats give places but never points.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

#: Arena: wins in a row after which a table's points count double (lichess: two).
FIRE_STREAK = 2


def valid_places(places: Sequence[int]) -> bool:
    """True when ``places`` is a result: each place is 1 + the number of seats ahead of it
    (so ``1, 1, 3`` is valid and ``1, 2, 2, 2`` too, but ``1, 3, 3`` or ``2, 2`` are not)."""
    return bool(places) and all(p == 1 + sum(1 for q in places if q < p) for p in places)


def place_points(places: Sequence[int]) -> tuple[float, ...]:
    """Each seat's points for ``places`` (valid, as :func:`valid_places` checks)."""
    n, shared = len(places), Counter(places)
    return tuple(n - p - (shared[p] - 1) / 2 for p in places)


def is_win(places: Sequence[int], seat: int) -> bool:
    """A win is first place alone (a shared first is like a draw: it ends a streak)."""
    return places[seat] == 1 and sum(1 for p in places if p == 1) == 1
