"""What cogs/flows/tournaments.py does with a ``/tournament new`` and a board: the tables'
clock split from the game's options in the flow; the board through the match boards'
publisher (cogs/delivery), one queue per board, so a late redraw of an older version never
covers a newer one."""

from __future__ import annotations

from typing import Any

from cogs.flows import tournaments


def board_words(message: Any) -> str:
    embed = message.embeds[0]
    return " ".join(
        [embed.title or "", embed.description or ""]
        + [f"{field.name} {field.value}" for field in embed.fields]
    )


async def new_cup(person: Any, channel: Any, **options: str) -> Any:
    """``/tournament new`` of a two-seat Speiderne Swiss named Cup."""
    return await person.slash(
        channel, "tournament new", name="Cup", game="speiderne", format="swiss", seats=2, **options
    )


async def test_a_late_redraw_of_an_older_version_does_not_cover_the_board(env) -> None:
    guild = env.create_guild("Tabletop")
    channel = guild.create_text_channel("tournaments")
    alice, bob = (guild.add_member(env.create_user(name)) for name in ("alice", "bob"))
    await new_cup(alice, channel)
    (tm,) = env.bot.tournaments.open_in(guild.id)
    before = await env.bot.tournaments.get(tm.id, guild.id)  # nobody has entered yet
    await bob.slash(channel, "tournament join", tournament=tm.id)
    after = await env.bot.tournaments.get(tm.id, guild.id)
    (board,) = [m for m in channel.history() if m.id == after.board_message_id]
    assert "bob" in board_words(board)
    await tournaments.redraw(env.bot, before)  # e.g. a table's end hook that ran late
    (board,) = [m for m in channel.history() if m.id == after.board_message_id]
    assert "bob" in board_words(board)


async def test_the_clock_option_is_the_tables_clock_and_a_bad_one_creates_nothing(env) -> None:
    guild = env.create_guild("Tabletop")
    channel = guild.create_text_channel("tournaments")
    alice = guild.add_member(env.create_user("alice"))
    refused = await new_cup(alice, channel, options="clock=soon")
    assert refused.ephemeral and env.bot.tournaments.open_in(guild.id) == []
    await new_cup(alice, channel, options="clock=2h")
    (tm,) = env.bot.tournaments.open_in(guild.id)
    assert tm.turn_limit == 2 * 3600 and "clock" not in tm.options
