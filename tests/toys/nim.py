"""Nim, a toy two-player game for the simulation runner and the command line: take 1–3
stones from a seeded pile; taking the last stone wins."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from gamecore.contract import Game, IllegalAction, Status
from gamecore.rng import Rng


@dataclass(frozen=True)
class NimState:
    pile: int
    to_move: int
    taken: tuple[int, int]
    steps: int


class Nim(Game[NimState, int]):
    """Two players take 1–3 stones from a seeded pile; taking the last stone wins."""

    id = "nim"
    name = "Nim"
    min_players = 2
    max_players = 2

    def setup(
        self, _players: int, seed: int, _options: Mapping[str, Any] | None = None
    ) -> NimState:
        return NimState(pile=7 + Rng(seed).below(8), to_move=0, taken=(0, 0), steps=0)

    def legal_actions(self, state: NimState, player: int) -> list[int]:
        if state.pile == 0 or player != state.to_move:
            return []
        return list(range(1, min(3, state.pile) + 1))

    def play(self, state: NimState, player: int, action: int):
        if action not in self.legal_actions(state, player):
            raise IllegalAction("take", f"cannot take {action} from {state.pile}", take=action)
        taken = list(state.taken)
        taken[player] += action
        new = NimState(state.pile - action, 1 - player, (taken[0], taken[1]), state.steps + 1)
        return new, []

    def view(self, state: NimState, _viewer: int | None) -> dict:
        return {"pile": state.pile, "taken": list(state.taken)}

    def status(self, state: NimState) -> Status:
        if state.pile == 0:
            return Status("finished", winners=(1 - state.to_move,))
        return Status("playing", to_move=(state.to_move,))

    def parse_action(self, text: str) -> int:
        parts = text.lower().split()
        if len(parts) != 2 or parts[0] != "take" or not parts[1].isdigit():
            raise IllegalAction("notation", f"cannot read {text!r}; write e.g. 'take 2'")
        return int(parts[1])

    def format_action(self, action: int) -> str:
        return f"take {action}"

    def state_to_dict(self, state: NimState) -> dict:
        return {
            "pile": state.pile,
            "to_move": state.to_move,
            "taken": list(state.taken),
            "steps": state.steps,
        }

    def state_from_dict(self, data: Mapping[str, Any]) -> NimState:
        return NimState(data["pile"], data["to_move"], tuple(data["taken"]), data["steps"])

    def score(self, state: NimState) -> dict[str, Any]:
        return {
            "seats": [{"taken": taken} for taken in state.taken],
            "rounds": (state.steps + 1) // 2,
            "end": "last stone",
        }

    def players(self):
        def smart(view, legal, _rng):
            best = view["pile"] % 4
            return best if best in legal else legal[0]

        return {"random": lambda _view, legal, rng: rng.choice(legal), "smart": smart}


GAME = Nim()
