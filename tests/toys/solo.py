"""A toy solo game with automatic claims (like Dungeon Delver's): step 1–3 from a seeded
start; each multiple of 5 reached has a reward ``claim N`` that the service claims at once.
Won at 10+ with both rewards claimed; lost when the counter passes 12."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from gamecore.contract import Event, Game, IllegalAction, Status
from gamecore.rng import Rng

MILESTONES = (5, 10)


@dataclass(frozen=True)
class SoloState:
    counter: int
    claimed: tuple[int, ...] = ()
    rng: int = 0


class Solo(Game[SoloState, tuple[str, int]]):
    id = "toy-solo"
    name = "Toy solo"
    min_players = 1
    max_players = 1

    def setup(
        self, _players: int, seed: int, _options: Mapping[str, Any] | None = None
    ) -> SoloState:
        rng = Rng(seed)
        return SoloState(rng.below(3), (), rng.state)

    def _unclaimed(self, state: SoloState) -> list[int]:
        return [m for m in MILESTONES if m <= state.counter and m not in state.claimed]

    def legal_actions(self, state: SoloState, player: int) -> list[tuple[str, int]]:
        if self.status(state).over or player != 0:
            return []
        claims = [("claim", m) for m in self._unclaimed(state)]
        steps = [("step", n) for n in (1, 2, 3)] if state.counter < 10 else []
        return steps + claims

    def auto_actions(self, state: SoloState) -> list[tuple[str, int]]:
        if self.status(state).over:
            return []
        return [("claim", m) for m in self._unclaimed(state)]

    def play(self, state: SoloState, player: int, action: tuple[str, int]):
        if action not in self.legal_actions(state, player):
            raise IllegalAction("illegal", f"{self.format_action(action)} is not legal")
        kind, n = action
        if kind == "claim":
            new = SoloState(state.counter, (*state.claimed, n), state.rng)
            return new, [Event("claimed", {"level": n})]
        rng = Rng(state.rng)
        bump = rng.below(2)
        new = SoloState(state.counter + n + bump, state.claimed, rng.state)
        return new, [Event("stepped", {"by": n + bump})]

    def view(self, state: SoloState, _viewer: int | None) -> dict:
        return {"counter": state.counter, "claimed": list(state.claimed)}

    def status(self, state: SoloState) -> Status:
        if state.counter > 12:
            return Status("lost", (), (), (float(state.counter),))
        if state.counter >= 10 and set(MILESTONES) <= set(state.claimed):
            return Status("won", (), (0,), (float(state.counter),))
        return Status("playing", (0,))

    def parse_action(self, text: str) -> tuple[str, int]:
        words = text.lower().split()
        if len(words) != 2 or words[0] not in ("step", "claim") or not words[1].isdigit():
            raise IllegalAction("notation", f"cannot read {text!r}", text=text)
        return words[0], int(words[1])

    def format_action(self, action: tuple[str, int]) -> str:
        return f"{action[0]} {action[1]}"

    def state_to_dict(self, state: SoloState) -> dict:
        return {"counter": state.counter, "claimed": list(state.claimed), "rng": state.rng}

    def state_from_dict(self, data: Mapping[str, Any]) -> SoloState:
        return SoloState(data["counter"], tuple(data["claimed"]), data["rng"])

    def players(self) -> dict:
        return {"random": lambda _view, legal, rng: rng.choice(list(legal))}


GAME = Solo()
