"""One first-game tip per person and game: said privately the first time the person starts
or plays a match of that game, and never again (the store remembers who was told)."""

from __future__ import annotations

from cogs.delivery import replies
from cogs.delivery.replies import Interaction
from i18n import has_key, locale_for, t
from service import Match


async def offer_tip(interaction: Interaction, match: Match) -> None:
    """Tell the person behind ``interaction`` the tip of ``match``'s game, if they sit in it,
    the game has one and they were never told it."""
    key = f"tip.{match.game_id}"
    user_id = interaction.user.id
    if not has_key(key) or all(seat.user_id != user_id for seat in match.seats):
        return
    if await interaction.client.service.first_tip(user_id, match.game_id):
        await replies.send(
            interaction, t(key, locale_for(interaction, public=False)), ephemeral=True
        )
