"""Drop Four: a small two-player game that lives only under ``tests/``.

It proves that a game needs no file outside its own: ``install()`` registers the rules with
their picture module and adds the game's catalog through the public seams
(``gamecore.registry.register``, ``i18n.add_catalog_dir``). ``tests/conftest.py`` installs it
for every test, so every test over "all games" covers it too.
"""

from __future__ import annotations

from pathlib import Path

from gamecore.registry import register
from i18n import add_catalog_dir
from tests.toys.drop_four.presentation import PRESENTATION
from tests.toys.drop_four.rules import GAME, DropFour, DropState

CATALOGS = Path(__file__).resolve().parent / "catalogs"


def install() -> None:
    """Register Drop Four, how it shows itself on Discord, and its texts (idempotent)."""
    register(
        GAME,
        information="perfect",
        chance=False,
        pictures="tests.toys.drop_four.pictures",
        presentation=PRESENTATION,
    )
    add_catalog_dir(CATALOGS)


__all__ = ["CATALOGS", "GAME", "DropFour", "DropState", "install"]
