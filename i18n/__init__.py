"""Translation layer: ``t(key, locale)``, locale choice, and ``/rules`` pages.

Catalogs are the flat JSON files ``i18n/catalogs/<area>.<locale>.json``; every file of a
locale is merged into one table. Discord locale ``ja`` gets Japanese, every other locale
English; a key missing in Japanese falls back to English, then to the key itself, so a
missing translation shows up as a visible key rather than an exception.
This module does not import discord: the service layer may use it too.
"""

from __future__ import annotations

from typing import Any, Protocol

from i18n.loader import (
    CATALOG_DIR,
    DEFAULT_LOCALE,
    LOCALES,
    RULES_DIR,
    RulesPage,
    add_catalog_dir,
    catalog,
    reload,
    rules_pages,
)

__all__ = [
    "CATALOG_DIR",
    "DEFAULT_LOCALE",
    "LOCALES",
    "RULES_DIR",
    "RulesPage",
    "add_catalog_dir",
    "catalog",
    "has_key",
    "locale_code",
    "locale_for",
    "reload",
    "rules_pages",
    "t",
]


class _HasLocales(Protocol):
    """The two fields of a ``discord.Interaction`` that choose a reply language."""

    locale: Any
    guild_locale: Any


def locale_code(discord_locale: Any) -> str:
    """``ja`` for Discord's Japanese locale, ``en`` for every other (or unknown) locale."""
    raw = getattr(discord_locale, "value", discord_locale)
    if not raw:
        return DEFAULT_LOCALE
    language = str(raw).replace("_", "-").split("-")[0].lower()
    return language if language in LOCALES else DEFAULT_LOCALE


def locale_for(interaction: _HasLocales, public: bool) -> str:
    """The language of a reply: the user's own for ephemeral replies, the server's for
    public ones (everyone in the channel reads a public message)."""
    if public and getattr(interaction, "guild_locale", None):
        return locale_code(interaction.guild_locale)
    return locale_code(getattr(interaction, "locale", None))


class _KeepMissing(dict[str, Any]):
    """``str.format_map`` helper: an absent placeholder stays visible instead of raising."""

    def __missing__(self, name: str) -> str:
        return "{" + name + "}"


def t(key: str, locale: str | Any = DEFAULT_LOCALE, **params: Any) -> str:
    """The text of ``key`` in ``locale`` with ``{placeholders}`` filled from ``params``."""
    code = locale_code(locale)
    text = catalog(code).get(key)
    if text is None:
        text = catalog(DEFAULT_LOCALE).get(key, key)
    if not params:
        return text
    try:
        return text.format_map(_KeepMissing(params))
    except (ValueError, IndexError, AttributeError, KeyError):
        return text


def has_key(key: str, locale: str = DEFAULT_LOCALE) -> bool:
    """Whether ``key`` exists in the catalog of ``locale`` (no fallback)."""
    return key in catalog(locale_code(locale))
