"""The players' fast move decision agrees with the specification functions (§13).

``HeuristicPlayer.decide_move`` applies the rules of ``ai_heuristics`` directly to cell ints;
``ai_reference.decide_move`` takes every move decision through ``ai_heuristics`` itself. Here
both decide every move of real games, in lockstep on the same states with equally seeded rngs:
the actions, the rng states afterwards and the players' memories must stay equal.
"""

from __future__ import annotations

import random

import pytest

from gamecore.games.cartolan import GAME, ai_reference, presets
from gamecore.games.cartolan import ai_heuristics as ai
from gamecore.games.cartolan import players as heuristics
from gamecore.games.cartolan.players import HeuristicPlayer, heuristic_players, own_agents
from gamecore.games.cartolan.state import State

LINEUP = ("explorer", "trader", "router", "pirate")
COMBOS = [(p, m) for p in presets.PRESETS for m in presets.IMPLEMENTED_MODES]


@pytest.fixture(autouse=True)
def strict(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(heuristics, "STRICT", True)


def _by_rules(player: HeuristicPlayer, state: State, legal: list, rng: random.Random) -> tuple:
    """The reference answer: move decisions through ai_heuristics, the others as usual."""
    if state.decision != "move":
        return player(state, legal, rng)
    player.memory.sync(state)
    return ai_reference.decide_move(player, state, legal, rng)


def _difference(
    fast: HeuristicPlayer,
    spec: HeuristicPlayer,
    state: State,
    legal: list,
    rngs: tuple[random.Random, random.Random],
) -> tuple[str | None, tuple]:
    """Both players decide; returns (what differs or None, the fast player's action)."""
    action = fast(state, legal, rngs[0])
    expected = _by_rules(spec, state, legal, rngs[1])
    if action != expected:
        return f"{fast.personality}: {action} instead of {expected}", action
    if rngs[0].getstate() != rngs[1].getstate():
        return f"{fast.personality}: other rng draws for {action}", action
    a, b = fast.memory, spec.memory
    if (a.route, a.failed, a.trying, a.resume, a.maps, a.selected, a.waiting) != (
        b.route,
        b.failed,
        b.trying,
        b.resume,
        b.maps,
        b.selected,
        b.waiting,
    ):
        return f"{fast.personality}: memories differ after {action}", action
    for seat in range(len(state.advs)):
        if a.own_agents(state, seat) != own_agents(state, seat):
            return f"{fast.personality}: stale Agent list of seat {seat}", action
    return None, action


def heuristic_game_difference(
    preset: str, mode: str, seats: int, seed: int, moves_seen: list[int] | None = None
) -> str | None:
    """A game between heuristic players; the first decision where the paths differ.
    ``moves_seen`` gets the number of move decisions compared."""
    fast, spec = heuristic_players(), heuristic_players()
    names = [LINEUP[(seed + i) % 4] for i in range(seats)]
    rngs = [(random.Random(seed * 8 + i), random.Random(seed * 8 + i)) for i in range(seats)]
    state = GAME.setup(seats, seed, {"preset": preset, "mode": mode})
    moves = 0
    while not state.over:
        seat = state.seat
        legal = GAME.legal_actions(state, seat)
        moves += state.decision == "move"
        name = names[seat]
        found, action = _difference(fast[name], spec[name], state, legal, rngs[seat])
        if found:
            return f"step {moves}: {found}"
        GAME.apply_in_place(state, seat, action)
    if moves_seen is not None:
        moves_seen.append(moves)
    return None


def random_game_difference(preset: str, mode: str, seed: int) -> str | None:
    """A game of random players: at every decision each personality answers both ways."""
    random_player = GAME.players()["random"]
    fast, spec = heuristic_players(), heuristic_players()
    rngs = {name: (random.Random(seed), random.Random(seed)) for name in LINEUP}
    rng = random.Random(seed)
    count = 2 + seed % 3
    state = GAME.setup(count, seed, {"preset": preset, "mode": mode})
    for step in range(1500):
        if state.over:
            break
        seat = state.seat
        legal = GAME.legal_actions(state, seat)
        for name in LINEUP:
            found, _ = _difference(fast[name], spec[name], state, legal, rngs[name])
            if found:
                return f"step {step}: {found}"
        GAME.apply_in_place(state, seat, random_player(None, legal, rng))
    return None


@pytest.mark.parametrize(("preset", "mode"), COMBOS)
def test_fast_moves_agree_with_the_rules_in_heuristic_games(preset: str, mode: str) -> None:
    moves: list[int] = []
    for seats, seed in ((4, 1), (3, 2), (2, 3), (4, 4)):
        assert heuristic_game_difference(preset, mode, seats, seed, moves) is None
    assert sum(moves) > 600


@pytest.mark.parametrize(("preset", "mode"), COMBOS)
def test_fast_moves_agree_with_the_rules_in_random_games(preset: str, mode: str) -> None:
    for seed in (5, 6):
        assert random_game_difference(preset, mode, seed) is None


#: Rules of the specification read through module globals (so a change reaches compiled code
#: too); the fast path keeps its own tables and helpers.
CHANGED_RULES = [
    ("P_DEVIATE", 0.3),
    ("EXPLORE_ORDER", {arrow: order[::-1] for arrow, order in ai.EXPLORE_ORDER.items()}),
    ("OFFSETS", {**ai.OFFSETS, "n": (0, -1), "s": (0, 1)}),
]


@pytest.mark.parametrize(("name", "value"), CHANGED_RULES, ids=[n for n, _ in CHANGED_RULES])
def test_the_comparison_notices_a_changed_rule(
    monkeypatch: pytest.MonkeyPatch, name: str, value: object
) -> None:
    """Change one rule of the specification: the lockstep games must tell."""
    monkeypatch.setattr(ai, name, value)
    found = [
        heuristic_game_difference(preset, mode, 4, seed)
        for preset, mode in (("modern", "regular"), ("classic", "regular"))
        for seed in (1, 2)
    ]
    assert any(found)


def test_the_comparison_notices_a_changed_target_value(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Pirate's targets as the reference reads them from the game, worth a whole Chest."""
    monkeypatch.setattr(ai_reference.ai, "half_up", lambda amount: amount)
    assert any(heuristic_game_difference("classic", "regular", 4, seed) for seed in (1, 2, 3, 4))


@pytest.mark.skipif(
    not str(heuristics.__file__).endswith(".py"),
    reason="a mypyc build reads the fast path's Final tables as C constants",
)
@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("_SIDES", (2, 3, 0, 1)),
        ("_EXPLORE_SIDES", tuple(order[::-1] for order in heuristics._EXPLORE_SIDES)),
    ],
    ids=["_SIDES", "_EXPLORE_SIDES"],
)
def test_the_comparison_notices_a_changed_fast_table(
    monkeypatch: pytest.MonkeyPatch, name: str, value: object
) -> None:
    """Change one of the fast path's tables instead: the lockstep games must tell too."""
    monkeypatch.setattr(heuristics, name, value)
    assert any(heuristic_game_difference("modern", "regular", 4, seed) for seed in (1, 2, 3, 4))
