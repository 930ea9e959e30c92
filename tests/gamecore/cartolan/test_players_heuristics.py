"""The pure decision rules of §13 on hand-built positions."""

from __future__ import annotations

import random

import pytest

from gamecore.games.cartolan import ai_heuristics as ai
from gamecore.games.cartolan.ai_heuristics import GapOption, Move, MoveContext, Opponent


class NoDeviation:
    """An rng whose random() never triggers the 10% deviation nor an outright refusal."""

    def random(self) -> float:
        return 0.99

    def choice(self, items):
        return items[0]


class AlwaysDeviate(NoDeviation):
    def __init__(self, direction: str) -> None:
        self.direction = direction

    def random(self) -> float:
        return 0.0

    def choice(self, items):
        return self.direction if self.direction in items else items[0]


ALL = frozenset("nesw")


def ctx(**overrides) -> MoveContext:
    base = dict(
        position=(0, 2),
        arrow="NE",
        chest=0,
        threshold=10,
        latest_city=(0, 0),
        legal_steps=ALL,
        gaps={},
    )
    base.update(overrides)
    return MoveContext(**base)


def test_orders_follow_the_section_13_1_tables():
    assert ai.away_order((3, 1), (0, 0)) == ("n", "e")  # dx > dy: vertical first
    assert ai.away_order((1, 3), (0, 0)) == ("e", "n")
    assert ai.away_order((-1, -3), (0, 0)) == ("w", "s")
    assert ai.towards_order((0, 5), (0, 0)) == ("s", "e")  # dx < dy: vertical first
    assert ai.towards_order((5, 1), (0, 0)) == ("w", "s")
    assert ai.towards_order((0, 0), (0, 0)) == ("e", "s")  # aligned: may step away


def test_explorer_heads_for_the_best_unexplored_gap():
    gaps = {"n": GapOption("n", 3), "w": GapOption("w", 6), "e": GapOption("e", 0)}
    move = ai.decide_move("explorer", ctx(gaps=gaps), NoDeviation())
    assert move == Move("step", "w")


def test_explorer_tie_goes_to_the_arrow_order():
    gaps = {"s": GapOption("s", 3), "n": GapOption("n", 3)}
    # arrow NE orders e, n, w, s: n comes first among the tied ones
    assert ai.decide_move("explorer", ctx(gaps=gaps), NoDeviation()) == Move("step", "n")
    # arrow SW orders w, s, e, n: s comes first
    assert ai.decide_move("explorer", ctx(gaps=gaps, arrow="SW"), NoDeviation()) == Move(
        "step", "s"
    )


def test_explorer_skips_avoided_gaps():
    gaps = {"n": GapOption("n", 9), "e": GapOption("e", 3)}
    move = ai.decide_move("explorer", ctx(gaps=gaps, avoid=frozenset({(0, 3)})), NoDeviation())
    assert move == Move("step", "e")


def test_regular_prefers_a_gap_where_a_chest_map_fits():
    gaps = {"e": GapOption("e", 6), "w": GapOption("w", 0, fitting_map=1)}
    move = ai.decide_move("explorer", ctx(gaps=gaps, use_maps=True), NoDeviation())
    assert move == Move("step", "w", 1)
    beginner = ai.decide_move("explorer", ctx(gaps=gaps, use_maps=False), NoDeviation())
    assert beginner == Move("step", "e")


def test_a_gap_taken_for_its_map_sets_the_reward_bar():
    # players_heuristical.py sets preferred_score to the reward of every gap it takes, so a
    # lower reward taken for a fitting map lets a later gap win with a reward above that one
    gaps = {
        "e": GapOption("e", 6),
        "n": GapOption("n", 3, fitting_map=1),
        "w": GapOption("w", 4),
    }
    move = ai.decide_move("explorer", ctx(gaps=gaps, use_maps=True), NoDeviation())
    assert move == Move("step", "w", 0)  # 0: chosen, no map fits (a selected map is dropped)


def test_the_map_fit_is_asked_in_the_order_the_gaps_are_considered():
    asked: list[str] = []

    def map_fit(direction: str) -> int | None:
        asked.append(direction)
        return None

    gaps = {d: GapOption(d, 3) for d in ("s", "w", "n")}
    ai.decide_move("explorer", ctx(gaps=gaps, use_maps=True, map_fit=map_fit), NoDeviation())
    assert asked == ["n", "w", "s"]  # arrow NE: e, n, w, s


