"""Boards as Components V2 layouts: within Discord's limits, and an old embed board becomes a
layout on its next redraw with its custom ids still working."""

from __future__ import annotations

import discord
import simcord.components

import renderer
from cogs.ui.components import BoardButton, MoveButton, MoveSelect
from cogs.ui.layout import COMPONENT_LIMIT, GALLERY_ALT_LIMIT, TEXT_LIMIT, BoardMessage
from tests.cogs.helpers import (
    assert_board_png,
    board_message,
    board_text,
    custom_ids,
    layout,
    make_world,
    select_for,
    start,
)


def crowded_controls() -> discord.ui.View:
    """The most a board's controls take: four rows of five buttons and a full last row."""
    components = discord.ui.View(timeout=None)
    for row in range(4):
        for column in range(5):
            components.add_item(
                MoveButton("m1", 3, f"move {row} {column}", label="x", row=row).item
            )
    for action in ("hint", "resign", "hand", "rules", "pass"):
        components.add_item(BoardButton("m1", 3, action, label=action).item)
    return components


def test_a_crowded_board_fits_discords_limits() -> None:
    board = BoardMessage(
        title="Game",
        head=("Turn: **① alice**", "Seats: ① alice · ② bob"),
        png=b"png",
        controls=crowded_controls(),
        footer="Match m1 · step 3",
        body=tuple(f"• event line {i} " + "x" * 80 for i in range(200)),
        fields=(("Options", "y" * 900),),
        accent=renderer.seat_colour(1),
        alt_text="z" * 2000,
    )
    raw = board.layout().to_components()
    everything = list(simcord.components.walk_components(raw))
    assert len(everything) <= COMPONENT_LIMIT
    texts = [c["content"] for c in everything if c["type"] == 10]
    assert sum(map(len, texts)) <= TEXT_LIMIT
    assert "event line 199" in texts[-2] and "event line 0 " not in "".join(
        texts
    )  # the newest lines stay
    (gallery,) = [c for c in everything if c["type"] == 12]
    assert (
        len(gallery["items"]) <= 10 and len(gallery["items"][0]["description"]) <= GALLERY_ALT_LIMIT
    )
    assert raw[0]["type"] == 17 and raw[0]["accent_color"] == renderer.seat_colour(1)
    assert len([c for c in everything if c["type"] in (2, 3)]) == 25  # every control kept
    # the same layout passes simcord's validation of a V2 message (Discord's rules)
    simcord.components.validate_message_state(raw, flags=1 << 15, content=None, embeds=[])


async def test_a_board_is_one_layout_in_the_mover_s_colour(env) -> None:
    world = make_world(env)
    match_id, message = await start(env, world, "cartographer", seed=3)
    await assert_board_png(message)
    assert not message.content and not message.embeds
    (container,) = [c for c in layout(message) if c["type"] == 17]
    assert container["accent_color"] == renderer.seat_colour(0)
    assert "Cartographer's Expedition" in board_text(message)
    # Resign cannot be undone: grey, on the last row apart from the moves and Hint, with only
    # Read the board (which changes nothing) before it
    *moves, last = [row["components"] for row in layout(message) if row["type"] == 1]
    read, resign = last
    assert read["custom_id"].endswith(":read") and read["label"] == "Read the board"
    assert (
        resign["custom_id"].endswith(":resign")
        and resign["style"] == discord.ButtonStyle.secondary.value
    )
    assert all(not c["custom_id"].endswith(":resign") for row in moves for c in row)


async def test_an_old_embed_board_becomes_a_layout_and_its_buttons_keep_working(env) -> None:
    world = make_world(env)
    match_id, message = await start(env, world, "cartographer", seed=3)
    match = await env.bot.service.get(match_id)
    move = (await env.bot.service.legal_moves(match_id, world.alice.id))[0]
    # a board as the bot posted it before layouts: an embed, a picture, rows of components
    old = discord.ui.View(timeout=None)
    old.add_item(
        MoveSelect(
            match_id, match.version, 0, options=[discord.SelectOption(label=move, value=move)]
        ).item
    )
    old.add_item(BoardButton(match_id, match.version, "hint", label="Hint").item)
    channel = env.bot.get_partial_messageable(world.channel.id, guild_id=world.guild.id)
    posted = await channel.send(
        "Your decision", embed=discord.Embed(title="Cartographer"), view=old
    )
    await env.bot.service.set_board_message(match_id, posted.id)
    legacy = next(m for m in world.channel.history() if m.id == posted.id)
    assert legacy.embeds and not legacy.flags.value & (1 << 15)

    await world.alice.select(legacy, [move], custom_id=select_for(legacy, move))
    assert (await env.bot.service.get(match_id)).steps == 1
    board = await board_message(env, world, match_id)
    assert board.id == posted.id  # edited in place
    assert board.flags.value & (1 << 15) and not board.embeds and not board.content
    assert "step 1" in board_text(board) and custom_ids(board)


async def test_the_bot_keeps_no_view_object_per_message_it_sent(env) -> None:
    """The builders lay out plain items; clicks are answered by the ``DynamicItem`` classes
    registered for their custom ids (cogs/ui/components.py), so discord.py keeps no view
    for each board, hand or lobby sent (a process runs for months), and the board's
    controls still play."""
    world = make_world(env)
    match_id, message = await start(env, world, "cartographer", seed=3)
    store = env.bot._connection._view_store
    assert store._views == {} and store._synced_message_views == {}
    move = (await env.bot.service.legal_moves(match_id, world.alice.id))[0]
    select = select_for(message, move)
    result = await world.alice.select(message, [move], custom_id=select)
    assert result.acknowledged
    assert (await env.bot.service.get(match_id)).steps == 1
    assert store._views == {} and store._synced_message_views == {}
