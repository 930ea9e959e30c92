"""What a screen reader says for a picture (its alt text), in the reader's language.

A board's or a hand's words come from the game's own description of the view the picture was
drawn from (``Presentation.describe``), so they hide exactly what the picture hides.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cogs.ui.labels import game_name, is_solo, say
from cogs.ui.seats import seat_label
from i18n import t
from service import Match
from service.games import presentation_of

#: Discord keeps at most 1,024 characters of an attachment's description.
ATTACHMENT_LIMIT = 1024


def fit(sentences: list[str], limit: int = ATTACHMENT_LIMIT) -> str:
    """As many whole sentences as fit in ``limit`` characters (the first always, cut if it
    must be): the game puts what matters most first."""
    text = ""
    for sentence in sentences:
        candidate = f"{text} {sentence}".strip()
        if len(candidate) > limit:
            break
        text = candidate
    return text or sentences[0][: limit - 1] + "…"


def picture_alt(
    match: Match,
    view: Mapping[str, Any],
    locale: str,
    *,
    kind: str = "board",
    limit: int = ATTACHMENT_LIMIT,
) -> str:
    """The alt text of the board (``kind="board"``) or a private hand picture of ``view``."""
    # Alt text is plain text (no markdown): names as people wrote them, no escapes.
    if is_solo(match):
        names = [seat.name for seat in match.seats]
    else:  # as the board's texts name them: badge and name, a computer as a computer
        names = [seat_label(match, seat, locale, plain=True) for seat in range(len(match.seats))]
    head = t(
        "alt.hand_picture" if kind == "hand" else "alt.board",
        locale,
        game=game_name(match.game_id, locale),
        step=match.steps,
    )
    lines = [say(text, locale) for text in presentation_of(match.game_id).describe(view, names)]
    if not lines and match.status == "playing" and match.to_move:
        lines = [t("alt.to_move", locale, names=", ".join(names[i] for i in match.to_move))]
    return fit([head, *lines], limit)
