"""Turning a page of a ``/rules`` message."""

from __future__ import annotations

from cogs.delivery import replies
from cogs.delivery.replies import Interaction
from cogs.ui.rules import rules_message
from i18n import locale_for


async def show_page(interaction: Interaction, game_id: str, page: int) -> None:
    """A pager click (``cogs.ui.components.RulesPager``): the same message shows another page."""
    embed, pager = rules_message(game_id, page, locale_for(interaction, public=False))
    await replies.tolerate(interaction.response.edit_message(embed=embed, view=pager))
