"""``/settings``: a server's choices for its matches (service/settings.py): shown to whoever
may run the command (Discord's Integrations settings decide who, per channel and role),
changed only by members with Manage Server."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.commands.params import GAME_CHOICES, localized, parse_clock, parse_options
from cogs.delivery import replies
from cogs.delivery.replies import Interaction
from cogs.flows.server_rules import may_manage
from cogs.ui.labels import game_name
from cogs.ui.roles import role_warning
from cogs.ui.settings_page import settings_page
from i18n import LOCALES, locale_for, t
from service import IllegalAction
from service.seasons import ROLE_KEYS as GIVEN_ROLES
from service.settings import KEYS, OPTIONS, SettingKey, invalid, key_of

if TYPE_CHECKING:
    from bot import TabletopBot

#: ``/settings set`` and ``reset`` offer every registered key (Discord: at most 25).
SETTING_CHOICES = [
    app_commands.Choice(name=localized(f"settings.key.{name}"), value=name)
    for name in list(KEYS)[:25]
]
SWITCH_WORDS = {"on": True, "yes": True, "true": True, "1": True}
SWITCH_WORDS |= {"off": False, "no": False, "false": False, "0": False}
CHANNEL = re.compile(r"<#(\d{15,21})>")
ROLE = re.compile(r"<@&(\d{15,21})>")
#: Words that mean "no restriction" / "the default" in a value.
EVERY = ("all", "any", "every", "*")
NOBODY = ("anyone", "none", "0")


def typed_value(key: SettingKey, text: str, locale: str) -> Any:
    """The value typed for ``key`` as the key takes it (the key then checks it)."""
    words = text.strip()
    low = words.lower()
    kind = key.kind
    if kind == "switch":
        local = {t("settings.value.on", locale).lower(): True}
        local[t("settings.value.off", locale).lower()] = False
        if low not in SWITCH_WORDS and low not in local:
            raise invalid(key.name, possible="on, off")
        return SWITCH_WORDS.get(low, local.get(low))
    if kind == "count":
        if not low.isdecimal() or len(low) > 6:
            raise invalid(key.name, possible=f"{key.low}–{key.high}")
        return int(low)
    if kind == "clock":
        return parse_clock(low)
    if kind == "games":
        return [] if low in EVERY else low.replace(",", " ").split()
    if kind == "channels":
        found = [int(c) for c in CHANNEL.findall(words)]
        if low not in EVERY and not found:
            raise invalid(key.name, possible="#channel, all")
        return found
    if kind == "role":
        found = [int(r) for r in ROLE.findall(words)]
        if low not in NOBODY and len(found) != 1:
            raise invalid(key.name, possible="@role, anyone")
        return found[0] if found else 0
    if kind == "language":
        spelled = {code.lower(): code for code in LOCALES}
        return "" if low in ("server", "default", "") else spelled.get(low, words)
    return words


def label(name: str, locale: str) -> str:
    return t(f"settings.key.{name}", locale)


async def show(interaction: Interaction) -> None:
    locale = locale_for(interaction, public=False)
    await replies.defer(interaction, ephemeral=True)
    settings = await interaction.client.service.guild_settings(interaction.guild_id)
    page = settings_page(settings, locale)
    await replies.send(interaction, ephemeral=True, **page.send_kwargs())


async def change(interaction: Interaction, name: str, text: str | None) -> None:
    """Set ``name`` from ``text`` (None: back to its default); the page shows the result."""
    locale = locale_for(interaction, public=False)
    if interaction.guild_id is None:
        raise IllegalAction("settings_guild", "Server settings exist in a server only.")
    if not may_manage(interaction):  # Integrations may show the command to others: not theirs
        raise IllegalAction("settings_manage", "Only members with Manage Server change these.")
    await replies.defer(interaction, ephemeral=True)
    service = interaction.client.service
    try:
        if name.startswith(OPTIONS):
            value: Any = None if text is None or not text.strip() else parse_options(text)
        else:
            key = key_of(name)
            value = None if text is None else typed_value(key, text, locale)
        settings = await service.change_setting(interaction.guild_id, name, value)
    except IllegalAction as refusal:
        if "setting" in refusal.params:  # the key's name, said as the page says it
            refusal.params["setting"] = setting_label(name, locale)
        raise
    key_said = "settings.changed" if value is not None else "settings.reset"
    said = t(key_said, locale, setting=setting_label(name, locale))
    if name in GIVEN_ROLES and value and interaction.guild is not None:
        warning = role_warning(interaction.guild, value, locale)  # says what the bot lacks
        said += f"\n{warning}" if warning else ""
    page = settings_page(settings, locale, said)
    await replies.send(interaction, ephemeral=True, **page.send_kwargs())


def setting_label(name: str, locale: str) -> str:
    if name.startswith(OPTIONS):
        return f"{label('options', locale)} ({game_name(name.removeprefix(OPTIONS), locale)})"
    return label(name, locale) if name in KEYS else name


class SettingsCog(commands.Cog):
    settings = app_commands.Group(
        name=localized("cmd.settings.name"),
        description=localized("cmd.settings.description"),
        allowed_contexts=app_commands.AppCommandContext(
            guild=True, dm_channel=False, private_channel=False
        ),
        allowed_installs=app_commands.AppInstallationType(guild=True),
        # Shown to members with Manage Server unless the server's Integrations settings
        # give it to other roles or channels too; changes still need Manage Server.
        default_permissions=discord.Permissions(manage_guild=True),
    )

    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot

    @settings.command(
        name=localized("cmd.settings.show.name"),
        description=localized("cmd.settings.show.description"),
    )
    async def show(self, interaction: Interaction) -> None:
        await replies.guarded(interaction, show(interaction))

    @settings.command(
        name=localized("cmd.settings.set.name"),
        description=localized("cmd.settings.set.description"),
    )
    @app_commands.rename(
        setting=localized("cmd.opt.setting.name"), value=localized("cmd.opt.value.name")
    )
    @app_commands.describe(
        setting=localized("cmd.opt.setting.description"),
        value=localized("cmd.opt.value.description"),
    )
    @app_commands.choices(setting=SETTING_CHOICES)
    async def set_one(
        self,
        interaction: Interaction,
        setting: app_commands.Choice[str],
        value: app_commands.Range[str, 1, 1000],
    ) -> None:
        await replies.guarded(interaction, change(interaction, setting.value, value))

    @settings.command(
        name=localized("cmd.settings.reset.name"),
        description=localized("cmd.settings.reset.description"),
    )
    @app_commands.rename(setting=localized("cmd.opt.setting.name"))
    @app_commands.describe(setting=localized("cmd.opt.setting.description"))
    @app_commands.choices(setting=SETTING_CHOICES)
    async def reset(self, interaction: Interaction, setting: app_commands.Choice[str]) -> None:
        await replies.guarded(interaction, change(interaction, setting.value, None))

    @settings.command(
        name=localized("cmd.settings.options.name"),
        description=localized("cmd.settings.options.description"),
    )
    @app_commands.rename(
        game=localized("cmd.opt.game.name"), options=localized("cmd.opt.options.name")
    )
    @app_commands.describe(
        game=localized("cmd.opt.game.description"),
        options=localized("cmd.opt.defaults.description"),
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def options(
        self,
        interaction: Interaction,
        game: app_commands.Choice[str],
        options: app_commands.Range[str, 0, 200] | None = None,
    ) -> None:
        await replies.guarded(interaction, change(interaction, OPTIONS + game.value, options))


async def setup(bot: TabletopBot) -> None:
    await bot.add_cog(SettingsCog(bot))
