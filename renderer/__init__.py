"""Game views → PNG pictures (Pillow). Pictures are drawn only from views, never from states.

``render_board(game_id, view, locale)`` and ``render_hand(game_id, view, locale)`` are pure,
synchronous and thread-safe: the same view always gives the same PNG bytes. Picture text is
language-neutral (card ranks, cell labels, numbers), so ``locale`` changes nothing today; the
words belong in the Discord message next to the picture (see ``docs/rendering.md``).

A game names its picture module when it registers (``gamecore.registry.register(game,
pictures=...)``); that module is imported on the game's first picture.
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from importlib import import_module
from types import ModuleType
from typing import Any

from PIL import Image

from gamecore.contract import IllegalAction
from gamecore.registry import game_ids, registration
from renderer.toolkit import player_colour


def pictures(game_id: str) -> ModuleType:
    """The picture module of ``game_id`` (imported on first use); ValueError when the game is
    unknown or has no pictures."""
    try:
        module = registration(game_id).pictures
    except IllegalAction:
        module = None
    if module is None:
        known = ", ".join(drawn_games())
        raise ValueError(f"no renderer for game {game_id!r} (known: {known})")
    return import_module(module)


def seat_colour(seat: int) -> int:
    """The colour the pictures give seat ``seat`` (counted from 0, in the order of play) as
    a 0xRRGGBB number: a message about the seat can wear the same colour."""
    red, green, blue = player_colour(seat + 1)
    return red << 16 | green << 8 | blue


def render_board(game_id: str, view: Mapping[str, Any], locale: str = "en") -> bytes:  # noqa: ARG001 - pictures are language-neutral today
    """PNG of the board as ``view`` shows it (public or one seat's view)."""
    drawn: bytes = pictures(game_id).render_board(view)
    return drawn


def render_hand(game_id: str, view: Mapping[str, Any], locale: str = "en") -> bytes:  # noqa: ARG001 - pictures are language-neutral today
    """PNG of the viewer's own hand (for solo games the same hand the board shows)."""
    drawn: bytes = pictures(game_id).render_hand(view)
    return drawn


def board_image(game_id: str, view: Mapping[str, Any], locale: str = "en") -> Image.Image:  # noqa: ARG001 - pictures are language-neutral today
    """The board as an RGB picture, before palette mapping and PNG encoding (animated
    replays): the module's ``board_image`` when it has one, else the decoded PNG."""
    module = pictures(game_id)
    draw = getattr(module, "board_image", None)
    if draw is not None:
        image: Image.Image = draw(view)
        return image
    with Image.open(io.BytesIO(module.render_board(view))) as decoded:
        return decoded.convert("RGB")


def palette(game_id: str) -> Image.Image | None:
    """The game's fixed palette (a ``P`` image), or None when its module has none."""
    learn = getattr(pictures(game_id), "palette", None)
    return learn() if learn is not None else None


def warm_up(game_id: str | None = None) -> None:
    """Build the cached fonts, card faces and palettes now (0.2–0.6 s per game) instead of
    on the first render; the bot may call it once at start-up, in a thread."""
    for known in (game_id,) if game_id else drawn_games():
        pictures(known).palette()


def drawn_games() -> tuple[str, ...]:
    """Every registered game that has pictures."""
    return tuple(g for g in game_ids() if registration(g).pictures)


__all__ = [
    "board_image",
    "drawn_games",
    "palette",
    "pictures",
    "render_board",
    "render_hand",
    "warm_up",
]
