"""Which games exist. Each game module exposes ``GAME``, an instance of its ``Game`` class.

Modules are imported on first use so that the CLI and the bot start fast.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module

from gamecore.contract import Game, IllegalAction

_MODULES: dict[str, str] = {
    "cartographer": "gamecore.games.cartographer",
    "dungeon-delver": "gamecore.games.dungeon_delver",
    "speiderne": "gamecore.games.speiderne",
    "cartolan": "gamecore.games.cartolan",
}

GAME_IDS: tuple[str, ...] = tuple(_MODULES)


@cache
def get_game(game_id: str) -> Game:
    """The game with this id; ``IllegalAction('unknown_game')`` for any other id."""
    module = _MODULES.get(game_id)
    if module is None:
        known = ", ".join(GAME_IDS)
        raise IllegalAction("unknown_game", f"no game {game_id!r} (games: {known})", game=game_id)
    return import_module(module).GAME


def list_games() -> list[Game]:
    """Every game, in registry order (a game that fails to load fails loudly here)."""
    return [get_game(game_id) for game_id in GAME_IDS]
