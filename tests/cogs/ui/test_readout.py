"""Read the board: the whole position in words, privately, from what the caller may see."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from cogs.ui.labels import say
from gamecore.presentation import card_text
from tests.cogs.helpers import custom_ids, japanese, make_world

GAME = "speiderne"


async def start_table(env, world):
    opened = await world.alice.slash(world.channel, "game new", game=GAME, seed=9)
    lobby = opened.response.message
    (match,) = await env.bot.service.find_matches(world.alice.id, world.channel.id)
    await world.bob.click(lobby, custom_id=f"tt:lb:{match.id}:join")
    await world.alice.click(lobby, custom_id=f"tt:lb:{match.id}:start")
    match = await env.bot.service.get(match.id)
    board = next(m for m in world.channel.history() if m.id == match.board_message_id)
    return match, board


def private_texts(result) -> list[str]:
    said = [m for m in (result.response, *result.followups) if m is not None]
    assert said and all(m.ephemeral for m in said)  # nothing public
    return [str(m.content) for m in said if m.content]


def hand_words(env, match, user_id, locale="en") -> list[str]:
    hand = env.bot.service.hand_seen(match, user_id).view["hand"]
    return [say(card_text(card), locale) for card in hand]


async def test_read_the_board_answers_privately_with_the_position_and_own_cards(env) -> None:
    world = make_world(env)
    match, board = await start_table(env, world)
    read = f"tt:do:{match.id}:{match.version}:read"
    assert read in custom_ids(board)  # on the board, for everyone
    texts = private_texts(await world.alice.click(board, custom_id=read))
    text = "\n".join(texts)
    assert all(len(part) <= 2000 for part in texts)
    lines = text.splitlines()
    assert lines[0].startswith("Speiderne, step")
    assert "To move" in lines[1] or "turn" in lines[1].lower()  # whose turn comes first
    assert "alice" in text and "bob" in text
    assert "The position:" in text and "What only you see:" in text
    assert "Round" in text and "Scores" in text  # counts of each seat, as the game says them
    assert all(card in text for card in hand_words(env, match, world.alice.id))
    theirs = set(hand_words(env, match, world.bob.id)) - set(hand_words(env, match, world.alice.id))
    assert theirs and not any(f" {card}" in text for card in theirs)  # bob's cards stay hidden


async def test_game_board_reads_the_same_and_a_spectator_gets_no_hand(env) -> None:
    world = make_world(env)
    match, board = await start_table(env, world)
    by_command = "\n".join(private_texts(await world.alice.slash(world.channel, "game board")))
    assert "The position:" in by_command and "What only you see:" in by_command
    carol = world.guild.add_member(env.create_user("carol"))
    read = f"tt:do:{match.id}:{match.version}:read"
    watched = "\n".join(private_texts(await carol.click(board, custom_id=read)))
    assert "The position:" in watched and "What only you see:" not in watched
    for user_id in (world.alice.id, world.bob.id):
        assert not any(f" {card}" in watched for card in hand_words(env, match, user_id))


@pytest.fixture
def alice_reads_japanese(env, monkeypatch) -> Iterator[None]:
    world = make_world(env)
    env.world = world
    with japanese(monkeypatch, {world.alice.id}):
        yield


@pytest.mark.usefixtures("alice_reads_japanese")
async def test_read_the_board_in_the_reader_s_language(env) -> None:
    world = env.world
    match, board = await start_table(env, world)
    read = f"tt:do:{match.id}:{match.version}:read"
    text = "\n".join(private_texts(await world.alice.click(board, custom_id=read)))
    assert "局面：" in text and "あなただけに見える情報：" in text
    assert all(card in text for card in hand_words(env, match, world.alice.id, "ja"))
