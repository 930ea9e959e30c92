"""Text notation of Cartolan actions: canonical ``format_action`` and tolerant ``parse_action``.

Actions are tuples ``(verb, *args)``; cells inside actions are board ints (``board.cell``),
seats 0-based inside, 1-based in text. Adventurer number 0 means "the one moving now".
See ``docs/games/cartolan.md`` for the full table.
"""

from __future__ import annotations

import re
from typing import Any

from gamecore.contract import IllegalAction
from gamecore.games.cartolan import board

Action = tuple[Any, ...]

_SIDES = {
    "n": 0, "north": 0, "up": 0,
    "e": 1, "east": 1, "right": 1,
    "s": 2, "south": 2, "down": 2,
    "w": 3, "west": 3, "left": 3,
}  # fmt: skip
#: Verbs followed by one whole number (``equip n``: classic Advanced, decision 12j).
_NUMBERED = ("travel", "take", "bank", "steal", "keep", "choose", "give", "equip")
_CITIES = {"capital": "capital", "home": "capital", "mythical": "mythical", "myth": "mythical"}
_SIMPLE = {
    "end": ("end",), "end turn": ("end",), "pass": ("end",), "stop": ("end",),
    "trade": ("trade",), "rest": ("rest",), "restore": ("restore",), "court": ("court",),
    "agent": ("agent",), "place agent": ("agent",), "attack agent": ("attack_agent",),
    "buy adventurer": ("buy_adventurer",), "buy maps": ("buy_maps",),
    "rechoose maps": ("buy_maps",), "done": ("done",), "leave": ("done",),
    "decline": ("decline",), "no": ("decline",), "skip": ("decline",),
    "draw": ("draw",), "draw card": ("draw",), "buy manuscript": ("buy_manuscript",),
}  # fmt: skip


def _bad(text: str, why: str, code: str, **params: Any) -> IllegalAction:
    """A notation error. ``code`` names the kind (catalog key
    ``illegal.notation_cartolan_<code>``, English and Japanese, binding decision 13);
    ``expected`` keeps the English explanation for callers that only show one text."""
    return IllegalAction(
        f"notation_cartolan_{code}",
        f"cannot read {text!r}: {why}",
        text=text,
        expected=why,
        **params,
    )


def _cell_text(cell: int) -> str:
    x, y = board.coords(cell)
    return f"{x},{y}"


def format_action(action: Action) -> str:
    verb = action[0]
    if verb == "move":
        _, number, side, map_number = action
        head = f"move {number} " if number else "move "
        tail = f" map {map_number}" if map_number else ""
        return f"{head}{board.DIRECTION_NAMES[side]}{tail}"
    if verb == "gust":
        return (
            f"gust {action[1]} {board.DIRECTION_NAMES[action[2]]}"
            if action[1]
            else (f"gust {board.DIRECTION_NAMES[action[2]]}")
        )
    if verb == "wait":
        return f"wait {action[1]}" if action[1] else "wait"
    if verb == "abandon":
        return f"abandon {action[1]} {action[2]}" if action[1] else f"abandon {action[2]}"
    if verb in _NUMBERED:
        return f"{verb} {action[1]}"
    if verb == "steal_card":
        return f"steal card {action[1]}"
    if verb == "rest_with":
        return f"rest {action[1] + 1}.{action[2] + 1}"
    if verb == "deposit":
        return f"deposit {_cell_text(action[1])}"
    if verb == "buy_manuscript":
        return "buy manuscript"
    if verb == "attack":
        return f"attack {action[1] + 1}.{action[2] + 1}"
    if verb == "attack_agent":
        return "attack agent"
    if verb == "relocate":
        return f"relocate {_cell_text(action[1])}"
    if verb == "buy_agent":
        return f"buy agent {_cell_text(action[1])}"
    if verb == "buy_adventurer":
        return "buy adventurer"
    if verb == "buy_maps":
        return "buy maps"
    chosen: str = verb
    return chosen


_CELL = re.compile(r"^\(?\s*(-?\d+)\s*[, ]\s*(-?\d+)\s*\)?$")


def _parse_cell(text: str, whole: str) -> int:
    """A place ``x,y``; a coordinate off the board is refused, never wrapped round to
    another cell (binding decision 13)."""
    match = _CELL.match(text.strip())
    if not match:
        raise _bad(whole, "a place is written x,y (for example 2,-1)", "cell")
    x, y = int(match.group(1)), int(match.group(2))
    for axis, value in (("x", x), ("y", y)):
        if not board.MIN_COORD <= value <= board.MAX_COORD:
            raise _bad(
                whole,
                f"{axis} = {value} is off the board: places run from "
                f"{board.MIN_COORD} to {board.MAX_COORD}",
                "range",
                axis=axis,
                value=value,
                low=board.MIN_COORD,
                high=board.MAX_COORD,
            )
    return board.cell(x, y)


