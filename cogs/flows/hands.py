"""``/hand`` and the board's "My hand & moves": each person's one private panel per match,
kept current (``cogs.delivery.panels`` holds which message it is and what can still edit it).

- Opening it again replaces the previous panel (deleted while Discord allows).
- A choice made in the panel edits that panel in place (``adopt_panel``).
- After every step each panel of the match is redrawn when what it shows changed, so it
  turns into the person's decision when that comes (``refresh_panels``).
- Before its token runs out a panel becomes a note naming the step it showed.
"""

from __future__ import annotations

import hashlib
import logging
from typing import TYPE_CHECKING, Any

from cogs.delivery import replies
from cogs.delivery.panels import Panel
from cogs.delivery.replies import Interaction
from cogs.flows.matches import admit
from cogs.ui.hand import hand_message, stale_hand
from cogs.ui.layout import BoardMessage
from i18n import locale_for
from service import IllegalAction, Match, Seen

if TYPE_CHECKING:
    from bot import TabletopBot

log = logging.getLogger("tabletop.panels")


def panel_content(seen: Seen, message: BoardMessage) -> tuple[Any, ...]:
    """What a panel shows, to tell whether a redraw would change it (the footer's step
    count alone does not)."""
    picture = hashlib.sha256(message.png).hexdigest() if message.png else None
    return (tuple(seen.moves), message.head, picture, seen.match.status)


async def show_hand(interaction: Interaction, match_id: str | None) -> None:
    """``/hand`` and the board's "My hand & moves": the person's panel, replacing the
    previous one."""
    bot = interaction.client
    match = await admit(interaction, match_id, new_message=True)
    seen = bot.service.hand_seen(match, interaction.user.id)  # refused without a seat
    locale = locale_for(interaction, public=False)
    hand = await hand_message(seen, locale)
    message = await replies.send(interaction, ephemeral=True, **hand.send_kwargs())
    if message is None:  # not shown (Discord refused): nothing to keep current
        return
    replaced = bot.panels.remember(match.id, interaction, message.id, locale)
    panel = bot.panels.get(match.id, interaction.user.id)
    if panel is not None:
        panel.shown, panel.steps = panel_content(seen, hand), match.steps
    if replaced is not None:
        await bot.panels.remove(replaced)


def adopt_panel(interaction: Interaction, match: Match) -> None:
    """A click in a private panel of ``match``: that panel is the person's panel from now
    on, reached through this click's fresh token (the one it replaces is deleted by the
    next redraw's caller: ``refresh_panels``)."""
    message = interaction.message
    if message is None or not message.flags.ephemeral:
        return
    bot = interaction.client
    replaced = bot.panels.remember(
        match.id, interaction, message.id, locale_for(interaction, public=False)
    )
    if replaced is not None:
        bot.panels.forget(replaced)
        interaction.extras[REPLACED] = replaced


#: ``interaction.extras`` key: a panel an adopted one replaced, deleted after the move.
REPLACED = "tabletop.replaced_panel"


async def refresh_panels(bot: TabletopBot, match: Match) -> None:
    """Redraw every panel of ``match`` whose content changed (the person's decision came,
    went, or their cards changed); a finished match's panels say so and are let go."""
    for panel in bot.panels.of_match(match.id):
        try:
            await refresh_panel(bot, panel, match)
        except Exception:  # a panel not redrawn must never fail the move that was saved
            log.exception("panel of %s for %s not redrawn", match.id, panel.user_id)


async def refresh_panel(bot: TabletopBot, panel: Panel, match: Match) -> None:
    try:
        seen = bot.service.hand_seen(match, panel.user_id)
    except IllegalAction:  # no seat any more
        bot.panels.forget(panel)
        return
    hand = await hand_message(seen, panel.locale)
    await bot.panels.show(panel, panel_content(seen, hand), match.steps, hand.edit_kwargs())
    if not match.live:
        bot.panels.forget(panel)


async def remove_replaced(interaction: Interaction) -> None:
    """Delete the panel an adopted one replaced (``adopt_panel``), while Discord allows."""
    replaced = interaction.extras.pop(REPLACED, None)
    if isinstance(replaced, Panel):
        await interaction.client.panels.remove(replaced)


async def expiry_note(bot: TabletopBot, panel: Panel) -> dict[str, Any]:
    """The note a panel turns into before its token runs out (``Panels.on_expiry``)."""
    match = await bot.service.get(panel.match_id)
    note = stale_hand(match.game_id, match.id, panel.steps, panel.locale)
    return note.edit_kwargs()
