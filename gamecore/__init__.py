"""Pure, synchronous rules engines for the tabletop host (no I/O, no clock, no global random)."""

from gamecore.contract import Event, Game, IllegalAction, Status
from gamecore.registry import game_ids, get_game, list_games, register

__all__ = [
    "Event",
    "Game",
    "IllegalAction",
    "Status",
    "game_ids",
    "get_game",
    "list_games",
    "register",
]
