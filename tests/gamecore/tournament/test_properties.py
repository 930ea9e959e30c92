"""Property tests of the pure tournament module: everyone seated, repeats minimal (checked
against a brute force on small cases), standings the sum of points, same seed same play."""

from __future__ import annotations

import random
from itertools import combinations, permutations

from hypothesis import given, settings
from hypothesis import strategies as st

from gamecore.tournament import (
    Config,
    Player,
    State,
    drop_player,
    new_tournament,
    pair_round,
    pairing,
    readmit_player,
    record_result,
    seat_waiting,
    standings,
    start_round,
)
from gamecore.tournament.pairing import (
    group,
    meetings,
    repeat_cost,
    table_sizes,
)


def random_places(rng: random.Random, seats: int) -> list[int]:
    """A random valid result, ties included."""
    scores = [rng.randrange(3) for _ in range(seats)]
    return [1 + sum(1 for other in scores if other > mine) for mine in scores]


def play(config: Config, people: int, results_seed: int, drops: list[int]) -> State:
    """A whole tournament with random results; ``drops[r]`` is dropped before round r+1 and
    readmitted one round later."""
    state = new_tournament(config, [Player(i, 1400 + 7 * i) for i in range(people)])
    rng = random.Random(results_seed)
    for r in range(config.rounds):
        if r < len(drops) and drops[r] < people:
            victim = state.player(drops[r])
            if not victim.active:
                state = readmit_player(state, victim.id)
            elif sum(p.active for p in state.players) > 1:  # somebody must be left to seat
                state = drop_player(state, victim.id)
        rnd = pair_round(state)
        active = sorted(p.id for p in state.players if p.active)
        seated = sorted(p for t in rnd.tables for p in t.players)
        assert seated == active  # every active person exactly once, nobody dropped
        assert all(len(t.seats) == config.table_size for t in rnd.tables)
        assert all(len(t.players) >= 1 for t in rnd.tables)
        state = start_round(state, rnd)
        for table in rnd.tables:
            state = record_result(state, table.number, random_places(rng, len(table.seats)))
    return state


configs = st.builds(
    lambda fmt, size, rounds, seed: Config(fmt, "speiderne", size, seed, rounds),
    st.sampled_from(["swiss", "robin"]),
    st.integers(2, 6),
    st.integers(1, 5),
    st.integers(0, 2**32),
)


@settings(max_examples=60, deadline=None)
@given(configs, st.integers(1, 20), st.integers(0, 1000), st.lists(st.integers(0, 20), max_size=5))
def test_everyone_seated_and_standings_sum_the_points(config, people, results_seed, drops):
    state = play(config, people, results_seed, drops)
    lines = standings(state)
    assert sorted(s.player for s in lines) == list(range(people))
    for line in lines:
        mine = [
            pts
            for t in state.tables
            for seat, pts in zip(t.seats, t.points or (), strict=True)
            if seat.player == line.player
        ]
        assert line.points == sum(mine)
    assert [s.rank for s in lines] == sorted(s.rank for s in lines)
    assert all(a.points >= b.points for a, b in zip(lines, lines[1:], strict=False))
    assert State.from_json(state.to_json()) == state


@settings(max_examples=25, deadline=None)
@given(configs, st.integers(1, 14), st.integers(0, 1000))
def test_same_seed_same_tournament(config, people, results_seed):
    assert play(config, people, results_seed, []) == play(config, people, results_seed, [])


def brute_force_repeats(people: list[int], size: int, met) -> int:
    sizes = table_sizes(len(people), size)
    best = None
    for order in permutations(people):
        groups, at = [], 0
        for s in sizes:
            groups.append(order[at : at + s])
            at += s
        cost = repeat_cost(groups, met)
        best = cost if best is None else min(best, cost)
    return best or 0


