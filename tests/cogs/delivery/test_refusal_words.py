"""Refusals name seats as the board does (badge and name, a computer by its player's name),
never by number ("player 2", "seat 3"): every registered game, played from a seeded start,
refuses moves out of turn, moves that were legal earlier, and typed notation, and each
refusal is read in both languages as a person is shown it."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from cogs.delivery.replies import refusal_text
from cogs.ui.seats import seat_label
from gamecore import match as match_logic
from gamecore.contract import IllegalAction
from gamecore.match import Match, Seat
from gamecore.registry import get_game, list_games
from tests.i18n.locales import locales_under_test

GAMES = sorted(game.id for game in list_games())
#: Every locale with a catalog: each translation is checked as it lands.
LOCALES = locales_under_test()
#: A seat by its number, as the refusals said it before.
SEAT_NUMBER = re.compile(r"(?i)\b(?:player|seat)\s*\d|プレイヤー\s*\d|席\s*\d")
#: Typed moves tried at every position (other games' notation included: a refusal either way).
TYPED = ("attack 2.1", "attack 9.1", "move 1 N", "wait 3", "draw deck", "claim 9", "z", "")
STEPS = 40


def table(game_id: str, state: Any, seats: int, to_move: tuple[int, ...]) -> Match:
    """A playing match of ``seats``: people, and a computer in the last seat of a table."""
    people = [Seat(100 + seat, None, f"p_{seat}") for seat in range(seats)]
    if seats > 1:
        computer = get_game(game_id).players()
        name = sorted(computer)[0]
        people[-1] = Seat(None, name, f"{name} 1")
    return Match(
        id="abc234", game_id=game_id, guild_id=1, channel_id=2, host_id=100, seed=3,
        seats=tuple(people), state=state, version=1, status="playing", to_move=to_move,
    )  # fmt: skip


def test_the_check_catches_the_old_refusals() -> None:
    for old in (
        "It is not your turn (player 2 is to move).",
        "Player 3 has no Adventurer 2.",
        "Seat 2 is not a computer player.",
        "あなたの手番ではありません（プレイヤー2の手番です）。",
    ):
        assert SEAT_NUMBER.search(old), old


@pytest.mark.parametrize("game_id", GAMES)
def test_every_refusal_names_seats_as_the_board_does(game_id: str) -> None:
    game = get_game(game_id)
    seats = 1 if game.max_players == 1 else min(3, game.max_players)
    rng = random.Random(3)
    state = game.setup(seats, 3, None)
    earlier: list[str] = []
    codes: set[str] = set()
    named_the_mover = False
    for _ in range(STEPS):
        status = game.status(state)
        if status.over:
            break
        mover = status.to_move[0]
        match = table(game_id, state, seats, tuple(status.to_move))
        notations = [game.format_action(a) for a in game.legal_actions(state, mover)]
        tries = [(mover, n) for n in (*earlier[-6:], *TYPED) if n not in notations]
        tries += [(seat, notations[0]) for seat in range(seats) if seat not in status.to_move]
        refusals: list[IllegalAction] = []
        for seat, notation in tries:
            try:
                game.apply(state, seat, game.parse_action(notation))
            except IllegalAction as error:
                refusals.append(error)
        for seat in range(seats):  # the match's own refusal, before the game is asked
            if seat not in status.to_move:
                with pytest.raises(IllegalAction) as caught:
                    match_logic.acting_seat(match, 100 + seat)
                refusals.append(caught.value)
        for error in refusals:
            codes.add(error.code)
            for locale in LOCALES:
                text = refusal_text(error, locale, match)
                assert not SEAT_NUMBER.search(text), (error.code, error.params, text)
                assert "{" not in text, (error.code, text)
                if "not_your_turn" in error.code:
                    assert seat_label(match, mover, locale) in text, text  # who can act
                    named_the_mover = True
        earlier.extend(notations[:3])
        legal = game.legal_actions(state, mover)
        state, _ = game.apply(state, mover, legal[rng.randrange(len(legal))])
    assert codes, "no refusal was met"
    if seats > 1:
        assert named_the_mover
