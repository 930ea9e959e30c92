"""The board's log speaks words, not notation: every registered game, played from seeded
positions to the end in both languages, gives a step line ("① alice: Adventurer 1 moves
north") and event lines with no coordinates (``6,-1``), no card notation (``7H``), no ``-``
for nothing, no ``{placeholder}``, no catalog key or Python value (``True``,
``all_discovered``), seats named by badge and name; and a public board's line never names a
card that the public view hides; a computer's whole turn summed up in one line reads as
words too ("moved north, east · Place an Agent · End turn")."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from cogs.ui.board import outcome_lines
from cogs.ui.labels import say
from cogs.ui.seats import badge
from gamecore.match import Match, Seat
from gamecore.presentation import card_text
from gamecore.registry import get_game, list_games, presentation_of
from service import StepKind, TurnOutcome
from tests.game_steps import game_steps
from tests.i18n.locales import locales_under_test

#: Every locale with a catalog: each translation is checked as it lands.
LOCALES = locales_under_test()
#: What notation looks like in a line a person reads.
NOTATION = {
    "coordinates": re.compile(r"-?\d+,-?\d+(?!\d)"),
    "card": re.compile(r"(?<![\w.])(?:10|[2-9AJQK])[SHDC](?!\w)"),
    "dash for nothing": re.compile(r"(?:^|[\s(:：（])-(?=$|[\s.,)）。])"),
    "placeholder": re.compile(r"[{}]"),
    "notation in code style": re.compile(r"`"),
    "direction letter": re.compile(r"(?<![\w.])[NESW](?![\w.])"),
    "catalog key": re.compile(r"\b(?:event|alt|end|move|cartolan|seat)\.[\w.-]+"),
    "Python value": re.compile(r"\b(?:True|False|None)\b"),
    "identifier": re.compile(r"\b[a-z]+_[a-z_]+\b"),
    "seat by number": re.compile(r"(?i)\b(?:player|seat)\s+\d|プレイヤー\s*\d"),
}
PEOPLE = ("alice", "bob", "carol", "dave", "erin", "frank")
#: Games per game id: at least two, more while they are short (solo games end in a few
#: steps), so each meets most kinds of event and the file stays within a few seconds.
MIN_GAMES, MAX_GAMES, ENOUGH_STEPS = 2, 12, 400
MAX_STEPS = 1500


def notation_in(line: str) -> list[str]:
    """The kinds of notation ``line`` shows (empty: it reads as words)."""
    return [kind for kind, pattern in NOTATION.items() if pattern.search(line)]


def test_the_notation_check_fails_on_the_old_lines() -> None:
    """The lines the boards showed before they spoke words are caught."""
    for old in (
        "explored 6,-1 (+0)",
        "Storm at C2, threat 1 (8C): defended with -, lost 7S.",
        "lost -.",
        "attacked an Adventurer (success: True)",
        "game over (all_discovered)",
        "moved {side}",
        "event.cartolan.move",
        "Player 2 dropped a disc into column c.",
        "① alice: `move 1 N`",
        "Automatic: `claim 2`",
        "🤖 ② Pirate: Gust 1 S N N · Bank 2",
    ):
        assert notation_in(old), old
    assert not notation_in("① alice explored a new tile 2 north and 1 west of the Capital")
    assert not notation_in("Expedition E4 of ② bob sank at C2 (a storm).")


def played(game_id: str, seats: int, seed: int) -> Iterator[tuple[Any, Any, int, str, Any]]:
    """(state before, state after, seat, notation, events) of every step of one game of
    random moves."""
    game = get_game(game_id)
    rng = random.Random(seed)

    def choose(_index: int, _seat: int, _state: Any, legal: Sequence[Any]) -> Any:
        return legal[rng.randrange(len(legal))]

    for step in game_steps(game_id, game.setup(seats, seed, None), choose, MAX_STEPS):
        yield step.before, step.after, step.seat, game.format_action(step.action), step.events


def hidden_cards(game: Any, before: Any, after: Any, seats: int) -> set[str]:
    """Cards in some seat's hand after the step that the public board showed neither before
    nor after it (a card taken from the public insurance row was seen by everybody)."""
    shown = json.dumps([game.view(before, None), game.view(after, None)])
    return {
        card
        for seat in range(seats)
        for card in game.view(after, seat).get("hand") or []
        if f'"{card}"' not in shown
    }


GAMES = sorted(game.id for game in list_games())


def log_lines(
    match: Match, seat: int, notation: str, events: Any, locale: str, kind: StepKind = "move"
) -> list[str]:
    """What the board says happened after a step, without its markdown."""
    outcome = TurnOutcome(match, seat, match.seats[seat].name, notation, tuple(events), kind)
    return [line.replace("**", "") for line in outcome_lines(match, (outcome,), locale)]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_event_line_reads_as_words(game_id: str) -> None:
    """The board's log after every step: the move and its events, in both languages."""
    game = get_game(game_id)
    solo = game.max_players == 1
    seats = game.min_players if solo else min(3, game.max_players)
    people = tuple(Seat(seat + 1, None, PEOPLE[seat]) for seat in range(seats))
    names = [f"{badge(seat)} {PEOPLE[seat]}" for seat in range(seats)]
    presentation = presentation_of(game_id)
    kinds: set[str] = set()
    steps = 0
    for seed in range(1, MAX_GAMES + 1):
        if seed > MIN_GAMES and steps >= ENOUGH_STEPS:
            break
        turn: list[str] = []  # the seat's moves so far, as a computer's turn sums them up
        for before, after, seat, notation, events in played(game_id, seats, seed):
            steps += 1
            turn = [*turn[-12:], notation]
            match = Match("m1", game_id, 1, 1, 1, seed, seats=people, state=after)
            secret = set() if solo else hidden_cards(game, before, after, seats)
            computer_turn = presentation.computer_turn == "turn"  # a computer's turn in one line
            summary = presentation.turn_summary(turn) if computer_turn else ""
            for locale in LOCALES:
                lines = log_lines(match, seat, notation, events, locale)
                kinds.update(e.kind for e in events)
                for line in lines:
                    assert not notation_in(line), (game_id, notation, line)
                    for card in secret:  # a card only a hand shows stays unnamed
                        assert say(card_text(card), locale) not in line, (card, line)
                if not solo:  # the step's line names who moved by badge and name
                    assert lines[0].startswith(names[seat]), lines[0]
                if computer_turn:
                    (line, *_) = log_lines(match, seat, summary, (), locale, "computer")
                    assert not notation_in(line), (game_id, summary, line)
    assert kinds, f"{game_id}: no event got a line"
