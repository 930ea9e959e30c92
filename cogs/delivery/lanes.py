"""An interaction's own webhook as a way to send, edit and delete a match's messages.

Discord counts a bot's requests against a global limit of 50 per second, except requests
made with an interaction's token (its response and its follow-ups, for 15 minutes after
the interaction). A turn played through an interaction (``/play``, a click on the board)
therefore posts the fresh board and the next player's ping as that interaction's
follow-ups, and a message sent so is later edited or deleted with the token that sent it
while that token lives. The publisher falls back to the channel (counted) when a token has
expired or Discord refuses it (50027 Invalid Webhook Token, 10015 Unknown Webhook).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

import discord

from cogs.delivery import replies
from cogs.delivery.permissions import bot_absent, in_thread, missing_here

#: How long a lane is used after its interaction arrived: Discord's 15 minutes, less a
#: minute for the time the turn itself takes and clocks that disagree.
LANE_LIFETIME = 14 * 60.0


class LaneClosed(Exception):
    """The lane cannot send now: the message goes through the channel instead."""


@dataclass(slots=True, eq=False)
class Lane:
    """One interaction's webhook, usable in ``channel_id`` until ``expires_at`` (the
    publisher's clock). ``original_id``: the message its response is (the clicked message
    for a click, the answer for a command once given), edited and deleted as ``@original``."""

    interaction: discord.Interaction[Any]
    channel_id: int
    expires_at: float
    original_id: int | None = None
    settled: bool = False
    settling: asyncio.Lock = field(default_factory=asyncio.Lock)

    async def send(self, content: str | None = None, **kwargs: Any) -> discord.Message:
        """A new public message through the interaction. A command's private 'thinking'
        response is answered and removed first: Discord would otherwise take the first
        follow-up as that response (private)."""
        await self._settle()
        if content is not None:
            kwargs["content"] = content
        message: discord.Message = await self.interaction.followup.send(wait=True, **kwargs)
        return message

    async def _settle(self) -> None:
        """A command's 'thinking' response is settled by this lane, once, before its first
        follow-up; one another path answers or removes (it may still be on its way) closes
        the lane, since a follow-up sent meanwhile could become that response."""
        if self.interaction.extras.get(replies.ACK) not in (
            replies.ACK_PUBLIC,
            replies.ACK_PRIVATE,
        ):
            return
        async with self.settling:
            if self.settled:
                return
            if not replies.thinking(self.interaction) or not await replies.settle(self.interaction):
                self.close()
                raise LaneClosed("the interaction's response is not this lane's to settle")
            self.settled = True

    def close(self) -> None:
        """Use this lane no more (Discord refused its token)."""
        self.expires_at = float("-inf")

    async def edit(self, message_id: int, **kwargs: Any) -> None:
        if message_id == self.original_id:
            await self.interaction.edit_original_response(**kwargs)
        else:
            await self.interaction.followup.edit_message(message_id, **kwargs)

    async def delete(self, message_id: int) -> None:
        if message_id == self.original_id:
            await self.interaction.delete_original_response()
        else:
            await self.interaction.followup.delete_message(message_id)


def lane_of(interaction: discord.Interaction[Any], channel_id: int, now: float) -> Lane | None:
    """The lane of ``interaction`` for messages in ``channel_id``: None when its follow-ups
    would land elsewhere, or be private or capped (a place the bot is not in), and where
    the channel itself may refuse the bot (it lacks a permission there; a thread, which
    may be archived or locked): there the channel's answers tell the players why."""
    if (
        interaction.channel_id != channel_id
        or bot_absent(interaction)
        or in_thread(interaction)
        or missing_here(interaction)
    ):
        return None
    clicked = interaction.message if interaction.type is discord.InteractionType.component else None
    original = clicked.id if clicked is not None and not clicked.flags.ephemeral else None
    return Lane(interaction, channel_id, now + LANE_LIFETIME, original)
