"""Discord adapters, in four tiers whose imports point one way only:

- ``cogs.commands``: the entry points of commands: the extensions ``bot.py`` loads (slash
  commands and the clock loop);
- ``cogs.flows``: what a command or a click does (moves, lobby, hands, computer seats, clocks);
- ``cogs.delivery``: getting it to Discord (replies, the board publisher, permissions);
- ``cogs.ui``: message builders and the persistent components (board, lobby, hand, rules).

``EXTENSIONS`` are the modules ``bot.py`` loads; ``DYNAMIC_ITEMS`` the persistent component
classes it registers so old board messages keep working after a restart
(``cogs/ui/components.py``: one class per button or select, with what its click does).
"""

from __future__ import annotations

from cogs.ui.components import DYNAMIC_ITEMS

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
    "cogs.commands.tournament",
)
