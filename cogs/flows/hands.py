"""``/hand`` and the board's "My hand" button: a player's private picture and move menus."""

from __future__ import annotations

from cogs.flows.matches import admit
from cogs.ui import replies
from cogs.ui.hand import hand_message
from cogs.ui.replies import Interaction
from i18n import locale_for


async def show_hand(interaction: Interaction, match_id: str | None) -> None:
    """``/hand`` and the board's "My hand" button: a private picture and move menus."""
    service = interaction.client.service
    match = await admit(interaction, match_id, new_message=True)
    seen = service.hand_seen(match, interaction.user.id)  # refused without a seat
    hand = await hand_message(seen, locale_for(interaction, public=False))
    await replies.send(interaction, ephemeral=True, **hand.send_kwargs())
