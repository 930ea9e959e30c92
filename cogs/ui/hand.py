"""The private "My hand" message: the caller's own cards and, when it is their decision,
selects of their legal moves (built from the caller's own view only)."""

from __future__ import annotations

import discord

from cogs.ui.alt_text import picture_alt
from cogs.ui.board import accent, move_selects, render_png
from cogs.ui.labels import game_name
from cogs.ui.layout import GALLERY_ALT_LIMIT, BoardMessage
from i18n import t
from service import Seen

HAND_PNG = "hand.png"


async def hand_message(seen: Seen, locale: str) -> BoardMessage:
    """The caller's private view (``MatchService.hand_seen``): their own cards and, when it
    is their decision, selects of their legal moves."""
    match, view, moves = seen.match, seen.view, seen.moves
    png = await render_png(match.game_id, view, locale, kind="hand")
    components = discord.ui.View(timeout=None)
    for select in move_selects(match, moves, locale, view):
        components.add_item(select)
    return BoardMessage(
        title=t("hand.title", locale, game=game_name(match.game_id, locale)),
        head=(t("hand.your_turn" if moves else "hand.wait", locale),),
        png=png,
        controls=components if moves else None,
        filename=HAND_PNG,
        footer=t("board.footer", locale, match_id=match.id, steps=match.steps),
        accent=accent(match),
        alt_text=picture_alt(match, view, locale, kind="hand", limit=GALLERY_ALT_LIMIT),
    )
