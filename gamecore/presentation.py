"""How a game describes itself to a front end (the Discord bot): what its options mean, its
controls, its event lines, which computer players a lobby offers, what a computer turn is and
how a turn is summed up.

Pure data and pure functions of a view and of notations: no Discord, no I/O, no state. Texts
are catalog keys (:class:`Text`), translated by the front end in both languages. A game hands
its :class:`Presentation` to ``gamecore.registry.register``; a game that declares nothing gets
the defaults below (moves in menus grouped by their first word, one board update per computer
step, every event of the step).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

#: How a control looks: the front end maps these to its own styles.
Style = Literal["primary", "secondary", "success", "danger"]


@dataclass(frozen=True, slots=True)
class Text:
    """A catalog key with its parameters (a parameter may itself be a ``Text``), between
    ``prefix`` and ``suffix`` as they are (e.g. ``↑ `` + ``N``, or ``Bank`` + `` 5``);
    ``fallback`` stands in when the catalog has no such key."""

    key: str
    #: A parameter may be a ``Text`` or a tuple of them (said as a list in the reader's language).
    params: Mapping[str, Any] = field(default_factory=dict)
    prefix: str = ""
    suffix: str = ""
    fallback: str | None = None


@dataclass(frozen=True, slots=True)
class Move:
    """One move as a control: pressing it plays ``notation``."""

    notation: str
    label: Text
    style: Style = "secondary"
    enabled: bool = True
    #: The details a menu option shows below its short label (None: none).
    detail: Text | None = None


@dataclass(frozen=True, slots=True)
class Offer:
    """Moves of one kind offered together: a single move becomes a button, several a menu
    whose placeholder is ``label``."""

    label: Text
    moves: tuple[Move, ...]


@dataclass(frozen=True, slots=True)
class Piece:
    """A piece the pad can act on (e.g. one Adventurer)."""

    id: str
    label: Text


@dataclass(frozen=True, slots=True)
class PieceChoice:
    """Which piece the pad acts on: one button per piece; pressing another piece redraws
    the controls with that piece selected (the choice lives in the message, not the game)."""

    pieces: tuple[Piece, ...]
    selected: str


@dataclass(frozen=True, slots=True)
class Controls:
    """The board's controls for the seat to move, in the order they are drawn.

    ``pad``: one row of buttons (at most five, e.g. four directions and Wait) acting on the
    selected piece; ``grid``: rows of buttons laid out as the game's board (tic-tac-toe); ``pieces``: the piece selector, when several pieces can move; ``offers``:
    the other moves, grouped; ``finish``: buttons on the last row (e.g. End turn), which the
    front end completes with its own (Hint, Resign). A move that does not fit within the
    front end's limits stays playable by notation (``/play``).
    """

    pad: tuple[Move, ...] = ()
    pieces: PieceChoice | None = None
    offers: tuple[Offer, ...] = ()
    finish: tuple[Move, ...] = ()
    #: A board of buttons, row by row (a 3×3 grid: three rows of three), drawn after the pad
    #: and before the piece selector; at most five a row, and the rows that fit.
    grid: tuple[tuple[Move, ...], ...] = ()


@dataclass(frozen=True, slots=True)
class OptionLine:
    """One option as a lobby shows it: its label, the chosen value, and what that value
    means in this match when it depends on other options (``default`` → ``clockwise``)."""

    name: str
    label: Text
    value: str
    meaning: Text | None = None


#: How much of a computer seat's play one board update shows: each ``step``, or the seat's
#: whole ``turn`` (every step until another seat decides), summed up by ``turn_summary``.
ComputerTurn = Literal["step", "turn"]


class Presentation:
    """The defaults; a game overrides what it declares (see ``docs/adding-a-game.md``)."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id

    #: Computer players a lobby offers in a menu, in this order (names of ``Game.players()``);
    #: empty: one "Add computer" button that seats the game's default player.
    computer_players: tuple[str, ...] = ()
    computer_turn: ComputerTurn = "step"
    #: Event kinds kept in a turn summary (None: every event).
    summary_events: frozenset[str] | None = None

    def controls(
        self,
        view: Mapping[str, Any],  # noqa: ARG002 - the default draws no controls; games read all three
        legal: Sequence[str],  # noqa: ARG002
        selected: str | None,  # noqa: ARG002
    ) -> Controls | None:
        """The controls for the seat to move, from the public ``view`` and that seat's
        ``legal`` notations (empty while a computer decides); ``selected`` is the piece
        chosen on the board (None: the game's choice). None: the front end's default
        menus of legal moves."""
        return None

    def option_label(self, name: str) -> Text:
        """The catalog key naming an option in a lobby."""
        return Text(f"option.{self.game_id}.{name}", fallback=name)

    def option_lines(self, options: Mapping[str, Any]) -> tuple[OptionLine, ...]:
        """The resolved options of a match as a lobby lists them."""
        return tuple(
            OptionLine(name, self.option_label(name), str(value)) for name, value in options.items()
        )

    def player_label(self, name: str) -> Text:
        """A computer player's name in the lobby menu (``.about``: its one-line description)."""
        return Text(f"player.{self.game_id}.{name}", fallback=name)

    def event_text(self, kind: str, data: Mapping[str, Any], names: Sequence[str] = ()) -> Text:
        """The line an event gets in the board's log, in words for people (no line when the
        key is missing): ``names`` are the seats as the board names them (badge and name),
        and ``{name}`` is the event's ``seat``. Default: ``event.<game>.<kind>`` with the
        event's data as it is; a game whose data holds notation (cards, places, flags)
        says it in words here. The notation stays in the game's own log and the CLI."""
        params = dict(data)
        if "seat" in data:
            params["name"] = seat_text(names, data["seat"])
        return Text(f"event.{self.game_id}.{kind}", params)

    def move_text(self, notation: str, view: Mapping[str, Any] | None = None) -> Text:  # noqa: ARG002 - the default knows no game's words; games read the view for context
        """A move in words for people (a menu option): ``reveal C3 7H C2`` → "Turn over C2
        with the 7 of hearts (matches C3)". The notation itself stays for ``/play``, the
        command line and logs. Default: the notation as it is."""
        return Text(f"move.{self.game_id}.unknown", fallback=notation)

    def option_text(
        self, notation: str, view: Mapping[str, Any] | None = None
    ) -> tuple[Text, Text | None]:
        """A move as a menu option on a phone: a short label that starts with the deciding
        words ("Ready A2: 7♥ 8♥ 9♥"), and the details for the option's small print (None:
        none; the front end adds the notation). Default: ``move_text`` and no details."""
        return self.move_text(notation, view), None

    def describe(self, view: Mapping[str, Any], names: Sequence[str]) -> tuple[Text, ...]:  # noqa: ARG002 - the default says nothing game-specific; games read both
        """The picture of ``view`` in words, for a screen reader (the image's alt text): whose
        turn it is, scores or counts, what just changed, and the cards the view shows; the most
        important first, since the front end cuts the text to Discord's limit. ``names``:
        each seat's name. Built from ``view`` alone, so the words hide what the picture hides.
        Empty: the front end says only the game, the step and whose turn it is."""
        return ()

    def read_out(self, view: Mapping[str, Any], names: Sequence[str]) -> tuple[Text, ...]:  # noqa: ARG002 - the default adds nothing; games read both
        """Lines "Read the board" adds after ``describe``: every place the picture draws
        (cell, level, region, tile) and what lies there, face-down cards included, so that
        nothing the picture shows is missing from the words. Built from ``view`` alone, like
        ``describe``. Default: none (``describe`` says everything)."""
        return ()

    def board_notes(self, view: Mapping[str, Any]) -> tuple[Text, ...]:  # noqa: ARG002 - the default has nothing to explain; games read the view
        """Lines the board carries above its picture to explain, in words, what the picture
        says in symbols (a level's condition to win a card). Default: none."""
        return ()

    def turn_summary(self, notations: Sequence[str]) -> str:
        """A computer turn's moves in one line (``computer_turn == "turn"``)."""
        return " · ".join(notations)

    def summary_text(self, summary: str) -> Text:
        """A ``turn_summary`` in words for the board's line (its notation stays in logs).
        Default: the summary as it is."""
        return Text(f"move.{self.game_id}.unknown", fallback=summary)