@settings(max_examples=60, deadline=None)
@given(
    st.integers(3, 8),
    st.integers(2, 4),
    st.integers(0, 4),
    st.booleans(),
    st.integers(0, 10_000),
)
def test_repeat_meetings_are_minimal(people, size, history, swiss, seed):
    """The grouping's repeat count equals the brute-force minimum over every grouping,
    after a random history of earlier tables (and random points for a Swiss)."""
    rng = random.Random(seed)
    ids = list(range(people))
    earlier = []
    for _ in range(history):
        order = ids[:]
        rng.shuffle(order)
        earlier += [order[i : i + size] for i in range(0, people, size)]
    met = meetings(earlier)
    points = {p: float(rng.randrange(4)) for p in ids} if swiss else {}
    groups = group(ids, size, met, points, rng)
    assert sorted(p for g in groups for p in g) == ids
    assert repeat_cost(groups, met) == brute_force_repeats(ids, size, met)


def test_large_round_still_avoids_repeats_when_it_easily_can():
    """64 people at tables of 4 (the swap search): round two meets nobody again."""
    config = Config("swiss", "cartolan", 4, 3, rounds=3)
    state = play(config, 64, 1, [])
    met = meetings([t.players for t in state.tables if t.round < 3])
    last = [t.players for t in state.tables if t.round == 3]
    assert repeat_cost(last, meetings([t.players for t in state.tables if t.round < 3])) == 0
    assert met


@settings(max_examples=40, deadline=None)
@given(st.integers(6, 30), st.integers(2, 6), st.integers(1, 5), st.integers(0, 10_000))
def test_the_swap_search_ends_where_no_swap_helps(people, size, history, seed):
    """Large rounds use pairwise swaps: the grouping is complete, the sizes even, and no
    single swap of two people lowers (repeats, points spread)."""
    rng = random.Random(seed)
    ids = list(range(people))
    earlier = []
    for _ in range(history):
        order = ids[:]
        rng.shuffle(order)
        earlier += [order[i : i + size] for i in range(0, people, size)]
    met = meetings(earlier)
    points = {p: float(rng.randrange(5)) for p in ids}
    old, pairing.EXACT_LIMIT = pairing.EXACT_LIMIT, 0
    try:
        groups = group(ids, size, met, points, rng)
    finally:
        pairing.EXACT_LIMIT = old
    assert sorted(p for g in groups for p in g) == ids
    assert sorted(len(g) for g in groups) == sorted(table_sizes(people, size))

    def cost(gs):
        repeats = repeat_cost(gs, met)
        spread = sum(abs(points[a] - points[b]) for g in gs for a, b in combinations(g, 2))
        return repeats, spread

    best = cost(groups)
    for i, j in combinations(range(len(groups)), 2):
        for a in range(len(groups[i])):
            for b in range(len(groups[j])):
                other = [list(g) for g in groups]
                other[i][a], other[j][b] = other[j][b], other[i][a]
                repeats, spread = cost(other)
                assert (repeats, spread + 1e-9) >= best


@settings(max_examples=40, deadline=None)
@given(
    st.integers(1, 12),
    st.integers(2, 5),
    st.integers(0, 300),
    st.lists(st.integers(1, 400), min_size=1, max_size=40),
    st.integers(0, 1000),
)
def test_arena_nobody_sits_twice_and_nobody_waits_past_the_fill_time(
    people, size, fill_after, gaps, seed
):
    """Random finishing times: after every seating nobody is at two open tables, and while
    the window is open nobody free has waited ``fill_after`` or longer."""
    config = Config("arena", "cartolan", size, seed, start=0, end=3000, fill_after=fill_after)
    state = new_tournament(config, [Player(i, 1500 + i) for i in range(people)])
    rng = random.Random(seed)
    now = 0.0
    for gap in gaps:
        state, _ = seat_waiting(state, now)
        seated = [p for t in state.open_tables() for p in t.players]
        assert len(seated) == len(set(seated))
        if now < config.end:
            for player in state.players:
                if player.id not in seated:
                    assert now - max(player.free_since, config.start) < fill_after
        now += gap
        open_tables = state.open_tables()
        if open_tables:
            table = rng.choice(open_tables)
            state = record_result(state, table.number, random_places(rng, size), now)
    for line in standings(state):
        assert line.points == sum(
            pts
            for t in state.tables
            if t.points is not None
            for seat, pts in zip(t.seats, t.points, strict=True)
            if seat.player == line.player
        )
