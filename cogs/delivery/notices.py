"""What people are told when the publisher could not show something: privately to the
actor (their move is saved), and once per block a note to a thread's players."""

from __future__ import annotations

import logging
from collections.abc import Sequence

import discord

from cogs.delivery import replies
from cogs.delivery.discord_errors import Classified, Failure
from cogs.delivery.permissions import NEEDED, NEEDED_IN_THREAD, in_thread, permission_names
from cogs.delivery.publisher import Published, Shown
from i18n import locale_code, locale_for, t
from service import Match

log = logging.getLogger("tabletop.notices")

PROBLEMS = {
    Failure.NO_ACCESS: "blocked.no_access",
    Failure.NO_PERMISSION: "blocked.no_permission",
    Failure.CHANNEL_GONE: "blocked.channel_gone",
}


def problem(failure: Classified | None, locale: str) -> str:
    """The reason in words: a locked thread (50083 on a post) is named as such."""
    if failure is not None and failure.code == 50083:
        return t("blocked.thread_locked", locale)
    key = PROBLEMS.get(failure.kind if failure else Failure.TRANSIENT, "blocked.transient")
    return t(key, locale)


def notice(
    published: Published, locale: str, *, thread: bool, move: str | None = None
) -> str | None:
    """The private line for the actor, or None when everything was shown; ``move``: the
    move they played, in words (``cogs.ui.board.move_words``)."""
    if published.ok:
        return None
    if published.shown is Shown.FAILED:
        return t("blocked.retry_later", locale, problem=problem(published.failure, locale))
    names = permission_names(NEEDED_IN_THREAD if thread else NEEDED, locale)
    key = "blocked.move_saved" if move else "blocked.saved"
    return t(
        key,
        locale,
        problem=problem(published.failure, locale),
        permissions=names,
        move=move or "",
    )


def first_trouble(*results: Published | None) -> Published | None:
    """The first of a step's publishing results that did not show (board, then ping)."""
    return next((r for r in results if r is not None and not r.ok), None)


async def tell_actor(
    interaction: replies.Interaction, published: Published, move: str | None = None
) -> None:
    """Tell the actor privately that what they did is saved and what the bot cannot do."""
    locale = locale_for(interaction, public=False)
    text = notice(published, locale, thread=in_thread(interaction), move=move)
    if text is not None:
        await replies.send(interaction, text, ephemeral=True)


async def note_blocked_thread(bot: discord.Client, match: Match, failure: Classified) -> None:
    """The publisher's ``on_block``: a match whose thread is locked or deleted gets one
    note in the thread's parent channel, so its players learn why it stopped."""
    thread = bot.get_channel(match.channel_id)
    parent = getattr(thread, "parent", None)
    if parent is None or not isinstance(thread, discord.Thread):
        return
    guild = bot.get_guild(match.guild_id) if match.guild_id else None
    locale = locale_code(getattr(guild, "preferred_locale", None))
    text = t(
        "blocked.thread_note",
        locale,
        match_id=match.id,
        problem=problem(failure, locale),
        thread=thread.mention,
    )
    try:
        await parent.send(text)
    except discord.HTTPException as error:
        log.info("no note about match %s in %s: %s", match.id, parent.id, error)


async def note_deleted_thread(
    bot: discord.Client, matches: Sequence[Match], parent_id: int
) -> None:
    """Matches whose thread was deleted: a note in the thread's parent channel, the one place
    left where their players can learn why the game stopped."""
    parent = bot.get_channel(parent_id)
    if not isinstance(parent, discord.abc.Messageable):
        return
    guild = getattr(parent, "guild", None)
    locale = locale_code(getattr(guild, "preferred_locale", None))
    for match in matches:
        try:
            await parent.send(t("blocked.thread_deleted_note", locale, match_id=match.id))
        except discord.HTTPException as error:
            log.info("no note about match %s in %s: %s", match.id, parent_id, error)
