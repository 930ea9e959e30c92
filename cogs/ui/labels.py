"""Names shared by every message: a game's display name, a match's one-line label, and a
game's declared texts in words."""

from __future__ import annotations

from typing import Any

import discord

from i18n import has_key, t
from service import Match
from service.games import Text, get_game


def game_name(game_id: str, locale: str) -> str:
    """The game's display name: the game's own catalog key, else the command choice."""
    if has_key(f"game.{game_id}.name", locale) or has_key(f"game.{game_id}.name"):
        return t(f"game.{game_id}.name", locale)
    return t(f"choice.game.{game_id}", locale)


def shown_name(text: str) -> str:
    """User-controlled text (a display name, a typed move) as it may appear in a message:
    markdown, masked links and mentions escaped, so it reads as the literal text."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(text))


def match_label(match: Match, locale: str) -> str:
    return t(
        "match.label",
        locale,
        game=game_name(match.game_id, locale),
        match_id=match.id,
        steps=match.steps,
        status=t(f"match.status.{match.status}", locale),
    )[:100]


def is_solo(match: Match) -> bool:
    return len(match.seats) == 1 and get_game(match.game_id).max_players == 1


def _said(value: Any, locale: str) -> Any:
    """A text parameter as words: a ``Text`` translated, a tuple of them as a list."""
    if isinstance(value, Text):
        return say(value, locale)
    if isinstance(value, tuple) and all(isinstance(item, Text) for item in value):
        return t("alt.separator", locale).join(say(item, locale) for item in value)
    return value


def say(text: Text, locale: str) -> str:
    """A game's declared text in ``locale`` (its parameters may be texts too); the
    fallback when the catalog has no such key."""
    if has_key(text.key):
        params = {name: _said(value, locale) for name, value in text.params.items()}
        body = t(text.key, locale, **params)
    else:
        body = text.fallback if text.fallback is not None else text.key
    return f"{text.prefix}{body}{text.suffix}"
