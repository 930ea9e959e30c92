"""The move path shared by ``/play`` and the board's selects and buttons.

One service call decides (and commits) the move; then the board message is redrawn and
the actor gets an ephemeral line only when there is something to tell them. Refusals are
raised and answered in one place (``cogs.delivery.replies.answer_error``).
"""

from __future__ import annotations

import discord

from cogs.delivery import notices, replies
from cogs.delivery.replies import Interaction, MoveRefused
from cogs.flows import after_game, daily, hands, next_turn, tips
from cogs.flows.boards import redraw_board, shown_steps
from cogs.flows.matches import admit
from cogs.ui.board import board_message, hint_text, move_words, resign_question
from cogs.ui.labels import is_solo
from i18n import locale_for, t
from service import IllegalAction


async def play_move(
    interaction: Interaction, match_id: str | None, notation: str, version: int | None = None
) -> None:
    """Apply the actor's move on the board drawn at ``version`` (a click's); a refusal is
    raised as ``MoveRefused`` (answered privately, with the moves possible instead) and
    changes nothing. ``/play`` gives no version: the move applies only to the board the
    player could have seen when the command arrived (read before anything waits), so the
    same ``/play`` sent many times at once, or retried, applies once; the others are told
    the board changed."""
    bot = interaction.client
    seen = bot.service.live_versions(interaction.user.id) if version is None else {}
    match = await admit(interaction, match_id)
    if version is None:
        version = seen.get(match.id)
    await daily.end_if_day_over(bot, match)  # no move counts once its day is over
    try:
        outcome = await bot.service.play(
            match.id, interaction.user.id, notation, expected_version=version
        )
    except IllegalAction as error:  # a rules refusal, or a match one (stale board included)
        possible = await bot.service.legal_moves(match.id, interaction.user.id)
        raise MoveRefused(error, possible) from error
    final = outcome.final
    if interaction.type is discord.InteractionType.component:
        # From the actor's private panel: that panel shows what follows (redraw_board).
        hands.adopt_panel(interaction, final)
    published = await redraw_board(bot, final, outcome, interaction=interaction)
    await hands.remove_replaced(interaction)
    locale = locale_for(interaction, public=False)
    pinged = await next_turn.after_step(bot, final, interaction.user.id)
    # The move is saved whatever Discord does now: say so, and what the bot cannot show.
    trouble = notices.first_trouble(published, pinged)
    if trouble is not None:
        move = move_words(final.game_id, outcome.notation, locale)
        await notices.tell_actor(interaction, trouble, move)
    elif (
        interaction.type is not discord.InteractionType.component
        and interaction.channel_id != final.channel_id
    ):  # played from elsewhere: say it was played
        move = move_words(final.game_id, outcome.notation, locale)
        await replies.send(interaction, t("turn.played", locale, move=move), ephemeral=True)
    if final.status == "playing":
        await tips.offer_tip(interaction, final)
    # The board in this channel shows the move (and, once the match is over, the result):
    # no private "Played" line stays behind, unless par follows the final board in it
    # (computed in the background: this move's answer does not wait for it).
    if not after_game.tell_par(interaction, final):
        await replies.withdraw(interaction)


async def hint(interaction: Interaction, match_id: str | None) -> None:
    """``/hint`` and the board's Hint: a move the game's computer player suggests, privately."""
    locale = locale_for(interaction, public=False)
    # A computer player thinks first: acknowledge now (privately).
    match = await admit(interaction, match_id, new_message=True)
    suggestion = await interaction.client.service.hint(match.id, interaction.user.id)
    answer = hint_text(match.game_id, suggestion.notation, locale)
    await replies.send(interaction, answer, ephemeral=True)


async def ask_resign(interaction: Interaction, match_id: str, version: int) -> None:
    """Resigning cannot be undone, so the button asks first (privately)."""
    locale = locale_for(interaction, public=False)
    match = await admit(interaction, match_id, new_message=True)
    await interaction.client.service.check_seated(match.id, interaction.user.id)
    await replies.send(interaction, ephemeral=True, **resign_question(match_id, version, locale))


async def resign(interaction: Interaction, match_id: str | None) -> None:
    """``/game resign`` and the confirmation of the board's Resign."""
    locale = locale_for(interaction, public=False)
    # The confirmation click edits its own private message; the command answers privately.
    match = await admit(interaction, match_id)
    match = await interaction.client.service.resign(match.id, interaction.user.id)
    bot = interaction.client
    published = await redraw_board(bot, match, interaction=interaction)
    await notices.tell_actor(interaction, published)
    if interaction.type is discord.InteractionType.component:
        # The click came from the private "are you sure?" message: turn it into the answer.
        await replies.tolerate(
            interaction.edit_original_response(content=t("turn.resigned", locale), view=None)
        )
    else:
        await replies.send(interaction, t("turn.resigned", locale), ephemeral=True)
    if not is_solo(match):
        await next_turn.after_step(bot, match, interaction.user.id)


async def select_piece(interaction: Interaction, match_id: str, version: int, piece: str) -> None:
    """The board's pad acts on another piece from now on: only the seat to move may switch;
    the same message gets the redrawn controls; nothing is played."""
    service = interaction.client.service
    match = await admit(interaction, match_id)
    match = await service.check_turn(match.id, interaction.user.id, version)
    # The whole layout again (a V2 message's components are all of it: text and picture too).
    locale = locale_for(interaction, public=True)
    steps = await shown_steps(interaction.client, match)
    board = await board_message(service.board_seen(match), locale, steps, selected=piece)
    await replies.tolerate(interaction.edit_original_response(**board.edit_kwargs()))


async def abandon(interaction: Interaction, match_id: str | None) -> None:
    """``/game abandon``: the host ends a lobby, a practice match or one with only computers
    left without a result; a started match that counts cannot be erased so, and abandoning it
    is the host's resignation (``gamecore.match.abandon``)."""
    locale = locale_for(interaction, public=False)
    match = await admit(interaction, match_id)
    bot = interaction.client
    match = await bot.service.abandon(match.id, interaction.user.id)
    published = await redraw_board(bot, match, interaction=interaction)
    key = "game.abandoned" if match.status == "abandoned" else "game.abandon_resigned"
    await replies.send(interaction, t(key, locale), ephemeral=True)
    await notices.tell_actor(interaction, published)
    if key == "game.abandon_resigned" and not is_solo(match):
        await next_turn.after_step(bot, match, interaction.user.id)
