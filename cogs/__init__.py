"""Discord adapters, in three tiers whose imports point one way only:

- ``cogs.commands``: the entry points: the extensions ``bot.py`` loads (slash commands and
  the clock loop) and the clicks on persistent components;
- ``cogs.flows``: what a command or a click does (moves, lobby, hands, computer seats, clocks);
- ``cogs.ui``: messages and persistent components (board, lobby, hand, rules, replies).

``EXTENSIONS`` are the modules ``bot.py`` loads; ``DYNAMIC_ITEMS`` the persistent component
classes it registers so old board messages keep working after a restart
(``cogs/commands/clicks.py``: what each click does).
"""

from __future__ import annotations

from cogs.commands.clicks import DYNAMIC_ITEMS

__all__ = ["DYNAMIC_ITEMS", "EXTENSIONS"]

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
    "cogs.commands.settings",
    "cogs.commands.seasons",
)
