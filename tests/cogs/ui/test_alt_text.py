"""Alt text: every picture's words come from the view it was drawn from, say whose turn it is,
the scores or counts and the viewer's own cards, fit Discord's limit, and never name a card
that the view hides (a public board's words hold no hand)."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from cogs.ui.alt_text import ATTACHMENT_LIMIT, fit, picture_alt
from cogs.ui.labels import say
from cogs.ui.seats import seat_label
from gamecore.match import Seat
from gamecore.presentation import card_text
from gamecore.registry import get_game, list_games, presentation_of
from gamecore.simulate import available_players
from tests.cogs.helpers import board_message, components, make_world, playing_match
from tests.cogs.ui.test_event_words import notation_in
from tests.i18n.locales import locales_under_test

#: Every locale with a catalog: each translation is checked as it lands.
LOCALES = locales_under_test()
#: Heuristic players where the game has them: positions people actually reach.
PREFERRED = ("heuristic", "trader", "random")


def positions(game_id: str, seats: int, seed: int) -> Iterator[tuple[Any, int]]:
    """(state, step) at the start, every 7th step and the end of one computer-played game."""
    game = get_game(game_id)
    players = available_players(game)
    name = next(n for n in PREFERRED if n in players)
    rngs = [random.Random(seed * 31 + seat) for seat in range(seats)]
    state = game.setup(seats, seed, None)
    step = 0
    yield state, step
    while not game.status(state).over and step < 3000:
        seat = game.status(state).to_move[0]
        legal = game.legal_actions(state, seat)
        state = game.simulation_step(state, seat, legal, players[name], rngs[seat])
        step += 1
        if step % 7 == 0:
            yield state, step
    yield state, step


def words(game_id: str, view: dict, names: list[str], locale: str) -> str:
    return " ".join(say(text, locale) for text in presentation_of(game_id).describe(view, names))


def card_words(card: str, locale: str) -> str:
    return say(card_text(card), locale)


GAMES = sorted(game.id for game in list_games())
#: A count of one with a plural noun ("1 Adventurers", "1 cards").
ONE_OF_MANY = re.compile(r"(?<![\w.,])1 (?:Adventurers|Agents|cards|tiles|cities|steps)\b")


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_describes_its_pictures_from_the_view(game_id: str) -> None:
    game = get_game(game_id)
    seats = game.min_players if game.max_players == 1 else min(3, game.max_players)
    names = [f"player{seat}" for seat in range(seats)]
    for state, step in positions(game_id, seats, seed=3):
        status = game.status(state)
        solo = game.max_players == 1
        public = game.view(state, 0 if solo else None)
        for locale in LOCALES:
            text = words(game_id, public, names, locale)
            assert text, (game_id, step)
            assert "alt." not in text, text  # every key translated
            assert not notation_in(text), text  # words, not notation (the last move too)
            assert len(fit([text])) <= ATTACHMENT_LIMIT
            assert not ONE_OF_MANY.search(text), text  # "1 Adventurer", never "1 Adventurers"
            if not status.over and not solo:
                assert all(names[s] in text for s in status.to_move), (step, text)
            if status.over and status.winners and not solo:
                assert all(names[s] in text for s in status.winners), (step, text)
            if solo:  # the player's own cards are on their board
                for card in public.get("hand", []):
                    assert card_words(card, locale) in text, (step, card, text)
        if solo:
            continue
        seen_in_public = json.dumps(public)
        for seat in range(seats):
            own = game.view(state, seat)
            hand = own.get("hand") or []
            private = words(game_id, own, names, "en")
            for card in hand:
                assert card_words(card, "en") in private, (step, card, private)
                if f'"{card}"' not in seen_in_public:  # hidden from the public board
                    assert card_words(card, "en") not in words(game_id, public, names, "en"), (
                        step,
                        card,
                    )


def test_a_long_description_is_cut_at_a_whole_sentence() -> None:
    sentences = ["First sentence.", "x" * 2000, "never reached."]
    assert fit(sentences) == "First sentence."
    assert len(fit(["y" * 3000])) == ATTACHMENT_LIMIT


def button(message: Any, action: str) -> str:
    return next(
        c["custom_id"] for c in components(message) if c["custom_id"].endswith(f":{action}")
    )


async def test_the_board_and_the_hand_carry_their_own_alt_text(env) -> None:
    """In Discord: the public board's picture describes the public view (no card of any hand),
    each private hand picture its owner's cards."""
    world = make_world(env)
    opened = await world.alice.slash(world.channel, "game new", game="speiderne")
    lobby = opened.response.message
    await world.bob.click(lobby, custom_id=button(lobby, "join"))
    lobby = next(m for m in world.channel.history() if m.id == lobby.id)
    await world.alice.click(lobby, custom_id=button(lobby, "start"))
    (match,) = await env.bot.service.find_matches(world.alice.id, world.channel.id)
    board = await board_message(env, world, match.id)
    (picture,) = board.attachments
    public_words = picture.description or ""
    assert public_words.startswith("Speiderne board") and "Round 1 of" in public_words
    mover = (await env.bot.service.get(match.id)).to_move[0]
    assert f"To move: {seat_label(match, mover, 'en')}" in public_words  # "① alice", as the board
    state = (await env.bot.service.get(match.id)).state
    game = get_game("speiderne")
    for person in (world.alice, world.bob):
        hand = await person.slash(world.channel, "hand")
        assert hand.ephemeral
        (hand_picture,) = hand.response.message.attachments
        seat = next(i for i, s in enumerate(match.seats) if s.user_id == person.id)
        cards = game.view(state, seat)["hand"]
        for card in cards:
            assert card_words(card, "en") in (hand_picture.description or "")
            assert card_words(card, "en") not in public_words


def test_counts_agree_and_names_are_plain_text() -> None:
    """ "1 Adventurer, 0 Agents", "1 city" at the start of Cartolan; alt text is plain text, so a name
    keeps its underscores and stars as typed (no markdown escapes, which a screen reader would
    read out), while the board's message text keeps its escapes."""
    game = get_game("cartolan")
    state = game.setup(2, 5, None)
    seats = (Seat(1, None, "al_ice"), Seat(2, None, "*bob*"))
    match = playing_match("cartolan", seats, state, seed=5, host_id=1)
    alt = picture_alt(match, game.view(state, None), "en")
    assert "① al_ice: vault 0, 1 Adventurer, 0 Agents" in alt and "1 city." in alt, alt
    assert "② *bob*" in alt and "\\" not in alt, alt
    assert seat_label(match, 0, "en") == "① al\\_ice"  # message text: escaped
    japanese = picture_alt(match, game.view(state, None), "ja")
    assert "① al_ice：金庫0、冒険者1、代理人0" in japanese, japanese
