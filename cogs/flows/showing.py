"""``/game show``: a match's board posted again where it lives, replacing the earlier copy."""

from __future__ import annotations

from cogs.delivery import permissions, replies
from cogs.delivery.replies import Interaction
from cogs.flows import away
from cogs.flows.boards import post_board
from cogs.flows.matches import pick_match
from service import IllegalAction

#: Seconds before ``/game show`` posts the same match's board again (each post replaces the
#: earlier copy, so the channel keeps one; the wait keeps the channel from churning).
SHOW_WAIT = 60.0
#: Match id → when ``/game show`` last posted its board (the last ``SHOW_WAIT`` seconds).
_shown_at: dict[str, float] = {}


async def show_board(interaction: Interaction, match_id: str | None) -> None:
    """A new board message, replacing (deleting) the earlier copy: the channel keeps one
    board per match; refused within ``SHOW_WAIT`` of the last one (anyone who can see the
    channel may ask, so it must not become a way to flood it)."""
    if not await permissions.preflight(interaction):
        return
    # Private until the match is known to be the caller's to show (a refusal stays private).
    await replies.defer(interaction, ephemeral=True)
    match = await pick_match(interaction, match_id)
    if permissions.bot_absent(interaction):  # the board lives in the person's DM
        await away.show_in_dm(interaction, match)
        return
    if match.channel_id != interaction.channel_id:  # a board is posted only where it lives
        raise IllegalAction(
            "show_elsewhere", "This match is played elsewhere.", channel=f"<#{match.channel_id}>"
        )
    bot = interaction.client
    now = bot.service.clock()
    shown = _shown_at.get(match.id)
    if shown is not None and now < shown + SHOW_WAIT:
        raise IllegalAction(
            "shown_recently",
            "The board was posted less than a minute ago.",
            after=f"<t:{int(shown + SHOW_WAIT) + 1}:R>",
        )
    for old_id in [k for k, at in _shown_at.items() if at + SHOW_WAIT <= now]:
        del _shown_at[old_id]  # only the last minute's are kept
    _shown_at[match.id] = now
    earlier = bot.publisher.board_id(match) or match.board_message_id
    message = await post_board(interaction, match)
    if message is not None and earlier is not None and earlier != message.id:
        # One board per match in the channel: the new copy replaces the earlier one.
        old = bot.get_partial_messageable(match.channel_id).get_partial_message(earlier)
        await replies.tolerate(old.delete())
