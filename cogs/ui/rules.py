"""The ``/rules`` message: one page of a game's rules with Previous / Next buttons."""

from __future__ import annotations

import discord

from cogs.ui.components import RulesPager, unheld
from cogs.ui.labels import game_name
from i18n import locale_code, rules_pages, t


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
        RulesPager(
            game_id, max(page - 1, 0), label=t("rules.previous", locale), disabled=page == 0
        ).item
    )
    pager.add_item(
        RulesPager(
            game_id,
            min(page + 1, len(pages) - 1),
            label=t("rules.next", locale),
            disabled=page == len(pages) - 1,
        ).item
    )
    return embed, unheld(pager)
