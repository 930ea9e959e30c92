"""``/game takeback`` in Discord: the board shows what would be undone and asks the people
whose steps it undoes; strangers and forged answers are refused privately; a takeback
after a card came to light is refused; the log keeps the takeback."""

from __future__ import annotations

import pytest

from tests.cogs.commands.test_server_settings_e2e import with_admin
from tests.cogs.helpers import (
    board_message,
    board_text,
    custom_ids,
    make_world,
    posts,
    private_text,
)
from tests.hardening.test_bot_hostile import forge


async def two_people(env, world, game: str):
    service = env.bot.service
    lobby = await service.new_match(
        game, world.guild.id, world.channel.id, world.alice.id, user_name="alice"
    )
    await service.lobby_join(lobby.id, world.bob.id, "bob")
    match = await service.lobby_start(lobby.id, world.alice.id)
    await world.alice.slash(world.channel, "game show")
    first = world.alice if match.seats[match.to_move[0]].user_id == world.alice.id else world.bob
    second = world.bob if first is world.alice else world.alice
    return match, first, second


@pytest.mark.postgres  # the waiting takeback and the log's takeback row are stored
async def test_the_board_asks_the_other_player_who_accepts(env) -> None:
    world = make_world(env)
    service = env.bot.service
    match, first, second = await two_people(env, world, "drop-four")
    await first.slash(world.channel, "play", move="c")
    await second.slash(world.channel, "play", move="d")
    asked = await first.slash(world.channel, "game takeback")
    assert "answer on the board" in private_text(asked)
    board = await board_message(env, world, match.id)
    text = board_text(board)
    # what will be undone, in words, before anyone accepts; and who is to answer
    assert "asks to take back" in text and "column c" in text.lower() and "column d" in text
    waiting = await service.get(match.id)
    at = waiting.takeback.at_steps
    yes, no = f"tt:tb:{match.id}:{at}:yes", f"tt:tb:{match.id}:{at}:no"
    assert {yes, no} <= set(custom_ids(board))

    carol = world.guild.add_member(env.create_user("carol"))
    stranger = await carol.click(board, custom_id=yes)
    assert private_text(stranger)  # not a player: refused privately
    forged = await forge(second, board, f"tt:tb:{match.id}:{at + 5}:yes", None)
    assert "no longer asked" in private_text(forged)
    assert (await service.get(match.id)).takeback == waiting.takeback  # nothing changed

    accepted = await second.click(board, custom_id=yes)
    assert accepted.acknowledged
    after = await service.get(match.id)
    assert after.state == match.state and after.to_move == match.to_move
    assert any("Taken back:" in post for post in posts(world))
    log = [a.notation for a in await service.actions(match.id)]
    assert log == ["c", "d", "!takeback 2"]  # the log keeps the takeback
    board = await board_message(env, world, match.id)
    assert "asks to take back" not in board_text(board)
    assert "column d" not in board_text(board)  # the board recalls no undone step
    assert not any(c.startswith("tt:tb:") for c in custom_ids(board))


async def test_a_decline_leaves_the_match_as_it_was(env) -> None:
    world = make_world(env)
    service = env.bot.service
    match, first, second = await two_people(env, world, "drop-four")
    await first.slash(world.channel, "play", move="c")
    await second.slash(world.channel, "play", move="d")
    await first.slash(world.channel, "game takeback")
    before = await service.get(match.id)
    board = await board_message(env, world, match.id)
    declined = await second.click(board, custom_id=f"tt:tb:{match.id}:{before.steps}:no")
    assert "goes on" in private_text(declined)
    after = await service.get(match.id)
    assert after.takeback is None and after.state == before.state and after.steps == before.steps


async def test_no_takeback_after_a_card_came_to_light_nor_for_a_stranger(env) -> None:
    world = make_world(env)
    service = env.bot.service
    match, first, _second = await two_people(env, world, "speiderne")
    drawn = await first.slash(world.channel, "play", move="draw deck")
    assert drawn.acknowledged
    refused = await first.slash(world.channel, "game takeback")
    assert "came to light" in private_text(refused)
    carol = world.guild.add_member(env.create_user("carol"))
    stranger = await carol.slash(world.channel, "game takeback", match=match.id)
    assert private_text(stranger)
    after = await service.get(match.id)
    assert after.steps == 1 and after.takeback is None


async def test_a_server_that_turned_takebacks_off_opens_tables_without_them(env) -> None:
    world = make_world(env)
    carol = with_admin(env, world)
    await carol.slash(world.channel, "settings set", setting="takebacks", value="off")
    await world.alice.slash(world.channel, "game new", game="drop-four")
    (lobby,) = await env.bot.service.find_matches(world.alice.id, world.channel.id)
    assert lobby.takebacks is False
    await env.bot.service.lobby_join(lobby.id, world.bob.id, "bob")
    match = await env.bot.service.lobby_start(lobby.id, world.alice.id)
    first = world.alice if match.seats[match.to_move[0]].user_id == world.alice.id else world.bob
    await first.slash(world.channel, "play", move="c")
    refused = await first.slash(world.channel, "game takeback")
    assert "Takebacks are off at this table" in private_text(refused)
