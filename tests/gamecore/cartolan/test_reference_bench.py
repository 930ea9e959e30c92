"""``bench/cartolan_reference.py``: its figures and the errors it judges them by."""

from __future__ import annotations

import importlib.util
import math
import sys
from pathlib import Path
from types import ModuleType

import pytest


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    path = Path(__file__).resolve().parents[3] / "bench" / "cartolan_reference.py"
    spec = importlib.util.spec_from_file_location("cartolan_reference_bench", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # the worker processes find ``sums`` by this name
    spec.loader.exec_module(module)
    return module


def test_shares_and_win_rates_add_up(bench: ModuleType) -> None:
    result = bench.measure(12, first_seed=3)
    assert math.isclose(sum(result[end][0] for end in bench.ENDS), 100.0)
    assert math.isclose(sum(result[name][0] for name in bench.LINEUP), 1.0)
    assert result["rounds"][0] > 1 and result["rounds"][1] > 0


def test_workers_give_the_same_figures(bench: ModuleType) -> None:
    assert bench.measure(60, workers=2) == bench.measure(60)


def test_a_difference_beyond_three_errors_is_flagged(bench: ModuleType) -> None:
    # a share of 16,000 games at 71.7%: one game's spread is 45 points, against a reference
    # of 26,722 games the error of the difference is about 0.45 points
    spread = math.sqrt(71.7 * 28.3)
    difference, error, flagged = bench.compare("margin", 72.1, spread, 16_000)
    assert math.isclose(difference, 0.4) and 0.4 < error < 0.5 and not flagged
    assert bench.compare("margin", 73.5, spread, 16_000)[2]


def test_the_rounds_are_judged_with_both_samples_errors(bench: ModuleType) -> None:
    # the reference: 16.72 rounds with a standard error of 0.045 (26,722 games); the project's
    # 16,000 games with a spread of 7.3 rounds add 0.058, so the difference's error is 0.073
    difference, error, flagged = bench.compare("rounds", 16.53, 7.3, 16_000)
    assert math.isclose(difference, -0.19)
    assert math.isclose(error, math.sqrt(7.3**2 / 16_000 + 0.045**2 + 0.01**2 / 12))
    assert not flagged  # 2.6 errors
    assert bench.compare("rounds", 16.45, 7.3, 16_000)[2]  # 3.7 errors
    assert not bench.compare("rounds", 16.72, 7.3, 400)[2]


def test_games_are_played_in_the_reference_turn_order(bench: ModuleType) -> None:
    # the designer's play_round plays its players in list order, seated as the lineup: the
    # bench plays modern (whose own turn order is shuffled) seat by seat from seat 0 too
    state = bench.GAME.setup(4, 5, bench.OPTIONS)
    bench.reference_order(state)
    players = bench.heuristic_players()
    names = [bench.LINEUP[(5 + i) % 4] for i in range(4)]
    rngs = [bench.random.Random(5 * 8 + i) for i in range(4)]
    movers: list[int] = []
    while state.round == 1:
        if not movers or movers[-1] != state.seat:
            movers.append(state.seat)
        legal = bench.GAME.legal_actions(state, state.seat)
        action = players[names[state.seat]](state, legal, rngs[state.seat])
        bench.GAME.apply_in_place(state, state.seat, action)
    assert movers == [0, 1, 2, 3]
    while not state.over:
        legal = bench.GAME.legal_actions(state, state.seat)
        action = players[names[state.seat]](state, legal, rngs[state.seat])
        bench.GAME.apply_in_place(state, state.seat, action)
    played = bench.play(5)  # the bench's own game of this seed is that game
    assert played["rounds"] == float(state.round)
    assert played[bench.ending(state)] == 100.0
    assert {name for name in bench.LINEUP if played[name]} == {names[s] for s in state.winners}
