"""The move path shared by ``/play`` and the board's selects and buttons.

One service call decides (and commits) the move; then the board message is redrawn and
the actor gets an ephemeral line only when there is something to tell them.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from cogs import replies
from cogs.board import build_board, is_solo
from gamecore.contract import IllegalAction
from gamecore.match import Match
from i18n import has_key, locale_code, locale_for, t
from service import TurnOutcome

log = logging.getLogger("tabletop.turns")

#: Discord error: "Maximum number of edits to messages older than 1 hour reached".
OLD_MESSAGE_EDIT_LIMIT = 30046
#: Legal moves quoted after a refusal.
MOVES_IN_REFUSAL = 6


def service_of(interaction: discord.Interaction) -> Any:
    return interaction.client.service  # type: ignore[attr-defined]


def refusal_text(error: IllegalAction, locale: str) -> str:
    """A refusal in the reader's language (the English reason when no key exists)."""
    key = f"illegal.{error.code}"
    if has_key(key):
        return t(key, locale, **error.params)
    return error.reason


async def explain_refusal(
    interaction: discord.Interaction, error: IllegalAction, match_id: str | None
) -> None:
    """Tell the actor, privately, why not, and what they could do instead."""
    locale = locale_for(interaction, public=False)
    text = refusal_text(error, locale)
    if error.code == "stale_version":
        text = f"{text} {t('turn.stale_hint', locale)}"
    elif match_id is not None:
        moves = await service_of(interaction).legal_moves(match_id, interaction.user.id)
        if moves:
            quoted = ", ".join(f"`{m}`" for m in moves[:MOVES_IN_REFUSAL])
            more = " …" if len(moves) > MOVES_IN_REFUSAL else ""
            text = f"{text}\n{t('turn.possible', locale, moves=quoted + more)}"
    await replies.send(interaction, text, ephemeral=True)


def guild_locale(bot: Any, match: Match) -> str:
    """The language of public messages about ``match`` when no interaction is at hand."""
    guild = bot.get_guild(match.guild_id) if match.guild_id else None
    return locale_code(getattr(guild, "preferred_locale", None))


async def redraw_board(
    bot: Any, match: Match, locale: str, outcome: TurnOutcome | None = None
) -> None:
    """Edit the match's board message through the channel (no interaction needed: turn
    clocks and computer seats use this), or post a new board when the old one is gone."""
    board = await build_board(bot.service, match, locale, outcome)
    channel = bot.get_partial_messageable(match.channel_id, guild_id=match.guild_id)
    if match.board_message_id is not None:
        try:
            await channel.get_partial_message(match.board_message_id).edit(**board.edit_kwargs())
            return
        except discord.HTTPException as error:
            # Gone (deleted), or 30046: Discord caps edits of messages older than an hour.
            if not isinstance(error, discord.NotFound) and error.code != OLD_MESSAGE_EDIT_LIMIT:
                raise
            log.info("board of %s cannot be edited (%s); posting a new one", match.id, error.code)
    message = await channel.send(**board.send_kwargs())
    await bot.service.set_board_message(match.id, message.id)


async def publish_board(
    interaction: discord.Interaction, match: Match, outcome: TurnOutcome | None = None
) -> None:
    """Redraw the board: through the interaction when the click came from the board itself
    (one request), else through the channel."""
    locale = locale_for(interaction, public=True)
    await replies.defer(interaction)  # drawing takes time; a click on any message is answered
    clicked = getattr(interaction, "message", None)
    from_board = interaction.type is discord.InteractionType.component and clicked is not None
    if from_board and match.board_message_id in (None, clicked.id):
        board = await build_board(service_of(interaction), match, locale, outcome)
        await replies.tolerate(interaction.edit_original_response(**board.edit_kwargs()))
        return
    await redraw_board(interaction.client, match, locale, outcome)


async def play_move(
    interaction: discord.Interaction, match_id: str, notation: str, version: int | None
) -> None:
    """Apply the actor's move; refusals are explained privately and change nothing."""
    from cogs import table

    try:
        outcome = await service_of(interaction).play(
            match_id, interaction.user.id, notation, expected_version=version
        )
    except IllegalAction as error:  # a rules refusal, or a match one (stale board included)
        await explain_refusal(interaction, error, match_id)
        return
    await replies.defer(interaction)
    await publish_board(interaction, outcome.final, outcome)
    locale = locale_for(interaction, public=False)
    if interaction.type is not discord.InteractionType.component:
        await replies.send(interaction, t("turn.played", locale, notation=outcome.notation), ephemeral=True)
    elif interaction.message is not None and interaction.message.id != outcome.final.board_message_id:
        # The move came from the actor's private hand message: refresh it too.
        hand = await table.hand_message(interaction.client, outcome.final, interaction.user.id, locale)
        await replies.tolerate(interaction.edit_original_response(**hand.edit_kwargs()))
    await table.after_step(interaction.client, outcome.final, interaction.user.id)


async def hint(interaction: discord.Interaction, match_id: str) -> None:
    locale = locale_for(interaction, public=False)
    # A computer player thinks first: acknowledge now (privately).
    await replies.defer(interaction, ephemeral=True, new_message=True)
    try:
        suggestion = await service_of(interaction).hint(match_id, interaction.user.id)
    except IllegalAction as error:
        await explain_refusal(interaction, error, None)
        return
    await replies.send(interaction, t("turn.hint", locale, notation=suggestion.notation), ephemeral=True)


async def ask_resign(interaction: discord.Interaction, match_id: str, version: int) -> None:
    """Resigning cannot be undone, so the button asks first (privately)."""
    from cogs.components import BoardButton

    locale = locale_for(interaction, public=False)
    try:
        match = await service_of(interaction).get(match_id)
        if match.seat_of(interaction.user.id) is None:
            raise IllegalAction("not_seated", "You have no seat in this match.")
    except IllegalAction as error:
        await explain_refusal(interaction, error, None)
        return
    view = discord.ui.View(timeout=None)
    label = t("board.button.confirm_resign", locale)
    view.add_item(BoardButton(match_id, version, "confirm-resign", label=label))
    await replies.send(interaction, t("turn.confirm_resign", locale), ephemeral=True, view=view)


async def resign(interaction: discord.Interaction, match_id: str) -> None:
    from cogs import table

    locale = locale_for(interaction, public=False)
    try:
        match = await service_of(interaction).resign(match_id, interaction.user.id)
    except IllegalAction as error:
        await explain_refusal(interaction, error, None)
        return
    await replies.defer(interaction, ephemeral=True)
    await publish_board(interaction, match)
    if interaction.type is discord.InteractionType.component:
        # The click came from the private "are you sure?" message: turn it into the answer.
        await replies.tolerate(
            interaction.edit_original_response(content=t("turn.resigned", locale), view=None)
        )
    else:
        await replies.send(interaction, t("turn.resigned", locale), ephemeral=True)
    if not is_solo(match):
        await table.after_step(interaction.client, match, interaction.user.id)
