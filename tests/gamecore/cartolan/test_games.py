"""Seeded random games: invariants, JSON round trips, determinism, reliability (rules §1–§12)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamecore.contract import IllegalAction
from gamecore.games.cartolan import GAME, board
from gamecore.games.cartolan.notation import parse_action

COMBOS = [(p, m) for p in ("modern", "classic") for m in ("beginner", "regular", "advanced")]
PROBES = [
    "move 1 N", "move 1 E", "move 1 S", "move 1 W", "move 2 N", "move 1 N map 1", "gust 1 S",
    "wait 1", "wait 2", "end", "trade", "rest", "restore", "court", "agent", "attack agent",
    "attack 1.1", "attack 2.1", "bank 0", "bank 1", "take 0", "steal 1", "keep 1", "done",
    "decline", "buy adventurer", "buy maps", "travel 1", "relocate 0,1", "abandon 1 capital",
    "choose 1", "choose 3", "give 1", "draw", "steal card 1", "rest 1.1", "rest 2.2",
    "deposit 0,1", "buy manuscript",
]  # fmt: skip


def _total_tiles(state) -> int:
    held = sum(len(a.maps) for advs in state.advs for a in advs)
    offered = len(state.pending["options"]) - 1 if state.decision == "maps" else 0
    piles = sum(len(p) for p in state.piles) + sum(len(d) for d in state.discards)
    return len(state.tiles) + piles + held + offered


def _check_invariants(state, total: int) -> None:
    assert all(v >= 0 for v in state.vault)
    assert all(a.chest >= 0 for advs in state.advs for a in advs)
    assert all(a.wealth >= 0 for a in state.agents.values())
    assert all(v > 0 for v in state.dropped.values())
    assert _total_tiles(state) == total
    tiles = state.tiles
    for key, tile in tiles.items():
        for side in range(4):
            other = tiles.get(key + board.STEP[side])
            if other is not None:
                assert (tile >> side & 1) == (other >> board.OPPOSITE[side] & 1)
    for cell in state.agents:
        assert cell in tiles and not tiles[cell] & board.CITY
    for seat in range(state.players):
        assert sum(1 for a in state.agents.values() if a.owner == seat) <= state.params.max_agents
        assert len(state.advs[seat]) <= state.params.max_adventurers


def _random_game(preset: str, mode: str, seed: int, players: int, check, cap: int = 6000):
    rng = random.Random(seed)
    state = GAME.setup(players, seed, {"preset": preset, "mode": mode})
    player = GAME.players()["random"]
    steps = 0
    while not state.over and steps < cap:
        legal = GAME.legal_actions(state, state.seat)
        assert legal, (state.decision, state.pending)
        action = player({}, legal, rng)
        state = check(state, legal, action)
        steps += 1
    return state, steps


@pytest.mark.parametrize(("preset", "mode"), COMBOS)
def test_invariants_and_legal_actions_match_apply(preset: str, mode: str) -> None:
    for seed in range(3):
        total = None

        def check(state, legal, action):
            nonlocal total
            if total is None:
                total = _total_tiles(state)
            _check_invariants(state, total)
            before = GAME.to_json(state)
            json.dumps(GAME.view(state, state.seat))
            texts = {GAME.format_action(a) for a in legal}
            for probe in PROBES:
                if probe not in texts:
                    with pytest.raises(IllegalAction):
                        GAME.apply(state, state.seat, parse_action(probe))
            with pytest.raises(IllegalAction):
                GAME.apply(state, (state.seat + 1) % state.players, action)
            new, _ = GAME.apply(state, state.seat, action)
            assert GAME.to_json(state) == before  # apply never mutates its input
            return new

        state, _ = _random_game(preset, mode, seed, 2 + seed, check, cap=1500)
        _check_invariants(state, total)


@pytest.mark.parametrize(("preset", "mode"), COMBOS)
def test_every_legal_action_is_accepted(preset: str, mode: str) -> None:
    def check(state, legal, action):
        for candidate in legal[:40]:
            GAME.apply(state, state.seat, candidate)
            text = GAME.format_action(candidate)
            assert GAME.format_action(parse_action(text)) == text
        return GAME.apply(state, state.seat, action)[0]

    _random_game(preset, mode, 11, 3, check, cap=400)


@settings(max_examples=12, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32), combo=st.sampled_from(COMBOS), cut=st.integers(0, 300))
def test_json_round_trip_gives_the_same_continuation(seed: int, combo, cut: int) -> None:
    preset, mode = combo
    players = 2 + seed % 3
    state = GAME.setup(players, seed, {"preset": preset, "mode": mode})
    rng = random.Random(seed)
    player = GAME.players()["random"]
    for _ in range(cut):
        if state.over:
            break
        state, _ = GAME.apply(
            state, state.seat, player({}, GAME.legal_actions(state, state.seat), rng)
        )
    copy = GAME.from_json(GAME.to_json(state))
    assert GAME.to_json(copy) == GAME.to_json(state)
    assert GAME.view(copy, None) == GAME.view(state, None)
    assert f"round {state.round}" in GAME.describe(GAME.view(state, 0))
    rng_a, rng_b = random.Random(1), random.Random(1)
    for _ in range(80):
        if state.over:
            break
        a = player({}, GAME.legal_actions(state, state.seat), rng_a)
        b = player({}, GAME.legal_actions(copy, copy.seat), rng_b)
        assert a == b
        state, _ = GAME.apply(state, state.seat, a)
        copy, _ = GAME.apply(copy, copy.seat, b)
        assert GAME.to_json(copy) == GAME.to_json(state)


@pytest.mark.parametrize(("preset", "mode"), COMBOS)
def test_same_seed_same_game(preset: str, mode: str) -> None:
    def run(seed: int) -> str:
        state, _ = _random_game(
            preset, mode, seed, 4, lambda s, _legal, a: GAME.apply(s, s.seat, a)[0], cap=600
        )
        return GAME.to_json(state)

    assert run(5) == run(5)
    assert run(5) != run(6)


@pytest.mark.parametrize(("preset", "mode"), COMBOS)
def test_reliability_random_games_finish(preset: str, mode: str) -> None:
    player = GAME.players()["random"]
    for seed in range(200):
        players = 2 + seed % 3
        state = GAME.setup(players, seed, {"preset": preset, "mode": mode})
        rng = random.Random(seed)
        steps = 0
        while not state.over:
            legal = GAME.legal_actions(state, state.seat)
            GAME.apply_in_place(state, state.seat, player({}, legal, rng))
            steps += 1
            assert steps < 60_000
        status = GAME.status(state)
        assert status.result == "finished" and status.winners
        assert state.end_reason in ("margin", "pile_exhausted", "map_complete")


@settings(max_examples=24, deadline=None, derandomize=True)
@given(
    seed=st.integers(0, 10_000),
    preset=st.sampled_from(["modern", "classic"]),
    mode=st.sampled_from(["beginner", "regular", "advanced"]),
    movement=st.sampled_from(["initial", "budgetted"]),
    exploration=st.sampled_from(["clockwise", "continuous"]),
    mythical=st.sampled_from(["on", "off"]),
    players=st.integers(2, 4),
)
def test_every_option_combination_plays_to_the_end(
    seed, preset, mode, movement, exploration, mythical, players
) -> None:
    options = {
        "preset": preset,
        "mode": mode,
        "movement": movement,
        "exploration": exploration,
        "mythical": mythical,
    }
    state = GAME.setup(players, seed, options)
    total = _total_tiles(state)
    rng = random.Random(seed)
    player = GAME.players()["random"]
    steps = 0
    while not state.over:
        GAME.apply_in_place(
            state, state.seat, player({}, GAME.legal_actions(state, state.seat), rng)
        )
        steps += 1
        assert steps < 60_000
    _check_invariants(state, total)
    assert GAME.status(state).winners
