"""Game views → PNG pictures (Pillow). Pictures are drawn only from views, never from states.

``render_board(game_id, view, locale)`` and ``render_hand(game_id, view, locale)`` are pure,
synchronous and thread-safe: the same view always gives the same PNG bytes. Picture text is
language-neutral (card ranks, cell labels, numbers), so ``locale`` changes nothing today; the
words belong in the Discord message next to the picture (see ``docs/rendering.md``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any

_MODULES: dict[str, str] = {
    "cartographer": "renderer.cartographer",
    "dungeon-delver": "renderer.dungeon_delver",
    "speiderne": "renderer.speiderne",
    "cartolan": "renderer.cartolan",
}

GAME_IDS: tuple[str, ...] = tuple(_MODULES)


def _drawer(game_id: str, name: str) -> Callable[[Mapping[str, Any]], bytes]:
    """The module function ``name`` of ``game_id``'s renderer (imported on first use)."""
    module = _MODULES.get(game_id)
    if module is None:
        raise ValueError(f"no renderer for game {game_id!r} (known: {', '.join(GAME_IDS)})")
    return getattr(import_module(module), name)


def render_board(game_id: str, view: Mapping[str, Any], locale: str = "en") -> bytes:
    """PNG of the board as ``view`` shows it (public or one seat's view)."""
    return _drawer(game_id, "render_board")(view)


def render_hand(game_id: str, view: Mapping[str, Any], locale: str = "en") -> bytes:
    """PNG of the viewer's own hand (for solo games the same hand the board shows)."""
    return _drawer(game_id, "render_hand")(view)


def warm_up(game_id: str | None = None) -> None:
    """Build the cached fonts, card faces and palettes now (0.2–0.6 s per game) instead of
    on the first render; the bot may call it once at start-up, in a thread."""
    for known in (game_id,) if game_id else GAME_IDS:
        import_module(_MODULES[known]).palette()


__all__ = ["GAME_IDS", "render_board", "render_hand", "warm_up"]
