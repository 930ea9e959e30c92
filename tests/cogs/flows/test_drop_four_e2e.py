"""Drop Four, the test-only game, played end to end through the bot: no file outside
``tests/`` knows it. Lobby (options, the computer-player menu, join, start), ``/play`` with
autocomplete, clicks on its declared column buttons, refusals, a computer seat, and a
restart in the middle of the match."""

from __future__ import annotations

from typing import Any

import pytest

from cogs.ui.seats import seat_label
from tests.cogs.clicking import play_notation
from tests.cogs.helpers import (
    assert_board_png,
    board_message,
    board_text,
    components,
    make_world,
    private_text,
)

GAME = "drop-four"


def column_buttons(message: Any) -> dict[str, dict]:
    """Column letter → its button on the board."""
    return {
        c["custom_id"].rsplit(":", 1)[1]: c
        for c in components(message)
        if c["custom_id"].startswith("tt:mb:")
    }


async def open_lobby(env: Any, world: Any, options: str | None = None) -> tuple[str, Any]:
    kwargs = {"options": options} if options else {}
    opened = await world.alice.slash(world.channel, "game new", game=GAME, seed=7, **kwargs)
    (match,) = await env.bot.service.find_matches(world.alice.id, world.channel.id)
    return match.id, opened.response.message


@pytest.mark.postgres  # the match across a restart
async def test_two_people_play_by_clicks_and_by_play_across_a_restart(env, make_bot) -> None:
    world = make_world(env)
    choices = await world.alice.autocomplete(world.channel, "game new", "options", "col", game=GAME)
    assert [c["value"] for c in choices][:1] == ["columns=7"]  # the game's own options
    match_id, lobby = await open_lobby(env, world, options="columns=6")
    text = board_text(lobby)
    assert "**Columns**: 6" in text and "**Rows**: 6" in text
    await world.bob.click(lobby, custom_id=f"tt:lb:{match_id}:join")
    await world.alice.click(lobby, custom_id=f"tt:lb:{match_id}:start")
    match = await env.bot.service.get(match_id)
    first = match.seats[match.to_move[0]].user_id
    mover, other = (world.alice, world.bob) if first == world.alice.id else (world.bob, world.alice)

    board = await board_message(env, world, match_id)
    await assert_board_png(board)
    buttons = column_buttons(board)
    # One spelling of a column: the picture's (a, b, c …), on the buttons and in the text.
    assert sorted(buttons) == list("abcdef") and buttons["a"]["label"] == "Column a"
    refused = await other.click(board, custom_id=buttons["c"]["custom_id"])
    # who can act, named as the board names them: "It is not your turn: ① alice to move; …"
    to_move = seat_label(match, match.to_move[0], "en")
    assert f"It is not your turn: {to_move} to move" in private_text(refused)
    clicked = await mover.click(board, custom_id=buttons["c"]["custom_id"])
    assert clicked.acknowledged and not clicked.ephemeral
    board = await board_message(env, world, match_id)
    assert "column c" in board_text(board).lower()  # the game's event line

    typed = await other.autocomplete(world.channel, "play", "move", "")
    assert [c["value"] for c in typed] == list("abcdef")
    played = await other.slash(world.channel, "play", move="d")
    assert played.ephemeral
    wrong = await mover.slash(world.channel, "play", move="z")
    assert "`a`" in private_text(wrong)  # the refusal quotes the moves
    before = await env.bot.service.get(match_id)
    assert before.steps == 2 and [a.notation for a in await env.bot.service.actions(match_id)] == [
        "c",
        "d",
    ]

    await env.bot.close()
    await env.restart_bot(make_bot())
    board = await board_message(env, world, match_id)
    again = await mover.click(board, custom_id=column_buttons(board)["c"]["custom_id"])
    assert again.acknowledged and not again.ephemeral
    after = await env.bot.service.get(match_id)
    assert after.steps == 3 and after.version > before.version


async def test_a_computer_from_the_lobby_menu_answers_each_move(env) -> None:
    world = make_world(env)
    match_id, lobby = await open_lobby(env, world)
    (menu,) = [c for c in components(lobby) if c["type"] == 3]
    assert [o["value"] for o in menu["options"]] == ["heuristic", "random"]
    await world.alice.select(lobby, ["random"], custom_id=f"tt:cpu:{match_id}")
    await world.alice.click(lobby, custom_id=f"tt:lb:{match_id}:start")
    for _ in range(3):
        match = await env.bot.service.get(match_id)
        if match.status != "playing":
            break
        assert not match.awaits_computer  # the computer has answered: the person decides
        board = await board_message(env, world, match_id)
        column = next(
            c for c, button in column_buttons(board).items() if not button.get("disabled")
        )
        await world.alice.click(board, custom_id=column_buttons(board)[column]["custom_id"])
    match = await env.bot.service.get(match_id)
    actions = await env.bot.service.actions(match_id)
    assert len(actions) >= 5 and {a.seat for a in actions} == {0, 1}


async def test_a_notation_is_played_by_whichever_control_carries_it(env) -> None:
    """``play_notation``: the helper a game's own bot tests use (docs/adding-a-game.md)."""
    world = make_world(env)
    match_id, lobby = await open_lobby(env, world)
    await world.bob.click(lobby, custom_id=f"tt:lb:{match_id}:join")
    await world.alice.click(lobby, custom_id=f"tt:lb:{match_id}:start")
    match = await env.bot.service.get(match_id)
    mover = world.alice if match.seats[match.to_move[0]].user_id == world.alice.id else world.bob
    taps = await play_notation(env, world, match_id, mover, "c")
    assert taps.per_decision == [1] and taps.typed == 0  # the board's column button
    actions = await env.bot.service.actions(match_id)
    assert [a.notation for a in actions] == ["c"]
