"""Grouping people into tables for a Swiss or round-robin round.

A round seats every active person: ``T = ⌈n / K⌉`` tables, the people spread evenly
(sizes differ by at most one, the fuller tables first), the empty seats filled with
computers. Among all such groupings the round takes the cheapest by, in order:

1. repeat meetings: the sum, over the pairs of people seated together, of how often that
   pair already shared a table (so nobody meets again while an unmet grouping exists);
2. Swiss only: the sum, over the same pairs, of their difference in points (tables group
   people of equal points as far as 1 allows).

Small rounds (up to :data:`EXACT_LIMIT` groupings) are searched exhaustively with
branch and bound, so the result is an optimum; larger ones by pairwise swaps from the
standings order (and a few seeded restarts), which is not guaranteed optimal.
Ties go to the first grouping found in the given order, which the caller fixes by seed.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from itertools import combinations

#: Exhaustive search when the number of groupings is at most this.
EXACT_LIMIT = 60_000
#: Seeded restarts of the swap search for large rounds.
RESTARTS = 4

Pair = frozenset[int]
Cost = tuple[float, float]


def table_sizes(people: int, table_size: int) -> list[int]:
    """People per table: ``⌈people / table_size⌉`` tables, sizes differing by at most one,
    the fuller first (``10, 4`` → ``4, 3, 3``)."""
    if people <= 0:
        return []
    tables = math.ceil(people / table_size)
    base, extra = divmod(people, tables)
    return [base + 1] * extra + [base] * (tables - extra)


def meetings(tables: Sequence[Sequence[int]]) -> Counter[Pair]:
    """How often each pair of people shared a table."""
    met: Counter[Pair] = Counter()
    for people in tables:
        for a, b in combinations(people, 2):
            met[frozenset((a, b))] += 1
    return met


def repeat_cost(groups: Sequence[Sequence[int]], met: Mapping[Pair, int]) -> int:
    """Component 1 of the cost: earlier meetings of the pairs seated together."""
    return sum(met.get(frozenset(pair), 0) for g in groups for pair in combinations(g, 2))


#: Meetings keyed by the pair in increasing order (cheaper to look up than a frozenset).
Met = dict[tuple[int, int], int]


def _by_pair(met: Mapping[Pair, int]) -> Met:
    ordered: Met = {}
    for pair, count in met.items():
        a, b = sorted(pair)
        ordered[a, b] = count
    return ordered


def _met(met: Met, a: int, b: int) -> int:
    return met.get((a, b) if a < b else (b, a), 0)


def _group_cost(group: Sequence[int], met: Met, points: Mapping[int, float]) -> Cost:
    repeats = 0.0
    spread = 0.0
    for a, b in combinations(group, 2):
        repeats += _met(met, a, b)
        spread += abs(points.get(a, 0.0) - points.get(b, 0.0))
    return repeats, spread


def _swap_delta(
    gi: Sequence[int], gj: Sequence[int], a: int, b: int, met: Met, points: Mapping[int, float]
) -> Cost:
    """The change of cost when ``a`` (of ``gi``) and ``b`` (of ``gj``) trade tables: only
    their pairs change, so this is O(K) instead of the tables' O(K²)."""
    repeats = 0.0
    spread = 0.0
    pa, pb = points.get(a, 0.0), points.get(b, 0.0)
    for x in gi:
        if x != a:
            px = points.get(x, 0.0)
            repeats += _met(met, b, x) - _met(met, a, x)
            spread += abs(pb - px) - abs(pa - px)
    for y in gj:
        if y != b:
            py = points.get(y, 0.0)
            repeats += _met(met, a, y) - _met(met, b, y)
            spread += abs(pa - py) - abs(pb - py)
    return repeats, spread


def _add(x: Cost, y: Cost) -> Cost:
    return x[0] + y[0], x[1] + y[1]


def groupings_count(sizes: Sequence[int]) -> int:
    """How many distinct groupings of ``sum(sizes)`` people into tables of ``sizes``."""
    total = math.factorial(sum(sizes))
    for s in sizes:
        total //= math.factorial(s)
    for same in Counter(sizes).values():
        total //= math.factorial(same)
    return total


