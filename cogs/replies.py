"""Acknowledging and answering interactions, with Discord's expected failures handled once.

10062 (the interaction expired, e.g. a slow network) and 40060 (already acknowledged, e.g. a
double click) are outcomes to log, not errors to raise: the move itself is already saved.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable
from typing import Any, TypeVar

import discord

log = logging.getLogger("tabletop.replies")

#: Unknown interaction, already acknowledged, invalid webhook token (older than 15 min).
EXPECTED_ERROR_CODES = frozenset({10062, 40060, 50027})

T = TypeVar("T")


async def tolerate(call: Awaitable[T]) -> T | None:
    """Await ``call``; an expected Discord refusal is logged and gives ``None``."""
    try:
        return await call
    except discord.HTTPException as error:
        if error.code in EXPECTED_ERROR_CODES:
            log.info("interaction reply skipped: %s (%s)", error.text, error.code)
            return None
        raise


async def defer(
    interaction: discord.Interaction, *, ephemeral: bool = False, new_message: bool = False
) -> None:
    """Acknowledge now (before slow work): a 'thinking' state for commands, a silent
    update for buttons and selects (unless their answer is a ``new_message``)."""
    if interaction.response.is_done():
        return
    if interaction.type is discord.InteractionType.component and not new_message:
        await tolerate(interaction.response.defer())
    else:
        await tolerate(interaction.response.defer(ephemeral=ephemeral, thinking=True))


async def send(
    interaction: discord.Interaction, content: str | None = None, *, ephemeral: bool, **kwargs: Any
) -> None:
    """Answer the interaction whether or not it was acknowledged already."""
    if interaction.response.is_done():
        await tolerate(interaction.followup.send(content, ephemeral=ephemeral, **kwargs))
    else:
        await tolerate(interaction.response.send_message(content, ephemeral=ephemeral, **kwargs))


async def send_message(
    interaction: discord.Interaction, content: str | None = None, **kwargs: Any
) -> discord.Message | None:
    """A public answer, returning the message it created (the board message)."""
    if interaction.response.is_done():
        return await tolerate(interaction.followup.send(content, wait=True, **kwargs))
    await tolerate(interaction.response.send_message(content, **kwargs))
    return await tolerate(interaction.original_response())


async def report_failure(interaction: discord.Interaction, error: BaseException) -> None:
    """An unexpected error: logged with its traceback, and the user told in one line."""
    from i18n import locale_for, t

    log.error("interaction failed", exc_info=error)
    try:
        await send(interaction, t("error.generic", locale_for(interaction, public=False)), ephemeral=True)
    except discord.HTTPException:
        log.info("could not tell the user about the failure")
