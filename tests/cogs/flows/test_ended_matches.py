"""A process that runs for months keeps nothing for the matches that ended (issue 21 item
10): the publisher drops a match's state, the board's recalled steps go, and a computer seat's
finished task is let go."""

from __future__ import annotations

from tests.cogs.flows.test_drop_four_e2e import column_buttons, open_lobby
from tests.cogs.helpers import board_message, make_world


async def test_an_ended_match_with_a_computer_seat_leaves_nothing_in_the_process(env) -> None:
    world = make_world(env)
    match_id, lobby = await open_lobby(env, world)
    await world.alice.select(lobby, ["random"], custom_id=f"tt:cpu:{match_id}")
    await world.alice.click(lobby, custom_id=f"tt:lb:{match_id}:start")
    board = await board_message(env, world, match_id)
    column = next(c for c, button in column_buttons(board).items() if not button.get("disabled"))
    await world.alice.click(board, custom_id=column_buttons(board)[column]["custom_id"])
    assert len(await env.bot.service.actions(match_id)) >= 2  # the computer has answered
    assert match_id not in env.bot.computer_tasks  # its run is over: the task is let go
    assert env.bot.publisher.holds(match_id)  # a live match keeps its board's state
    recalled = env.bot.recent_steps[match_id]  # and the steps its board recalls, in words:
    assert recalled and all(step.match.state is None for step in recalled)  # no game states

    await world.alice.slash(world.channel, "game resign", match=match_id)
    assert (await env.bot.service.get(match_id)).status != "playing"
    assert not env.bot.publisher.holds(match_id)
    assert env.bot.computer_tasks == {}
    assert env.bot.recent_steps == {}
