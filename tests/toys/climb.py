"""Climb, a toy solo game for the simulation runner and the command line: from 0 by 1–3 a
step, land exactly on a seeded target (options, a headline score, a player that crashes)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from gamecore.contract import Game, IllegalAction, OptionSpec, Status
from gamecore.rng import Rng


@dataclass(frozen=True)
class ClimbState:
    target: int
    total: int
    steps: int


class Climb(Game[ClimbState, int]):
    """Solo: climb from 0 by 1–3 a step and land exactly on a seeded target."""

    id = "climb"
    name = "Climb"
    min_players = 1
    max_players = 1
    options = (
        OptionSpec("low", 5, (5, 10), "lowest possible target"),
        OptionSpec("strict", True, (), "overshooting loses"),
    )
    headline_score = "total"

    def setup(
        self, _players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> ClimbState:
        resolved = self.resolve_options(options)
        return ClimbState(target=resolved["low"] + Rng(seed).below(5), total=0, steps=0)

    def legal_actions(self, state: ClimbState, player: int) -> list[int]:
        return [] if self.status(state).over or player != 0 else [1, 2, 3]

    def play(self, state: ClimbState, player: int, action: int):
        if action not in self.legal_actions(state, player):
            raise IllegalAction("step", f"cannot climb {action}", step=action)
        new = ClimbState(state.target, state.total + action, state.steps + 1)
        return new, []

    def view(self, state: ClimbState, _viewer: int | None) -> dict:
        return {"target": state.target, "total": state.total}

    def status(self, state: ClimbState) -> Status:
        if state.total == state.target:
            return Status("won", scores=(state.total,))
        if state.total > state.target:
            return Status("lost", scores=(state.total,))
        return Status("playing", to_move=(0,))

    def parse_action(self, text: str) -> int:
        parts = text.lower().split()
        if len(parts) != 2 or parts[0] != "up" or not parts[1].isdigit():
            raise IllegalAction("notation", f"cannot read {text!r}; write e.g. 'up 2'")
        return int(parts[1])

    def format_action(self, action: int) -> str:
        return f"up {action}"

    def state_to_dict(self, state: ClimbState) -> dict:
        return {"target": state.target, "total": state.total, "steps": state.steps}

    def state_from_dict(self, data: Mapping[str, Any]) -> ClimbState:
        return ClimbState(data["target"], data["total"], data["steps"])

    def score(self, state: ClimbState) -> dict[str, Any]:
        return {"score": {"total": state.total, "target": state.target}}

    def players(self):
        def careful(view, _legal, _rng):
            return min(3, view["target"] - view["total"])

        def crash(_view, _legal, _rng):
            raise RuntimeError("crash player always fails")

        return {
            "random": lambda _view, legal, rng: rng.choice(legal),
            "careful": careful,
            "crash": crash,
        }


GAME = Climb()
