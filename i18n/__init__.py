"""Translation layer: ``t(key, locale)``, locale choice, and ``/rules`` pages.

Catalogs are the flat JSON files ``i18n/catalogs/<area>.<locale>.json``; every file of a
locale is merged into one table. A Discord locale maps to one of :data:`LOCALES` (Discord's
own codes; both English locales are ``en``, a locale the bot does not speak is English); a
key missing in a locale falls back to English for that key alone, then to the key itself, so
a missing translation shows up as a visible key rather than an exception.
This module does not import discord: the service layer may use it too.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, Protocol

from i18n.loader import (
    CATALOG_DIR,
    DEFAULT_LOCALE,
    LOCALES,
    RULES_DIR,
    RulesPage,
    add_catalog_dir,
    catalog,
    locale_meta,
    present_locales,
    reload,
    rules_pages,
)
from i18n.plurals import plural_form, plural_forms

__all__ = [
    "use_server_language",
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
    "locale_meta",
    "plural_form",
    "plural_forms",
    "present_locales",
    "reload",
    "rules_pages",
    "t",
]


class _HasLocales(Protocol):
    """The two fields of a ``discord.Interaction`` that choose a reply language."""

    locale: Any
    guild_locale: Any


#: Lower-case locale code → the code in :data:`LOCALES`; a bare language (``es``, ``pt``,
#: ``zh``) gets the first of its locales, so a code from elsewhere still finds its language.
_BY_CODE = {code.lower(): code for code in LOCALES}
_BY_LANGUAGE: dict[str, str] = {}
for _code in LOCALES:
    _BY_LANGUAGE.setdefault(_code.split("-")[0].lower(), _code)


@functools.lru_cache(maxsize=256)  # asked on every text and, at a sync, every command text
def locale_code(discord_locale: Any) -> str:
    """The code in :data:`LOCALES` for a Discord locale (``discord.Locale`` or its value):
    ``en-US``/``en-GB`` → ``en``, ``zh-TW`` → ``zh-TW``; a locale the bot does not speak (or
    none) → English."""
    raw = getattr(discord_locale, "value", discord_locale)
    if not raw:
        return DEFAULT_LOCALE
    code = str(raw).replace("_", "-").lower()
    if code in _BY_CODE:
        return _BY_CODE[code]
    return _BY_LANGUAGE.get(code.split("-")[0], DEFAULT_LOCALE)


def _no_choice(_guild_id: int) -> str | None:
    return None


#: The language a server chose for its public messages (``/settings``), or None for
#: Discord's server language; the bot sets it (``use_server_language``).
_server_language: Callable[[int], str | None] = _no_choice


def use_server_language(lookup: Callable[[int], str | None]) -> None:
    """Where ``locale_for`` asks which language a server chose for public messages."""
    global _server_language
    _server_language = lookup


def locale_for(interaction: _HasLocales, public: bool) -> str:
    """The language of a reply: the user's own for ephemeral replies, the server's for
    public ones (everyone in the channel reads a public message): the language it chose
    with ``/settings``, else Discord's server language."""
    guild_id = getattr(interaction, "guild_id", None)
    chosen = _server_language(guild_id) if public and guild_id is not None else None
    if chosen:
        return locale_code(chosen)
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
    table = catalog(code)
    text = table.get(_plural_key(key, code, params, table))
    if text is None:
        text = catalog(DEFAULT_LOCALE).get(key, key)
    if not params:
        return text
    try:
        return text.format_map(_KeepMissing(params))
    except (ValueError, IndexError, AttributeError, KeyError):
        return text


def _plural_key(key: str, code: str, params: dict[str, Any], table: dict[str, str]) -> str:
    """For a counted key (``<base>.one``/``<base>.other`` with an integer ``count``), the
    form ``code``'s plural rules ask for (Russian's ``<base>.few`` for 3), when that locale
    has it; else ``key`` itself."""
    count = params.get("count")
    base, _, form = key.rpartition(".")
    if form not in ("one", "other") or not isinstance(count, int) or isinstance(count, bool):
        return key
    if plural_forms(code) == ("other",):  # one form for all: its ``.one`` and ``.other`` agree
        return key
    wanted = f"{base}.{plural_form(code, count)}"
    return wanted if wanted in table else key


def has_key(key: str, locale: str = DEFAULT_LOCALE) -> bool:
    """Whether ``key`` exists in the catalog of ``locale`` (no fallback)."""
    return key in catalog(locale_code(locale))
