"""The games as the Discord layer sees them: the registry, each game's contract and its
presentation (controls, texts). ``cogs/`` and ``bot.py`` import these from here, never from
``gamecore`` (``tests/cogs/test_codebase.py``): the service is their one way into the
project, and this module is the list of what they use of the games."""

from __future__ import annotations

from gamecore.contract import Game
from gamecore.presentation import (
    Controls,
    Move,
    Offer,
    Presentation,
    Style,
    Text,
    cards_text,
    count_text,
    seat_badge,
)
from gamecore.registry import (
    find_game,
    game_ids,
    get_game,
    list_games,
    presentation_of,
    registration,
)

__all__ = [
    "Controls",
    "Game",
    "Move",
    "Offer",
    "Presentation",
    "Style",
    "Text",
    "cards_text",
    "count_text",
    "find_game",
    "game_ids",
    "get_game",
    "list_games",
    "presentation_of",
    "registration",
    "seat_badge",
]