def card_text(card: str) -> Text:
    """A card in words (``10D`` → "10 of diamonds"): a screen reader reads notation badly."""
    rank, suit = card[:-1], card[-1:]
    return Text(
        "alt.card",
        {
            "rank": Text(f"alt.rank.{rank}", fallback=rank),
            "suit": Text(f"alt.suit.{suit}", fallback=suit),
        },
        fallback=card,
    )


#: A card's suit as the short labels write it (``7H`` → "7♥").
SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def card_short(card: str) -> str:
    """A card as a short label writes it: rank and suit sign (``10D`` → "10♦")."""
    rank, suit = card[:-1], card[-1:]
    return f"{rank}{SUITS.get(suit, suit)}"


def cards_short(cards: Sequence[str]) -> str:
    return " ".join(card_short(card) for card in cards)


def count_text(noun: str, count: int) -> Text:
    """A count with its noun, agreeing in the reader's language ("1 Adventurer", "3
    Adventurers"): ``count.<noun>.one`` for one, ``.other`` else (a language without
    plural forms says both alike)."""
    return Text(f"count.{noun}.{'one' if count == 1 else 'other'}", {"count": count})


def cards_text(cards: Sequence[str]) -> Text:
    """Several cards in words, as a list; "none" when there are none."""
    if not cards:
        return Text("alt.none")
    return Text("alt.items", {"items": tuple(card_text(c) for c in cards)})


#: The pictures number seats from 1 in the order of play; these are their circled forms, the
#: badge every text pairs with a seat's name ("② bob").
BADGES = "①②③④⑤⑥⑦⑧⑨"


def seat_badge(seat: int) -> str:
    """Seat ``seat``'s badge (seats count from 0 here)."""
    return BADGES[seat] if 0 <= seat < len(BADGES) else f"({seat + 1})"


def seat_text(names: Sequence[str], seat: Any) -> str:
    """A seat as the board names it (``names[seat]``); its number from 1 when ``names``
    does not reach it."""
    index = int(seat)
    return names[index] if 0 <= index < len(names) else str(index + 1)
