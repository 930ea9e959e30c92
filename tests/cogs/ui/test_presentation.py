"""Every registered game's presentation, checked the same way: the computer players a lobby
offers exist, every option has a line, and declared controls offer only legal moves, with
texts in both languages, drawn within Discord's limits."""

from __future__ import annotations

import random

import discord
import pytest

from cogs.ui.controls import controls_components, part_placeholders
from cogs.ui.labels import say
from gamecore.contract import Game
from gamecore.match import Match, Seat
from gamecore.presentation import Controls, Move, Text
from gamecore.registry import list_games, presentation_of, registration
from tests.cogs.helpers import playing_match

GAMES = list_games()


def grid_moves(controls: Controls) -> list[Move]:
    return [move for row in controls.grid for move in row]


def texts(controls: Controls) -> list[Text]:
    found = [move.label for move in (*controls.pad, *controls.finish, *grid_moves(controls))]
    found += [offer.label for offer in controls.offers]
    found += [move.label for offer in controls.offers for move in offer.moves]
    if controls.pieces is not None:
        found += [piece.label for piece in controls.pieces.pieces]
    return found


def notations(controls: Controls) -> set[str]:
    moves = (
        *controls.pad,
        *controls.finish,
        *grid_moves(controls),
        *(m for offer in controls.offers for m in offer.moves),
    )
    return {move.notation for move in moves if move.enabled}


def board_match(game: Game, state: object, seat: int, players: int) -> Match:
    seats = tuple(Seat(100 + s, None, f"p{s}") for s in range(players))
    return playing_match(game.id, seats, state, to_move=seat, version=3)


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_lobby_declarations_name_real_players_and_every_option(game: Game) -> None:
    presentation = presentation_of(game.id)
    assert set(presentation.computer_players) <= set(game.players())
    options = game.resolve_options({})
    assert [line.name for line in presentation.option_lines(options)] == list(options)
    for line in presentation.option_lines(options):
        for locale in ("en", "ja"):
            assert say(line.label, locale) and not say(line.label, locale).startswith("option.")


@pytest.mark.parametrize(
    "game", [g for g in GAMES if registration(g.id).public_controls], ids=lambda g: g.id
)
def test_declared_controls_offer_only_legal_moves_within_discords_limits(game: Game) -> None:
    presentation = presentation_of(game.id)
    rng = random.Random(3)
    players = max(2, game.min_players)
    state = game.setup(players, 3, {})
    for _ in range(60):
        status = game.status(state)
        if status.over:
            break
        seat = status.to_move[0]
        legal = game.legal_actions(state, seat)
        legal_text = [game.format_action(action) for action in legal]
        controls = presentation.controls(game.view(state, None), legal_text, None)
        assert controls is not None
        assert notations(controls) <= set(legal_text)
        for text in texts(controls):
            for locale in ("en", "ja"):
                assert not say(text, locale).strip().startswith(f"{game.id}."), text
        drawn = controls_components(board_match(game, state, seat, players), controls, "en")
        rows = drawn.to_components()
        assert len(rows) <= 5 and all(len(row["components"]) <= 5 for row in rows)
        for item in drawn.children:
            assert len(getattr(item, "custom_id", None) or "") <= 100
            if isinstance(item, discord.ui.Select):
                assert 1 <= len(item.options) <= 25
        idle = presentation.controls(game.view(state, None), [], None)
        assert idle is not None and notations(idle) == set()  # a computer decides: nothing to press
        state, _ = game.apply(state, seat, legal[rng.randrange(len(legal))])


def test_a_grid_of_buttons_is_drawn_as_the_board_it_is() -> None:
    """Tic-tac-toe's 3×3 board: three rows of three buttons in order, the pad above them, the
    finishing buttons below, within Discord's five rows."""
    game = GAMES[0]
    cells = [[f"{column}{row}" for column in "abc"] for row in "123"]
    grid = tuple(
        tuple(Move(cell, Text("x", fallback=cell.upper()), enabled=cell != "b2") for cell in row)
        for row in cells
    )
    controls = Controls(pad=(Move("pass", Text("x", fallback="Pass")),), grid=grid)
    drawn = controls_components(board_match(game, None, 0, 1), controls, "en")
    rows = drawn.to_components()
    labels = [[c.get("label") for c in row["components"]] for row in rows]
    assert labels[0] == ["Pass"]
    assert labels[1:4] == [["A1", "B1", "C1"], ["A2", "B2", "C2"], ["A3", "B3", "C3"]]
    assert rows[2]["components"][1].get("disabled") is True  # b2 is taken
    assert labels[4][-1:] == ["Hint"] and len(rows) == 5  # Resign sits apart (the board's own row)


def test_menus_of_one_kind_never_read_alike_when_their_ends_differ_after_the_level() -> None:
    """Dungeon Delver's explore menus split in two, both from level 2 to level 4: their
    placeholders name the ends' cards too (the Preview found "探索 第2層 – 第4層" twice)."""
    ends = [("探索 第2層：A♠", "探索 第4層：5♦"), ("探索 第2層：6♠", "探索 第4層：K♦")]
    for locale in ("ja", "en"):
        shown = part_placeholders("探索", ends, locale)
        assert len(set(shown)) == 2, shown
    english = [
        ("Explore level 2: A♠", "Explore level 4: 5♦"),
        ("Explore level 2: 6♠", "Explore level 4: K♦"),
    ]
    assert len(set(part_placeholders("Explore", english, "en"))) == 2
