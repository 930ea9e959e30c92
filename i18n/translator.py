"""Localized slash-command names, descriptions and choices (discord.py ``Translator``).

Commands declare their texts as ``locale_str(english, key="cmd....")``; at ``tree.sync()``
discord.py asks this translator for every Discord locale. A locale of ``i18n.LOCALES`` with
the key in its catalog gets its text; any other locale, or a missing key, keeps the English
default (Discord shows the default where a localization is absent).
"""

from __future__ import annotations

import discord
from discord import app_commands

from i18n import DEFAULT_LOCALE, catalog, locale_code


def cmd(english: str, key: str) -> app_commands.locale_str:
    """A command text with its catalog key (the English text must equal the catalog's)."""
    return app_commands.locale_str(english, key=key)


class CatalogTranslator(app_commands.Translator):
    """Looks up ``locale_str.extras['key']`` in the catalog of the requested locale."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        _context: app_commands.TranslationContextTypes,
    ) -> str | None:
        key = string.extras.get("key")
        code = locale_code(locale)
        if key is None or code == DEFAULT_LOCALE:
            return None
        return catalog(code).get(key)
