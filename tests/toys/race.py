"""A toy multiplayer game for service tests: add 1–3 to a shared total; reaching 15 wins."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from gamecore.contract import Event, Game, IllegalAction, OptionSpec, Status
from gamecore.rng import Rng

TARGET = 15


@dataclass(frozen=True)
class RaceState:
    players: int
    total: int
    turn: int
    winner: int | None = None


class Race(Game[RaceState, int]):
    id = "toy-race"
    name = "Toy race"
    min_players = 2
    max_players = 4
    options = (OptionSpec("start", 0, (0, 1, 2)),)

    def setup(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> RaceState:
        opts = self.resolve_options(options)
        return RaceState(players, opts["start"] + Rng(seed).below(3), 0)

    def legal_actions(self, state: RaceState, player: int) -> list[int]:
        if state.winner is not None or player != state.turn:
            return []
        return [1, 2, 3]

    def play(self, state: RaceState, player: int, action: int) -> tuple[RaceState, list[Event]]:
        if action not in (1, 2, 3):
            raise IllegalAction("bad_amount", "add 1, 2 or 3", amount=action)
        total = state.total + action
        winner = player if total >= TARGET else None
        new = RaceState(state.players, total, (state.turn + 1) % state.players, winner)
        return new, [Event("added", {"seat": player, "amount": action, "total": total})]

    def view(self, state: RaceState, viewer: int | None) -> dict:
        return {"total": state.total, "turn": state.turn, "viewer": viewer}

    def status(self, state: RaceState) -> Status:
        if state.winner is not None:
            scores = tuple(1.0 if i == state.winner else 0.0 for i in range(state.players))
            return Status("finished", (), (state.winner,), scores)
        return Status("playing", (state.turn,))

    def parse_action(self, text: str) -> int:
        words = text.split()
        if len(words) != 2 or words[0].lower() != "add" or not words[1].isdigit():
            raise IllegalAction("notation", f"cannot read {text!r}", text=text)
        return int(words[1])

    def format_action(self, action: int) -> str:
        return f"add {action}"

    def state_to_dict(self, state: RaceState) -> dict:
        return {
            "players": state.players,
            "total": state.total,
            "turn": state.turn,
            "winner": state.winner,
        }

    def state_from_dict(self, data: Mapping[str, Any]) -> RaceState:
        return RaceState(data["players"], data["total"], data["turn"], data["winner"])

    def players(self) -> dict:
        return {
            "random": lambda _view, legal, rng: rng.choice(list(legal)),
            "heuristic": lambda _view, legal, _rng: max(legal),
        }


GAME = Race()