def group(
    order: Sequence[int],
    table_size: int,
    met: Mapping[Pair, int],
    points: Mapping[int, float],
    rng: random.Random,
) -> list[list[int]]:
    """The cheapest grouping of ``order`` (people in standings order) into tables."""
    sizes = table_sizes(len(order), table_size)
    if len(sizes) <= 1:
        return [list(order)] if order else []
    pairs = _by_pair(met)
    if groupings_count(sizes) <= EXACT_LIMIT:
        return _exact(order, sizes, pairs, points)
    return _swaps(order, sizes, pairs, points, rng)


def _exact(
    order: Sequence[int],
    sizes: Sequence[int],
    met: Met,
    points: Mapping[int, float],
) -> list[list[int]]:
    best: list[list[int]] = []
    best_cost: Cost = (math.inf, math.inf)

    def search(
        rest: tuple[int, ...], left: Counter[int], done: list[list[int]], cost: Cost
    ) -> None:
        nonlocal best, best_cost
        if cost >= best_cost:
            return
        if not rest:
            best, best_cost = [list(g) for g in done], cost
            return
        first, others = rest[0], rest[1:]
        for size in sorted(left, reverse=True):
            left[size] -= 1
            if left[size] == 0:
                del left[size]
            for mates in combinations(others, size - 1):
                table = [first, *mates]
                remaining = tuple(p for p in others if p not in mates)
                search(remaining, left, [*done, table], _add(cost, _group_cost(table, met, points)))
            left[size] += 1

    search(tuple(order), Counter(sizes), [], (0.0, 0.0))
    return best


def _chunks(order: Sequence[int], sizes: Sequence[int]) -> list[list[int]]:
    groups, at = [], 0
    for s in sizes:
        groups.append(list(order[at : at + s]))
        at += s
    return groups


def _swaps(
    order: Sequence[int],
    sizes: Sequence[int],
    met: Met,
    points: Mapping[int, float],
    rng: random.Random,
) -> list[list[int]]:
    """Swap search from the standings order, then from seeded shuffles while repeats
    remain (a grouping without repeats, found from the standings order, is kept)."""
    best: list[list[int]] = []
    best_cost: Cost = (math.inf, math.inf)
    start = list(order)
    for attempt in range(RESTARTS + 1):
        if attempt:
            if best_cost[0] == 0:
                break
            start = list(order)
            rng.shuffle(start)
        groups = _improve(_chunks(start, sizes), met, points)
        cost: Cost = (0.0, 0.0)
        for g in groups:
            cost = _add(cost, _group_cost(g, met, points))
        if cost < best_cost:
            best, best_cost = groups, cost
    return best


def _improve(groups: list[list[int]], met: Met, points: Mapping[int, float]) -> list[list[int]]:
    """Swap two people of different tables while that lowers the cost (first improvement)."""
    improved = True
    while improved:
        improved = False
        for i, j in combinations(range(len(groups)), 2):
            gi, gj = groups[i], groups[j]
            for a_at in range(len(gi)):
                for b_at in range(len(gj)):
                    repeats, spread = _swap_delta(gi, gj, gi[a_at], gj[b_at], met, points)
                    if repeats < 0 or (repeats == 0 and spread < -1e-9):
                        gi[a_at], gj[b_at] = gj[b_at], gi[a_at]
                        improved = True
    return groups


def snake(order: Sequence[int], table_size: int) -> list[list[int]]:
    """Round one of a Swiss: people by rating dealt to the tables in a snake (1, 2, 3, 3,
    2, 1, …), so every table gets a similar mix of strengths."""
    sizes = table_sizes(len(order), table_size)
    groups: list[list[int]] = [[] for _ in sizes]
    lane = list(range(len(sizes)))
    at = 0
    for person in order:
        while True:
            index = (
                lane[at % len(lane)] if (at // len(lane)) % 2 == 0 else lane[::-1][at % len(lane)]
            )
            at += 1
            if len(groups[index]) < sizes[index]:
                groups[index].append(person)
                break
    return groups
