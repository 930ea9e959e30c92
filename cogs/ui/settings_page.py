"""The ``/settings`` page: every server setting with its value and what it does, as one
Components V2 layout (cogs/ui/layout.py), in the reader's language."""

from __future__ import annotations

from typing import Any

from cogs.ui.labels import game_name
from cogs.ui.layout import BoardMessage
from i18n import t
from service import GuildSettings
from service.settings import KEYS, OPTIONS, SettingKey

#: Accent of the page (the bot's neutral grey-blue).
ACCENT = 0x5865F2


def clock_words(seconds: float, locale: str) -> str:
    """A clock as ``clock=`` takes it (``2d``, ``12h``, ``30m``), or "no clock"."""
    if not seconds:
        return t("settings.value.no_clock", locale)
    if seconds % 86400 == 0 and seconds >= 2 * 86400:
        return f"{int(seconds // 86400)}d"
    if seconds % 3600 == 0:
        return f"{int(seconds // 3600)}h"
    return f"{round(seconds / 60)}m"


def options_words(options: dict[str, Any]) -> str:
    return " ".join(f"{name}={value}" for name, value in sorted(options.items()))


def value_words(key: SettingKey, value: Any, locale: str) -> str:
    """How the page shows ``value`` of ``key`` (by the key's kind)."""
    kind = key.kind
    if kind == "switch":
        return t(f"settings.value.{'on' if value else 'off'}", locale)
    if kind == "clock":
        return clock_words(float(value), locale)
    if kind == "games":
        words = [game_name(g, locale) for g in value]
        return ", ".join(words) if words else t("settings.value.all_games", locale)
    if kind == "channels":
        return " ".join(f"<#{c}>" for c in value) or t("settings.value.any_channel", locale)
    if kind == "role":
        return f"<@&{value}>" if value else t("settings.value.anyone", locale)
    if kind == "language":
        return str(value) if value else t("settings.value.server_language", locale)
    if kind == "options":
        return options_words(value) or t("settings.value.game_own", locale)
    return str(value)


def settings_page(settings: GuildSettings, locale: str, said: str = "") -> BoardMessage:
    """One page: each key's label, value and one line on what it does; the games whose
    options have server defaults; how Discord's own command permissions add to these."""
    fields = [
        (
            t(f"settings.key.{name}", locale),
            f"{value_words(key, settings.get(name), locale)}\n-# {t(f'settings.help.{name}', locale)}",
        )
        for name, key in KEYS.items()
    ]
    chosen = sorted(n for n in settings.stored if n.startswith(OPTIONS))
    defaults = [
        f"{game_name(n.removeprefix(OPTIONS), locale)}: {options_words(settings.get(n))}"
        for n in chosen
    ]
    fields.append(
        (
            t("settings.key.options", locale),
            "\n".join(defaults or [t("settings.value.game_own", locale)])
            + f"\n-# {t('settings.help.options', locale)}",
        )
    )
    return BoardMessage(
        title=t("settings.title", locale),
        head=(said,) if said else (),
        png=None,
        controls=None,
        footer=t("settings.footer", locale),
        fields=tuple(fields),
        accent=ACCENT,
    )
