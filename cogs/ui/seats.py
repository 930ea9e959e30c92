"""One identity per seat: the badge the pictures draw (①, ②, … in the order of play), the name,
and how a computer seat is called, the same in every text, menu and log line.

People's names come from Discord and are escaped here (markdown, masked links, mentions), so
a nickname never renders as a link, a mention or broken formatting wherever it is echoed.
"""

from __future__ import annotations

from cogs.ui.labels import say, shown_name
from i18n import t
from service import Match
from service.games import presentation_of, seat_badge


def badge(seat: int) -> str:
    return seat_badge(seat)


def seat_name(match: Match, seat: int, locale: str, *, plain: bool = False) -> str:
    """The seat's name: a person's (escaped, unless ``plain``: alt text is plain text, where an
    escape would be read out), or the computer player's name in the reader's language marked
    as a computer; a person's seat a computer took over keeps the person's."""
    place = match.seats[seat]
    person = _plain if plain else shown_name
    if place.computer is None:
        return person(place.name)
    player = say(presentation_of(match.game_id).player_label(place.computer), locale)
    computer = t("seat.computer", locale, player=player)
    if place.name.endswith(f" ({place.computer})"):  # took over a person's seat
        former = place.name[: -len(f" ({place.computer})")]
        return t("seat.taken_over", locale, name=person(former), computer=computer)
    return computer


def seat_label(match: Match, seat: int, locale: str, *, plain: bool = False) -> str:
    """Badge and name, as the board's texts pair them: "① alice" (``plain``: see
    ``seat_name``)."""
    return f"{badge(seat)} {seat_name(match, seat, locale, plain=plain)}"


def _plain(name: str) -> str:
    return name


def seat_legend(match: Match, locale: str) -> str:
    """Every seat in the order of play, badge and name: the key to the picture's badges."""
    return t(
        "seat.legend",
        locale,
        seats=" · ".join(seat_label(match, seat, locale) for seat in range(len(match.seats))),
    )
