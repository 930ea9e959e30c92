"""Issue 26 item 6: the main controls of every game fit one phone screen with the board.

Layout arithmetic over the board's Components V2 layout, with the sizes SimCord's Preview gives
at phone size (400 × 844) in headless Chromium, measured once on a crowded Cartolan board
(``tests/browser/test_preview_cartolan.py`` checks that board in the browser on every run, and
``test_the_arithmetic_matches_the_browser`` ties the two): the message list is 624 px tall, a
one-item gallery 275 px wide, a row of buttons 32 px (buttons that do not fit 275 px wrap onto
a second line: 72 px), a select 40 px, 6 px between rows, 17 px from the picture to the first
row. A button is 12 px either side of its label, 8 px from the next; a character is at most
7.5 px (measured 6.6-7.5), a wide one (an arrow, a kana) 15.

For every registered game, its most crowded board: Cartolan's tallest picture with the most
rows found over seeded games of every mode, the solo games' four menus and Hint (their most),
a multiplayer game's My hand and Hint, and a test game's own controls at its start, in every
locale with a catalog (``LOCALES_UNDER_TEST`` narrows them; all fourteen take about 5 s). From
the picture's top to the bottom of the main controls (Resign sits apart below them) must fit
the message list, and no text stands between the picture and the controls. Cartolan's
Wait / End turn / Hint row must stay on one line at phone width in every language (about 24
characters of labels), which is why its End turn is short in French, Spanish, Polish, Italian.
"""

from __future__ import annotations

import io
import random
from dataclasses import dataclass
from typing import Any

import discord
import pytest
from PIL import Image

import renderer
from cogs.ui.board import board_components, resign_apart
from cogs.ui.controls import controls_components
from cogs.ui.layout import BoardMessage
from gamecore.match import Match, Seat
from gamecore.registry import get_game, list_games, presentation_of, registration
from tests.cogs.helpers import playing_match
from tests.i18n.locales import locales_under_test

#: The Preview's message list at 400 × 844, and the heights and widths in it (see above).
SCREEN = 624
GALLERY_WIDTH = 275
PICTURE_TO_CONTROLS = 17
ROW_GAP = 6
BUTTON_HEIGHT = 32
BUTTON_LINE_GAP = 8
SELECT_HEIGHT = 40
BUTTON_PADDING = 24
BUTTON_GAP = 8
CHARACTER = 7.5


@dataclass(frozen=True)
class CartolanGame:
    """A seeded Cartolan game whose seats follow the computer players (Explorer, Trader,
    Pirate, Router by seat), a ``wander`` share of moves drawn at random instead."""

    players: int
    seed: int
    options: tuple[tuple[str, str], ...]
    wander: float = 0.0
    rng_seed: int = 0

    def play(self, steps: int | None = None) -> tuple[Any, int]:
        """The state after ``steps`` (None: to the end) and how many steps were played."""
        game = get_game("cartolan")
        found = game.players()
        chosen = [found[name] for name in ("explorer", "trader", "pirate", "router")]
        rng = random.Random(self.rng_seed)
        state, played = game.setup(self.players, self.seed, dict(self.options)), 0
        while not game.status(state).over and played != steps:
            seat = game.status(state).to_move[0]
            state, _ = game.apply_notation(state, seat, self.move(state, seat, chosen, rng))
            played += 1
        return state, played

    def move(self, state: Any, seat: int, chosen: list[Any], rng: random.Random) -> str:
        game = get_game("cartolan")
        legal = game.legal_actions(state, seat)
        if self.wander and rng.random() < self.wander:
            notations = list(dict.fromkeys(game.format_action(a) for a in legal))
            return rng.choice(notations)
        return game.format_action(chosen[seat](game.view(state, seat), legal, rng))


#: The two people's Beginner game the browser test plays to the end: 146 steps, the most
#: crowded board at step 106 (a city's purchases: three menus, Wait / End turn / Hint).
BEGINNER = CartolanGame(2, 8, (("mode", "beginner"),))
BEGINNER_STEPS, BEGINNER_CROWDED = 146, 106
#: The tallest picture with the most rows over seeded games of every mode: four seats of
#: modern Advanced (700 × 1084), three menus and the last row, at step 376 (of 632).
TALLEST = CartolanGame(4, 1, (("mode", "advanced"), ("preset", "modern")), 0.15, 1)
TALLEST_CROWDED = 376


def button_lines(labels: list[str]) -> int:
    """How many lines a row of buttons takes at phone width (they wrap as words do)."""
    lines, used = 1, 0
    for label in labels:
        width = BUTTON_PADDING + CHARACTER * sum(1 if ord(c) < 0x2000 else 2 for c in label)
        if used and used + BUTTON_GAP + width > GALLERY_WIDTH:
            lines, used = lines + 1, 0
        used = width if not used else used + BUTTON_GAP + width
    return lines


def row_height(row: dict[str, Any]) -> int:
    kinds = {c["type"] for c in row["components"]}
    if 3 in kinds:  # a select fills its row
        return SELECT_HEIGHT
    lines = button_lines([c.get("label") or "" for c in row["components"]])
    return lines * BUTTON_HEIGHT + (lines - 1) * BUTTON_LINE_GAP


