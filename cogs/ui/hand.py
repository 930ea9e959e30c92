"""The private "My hand" panel: the caller's own cards and, when it is their decision,
buttons or selects of their legal moves (built from the caller's own view only), and the note a panel
turns into once the bot can no longer keep it current."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from cogs.ui.alt_text import picture_alt
from cogs.ui.board import accent, move_selects, render_png
from cogs.ui.components import MoveButton
from cogs.ui.controls import phone_rows
from cogs.ui.labels import game_name, say
from cogs.ui.layout import GALLERY_ALT_LIMIT, BoardMessage
from i18n import t
from service import Match, Seen
from service.games import presentation_of

HAND_PNG = "hand.png"


def hand_head(match: Match, moves: bool, locale: str) -> str:
    """Whose decision it is, as the panel says it (a finished match says so)."""
    if not match.live:
        return t("hand.over", locale)
    return t("hand.your_turn" if moves else "hand.wait", locale)


#: A decision of at most this many moves whose labels fit two phone rows is shown as
#: buttons (one tap each) instead of a menu (two taps: open, pick).
BUTTON_MOVES = 4
BUTTON_ROWS = 2


def decision_items(
    match: Match, moves: Sequence[str], locale: str, view: dict[str, Any]
) -> list[discord.ui.Item[Any]]:
    """The panel's controls for the person's decision: a small decision (a storm to answer,
    an expedition to fund) as one button a move, the short labels of ``option_text``; any
    other as menus of moves (``move_selects``)."""
    presentation = presentation_of(match.game_id)
    labels = [say(presentation.option_text(m, view)[0], locale) for m in moves]
    rows = phone_rows(labels)
    if not moves or len(moves) > BUTTON_MOVES or len(rows) > BUTTON_ROWS:
        return list(move_selects(match, moves, locale, view))
    items: list[discord.ui.Item[Any]] = []
    placed = iter(zip(moves, labels, strict=True))
    for row, count in enumerate(rows):
        for notation, label in (next(placed) for _ in range(count)):
            items.append(
                MoveButton(
                    match.id,
                    match.version,
                    notation,
                    label=label,
                    row=row,
                    style=discord.ButtonStyle.primary,
                ).item
            )
    return items


async def hand_message(seen: Seen, locale: str) -> BoardMessage:
    """The caller's private view (``MatchService.hand_seen``): their own cards and, when it
    is their decision, selects of their legal moves."""
    match, view, moves = seen.match, seen.view, seen.moves
    png = await render_png(match.game_id, view, locale, kind="hand")
    components = discord.ui.View(timeout=None)
    for item in decision_items(match, moves, locale, view):
        components.add_item(item)
    return BoardMessage(
        title=t("hand.title", locale, game=game_name(match.game_id, locale)),
        head=(hand_head(match, bool(moves), locale),),
        png=png,
        controls=components if moves else None,
        filename=HAND_PNG,
        footer=t("board.footer", locale, match_id=match.id, steps=match.steps),
        accent=accent(match),
        alt_text=picture_alt(match, view, locale, kind="hand", limit=GALLERY_ALT_LIMIT),
    )


def stale_hand(game_id: str, match_id: str, steps: int, locale: str) -> BoardMessage:
    """What a panel becomes when the bot can no longer edit it: the step it showed, and how
    to see the current one; no picture and no menus, so it never passes for current."""
    return BoardMessage(
        title=t("hand.title", locale, game=game_name(game_id, locale)),
        head=(t("hand.stale", locale, steps=steps),),
        png=None,
        controls=None,
        filename=HAND_PNG,
        footer=t("board.footer", locale, match_id=match_id, steps=steps),
    )