def test_explorer_abandons_when_isolated_and_stops():
    gaps = {d: GapOption(d, 0) for d in "new"}
    assert ai.decide_move("explorer", ctx(gaps=gaps, can_abandon=True), NoDeviation()) == ai.ABANDON
    # without an abandon available it drifts away from its latest city instead
    move = ai.decide_move("explorer", ctx(gaps=gaps, can_abandon=False), NoDeviation())
    assert move == Move("step", "e")  # at (0,2) from (0,0): dx 0 <= dy 2, so [e, n]


def test_explorer_without_gaps_moves_away_from_its_city():
    move = ai.decide_move("explorer", ctx(position=(3, 1)), NoDeviation())
    assert move == Move("step", "n")
    blocked = ctx(position=(3, 1), legal_steps=frozenset({"s"}))
    # n and e are not legal, the random try (first item "n") is not legal either: wait
    assert ai.decide_move("explorer", blocked, NoDeviation()) == ai.WAIT


def test_explorer_returns_with_a_full_chest():
    move = ai.decide_move("explorer", ctx(position=(2, 5), chest=10), NoDeviation())
    assert move == Move("step", "s")
    stuck = ctx(position=(2, 5), chest=10, legal_steps=frozenset({"n"}))
    assert ai.decide_move("explorer", stuck, NoDeviation()) == ai.WAIT


def test_random_deviation_takes_a_legal_random_step():
    gaps = {"n": GapOption("n", 9)}
    move = ai.decide_move("explorer", ctx(gaps=gaps), AlwaysDeviate("s"))
    assert move == Move("step", "s")


def test_deviation_rate_is_about_ten_percent():
    rng = random.Random(5)
    hits = sum(ai.deviation(ALL, rng) is not None for _ in range(20_000))
    assert 0.09 < hits / 20_000 < 0.11


def test_trader_with_full_chest_returns_home():
    trader = ctx(position=(4, 4), chest=12, own_agents=((1, 1),), route_index=0)
    assert ai.decide_move("trader", trader, NoDeviation()) == Move("step", "w")
    assert ai.trader_plan(trader, router=False) == "city"


def test_trader_follows_its_agent_route_while_poor():
    trader = ctx(position=(4, 4), chest=2, own_agents=((4, 9), (1, 1)), route_index=0)
    assert ai.decide_move("trader", trader, NoDeviation()) == Move("step", "n")
    second = ctx(position=(4, 4), chest=2, own_agents=((4, 9), (1, 1)), route_index=1)
    assert ai.decide_move("trader", second, NoDeviation()) == Move("step", "w")


def test_trader_without_route_explores_until_rich_or_full_of_agents():
    fresh = ctx(chest=2, gaps={"n": GapOption("n", 3)})
    assert ai.trader_plan(fresh, router=False) == "explore"
    full = ctx(chest=2, own_agents=((1, 1),) * 4, route_index=4)
    assert ai.trader_plan(full, router=False) == "city"


def test_router_goes_to_its_agent_even_when_rich():
    router = ctx(position=(4, 4), chest=30, own_agents=((4, 9),), route_index=0)
    assert ai.trader_plan(router, router=True) == "agent"
    done = ctx(chest=30, own_agents=((4, 9),), route_index=1)
    assert ai.trader_plan(done, router=True) == "city"
    assert ai.trader_plan(ctx(chest=3, own_agents=((1, 1),) * 4), router=True) == "explore"


def test_pirate_chases_the_richest_target():
    pirate = ctx(position=(0, 0), pirate_targets=(((3, 0), 2), ((0, -4), 5), ((9, 9), 5)))
    assert ai.pirate_target(pirate.pirate_targets) == (0, -4)
    assert ai.decide_move("pirate", pirate, NoDeviation()) == Move("step", "s")


def test_pirate_waits_to_attack_a_victim_on_its_tile():
    first = Move("wait", loop=(ai.FIRST_LOOP, 2))
    assert ai.decide_move("pirate", ctx(victims=(False, True)), NoDeviation()) == first
    # the Explorer waits for that only at the start of its turn
    move = ai.decide_move("explorer", ctx(victims=(True,), turn_start=True), NoDeviation())
    assert move == Move("wait", loop=(ai.TURN_START_LOOP, 1))
    move = ai.decide_move(
        "explorer", ctx(victims=(True,), gaps={"n": GapOption("n", 3)}), NoDeviation()
    )
    assert move == Move("step", "n")


