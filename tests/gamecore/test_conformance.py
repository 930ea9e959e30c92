"""Every registered game keeps the game contract (``tests/gamecore/conformance.py``).

Parametrized from the registry, so a newly registered game is covered without touching this
file; the broken variants of the test game at the end show that each check can fail.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

import pytest

from gamecore.contract import Event
from gamecore.registry import game_ids, get_game
from tests.gamecore.conformance import check_views, play_and_check
from tests.hardening.hidden import MODELS, permuted, play_random
from tests.toys.drop_four import DropFour, DropState

SEEDS = (11, 2026)


def seat_counts(game_id: str) -> list[int]:
    game = get_game(game_id)
    return sorted({game.min_players, game.max_players})


CASES = [
    pytest.param(game_id, players, seed, id=f"{game_id}-{players}p-{seed}")
    for game_id in game_ids()
    for players in seat_counts(game_id)
    for seed in SEEDS
]


@pytest.mark.parametrize(("game_id", "players", "seed"), CASES)
def test_seeded_game_keeps_the_contract(game_id: str, players: int, seed: int) -> None:
    play_and_check(get_game(game_id), players, seed)


def test_the_test_game_is_registered_and_covered() -> None:
    assert "drop-four" in game_ids() and any(c.values[0] == "drop-four" for c in CASES)


@pytest.mark.parametrize("name", sorted(n for n in MODELS if MODELS[n].game_id in game_ids()))
def test_swapping_hidden_information_changes_no_other_view(name: str) -> None:
    """What a viewer may not see can be shuffled without changing that viewer's view."""
    model = MODELS[name]
    game = model.game
    players = model.players[-1]
    for seed in SEEDS:
        state = play_random(game, players, seed, 20, model.options)
        for viewer in (None, *range(players)):
            places = model.hidden(json.loads(json.dumps(game.state_to_dict(state))), viewer)
            other, _ = permuted(game, state, places, random.Random(seed))
            assert game.view(other, viewer) == game.view(state, viewer), (name, viewer)


# -- the checks can fail: each broken variant of Drop Four breaks one promise ---------------


class MutatesInput(DropFour):
    """Keeps its stacks in a list and appends to it."""

    def apply(self, state: DropState, player: int, action: int) -> tuple[DropState, list[Event]]:
        after, events = super().apply(state, player, action)
        if isinstance(state.stacks, list):
            state.stacks[action] = after.stacks[action]
            return replace(after, stacks=list(after.stacks)), events
        return after, events

    def setup(self, players: int, seed: int, options: Any = None) -> DropState:
        return replace(super().setup(players, seed, options), stacks=[() for _ in range(7)])


class OffersFullColumns(DropFour):
    def legal_actions(self, state: DropState, player: int) -> list[int]:
        return list(range(len(state.stacks))) if super().legal_actions(state, player) else []


class AcceptsAnyone(DropFour):
    def apply(self, state: DropState, _player: int, action: int) -> tuple[DropState, list[Event]]:
        return super().apply(state, state.to_move, action)


class ForgetsTheLastMove(DropFour):
    def state_from_dict(self, data: Any) -> DropState:
        return replace(super().state_from_dict(data), last=None)


class SloppyNotation(DropFour):
    def format_action(self, action: int) -> str:
        return f"column {action}"


class PlaysOnAfterTheEnd(DropFour):
    def legal_actions(self, state: DropState, player: int) -> list[int]:
        open_columns = [c for c, s in enumerate(state.stacks) if len(s) < state.rows]
        return open_columns if player == state.to_move else []


class RandomView(DropFour):
    def view(self, state: DropState, viewer: int | None) -> dict:
        return {**super().view(state, viewer), "id": id(state)}


@pytest.mark.parametrize(
    ("broken", "message"),
    [
        (MutatesInput, "mutated its input"),
        (OffersFullColumns, "refused"),
        (AcceptsAnyone, "was accepted"),
        (ForgetsTheLastMove, "round-trip"),
        (SloppyNotation, "reads back"),
        (PlaysOnAfterTheEnd, "after the end"),
        (RandomView, "view of"),
    ],
)
def test_each_check_fails_on_a_game_that_breaks_it(broken: type[DropFour], message: str) -> None:
    with pytest.raises(AssertionError) as failure:
        for seed in range(6):
            play_and_check(broken(), 2, seed, max_steps=60, options={"rows": 4, "columns": 5})
    assert message in str(failure.value)


def test_the_intact_test_game_passes_the_same_runs() -> None:
    for seed in range(6):
        play_and_check(DropFour(), 2, seed, max_steps=60, options={"rows": 4, "columns": 5})
    check_views(DropFour(), DropFour().setup(2, 0), 2)
