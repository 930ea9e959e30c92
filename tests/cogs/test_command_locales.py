"""Every localized command, option and choice text the bot syncs fits Discord's rules, in
every locale that has a catalog (each translation is checked as it lands)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import discord

from i18n import locale_code
from tests.i18n.locales import locales_under_test
from tests.i18n.test_catalogs import valid_command_name

#: Discord's locales whose language the bot has a catalog for (English is the default).
LOCALIZED = [
    loc.value for loc in discord.Locale if locale_code(loc) in set(locales_under_test()) - {"en"}
]


def walk(payload: dict[str, Any], path: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    """A command's payload and each option, sub-command and choice inside it."""
    here = f"{path}/{payload.get('name')}"
    yield here, payload
    for option in payload.get("options") or ():
        yield from walk(option, here)
    for choice in payload.get("choices") or ():
        yield f"{here}={choice.get('value')}", {**choice, "is_choice": True}


async def test_every_localized_command_text_follows_discord_s_rules(env) -> None:
    tree = env.bot.tree
    seen: set[str] = set()
    for command in tree.get_commands():
        payload = await command.get_translated_payload(tree, tree.translator)
        for where, part in walk(payload):
            names = part.get("name_localizations") or {}
            descriptions = part.get("description_localizations") or {}
            for locale, name in names.items():
                seen.add(locale)
                if part.get("is_choice"):
                    assert 1 <= len(name) <= 100, (where, locale, name)
                else:
                    assert valid_command_name(name), (where, locale, name)
            for locale, text in descriptions.items():
                assert 1 <= len(text) <= 100, (where, locale, text)
    assert set(LOCALIZED) <= seen  # every spoken locale got its names