def picture_to_controls(board: BoardMessage) -> float:
    """Pixels from the picture's top to the bottom of the main controls on a phone, and
    checks that only a separator stands between the picture and the controls."""
    (container,) = board.layout().to_components()
    parts = container["components"]
    kinds = [part["type"] for part in parts]
    gallery = kinds.index(12)
    rows = [part for part in parts[gallery + 1 :] if part["type"] == 1]
    between = kinds[gallery + 1 : kinds.index(1, gallery)]
    assert set(between) <= {14}, f"text between the picture and the controls: {kinds}"
    main = rows[:-1] if board.apart else rows
    assert board.png is not None
    width, height = Image.open(io.BytesIO(board.png)).size
    controls = sum(map(row_height, main)) + ROW_GAP * (len(main) - 1)
    return GALLERY_WIDTH * height / width + PICTURE_TO_CONTROLS + controls


def board_of(
    game_id: str, state: Any, controls: discord.ui.View, *, players: int, locale: str = "en-US"
) -> BoardMessage:
    game, solo = get_game(game_id), players == 1
    seats = tuple(Seat(100 + s, None, f"p{s}") for s in range(players))
    match = playing_match(
        game_id, seats, state, to_move=game.status(state).to_move[0], version=7, seed=5
    )
    view = game.view(state, 0 if solo else None)
    return BoardMessage(
        title=game_id,
        head=("Turn: p0",),
        png=renderer.render_board(game_id, view),
        controls=controls,
        body=tuple(f"• a long log line {n} " + "x" * 60 for n in range(12)),
        apart=resign_apart(match, locale),
    )


def crowded_cartolan(played: CartolanGame, step: int, locale: str = "en-US") -> BoardMessage:
    game = get_game("cartolan")
    state, _ = played.play(step)
    seat = game.status(state).to_move[0]
    legal = [game.format_action(a) for a in game.legal_actions(state, seat)]
    controls = presentation_of("cartolan").controls(game.view(state, None), legal, None)
    match = Match(id="abc234", game_id="cartolan", guild_id=1, channel_id=2, host_id=1, seed=5)
    return board_of(
        "cartolan",
        state,
        controls_components(match, controls, locale),
        players=played.players,
        locale=locale,
    )


def crowded_table_game(game_id: str, locale: str) -> BoardMessage:
    """A game without declared controls at its most: a solo game's four menus of moves and
    Hint; a multiplayer game's My hand and Hint."""
    game = get_game(game_id)
    solo = game.max_players == 1
    state = game.setup(1 if solo else game.min_players, 3, {})
    many = [f"{verb} {n}" for verb in ("reveal", "exchange", "discard", "take") for n in range(30)]
    playing = playing_match(game_id, (), host_id=1, seed=5)
    controls = board_components(playing, many if solo else [], locale, solo=solo)
    assert controls is not None
    players = 1 if solo else game.min_players
    return board_of(game_id, state, controls, players=players, locale=locale)


def own_controls_at_start(game_id: str, locale: str) -> BoardMessage:
    """A game with its own controls (a test game's), as its start offers them."""
    game = get_game(game_id)
    state = game.setup(game.min_players, 3, {})
    seat = game.status(state).to_move[0]
    legal = [game.format_action(a) for a in game.legal_actions(state, seat)]
    controls = presentation_of(game_id).controls(game.view(state, None), legal, None)
    match = Match(id="abc234", game_id=game_id, guild_id=1, channel_id=2, host_id=1, seed=5)
    view = controls_components(match, controls, locale)
    return board_of(game_id, state, view, players=game.min_players, locale=locale)


def crowded_board(game_id: str, locale: str) -> BoardMessage:
    if game_id == "cartolan":
        return crowded_cartolan(TALLEST, TALLEST_CROWDED, locale)
    if registration(game_id).public_controls:
        return own_controls_at_start(game_id, locale)
    return crowded_table_game(game_id, locale)


def main_rows(board: BoardMessage) -> list[dict[str, Any]]:
    (container,) = board.layout().to_components()
    rows = [part for part in container["components"] if part["type"] == 1]
    return rows[:-1] if board.apart else rows


@pytest.mark.parametrize("locale", locales_under_test())
@pytest.mark.parametrize("game_id", [game.id for game in list_games()])
def test_the_main_controls_fit_one_phone_screen_with_the_picture(game_id: str, locale: str) -> None:
    board = crowded_board(game_id, locale)
    assert picture_to_controls(board) <= SCREEN


def test_cartolan_s_crowded_boards_are_what_they_were_chosen_for() -> None:
    """If the computer players change, the seeded games lose their crowded boards: say so."""
    tallest = crowded_cartolan(TALLEST, TALLEST_CROWDED)
    assert tallest.png is not None
    width, height = Image.open(io.BytesIO(tallest.png)).size
    assert height / width > 1.5 and len(main_rows(tallest)) == 4
    assert len(main_rows(crowded_cartolan(BEGINNER, BEGINNER_CROWDED))) == 4
    assert BEGINNER.play()[1] == BEGINNER_STEPS


def test_the_arithmetic_matches_the_browser() -> None:
    """The Beginner game's crowded board as the Preview laid it out in Chromium at 400 × 844:
    490.3 px from the picture's top to the bottom of Wait / End turn / Hint (the arithmetic
    may only err on the tall side, by at most a wrapped line)."""
    measured = 490.3
    assert measured - 1 <= picture_to_controls(crowded_cartolan(BEGINNER, BEGINNER_CROWDED))
    assert picture_to_controls(crowded_cartolan(BEGINNER, BEGINNER_CROWDED)) <= measured + 40
