"""Takebacks with consent, fair by construction: pure rules over a match and its log.

A person may take back their last step (and every step after it) only while nothing hidden
or random has come to light since (``Game.revealed``, asked only of games registered with
hidden information or chance), and only if every other person who acted since agrees.
Computer seats agree whenever the rule allows. The action log keeps the takeback: a marker
row (``!takeback <count>``) that undoes the ``count`` steps before it, so a replay shows it
and :func:`played_line` gives the line that stands.

A takeback never ends a match nor changes a result: a finished match takes none, so a
rating changes only through the match's result.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gamecore.contract import Game

#: A marker row's notation starts so; no game's notation starts with ``!``.
MARK = "!takeback"


def mark(count: int) -> str:
    """The log row that undoes the ``count`` steps before it."""
    return f"{MARK} {count}"


def marked_count(notation: str) -> int | None:
    """How many steps a marker row undoes (None: a game's step)."""
    if not notation.startswith(MARK + " "):
        return None
    return int(notation[len(MARK) + 1 :])


def played_line(log: Sequence[tuple[int, str]]) -> list[tuple[int, str]]:
    """The steps that stand, as ``(seat, notation)``: every marker row removes itself and
    the steps it undid."""
    line: list[tuple[int, str]] = []
    for seat, notation in log:
        count = marked_count(notation)
        if count is None:
            line.append((seat, notation))
        else:
            del line[len(line) - count :]
    return line


@dataclass(frozen=True, slots=True)
class TakebackAsk:
    """A takeback waiting for consent: who asked (``by``, their ``seat``), the match's
    ``steps`` when they asked (any step since voids the ask), the steps it undoes as
    ``(seat, notation)`` (what the board shows before anyone accepts), the people whose yes
    it needs and those who said yes."""

    by: int
    seat: int
    at_steps: int
    undone: tuple[tuple[int, str], ...]
    waiting: tuple[int, ...]
    agreed: tuple[int, ...] = ()

    @property
    def count(self) -> int:
        return len(self.undone)

    @property
    def settled(self) -> bool:
        """Everyone whose yes it needs said yes."""
        return all(person in self.agreed for person in self.waiting)

    def to_dict(self) -> dict[str, Any]:
        return {
            "by": self.by,
            "seat": self.seat,
            "at_steps": self.at_steps,
            "undone": [list(step) for step in self.undone],
            "waiting": list(self.waiting),
            "agreed": list(self.agreed),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TakebackAsk:
        return cls(
            int(data["by"]),
            int(data["seat"]),
            int(data["at_steps"]),
            tuple((int(seat), str(notation)) for seat, notation in data["undone"]),
            tuple(int(u) for u in data["waiting"]),
            tuple(int(u) for u in data.get("agreed", ())),
        )


@dataclass(frozen=True, slots=True)
class TakebackPlan:
    """What a takeback by ``seat`` would do: the position to return to (``state``, after
    ``keep`` steps of the line) and the steps it undoes."""

    state: Any
    keep: int
    undone: tuple[tuple[int, str], ...]


class TakebackRefused(Exception):
    """Why no takeback is possible now: ``code`` is ``takeback_nothing`` (no step of the
    seat to take back) or ``takeback_revealed`` (something came to light since)."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def plan(
    game: Game[Any, Any],
    *,
    secrets: bool,
    players: int,
    seed: int,
    options: Mapping[str, Any],
    line: Sequence[tuple[int, str]],
    seat: int,
) -> TakebackPlan:
    """The takeback of ``seat``'s last step and every step after it, replayed from the
    match's seed and its standing ``line``; :class:`TakebackRefused` when there is no such
    step or when one of those steps revealed something (``secrets``: the game's
    registration has hidden information or chance)."""
    last = max((i for i, (who, _) in enumerate(line) if who == seat), default=None)
    if last is None:
        raise TakebackRefused("takeback_nothing")
    state = game.setup(players, seed, options)
    kept = state
    for index, (who, notation) in enumerate(line):
        if index == last:
            kept = state
        after, _ = game.apply_notation(state, who, notation)
        if index >= last and secrets and game.revealed(state, after):
            raise TakebackRefused("takeback_revealed")
        state = after
    return TakebackPlan(kept, last, tuple(line[last:]))


def people_to_ask(
    undone: Sequence[tuple[int, str]], seat: int, people: Sequence[int | None]
) -> tuple[int, ...]:
    """The people (not computers) other than ``seat``'s who took one of the ``undone`` steps:
    ``people[s]`` is seat ``s``'s person, None for a computer seat (which agrees by itself)."""
    found = [people[who] for who, _ in undone if who != seat]
    return tuple(dict.fromkeys(u for u in found if u is not None))
