"""Takebacks: ``/game takeback`` asks to take back one's last step (and every step after
it); the people whose steps it undoes accept or decline on the board, which shows what
will be undone. The service decides what the rules allow (``MatchService.ask_takeback``)."""

from __future__ import annotations

from cogs.delivery import notices, replies
from cogs.delivery.replies import Interaction
from cogs.flows.boards import redraw_board
from cogs.flows.matches import admit
from cogs.flows.next_turn import after_step
from cogs.ui.board import undone_words
from i18n import locale_for, t
from service import TakebackOutcome


async def ask_takeback(interaction: Interaction, match_id: str | None) -> None:
    """``/game takeback``: taken at once when nobody else acted since, else asked on the
    board of the people who did."""
    locale = locale_for(interaction, public=False)
    before = await admit(interaction, match_id)
    outcome = await interaction.client.service.ask_takeback(before.id, interaction.user.id)
    await _show(interaction, outcome, locale)


async def answer_takeback(
    interaction: Interaction, match_id: str, at_steps: int, *, yes: bool
) -> None:
    """Accept or Decline on the board (the asker's Decline withdraws the takeback)."""
    locale = locale_for(interaction, public=False)
    before = await admit(interaction, match_id)
    outcome = await interaction.client.service.answer_takeback(
        before.id, interaction.user.id, at_steps, yes=yes
    )
    await _show(interaction, outcome, locale)


async def _show(interaction: Interaction, outcome: TakebackOutcome, locale: str) -> None:
    """Redraw the board; on a takeback, say in the channel what was undone (the log keeps
    it) and tell whoever is to move now; the caller is told privately."""
    bot = interaction.client
    match = outcome.match
    if outcome.kind == "taken":  # the steps the board recalls are undone
        bot.recent_steps.pop(match.id, None)
    published = await redraw_board(bot, match, interaction=interaction)
    if outcome.kind == "taken":
        public = locale_for(interaction, public=True)
        steps = undone_words(match, outcome.undone, public)
        await bot.publisher.say(match, t("takeback.taken", public, steps=steps))
        await after_step(bot, match, interaction.user.id)
    await replies.send(interaction, t(f"takeback.reply.{outcome.kind}", locale), ephemeral=True)
    await notices.tell_actor(interaction, published)
