"""``python -m gamecore list``: what can be played, with which options and computer players."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import IO, Any

from gamecore.cli.options import option_flag
from gamecore.contract import Game
from gamecore.simulate import available_players


def game_summary(game: Game[Any, Any]) -> dict[str, Any]:
    """A game's descriptor as plain data (also what ``list --json`` prints)."""
    return {
        "id": game.id,
        "name": game.name,
        "min_players": game.min_players,
        "max_players": game.max_players,
        "options": [
            {
                "name": spec.name,
                "default": spec.default,
                "choices": list(spec.choices),
                "help": spec.help,
            }
            for spec in game.options
        ],
        "players": sorted(available_players(game)),
    }


def _player_span(summary: dict[str, Any]) -> str:
    low, high = summary["min_players"], summary["max_players"]
    if low == high:
        return "1 player (solo)" if low == 1 else f"{low} players"
    return f"{low}-{high} players"


def run_list(games: Sequence[Game[Any, Any]], out: IO[str], as_json: bool = False) -> int:
    if not games:
        out.write("no games are available yet\n")
        return 0
    for game in games:
        summary = game_summary(game)
        if as_json:
            out.write(json.dumps(summary, ensure_ascii=False, default=str) + "\n")
            continue
        out.write(f"{summary['id']} — {summary['name']}: {_player_span(summary)}\n")
        for spec, option in zip(game.options, summary["options"], strict=True):
            choices = ", ".join(str(c) for c in option["choices"])
            line = f"  {option_flag(spec)} (default {option['default']}"
            line += f"; one of {choices})" if choices else ")"
            if option["help"]:
                line += f"  {option['help']}"
            out.write(line + "\n")
        out.write(f"  computer players: {', '.join(summary['players'])}\n")
    return 0