def test_pirate_waits_once_a_victim_in_each_loop_then_moves_within_the_same_move():
    """PlayerRegularPirate.continue_move: a wait for each victim, then (no deviation, not on
    its way home) a wait for each victim again, then the move; the attacks failed, so the
    victim is still worth attacking all along."""
    gaps = {"w": GapOption("w", 3)}
    victim = (False, True)
    moves = []
    wait_loop = None
    for _ in range(3):
        move = ai.decide_move(
            "pirate", ctx(victims=victim, gaps=gaps, wait_loop=wait_loop), NoDeviation()
        )
        moves.append(move)
        wait_loop = move.loop
    assert moves == [
        Move("wait", loop=(ai.FIRST_LOOP, 2)),
        Move("wait", loop=(ai.SECOND_LOOP, 2)),
        Move("step", "w"),
    ]
    # at the start of its turn the Pirate waits once more (continue_turn's own loop)
    start = ai.decide_move("pirate", ctx(victims=victim, turn_start=True), NoDeviation())
    assert start == Move("wait", loop=(ai.TURN_START_LOOP, 2))
    after = ai.decide_move("pirate", ctx(victims=victim, wait_loop=start.loop), NoDeviation())
    assert after == Move("wait", loop=(ai.FIRST_LOOP, 2))


def test_pirate_on_its_way_home_waits_only_in_the_first_loop():
    rich = ctx(
        victims=(True,),
        chest=9,
        threshold=5,
        position=(2, 0),
        latest_city=(0, 0),
        legal_steps=frozenset("nesw"),
    )
    assert ai.decide_move("pirate", rich, NoDeviation()) == Move("wait", loop=(ai.FIRST_LOOP, 1))
    rich.wait_loop = (ai.FIRST_LOOP, 1)
    assert ai.decide_move("pirate", rich, NoDeviation()) == Move("step", "w")


def test_pirate_without_targets_explores():
    move = ai.decide_move("pirate", ctx(gaps={"w": GapOption("w", 3)}), NoDeviation())
    assert move == Move("step", "w")


@pytest.mark.parametrize(
    ("personality", "own", "victim", "pirate", "expected"),
    [
        ("pirate", 2, 5, False, True),  # 2 < 3
        ("pirate", 3, 5, False, False),
        ("pirate", 0, 0, False, False),
        ("explorer", 4, 0, True, True),  # arrest for profit
        ("explorer", 5, 0, True, False),
        ("explorer", 0, 9, False, False),  # never robs
        ("trader", 0, 9, True, True),
        ("router", 0, 9, False, False),
    ],
)
def test_attack_rules(personality, own, victim, pirate, expected):
    assert ai.attacks_adventurer(personality, own, victim, pirate, arrest_value=5) is expected


def test_only_the_pirate_attacks_agents_and_rest_rules():
    assert ai.attacks_agent("pirate") and not ai.attacks_agent("explorer")
    assert ai.rests("trader", 0, 1) and ai.rests("router", 0, 1)
    assert not ai.rests("explorer", 0, 1) and ai.rests("explorer", 1, 1)


def test_agent_placement_rules():
    assert ai.places_agent_after_exploring("trader", 0, 4, is_wonder=True, moves_left=True)
    assert not ai.places_agent_after_exploring("trader", 0, 4, is_wonder=False, moves_left=False)
    assert ai.places_agent_after_exploring("router", 3, 4, is_wonder=False, moves_left=False)
    assert not ai.places_agent_after_exploring("router", 3, 4, is_wonder=True, moves_left=True)
    assert not ai.places_agent_after_exploring("router", 4, 4, is_wonder=False, moves_left=False)
    assert not ai.places_agent_after_exploring("explorer", 0, 4, is_wonder=True, moves_left=False)


def test_purchase_rule():
    keen = NoDeviation()
    poor = [Opponent(0, 0)]
    assert ai.buys(keen, 0.5, 11, 10, poor, 15, strictly_more=True)
    assert not ai.buys(keen, 0.5, 10, 10, poor, 15, strictly_more=True)
    assert ai.buys(keen, 0.75, 3, 3, poor, 15, strictly_more=False)
    # already more than the margin ahead: no need
    assert not ai.buys(keen, 0.5, 40, 10, [Opponent(20, 0)], 15, strictly_more=True)
    # an opponent could overtake with what it carries: keep the money
    assert not ai.buys(keen, 0.5, 12, 10, [Opponent(10, 8)], 15, strictly_more=True)
    assert ai.buys(keen, 0.5, 12, 10, [Opponent(10, 7)], 15, strictly_more=True)
    assert not ai.buys(AlwaysDeviate("n"), 0.5, 50, 10, poor, 15, strictly_more=True)
