"""The ``/rules`` message: one page of a game's rules with Previous / Next buttons."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord
from typing_extensions import override

from cogs.ui import replies
from cogs.ui.components import button_label
from cogs.ui.labels import game_name
from i18n import locale_code, locale_for, rules_pages, t

if TYPE_CHECKING:
    from cogs.ui.replies import Interaction


def rules_message(
    game_id: str, page: int, locale: str
) -> tuple[discord.Embed, discord.ui.View | None]:
    """Page ``page`` of the rules (clamped) with Previous / Next buttons."""
    pages = rules_pages(game_id, locale_code(locale))
    name = game_name(game_id, locale)
    if not pages:
        return discord.Embed(title=name, description=t("rules.missing", locale)), None
    page = max(0, min(page, len(pages) - 1))
    current = pages[page]
    title = f"{name} — {current.title}" if current.title and current.title != name else name
    embed = discord.Embed(title=title[:256], description=current.body[:4096] or "—")
    embed.set_footer(text=t("rules.page", locale, page=page + 1, pages=len(pages)))
    if len(pages) == 1:
        return embed, None
    pager = discord.ui.View(timeout=None)
    pager.add_item(
        RulesPager(game_id, max(page - 1, 0), label=t("rules.previous", locale), disabled=page == 0)
    )
    pager.add_item(
        RulesPager(
            game_id,
            min(page + 1, len(pages) - 1),
            label=t("rules.next", locale),
            disabled=page == len(pages) - 1,
        )
    )
    return embed, pager


class RulesPager(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
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
    @override
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> RulesPager:
        return cls(match["game"], int(match["page"]), label=button_label(item))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await replies.guarded(interaction, self.show(interaction))

    async def show(self, interaction: Interaction) -> None:
        """A pager click: the same message shows another page."""
        embed, pager = rules_message(self.game_id, self.page, locale_for(interaction, public=False))
        await replies.tolerate(interaction.response.edit_message(embed=embed, view=pager))
