"""The one generic board builder: a game's declared :class:`~gamecore.presentation.Controls`
become buttons and selects within Discord's limits.

Five rows: the pad (row 0, when there is one), the grid's rows (a board of buttons, e.g.
tic-tac-toe's three rows of three), the piece selector (next row, when there is one), the offers
(single moves as buttons, five a row, first; groups as selects of at most 25 options, one a
row), and the last row: the game's finishing buttons, then Hint (Resign sits apart:
``cogs.ui.board.resign_apart``). What does not fit
stays playable through ``/play``.
"""

from __future__ import annotations

import math
from typing import Any

import discord

from cogs.ui import components
from cogs.ui.labels import say
from i18n import t
from service import Match
from service.games import Controls, Move, Offer, Style

ROWS = 5
BUTTONS_PER_ROW = 5
SELECT_LIMIT = 25
LAST_ROW = ROWS - 1

STYLES: dict[Style, discord.ButtonStyle] = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


def move_button(match: Match, move: Move, locale: str, row: int) -> discord.ui.Button[Any]:
    return components.move_button(
        match.id,
        match.version,
        move.notation,
        label=say(move.label, locale),
        row=row,
        style=STYLES[move.style],
        disabled=not move.enabled,
    )


def offer_items(
    match: Match, offers: tuple[Offer, ...], rows: list[int], locale: str
) -> list[discord.ui.Item[Any]]:
    """Single moves as buttons in the first rows, then one select per row for each group
    (split by 25, each part's placeholder naming the range it covers)."""
    singles = [offer.moves[0] for offer in offers if len(offer.moves) == 1]
    groups = [offer for offer in offers if len(offer.moves) > 1]
    button_rows = min(len(rows), math.ceil(len(singles) / BUTTONS_PER_ROW))
    items: list[discord.ui.Item[Any]] = [
        move_button(match, move, locale, rows[index // BUTTONS_PER_ROW])
        for index, move in enumerate(singles[: button_rows * BUTTONS_PER_ROW])
    ]
    free_rows = len(rows) - button_rows
    slot = 0
    for offer in groups:
        for start in range(0, len(offer.moves), SELECT_LIMIT):
            if slot == free_rows:
                return items
            chunk = offer.moves[start : start + SELECT_LIMIT]
            options = [
                discord.SelectOption(label=say(move.label, locale)[:100], value=move.notation[:100])
                for move in chunk
            ]
            placeholder = t("board.offer", locale, what=say(offer.label, locale))
            if len(offer.moves) > SELECT_LIMIT:
                placeholder = f"{placeholder} ({chunk[0].notation} … {chunk[-1].notation})"
            # A View puts a select in the first empty row: one of the free rows, since the
            # last row's buttons are added after the selects.
            items.append(
                components.move_select(
                    match.id, match.version, slot, options=options, placeholder=placeholder[:150]
                )
            )
            slot += 1
    return items


def controls_components(match: Match, controls: Controls, locale: str) -> discord.ui.View:
    """The board's components for ``controls`` (see the module's docstring for the rows)."""
    laid_out = discord.ui.View(timeout=None)
    offer_rows = list(range(LAST_ROW))
    if controls.pad:
        row = offer_rows.pop(0)
        for move in controls.pad[:BUTTONS_PER_ROW]:
            laid_out.add_item(move_button(match, move, locale, row))
    for grid_row in controls.grid[: len(offer_rows)]:
        row = offer_rows.pop(0)
        for move in grid_row[:BUTTONS_PER_ROW]:
            laid_out.add_item(move_button(match, move, locale, row))
    if controls.pieces is not None and offer_rows:
        row = offer_rows.pop(0)
        for piece in controls.pieces.pieces[:BUTTONS_PER_ROW]:
            selected = piece.id == controls.pieces.selected
            laid_out.add_item(
                components.piece_button(
                    match.id,
                    match.version,
                    piece.id,
                    label=say(piece.label, locale),
                    row=row,
                    style=discord.ButtonStyle.primary
                    if selected
                    else discord.ButtonStyle.secondary,
                )
            )
    for item in offer_items(match, controls.offers, offer_rows, locale):
        laid_out.add_item(item)
    for move in controls.finish[: BUTTONS_PER_ROW - 1]:
        laid_out.add_item(move_button(match, move, locale, LAST_ROW))
    laid_out.add_item(
        components.board_button(
            match.id, match.version, "hint", label=t("board.button.hint", locale)
        )
    )
    return laid_out
