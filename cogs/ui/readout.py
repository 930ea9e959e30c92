"""The whole board in words, for a person who cannot see the picture ("Read the board").

Ordered the way a screen reader reads best: the game and step, whose turn it is (or how it
ended), each seat in the order of play, then the position as the game describes it (each
seat's counts and pieces, each region or tile and what lies there), the last steps, and for
a seated person what only they see (their own cards). Built only from the views the caller
may see: the public board's view, and the caller's own view when they hold a seat.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cogs.ui.board import clock_lines, final_lines, outcome_lines, status_line
from cogs.ui.labels import game_name, is_solo, say
from cogs.ui.seats import seat_label, seat_legend
from i18n import t
from service import Match, TurnOutcome
from service.games import presentation_of

#: Discord: at most 2,000 characters of content in one message.
MESSAGE_LIMIT = 2000


def position_lines(match: Match, view: Mapping[str, Any], locale: str) -> list[str]:
    """Everything the game says about ``view``, one line each (nothing cut): its description
    (the alt text's sentences), then every place of the board (``Presentation.read_out``)."""
    if is_solo(match):
        names = [seat.name for seat in match.seats]
    else:
        names = [seat_label(match, seat, locale, plain=True) for seat in range(len(match.seats))]
    presentation = presentation_of(match.game_id)
    texts = (*presentation.describe(view, names), *presentation.read_out(view, names))
    return [say(text, locale) for text in texts]


def readout_lines(
    match: Match,
    public: Mapping[str, Any],
    own: Mapping[str, Any] | None,
    steps: Sequence[TurnOutcome],
    locale: str,
) -> list[str]:
    """The read-out of ``match``: ``public`` is the public board's view, ``own`` the
    caller's own view when they hold a seat (what it adds is read last), ``steps`` what
    happened lately (oldest first)."""
    lines = [
        t("read.title", locale, game=game_name(match.game_id, locale), step=match.steps),
        status_line(match, locale),
        *clock_lines(match, locale),
    ]
    if not is_solo(match):
        lines.append(seat_legend(match, locale))
    if match.state is None:  # a lobby: no position yet
        return lines
    public_lines = position_lines(match, public, locale)
    lines += [t("read.position", locale), *public_lines, *final_lines(match, locale)]
    said = outcome_lines(match, steps, locale)
    if said:
        lines += [t("read.last_steps", locale), *said]
    else:
        lines.append(t("read.no_steps_yet", locale))
    if own is not None and own != public:
        shown = set(public_lines)
        private = [line for line in position_lines(match, own, locale) if line not in shown]
        if private:
            lines += [t("read.your_view", locale), *private]
    return lines


def readout_messages(lines: Sequence[str], limit: int = MESSAGE_LIMIT) -> list[str]:
    """``lines`` joined into as few messages as Discord allows, each cut only between lines
    (a line longer than a message is cut at the limit)."""
    messages: list[str] = []
    current = ""
    for line in lines:
        while len(line) > limit:
            if current:
                messages.append(current)
                current = ""
            messages.append(line[:limit])
            line = line[limit:]
        candidate = f"{current}\n{line}" if current else line
        if len(candidate) > limit:
            messages.append(current)
            current = line
        else:
            current = candidate
    if current:
        messages.append(current)
    return messages
