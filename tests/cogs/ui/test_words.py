"""Menus speak words, not notation: every move a game puts in a menu reads as what it does, in
both languages, with the notation kept as the option's value (what ``/play`` takes)."""

from __future__ import annotations

import random

import pytest

from cogs.flows.after_game import review_embed
from cogs.ui.board import move_selects
from cogs.ui.labels import say
from gamecore.analysis.outcome import Estimate, Measure
from gamecore.analysis.review import Decision, Review
from gamecore.match import Match, Seat
from gamecore.presentation import Presentation
from gamecore.registry import get_game, list_games, presentation_of
from i18n import rules_pages
from tests.cogs.helpers import (
    board_text,
    components,
    japanese,
    make_world,
    posted,
    select_options,
    start,
)

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
    # the deciding words first and short; details and the notation in the small print
    assert reveal["label"].startswith("Reveal ") and len(reveal["label"]) <= 20, reveal
    assert reveal["description"].endswith(f" · {reveal['value']}"), reveal
    assert {o["value"] for o in options} == {
        v for values in select_options(board).values() for v in values
    }


def test_a_kind_split_over_several_menus_names_its_range_in_words() -> None:
    """More moves of one kind than a menu holds: each menu's placeholder names the range it
    covers as its options read (words), not in notation."""
    match = Match(
        id="abc234", game_id="cartographer", guild_id=1, channel_id=2, host_id=1, seed=3,
        seats=(Seat(1, None, "alice"),), state=None, version=4, status="playing", to_move=(0,),
    )  # fmt: skip
    reveals = [f"reveal {c}{r} {n}H {c}{r + 1}" for c in "ABCDE" for r in (1, 2, 3) for n in (2, 3)]
    for locale in ("en", "ja"):
        selects = move_selects(match, reveals, locale)
        assert len(selects) == 2
        shown = [select.placeholder or "" for select in selects]  # type: ignore[attr-defined]
        assert len(set(shown)) == 2 and all(len(p) <= 20 for p in shown), shown
        for select, placeholder in zip(selects, shown, strict=True):
            assert "reveal" not in placeholder and "2H" not in placeholder, placeholder
            first, last = select.options[0].label, select.options[-1].label  # type: ignore[attr-defined]
            for label in (first, last):  # the cell each end of the range turns over
                assert label.split()[1].split("：")[0] in placeholder, (placeholder, label)


async def test_dungeon_delver_says_each_levels_condition_in_words(env, monkeypatch) -> None:
    """The picture's level badges are symbols (``♣<♦<♥<♠``, ``=``); the board says in words
    what beats a card of every level that still holds cards, in the reader's language."""
    world = make_world(env)
    match_id, board = await start(env, world, "dungeon-delver", 7)
    text = board_text(board)
    assert "Level 1: a higher suit wins (clubs < diamonds < hearts < spades" in text, text
    assert "Level 2: a higher rank wins" in text and "Level 4: the same rank wins" in text
    with japanese(monkeypatch, {world.alice.id}, {world.guild.id}):
        shown = await world.alice.slash(world.channel, "game show")
    text = board_text(posted(shown))
    assert "第1層：より強いスートで勝つ" in text and "第3層：同じスートで勝つ" in text, text


def test_dungeon_delver_rules_say_each_levels_condition_in_words() -> None:
    for locale, words in (("en", "Suits from low to high: clubs"), ("ja", "弱い順にクラブ")):
        body = "\n".join(page.body for page in rules_pages("dungeon-delver", locale))
        assert words in body, locale


def test_the_reviews_biggest_mistakes_are_said_in_words() -> None:
    """Not "`reveal A4 KH B4`": the played and the better move read as the menus say them."""
    match = Match(
        id="abc234", game_id="cartographer", guild_id=1, channel_id=2, host_id=1, seed=3,
        seats=(Seat(1, None, "alice"),), state=None, version=4, status="finished", to_move=(),
    )  # fmt: skip
    decision = Decision(
        step=4, played="reveal A4 KH B4", best="exchange 7D",
        played_value=Estimate(0.2, 0.02, 200), best_value=Estimate(0.5, 0.02, 200),
        loss=0.3, loss_error=0.02, verdict="blunder", options=9,
    )  # fmt: skip
    review = Review("cartographer", 3, 0, Measure("win"), (decision,), 200, 1.0)
    for locale in ("en", "ja"):
        (line,) = review_embed(review, match, locale).fields[0].value.splitlines()
        for notation in ("reveal A4 KH B4", "exchange 7D"):
            assert say(presentation_of("cartographer").move_text(notation), locale) in line
        assert "`" not in line and "KH" not in line and "7D" not in line, line


async def test_a_hint_says_the_move_in_words_with_the_notation_in_small_print(env) -> None:
    world = make_world(env)
    await start(env, world, "cartographer", 7)
    hint = await world.alice.slash(world.channel, "hint")
    words, typed = hint.response.content.split("\n")
    assert words.startswith("Hint: Turn over ") and "`" not in words, words
    assert typed.startswith("-# To type it with /play: `reveal "), typed
