"""Persistent buttons and selects (``DynamicItem``): their state lives in the custom_id.

A custom_id carries the match id and the version of the board it belongs to, so a click
works after a restart (the template is registered in ``setup_hook``) and a click on an old
board is recognised as such by the service (``stale_version``).
"""

from __future__ import annotations

import re
from collections.abc import Awaitable
from typing import Any

import discord

from cogs import replies, turns
from i18n import locale_for, t


async def guarded(interaction: discord.Interaction, work: Awaitable[Any]) -> None:
    """Run a component's work; an unexpected error is logged and the user told, instead
    of Discord's bare "This interaction failed"."""
    try:
        await work
    except Exception as error:
        await replies.report_failure(interaction, error)


_MATCH = r"(?P<match>[a-z0-9]{1,24})"
_VERSION = r"(?P<version>\d{1,9})"


class MoveSelect(discord.ui.DynamicItem[discord.ui.Select], template=rf"tt:mv:{_MATCH}:{_VERSION}:(?P<slot>\d)"):
    """A select of legal moves; the chosen option's value is the move's notation."""

    def __init__(
        self,
        match_id: str,
        version: int,
        slot: int,
        *,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        self.match_id = match_id
        self.version = version
        super().__init__(
            discord.ui.Select(
                custom_id=f"tt:mv:{match_id}:{version}:{slot}",
                options=options or [],
                placeholder=placeholder,
                row=slot,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str]
    ) -> MoveSelect:
        return cls(match["match"], int(match["version"]), int(match["slot"]), options=item.options)

    async def callback(self, interaction: discord.Interaction) -> Any:
        values = (interaction.data or {}).get("values") or []
        if values:
            notation = str(values[0])
            await guarded(interaction, turns.play_move(interaction, self.match_id, notation, self.version))


BOARD_ACTIONS = ("hand", "hint", "resign", "confirm-resign")


class BoardButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=rf"tt:do:{_MATCH}:{_VERSION}:(?P<action>[a-z-]{{1,20}})",
):
    """Hint, Resign (asks first) and the confirmation of a resignation."""

    def __init__(self, match_id: str, version: int, action: str, *, label: str = "") -> None:
        self.match_id = match_id
        self.version = version
        self.action = action
        style = discord.ButtonStyle.danger if "resign" in action else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(
                custom_id=f"tt:do:{match_id}:{version}:{action}",
                label=label or action,
                style=style,
                row=4,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> BoardButton:
        return cls(match["match"], int(match["version"]), match["action"], label=item.label or "")

    async def callback(self, interaction: discord.Interaction) -> Any:
        from cogs.table import show_hand

        work = {
            "hand": lambda: show_hand(interaction, self.match_id),
            "hint": lambda: turns.hint(interaction, self.match_id),
            "resign": lambda: turns.ask_resign(interaction, self.match_id, self.version),
            "confirm-resign": lambda: turns.resign(interaction, self.match_id),
        }.get(self.action)
        if work is None:
            # Only a forged or future custom_id gets here: say so rather than stay silent.
            locale = locale_for(interaction, public=False)
            await replies.send(interaction, t("turn.stale_hint", locale), ephemeral=True)
            return
        await guarded(interaction, work())


class RulesPager(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"tt:rules:(?P<game>[a-z-]{1,24}):(?P<page>\d{1,3})",
):
    """Previous / next page of ``/rules`` (the target page is in the custom_id)."""

    def __init__(self, game_id: str, page: int, *, label: str = "", disabled: bool = False) -> None:
        self.game_id = game_id
        self.page = page
        super().__init__(
            discord.ui.Button(
                custom_id=f"tt:rules:{game_id}:{page}",
                label=label or str(page + 1),
                disabled=disabled,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> RulesPager:
        return cls(match["game"], int(match["page"]), label=item.label or "")

    async def callback(self, interaction: discord.Interaction) -> Any:
        from cogs.rules import show_page

        await guarded(interaction, show_page(interaction, self.game_id, self.page))
