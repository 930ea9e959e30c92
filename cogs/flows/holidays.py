"""``/game holiday``: a person's own holidays in a match (days set by the host at
``/game new``): their clock stops until they are back, the others play on; back early, or
a holiday day that starts by itself when their clock would run out."""

from __future__ import annotations

from cogs.delivery import notices, replies
from cogs.delivery.replies import Interaction
from cogs.flows.boards import redraw_board
from cogs.flows.matches import admit
from i18n import locale_for, t


async def holiday(
    interaction: Interaction,
    match_id: str | None,
    *,
    days: int | None,
    back: bool,
    auto: bool | None,
) -> None:
    locale = locale_for(interaction, public=False)
    before = await admit(interaction, match_id)
    user_id = interaction.user.id
    match = await interaction.client.service.holiday(
        before.id, user_id, days=days, back=back, auto=auto
    )
    published = await redraw_board(interaction.client, match, interaction=interaction)
    mine = match.holiday_of(user_id)
    left = mine.left if mine is not None else match.holiday_days
    if back:
        text = t("holiday.reply.back", locale, left=left)
    elif days is not None or auto is None:
        until = mine.until if mine is not None and mine.until is not None else match.updated_at
        text = t("holiday.reply.away", locale, until=f"<t:{int(until)}:f>", left=left)
    else:
        text = t("holiday.reply.auto_on" if auto else "holiday.reply.auto_off", locale, left=left)
    await replies.send(interaction, text, ephemeral=True)
    await notices.tell_actor(interaction, published)
