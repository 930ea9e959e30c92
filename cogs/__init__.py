"""Discord adapters: slash commands, autocomplete, buttons and selects (thin; see STYLE.md).

``EXTENSIONS`` are the cog modules ``bot.py`` loads; ``dynamic_items()`` the persistent
component classes it registers so old board messages keep working after a restart.
"""

from __future__ import annotations

EXTENSIONS: tuple[str, ...] = (
    "cogs.game", "cogs.play", "cogs.rules", "cogs.stats", "cogs.table",
    "cogs.simulate", "cogs.cartolan",
)


def dynamic_items() -> tuple[type, ...]:
    from cogs.cartolan import CartolanButton, ComputerTypeSelect
    from cogs.components import BoardButton, MoveSelect, RulesPager
    from cogs.lobby import LobbyButton

    return (MoveSelect, BoardButton, RulesPager, LobbyButton, CartolanButton, ComputerTypeSelect)
