"""Menus speak words, not notation: every move a game puts in a menu reads as what it does, in
both languages, with the notation kept as the option's value (what ``/play`` takes)."""

from __future__ import annotations

import random

import pytest

from cogs.ui.labels import say
from gamecore.presentation import Presentation
from gamecore.registry import get_game, list_games, presentation_of
from tests.bot.helpers import components, make_world, select_options

WORDED = sorted(
    g.id
    for g in list_games()
    if type(presentation_of(g.id)).move_text is not Presentation.move_text
)


def test_the_card_games_declare_their_words() -> None:
    assert {"cartographer", "dungeon-delver", "speiderne", "cartolan"} <= set(WORDED)


@pytest.mark.parametrize("game_id", WORDED)
def test_every_legal_move_reads_as_words(game_id: str) -> None:
    game = get_game(game_id)
    presentation = presentation_of(game_id)
    seats = max(game.min_players, min(3, game.max_players))
    rng = random.Random(5)
    state = game.setup(seats, 5, None)
    defended = False
    for _ in range(400):
        status = game.status(state)
        if status.over:
            break
        seat = status.to_move[0]
        legal = game.legal_actions(state, seat)
        view = game.view(state, seat)
        for action in legal:
            notation = game.format_action(action)
            for locale in ("en", "ja"):
                words = say(presentation.move_text(notation, view), locale)
                assert words != notation and not words.startswith("move."), (notation, words)
            if notation.startswith("defend ") and view.get("pending"):
                defended = True
                against = view["pending"]["against"]
                english = say(presentation.move_text(notation, view), "en")
                assert against[:-1] in english, english  # the threat is named
        state, _ = game.apply(state, seat, legal[rng.randrange(len(legal))])
    if game_id == "speiderne":
        assert defended, "no storm came up: choose another seed"


async def test_a_solo_board_offers_its_moves_in_words(env) -> None:
    world = make_world(env)
    opened = await world.alice.slash(world.channel, "game new", game="cartographer", seed=7)
    board = opened.response.message
    raw = [c for c in components(board) if c["type"] == 3]
    options = [o for select in raw for o in select["options"]]
    assert options and all(o["label"] != o["value"] for o in options)
    reveal = next(o for o in options if o["value"].startswith("reveal "))
    assert reveal["label"].startswith("Turn over ") and reveal["description"] == reveal["value"]
    assert {o["value"] for o in options} == {
        v for values in select_options(board).values() for v in values
    }