def _number(word: str, whole: str, what: str) -> int:
    if not word.isdigit():
        raise _bad(whole, f"{what} must be a whole number", "number")
    return int(word)


def parse_action(text: str) -> Action:
    whole = text
    words = text.strip().lower().replace("_", " ").split()
    if not words:
        raise _bad(whole, "empty move", "empty")
    joined = " ".join(words)
    if joined in _SIMPLE:
        return _SIMPLE[joined]
    verb, rest = words[0], words[1:]
    if verb in _SIDES and not rest:
        return ("move", 0, _SIDES[verb], 0)
    if verb in ("move", "m", "go", "gust"):
        return _parse_step(verb, rest, whole)
    if verb == "wait":
        if len(rest) > 1:
            raise _bad(whole, "write wait or wait <adventurer>", "wait")
        return ("wait", _number(rest[0], whole, "the adventurer") if rest else 0)
    if verb == "abandon":
        number = 0
        if rest and rest[0].isdigit():
            number, rest = int(rest[0]), rest[1:]
        if len(rest) != 1 or rest[0] not in _CITIES:
            raise _bad(whole, "write abandon capital or abandon mythical", "abandon")
        return ("abandon", number, _CITIES[rest[0]])
    if verb == "steal" and rest[:1] == ["card"]:
        if len(rest) != 2:
            raise _bad(whole, "write steal card <number>", "steal_card")
        return ("steal_card", _number(rest[1], whole, "the card"))
    if verb == "rest" and rest:
        _, seat, index = _parse_attack(rest, whole)
        return ("rest_with", seat, index)
    if verb == "deposit":
        return ("deposit", _parse_cell(" ".join(rest), whole))
    if verb in _NUMBERED:
        if len(rest) != 1:
            raise _bad(whole, f"write {verb} <number>", "amount", verb=verb)
        return (verb, _number(rest[0], whole, "the amount"))
    if verb == "attack":
        return _parse_attack(rest, whole)
    if verb == "relocate":
        return ("relocate", _parse_cell(" ".join(rest), whole))
    if verb == "buy" and rest and rest[0] == "agent":
        return ("buy_agent", _parse_cell(" ".join(rest[1:]), whole))
    raise _bad(
        whole,
        "try move 1 N, wait 1, end, trade, rest, attack agent, attack 2.1, agent, "
        "bank 5, buy adventurer, buy agent 2,3, buy maps, keep 1, take 3, travel 2, equip 1, done, "
        "decline",
        "unknown",
    )


def _parse_step(verb: str, rest: list[str], whole: str) -> Action:
    number = 0
    # "move 2n" / "move 2 n"
    if len(rest) == 1 and len(rest[0]) >= 2 and rest[0][:-1].isdigit() and rest[0][-1] in "nesw":
        rest = [rest[0][:-1], rest[0][-1]]
    if rest and rest[0].isdigit():
        number, rest = int(rest[0]), rest[1:]
    if not rest or rest[0] not in _SIDES:
        raise _bad(whole, "a direction is N, E, S or W", "direction")
    side = _SIDES[rest[0]]
    rest = rest[1:]
    map_number = 0
    if rest:
        if verb == "gust" or len(rest) != 2 or rest[0] != "map":
            raise _bad(whole, "after the direction only 'map <n>' may follow", "after_direction")
        map_number = _number(rest[1], whole, "the chest map")
        if map_number == 0:
            raise _bad(whole, "chest maps are numbered from 1", "map_zero")
    if verb == "gust":
        return ("gust", number, side)
    return ("move", number, side, map_number)


def _parse_attack(rest: list[str], whole: str) -> Action:
    if rest == ["agent"] or rest == ["inn"]:
        return ("attack_agent",)
    spec = "".join(rest).replace("p", "").replace("/", ".").replace("a", ".")
    parts = [p for p in spec.split(".") if p]
    if len(parts) not in (1, 2) or not all(p.isdigit() for p in parts):
        raise _bad(
            whole, "write attack agent, or attack <player>.<adventurer> (e.g. attack 2.1)", "attack"
        )
    seat = int(parts[0])
    number = int(parts[1]) if len(parts) == 2 else 1
    if seat < 1 or number < 1:
        raise _bad(whole, "players and adventurers are numbered from 1", "from_one")
    return ("attack", seat - 1, number - 1)
