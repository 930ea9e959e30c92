"""Pure, synchronous rules engines for the tabletop host (no I/O, no clock, no global random)."""

from gamecore.contract import Event, Game, IllegalAction, Status
from gamecore.registry import GAME_IDS, get_game, list_games

__all__ = ["Event", "Game", "GAME_IDS", "IllegalAction", "Status", "get_game", "list_games"]
