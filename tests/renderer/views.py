"""Hand-built views that follow each game's "View" section in ``docs/games/``."""

from __future__ import annotations

from typing import Any

COLUMNS = "ABCDE"
ROWS = "12345"


def cartographer_view(**changes: Any) -> dict[str, Any]:
    grid: dict[str, str | None] = {c + r: None for c in COLUMNS for r in ROWS}
    grid.update({"C3": "7H", "C2": "9H", "A1": "AS", "B2": "KD", "D3": "10C"})
    view: dict[str, Any] = {
        "grid": grid,
        "hand": ["7S", "10H", "QD", "2C"],
        "pile": 21,
        "discard": ["4H", "7H"],
    }
    view.update(changes)
    return view


def dungeon_view(**changes: Any) -> dict[str, Any]:
    view: dict[str, Any] = {
        "levels": [
            [None, None, "7H", "KS"],
            [None, None, None, "2D"],
            [None, "", "", ""],
            ["", "", "", ""],
        ],
        "hand": ["7S", "10H", "QD", "2C", "AH"],
        "deck": 17,
        "discard": ["4H", "7C"],
        "claimed": [4],
    }
    view.update(changes)
    return view
