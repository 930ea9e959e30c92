"""No text overflows a Discord limit in any locale with a catalog (each translation is checked
as it lands): the catalog's button labels, menu texts and messages by their keys, and the real
board, hand panel and read-out of every registered game at a crowded position, built in each
locale and checked against Discord's rules as SimCord enforces them."""

from __future__ import annotations

import random
import re
import unicodedata
from typing import Any

import pytest
import simcord

from cogs.ui.board import board_message
from cogs.ui.hand import hand_message
from cogs.ui.layout import GALLERY_ALT_LIMIT
from cogs.ui.readout import MESSAGE_LIMIT, readout_lines, readout_messages
from gamecore.match import Seat
from gamecore.registry import get_game, list_games
from i18n import catalog
from service import Seen
from tests.cogs.helpers import playing_match
from tests.cogs.ui.test_phone_fit import crowded_board
from tests.i18n.locales import locales_under_test

LOCALES = locales_under_test()
V2 = 1 << 15
#: Discord's limits by the kind of text a key names (the key's middle part says its use).
KEY_LIMITS = (
    (re.compile(r"(^|\.)button\."), 80),  # a button's label
    (re.compile(r"^cartolan\.label\."), 80),  # a Cartolan pad button's label
    (re.compile(r"^board\.select\."), 150),  # a menu's placeholder
    (re.compile(r"(^|\.)option\."), 100),  # a menu option's label or description
    (re.compile(r"^choice\."), 100),  # a slash-command choice
)


@pytest.mark.parametrize("locale", LOCALES)
def test_no_catalog_text_is_longer_than_discord_allows_where_it_is_used(locale: str) -> None:
    too_long = {}
    for key, text in catalog(locale).items():
        limit = next((n for pattern, n in KEY_LIMITS if pattern.search(key)), MESSAGE_LIMIT)
        if len(text) > limit:
            too_long[key] = f"{len(text)} > {limit}"
    assert too_long == {}, f"{locale}: {too_long}"


def crowded_play(game_id: str, seed: int = 4) -> tuple[Any, int]:
    """A position of a seeded random game with the most legal moves for the seat to move
    over its first 40 steps (the most crowded menus), and how many seats it has."""
    game = get_game(game_id)
    seats = 1 if game.max_players == 1 else min(4, game.max_players)
    state = game.setup(seats, seed, {})
    rng = random.Random(seed)
    best, most = state, -1
    for _ in range(40):
        status = game.status(state)
        if status.over:
            break
        seat = status.to_move[0]
        legal = game.legal_actions(state, seat)
        if len(legal) > most:
            best, most = state, len(legal)
        state, _ = game.apply(state, seat, legal[rng.randrange(len(legal))])
    return best, seats


def validated(raw: list[dict[str, Any]]) -> None:
    simcord.components.validate_message_state(raw, flags=V2, content=None, embeds=[])


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("game_id", [game.id for game in list_games()])
async def test_boards_hands_and_read_outs_fit_discord_in_every_locale(
    game_id: str, locale: str
) -> None:
    game = get_game(game_id)
    validated(crowded_board(game_id, locale).layout().to_components())  # the most controls
    state, seats = crowded_play(game_id)
    people = tuple(Seat(100 + s, None, f"player{s} " + "w" * 20) for s in range(seats))
    mover = game.status(state).to_move[0]
    match = playing_match(game_id, people, state, to_move=mover, version=3)
    solo = seats == 1
    public = game.view(state, 0 if solo else None)
    own = game.view(state, mover)
    moves = tuple(game.format_action(a) for a in game.legal_actions(state, mover))
    board = await board_message(Seen(match, public, moves if solo else ()), locale)
    validated(board.layout().to_components())
    assert len(board.alt_text) <= GALLERY_ALT_LIMIT
    if not solo:
        hand = await hand_message(Seen(match, own, moves), locale)
        validated(hand.layout().to_components())
    lines = readout_lines(match, public, None if solo else own, (), locale)
    assert all(len(m) <= MESSAGE_LIMIT for m in readout_messages(lines))


def symbols_only(text: str) -> bool:
    """Whether ``text`` says something with pictographs (emoji, symbols) and no words: its
    placeholders aside, no letter stands beside a symbol."""
    bare = re.sub(r"\{[^{}]*\}", "", text)
    symbols = [c for c in bare if unicodedata.category(c) == "So"]
    return bool(symbols) and not any(unicodedata.category(c).startswith("L") for c in bare)


#: Texts whose symbol stands beside a placeholder that says the same in words.
SAID_BY_A_PLACEHOLDER = {
    "board.log.computer": "{name} is a computer's seat name, which says so (seat.computer)",
}


@pytest.mark.parametrize("locale", LOCALES)
def test_no_text_says_something_with_an_emoji_alone(locale: str) -> None:
    alone = {
        key: text
        for key, text in catalog(locale).items()
        if symbols_only(text) and key not in SAID_BY_A_PLACEHOLDER
    }
    assert alone == {}, f"{locale}: {alone}"
    assert symbols_only("✅ {name}") and not symbols_only("✅ Won: {name}")
