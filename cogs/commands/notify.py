"""``/notify``: how each person is told it is their turn (cogs/flows/notify.py): in the
channel (default) or by DM, the clock's reminder on or off, and "not for this turn"."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from discord import app_commands
from discord.ext import commands

from cogs.commands.params import localized, match_option
from cogs.delivery import replies
from cogs.delivery.replies import Interaction
from cogs.flows.matches import pick_match
from i18n import locale_for, t
from service import NotifySettings

if TYPE_CHECKING:
    from bot import TabletopBot

DELIVERY = [
    app_commands.Choice(name=localized("cmd.opt.delivery.channel"), value="channel"),
    app_commands.Choice(name=localized("cmd.opt.delivery.dm"), value="dm"),
]
#: Reminder choices: the clock's half-time one, none, or every so many hours of waiting.
REMINDERS = [
    app_commands.Choice(name=localized("cmd.opt.reminders.half"), value="on"),
    app_commands.Choice(name=localized("cmd.opt.switch.off"), value="off"),
    *(
        app_commands.Choice(name=localized(f"cmd.opt.reminders.every{hours}"), value=f"{hours}h")
        for hours in (2, 6, 12, 24)
    ),
]


def summary(settings: NotifySettings, locale: str) -> str:
    return t(
        "notify.summary",
        locale,
        delivery=t(f"notify.delivery.{'dm' if settings.dm else 'channel'}", locale),
        reminders=reminder_text(settings, locale),
    )


def reminder_text(settings: NotifySettings, locale: str) -> str:
    if not settings.reminders:
        return t("notify.reminders.off", locale)
    if settings.remind_every is not None:
        return t("notify.reminders.every", locale, hours=round(settings.remind_every / 3600))
    return t("notify.reminders.on", locale)


async def notify(
    interaction: Interaction,
    delivery: str | None,
    reminders: str | None,
    quiet: bool,
    match_id: str | None,
) -> None:
    """Change what was given, then say privately how notices now reach the caller."""
    locale = locale_for(interaction, public=False)
    await replies.defer(interaction, ephemeral=True)
    service = interaction.client.service
    user_id = interaction.user.id
    settings = (await service.notify_settings([user_id]))[user_id]
    changed = settings
    if delivery is not None:
        changed = replace(changed, dm=delivery == "dm", dm_failed_told=False)
    if reminders is not None:
        every = float(reminders[:-1]) * 3600 if reminders.endswith("h") else None
        changed = replace(changed, reminders=reminders != "off", remind_every=every)
    if changed != settings:
        await service.save_notify(changed)
    lines = [summary(changed, locale)]
    if quiet:
        match = await pick_match(interaction, match_id)
        await service.quiet_this_turn(match.id, user_id)
        lines.append(t("notify.quiet", locale, match_id=match.id))
    await replies.send(interaction, "\n".join(lines), ephemeral=True)


class NotifyCog(commands.Cog):
    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot

    @app_commands.command(
        name=localized("cmd.notify.name"), description=localized("cmd.notify.description")
    )
    @app_commands.rename(
        delivery=localized("cmd.opt.delivery.name"),
        reminders=localized("cmd.opt.reminders.name"),
        quiet=localized("cmd.opt.quiet.name"),
    )
    @app_commands.describe(
        delivery=localized("cmd.opt.delivery.description"),
        reminders=localized("cmd.opt.reminders.description"),
        quiet=localized("cmd.opt.quiet.description"),
    )
    @app_commands.choices(delivery=DELIVERY, reminders=REMINDERS)
    @match_option
    async def notify(
        self,
        interaction: Interaction,
        delivery: app_commands.Choice[str] | None = None,
        reminders: app_commands.Choice[str] | None = None,
        quiet: bool = False,
        match_id: str | None = None,
    ) -> None:
        await replies.guarded(
            interaction,
            notify(
                interaction,
                delivery.value if delivery else None,
                reminders.value if reminders else None,
                quiet,
                match_id,
            ),
        )


async def setup(bot: TabletopBot) -> None:
    await bot.add_cog(NotifyCog(bot))
