"""``/game board`` and the board's "Read the board": the whole position in words, privately
(``cogs.ui.readout``), from the public board's view and, for a seated person, their own."""

from __future__ import annotations

from cogs.delivery import replies
from cogs.delivery.replies import Interaction
from cogs.flows.boards import last_steps
from cogs.flows.matches import admit
from cogs.ui.readout import readout_lines, readout_messages
from i18n import locale_for


async def read_board(interaction: Interaction, match_id: str | None) -> None:
    """Answer privately with the board of ``match_id`` (the caller's newest match here when
    none) in words, in as many messages as it takes."""
    bot = interaction.client
    match = await admit(interaction, match_id, new_message=True)
    locale = locale_for(interaction, public=False)
    public = bot.service.board_seen(match).view if match.state is not None else {}
    seated = any(seat.user_id == interaction.user.id for seat in match.seats)
    own = bot.service.hand_seen(match, interaction.user.id).view if seated and public else None
    steps = await last_steps(bot, match)
    lines = readout_lines(match, public, own, steps, locale)
    for message in readout_messages(lines):
        await replies.send(interaction, message, ephemeral=True)
