"""The private "My hand" panel: the caller's own cards and, when it is their decision,
selects of their legal moves (built from the caller's own view only), and the note a panel
turns into once the bot can no longer keep it current."""

from __future__ import annotations

import discord

from cogs.ui.alt_text import picture_alt
from cogs.ui.board import accent, move_selects, render_png
from cogs.ui.labels import game_name
from cogs.ui.layout import GALLERY_ALT_LIMIT, BoardMessage
from i18n import t
from service import Match, Seen

HAND_PNG = "hand.png"


def hand_head(match: Match, moves: bool, locale: str) -> str:
    """Whose decision it is, as the panel says it (a finished match says so)."""
    if not match.live:
        return t("hand.over", locale)
    return t("hand.your_turn" if moves else "hand.wait", locale)


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
