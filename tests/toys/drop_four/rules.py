"""Drop Four's rules: two players drop discs into columns; four in a line wins.

A small game that exists to prove the game contract: it lives only under ``tests/``, and
everything the project knows about it comes through ``gamecore.registry.register``.
Columns are letters ``a``, ``b``, … from the left (the notation of a move); a disc falls to
the lowest free cell of its column. Four discs of one seat in a row, a column or a diagonal
win; a full board with no four is a draw.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from gamecore.contract import Event, Game, IllegalAction, OptionSpec, Player, Status

LETTERS = "abcdefghi"
#: The four line directions (column step, row step) checked from a new disc.
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))


@dataclass(frozen=True, slots=True)
class DropState:
    """``stacks[c]`` holds the seats of column ``c``'s discs, bottom first."""

    rows: int
    stacks: tuple[tuple[int, ...], ...]
    to_move: int = 0
    winner: int | None = None
    last: int | None = None

    @property
    def full(self) -> bool:
        return all(len(stack) == self.rows for stack in self.stacks)

    @property
    def over(self) -> bool:
        return self.winner is not None or self.full


def seat_at(state: DropState, column: int, row: int) -> int | None:
    """The seat whose disc is at (column, row), row 0 at the bottom; None if empty or off the
    board."""
    if not 0 <= column < len(state.stacks) or row < 0:
        return None
    stack = state.stacks[column]
    return stack[row] if row < len(stack) else None


def makes_four(state: DropState, column: int, row: int, seat: int) -> bool:
    """Whether a disc of ``seat`` at (column, row) completes a line of four."""
    for dc, dr in DIRECTIONS:
        run = 1
        for sign in (1, -1):
            step = 1
            while seat_at(state, column + sign * step * dc, row + sign * step * dr) == seat:
                run += 1
                step += 1
        if run >= 4:
            return True
    return False


class DropFour(Game[DropState, int]):
    id = "drop-four"
    name = "Drop Four"
    min_players = 2
    max_players = 2
    options = (
        OptionSpec("columns", 7, help="board width", low=5, high=9),
        OptionSpec("rows", 6, help="board height", low=4, high=8),
    )
    advisor = "heuristic"

    def setup(
        self, players: int, _seed: int, options: Mapping[str, Any] | None = None
    ) -> DropState:
        if players != 2:
            raise IllegalAction("players", "Drop Four is for 2 players", low=2, high=2)
        chosen = self.resolve_options(options)
        return DropState(chosen["rows"], ((),) * chosen["columns"])

    def legal_actions(self, state: DropState, player: int) -> list[int]:
        if state.over or player != state.to_move:
            return []
        return [c for c, stack in enumerate(state.stacks) if len(stack) < state.rows]

    def play(self, state: DropState, player: int, action: int) -> tuple[DropState, list[Event]]:
        if not isinstance(action, int) or not 0 <= action < len(state.stacks):
            raise IllegalAction("unknown_action", f"no column {action!r}", action=str(action))
        if len(state.stacks[action]) == state.rows:
            raise IllegalAction(
                "drop_four_column_full", "that column is full", column=self.format_action(action)
            )
        stacks = list(state.stacks)
        stacks[action] = (*stacks[action], player)
        row = len(stacks[action]) - 1
        after = replace(state, stacks=tuple(stacks), to_move=1 - player, last=action)
        events = [Event("dropped", {"seat": player, "column": self.format_action(action)})]
        if makes_four(after, action, row, player):
            after = replace(after, winner=player)
            events.append(Event("won", {"seat": player}))
        elif after.full:
            events.append(Event("draw"))
        return after, events

    def view(self, state: DropState, viewer: int | None) -> dict:
        return {
            "rows": state.rows,
            "columns": [list(stack) for stack in state.stacks],
            "to_move": None if state.over else state.to_move,
            "winner": state.winner,
            "last": state.last,
            "viewer": viewer,
        }

    def status(self, state: DropState) -> Status:
        if state.winner is not None:
            scores = tuple(1.0 if seat == state.winner else 0.0 for seat in (0, 1))
            return Status("finished", winners=(state.winner,), scores=scores)
        if state.full:
            return Status("finished", winners=(0, 1), scores=(0.5, 0.5))
        return Status("playing", to_move=(state.to_move,))

    def parse_action(self, text: str) -> int:
        word = text.strip().lower()
        if len(word) != 1 or word not in LETTERS:
            raise IllegalAction(  # the core's "Cannot read '{text}': expected {expected}."
                "notation",
                f"cannot read {text!r}: a column letter",
                text=text,
                expected="a, b, c …",
            )
        return LETTERS.index(word)

    def format_action(self, action: int) -> str:
        return LETTERS[action]

    def state_to_dict(self, state: DropState) -> dict:
        return {
            "rows": state.rows,
            "stacks": [list(stack) for stack in state.stacks],
            "to_move": state.to_move,
            "winner": state.winner,
            "last": state.last,
        }

    def state_from_dict(self, data: Mapping[str, Any]) -> DropState:
        stacks = tuple(tuple(stack) for stack in data["stacks"])
        return DropState(data["rows"], stacks, data["to_move"], data["winner"], data["last"])

    def describe(self, view: dict) -> str:
        marks = {None: ".", 0: "X", 1: "O"}
        lines = []
        for row in reversed(range(view["rows"])):
            cells = [stack[row] if row < len(stack) else None for stack in view["columns"]]
            lines.append(" ".join(marks[c] for c in cells))
        lines.append(" ".join(LETTERS[: len(view["columns"])]))
        return "\n".join(lines)

    def score(self, state: DropState) -> dict[str, Any]:
        discs = sum(len(stack) for stack in state.stacks)
        return {"discs": discs, "seats": [{"won": state.winner == seat} for seat in (0, 1)]}

    def players(self) -> dict[str, Player]:
        return {"random": random_player, "heuristic": heuristic_player}


def random_player(_view: dict, legal: Sequence[int], rng: random.Random) -> int:
    return rng.choice(list(legal))


def heuristic_player(view: dict, legal: Sequence[int], rng: random.Random) -> int:
    """Win at once if possible, else block the other seat's four, else play near the middle."""
    state = GAME.state_from_dict(
        {
            "rows": view["rows"],
            "stacks": view["columns"],
            "to_move": view["viewer"],
            "winner": None,
            "last": None,
        }
    )
    me = view["viewer"]
    for seat in (me, 1 - me):
        for column in legal:
            if makes_four(state, column, len(state.stacks[column]), seat):
                return column
    middle = (len(state.stacks) - 1) / 2
    closest = min(abs(column - middle) for column in legal)
    return rng.choice([column for column in legal if abs(column - middle) == closest])


GAME = DropFour()
