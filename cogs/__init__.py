"""Discord adapters, in three tiers whose imports point one way only:

- ``cogs.commands``: the extensions ``bot.py`` loads (slash commands and the clock loop);
- ``cogs.flows``: what a command or a click does (turns, lobby, table talk, computer seats);
- ``cogs.ui``: messages and persistent components (board, lobby, hand, rules, replies).

``EXTENSIONS`` are the modules ``bot.py`` loads; ``DYNAMIC_ITEMS`` the persistent component
classes it registers so old board messages keep working after a restart.
"""

from __future__ import annotations

from typing import Any

import discord

from cogs.ui.components import (
    BoardButton,
    ComputerSelect,
    LobbyButton,
    MoveButton,
    MoveSelect,
    PieceButton,
    RematchButton,
    ReviewButton,
)
from cogs.ui.rules import RulesPager

EXTENSIONS: tuple[str, ...] = (
    "cogs.commands.game",
    "cogs.commands.play",
    "cogs.commands.rules",
    "cogs.commands.stats",
    "cogs.commands.clock",
    "cogs.commands.simulate",
    "cogs.commands.notify",
    "cogs.commands.review",
    "cogs.commands.daily",
)

DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    MoveSelect,
    BoardButton,
    RulesPager,
    LobbyButton,
    MoveButton,
    PieceButton,
    ComputerSelect,
    RematchButton,
    ReviewButton,
)
