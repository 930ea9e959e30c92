"""Cartolan end to end: lobby options and computer types, turn buttons on the public board,
computer turns as one board update each, refusals, a restart in the middle of a turn."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from cogs.flows.next_turn import summarize_turn
from gamecore.contract import Event
from gamecore.registry import presentation_of
from service import TurnOutcome
from tests.cogs.helpers import (
    World,
    assert_board_png,
    board_message,
    board_text,
    components,
    custom_ids,
    japanese,
    make_world,
    posted,
    private_text,
)

GAME = "cartolan"


async def open_lobby(
    env: Any, world: Any, seed: int, options: str = "mode=beginner"
) -> tuple[str, Any]:
    opened = await world.alice.slash(
        world.channel, "game new", game=GAME, seed=seed, options=options
    )
    (match,) = await env.bot.service.find_matches(world.alice.id, world.channel.id)
    return match.id, opened.response.message


@dataclass(frozen=True)
class TwoPersonStart:
    """A started Alice-and-Bob match: who moves first (``mover``) and who waits (``other``)."""

    match_id: str
    match: Any
    mover: Any
    other: Any


async def start_alice_and_bob(env: Any, world: Any, seed: int) -> TwoPersonStart:
    """Alice opens a lobby, Bob joins, Alice starts; the seat to move decides who is who."""
    match_id, lobby = await open_lobby(env, world, seed=seed)
    await world.bob.click(lobby, custom_id=f"tt:lb:{match_id}:join")
    await world.alice.click(lobby, custom_id=f"tt:lb:{match_id}:start")
    match = await env.bot.service.get(match_id)
    alice_moves = match.seats[match.to_move[0]].user_id == world.alice.id
    mover, other = (world.alice, world.bob) if alice_moves else (world.bob, world.alice)
    return TwoPersonStart(match_id, match, mover, other)


def enabled(message: Any) -> list[dict]:
    return [c for c in components(message) if not c.get("disabled") and "custom_id" in c]


def button(message: Any, suffix: str) -> dict | None:
    return next(
        (c for c in enabled(message) if c["type"] == 2 and c["custom_id"].endswith(suffix)), None
    )


async def seat_computers(env: Any, world: Any, match_id: str, lobby: Any, types: list[str]) -> None:
    for name in types:
        await world.alice.select(lobby, [name], custom_id=f"tt:cpu:{match_id}")
    match = await env.bot.service.get(match_id)
    assert [s.computer for s in match.seats] == [None, *types]


async def test_lobby_shows_the_defaults_and_offers_computer_types(env) -> None:
    world = make_world(env)
    match_id, lobby = await open_lobby(env, world, seed=3)
    text = board_text(lobby)
    assert "**Mode**: beginner" in text and "**Preset**: classic" in text
    assert "clockwise (default)" in text and "**Mythical City**: off (default)" in text
    assert "Options: " not in board_text(lobby)  # the one-line list is replaced
    ids = custom_ids(lobby)
    assert f"tt:cpu:{match_id}" in ids and f"tt:lb:{match_id}:addcpu" not in ids
    (menu,) = [c for c in components(lobby) if c["type"] == 3]
    assert [o["value"] for o in menu["options"]] == [
        "explorer",
        "trader",
        "router",
        "pirate",
        "random",
    ]
    refused = await world.bob.select(lobby, ["pirate"], custom_id=f"tt:cpu:{match_id}")
    assert "host" in private_text(refused)
    await seat_computers(env, world, match_id, lobby, ["router", "pirate", "random"])
    current = await board_message(env, world, match_id)
    assert f"tt:cpu:{match_id}" not in custom_ids(
        current
    )  # every seat taken: no menu to choose from
    assert "Router (computer)" in board_text(current)


async def play_person_turn(world: Any, board: Any, done: dict[str, int]) -> None:
    """One click by alice: place an Agent when offered, explore once a turn, bank what she
    carries at a city, leave the city, else end the Adventurer's turn."""
    agent = button(board, ":agent")
    explore = next(
        (c for c in enabled(board) if c["type"] == 2 and c.get("label", "").endswith(" New")), None
    )
    end = button(board, ":end")
    step = next((c for c in enabled(board) if c["type"] == 2 and ":move " in c["custom_id"]), None)
    leave = button(board, ":done")
    selects = [c for c in enabled(board) if c["type"] == 3]
    if agent is not None:
        done["agent"] += 1
        await world.alice.click(board, custom_id=agent["custom_id"])
    elif explore is not None and done["turn_explored"] == 0:
        done["explore"] += 1
        done["turn_explored"] = 1
        clicked = await world.alice.click(board, custom_id=explore["custom_id"])
        log = board_text(clicked.response)
        assert "explored" in log or "found no tile" in log or "disaster" in log, log
    elif done["turn_explored"] == 0 and step is not None and not done["turn_moved"]:
        done["turn_moved"] = 1  # out of the Capital first: its neighbours are all laid
        await world.alice.click(board, custom_id=step["custom_id"])
    elif selects and selects[0]["options"][0]["value"].startswith("bank"):
        done["bank"] += 1
        await world.alice.select(
            board, [selects[0]["options"][0]["value"]], custom_id=selects[0]["custom_id"]
        )
    elif leave is not None:
        await world.alice.click(board, custom_id=leave["custom_id"])
    elif end is not None:
        done["turn_explored"] = done["turn_moved"] = 0
        await world.alice.click(board, custom_id=end["custom_id"])
    elif selects:
        await world.alice.select(
            board, [selects[0]["options"][0]["value"]], custom_id=selects[0]["custom_id"]
        )
    else:
        other = next(
            c for c in enabled(board) if c["type"] == 2 and ":tt:do:" not in c["custom_id"]
        )
        await world.alice.click(board, custom_id=other["custom_id"])


async def test_one_person_and_three_computers_play_to_the_end(env) -> None:
    env.bot.computer_delay = 0.0
    world = make_world(env)
    match_id, lobby = await open_lobby(env, world, seed=2)  # a short game
    await seat_computers(env, world, match_id, lobby, ["explorer", "trader", "pirate"])
    await world.alice.click(lobby, custom_id=f"tt:lb:{match_id}:start")
    done = {"agent": 0, "explore": 0, "bank": 0, "turn_explored": 0, "turn_moved": 0}
    edits_before = board_edits(env, lobby.id)
    computer_turns = 0
    for _ in range(2000):
        match = await env.bot.service.get(match_id)
        if match.status != "playing":
            break
        if match.awaits_computer:
            await env.advance_time(1)
            continue
        board = await board_message(env, world, match_id)
        if "🤖" in board_text(board):
            computer_turns += 1
        await play_person_turn(world, board, done)
    match = await env.bot.service.get(match_id)
    assert match.status == "finished" and match.result["winners"]
    assert done["explore"] >= 1 and done["agent"] + done["bank"] >= 1
    board = await board_message(env, world, match_id)
    await assert_board_png(board)
    assert custom_ids(board) == [
        f"tt:rm:{match_id}",
        f"tt:rv:{match_id}",
        f"tt:do:{match_id}:{match.version}:read",
    ]  # no dead buttons: Rematch, Review, Read the board
    # One board edit per person step and per computer turn, far fewer than computer steps.
    actions = await env.bot.service.actions(match_id)
    computer_steps = sum(1 for a in actions if match.seats[a.seat].is_computer)
    assert board_edits(env, lobby.id) - edits_before < computer_steps
    assert computer_turns >= 3


def board_edits(env: Any, message_id: int) -> int:
    return sum(
        1
        for r in env.http_requests
        if r.method == "PATCH" and (str(message_id) in r.path or "@original" in r.path)
    )


@pytest.mark.postgres  # a large game state saved and loaded again
async def test_buttons_refuse_other_users_and_survive_a_restart(env, make_bot) -> None:
    world = make_world(env)
    carol = world.guild.add_member(env.create_user("carol"))
    started = await start_alice_and_bob(env, world, seed=5)
    match_id, match, mover, other = started.match_id, started.match, started.mover, started.other
    board = await board_message(env, world, match_id)
    step = next(c for c in enabled(board) if ":move " in c["custom_id"])
    assert step["custom_id"].startswith(f"tt:mb:{match_id}:{match.version}:move ")
    for intruder, why in ((other, "not your turn"), (carol, "no seat")):
        refused = await intruder.click(board, custom_id=step["custom_id"])
        assert why in private_text(refused).lower()
    assert (await env.bot.service.get(match_id)).version == match.version

    old_board = board  # a reposted board replaces the old message (one board per match)
    board = posted(await mover.slash(world.channel, "game show"))
    assert old_board.id not in {m.id for m in world.channel.history()}
    moved = await mover.click(board, custom_id=step["custom_id"])
    assert not moved.ephemeral
    middle = await env.bot.service.get(match_id)
    assert middle.steps == match.steps + 1 and middle.to_move == match.to_move  # mid-turn

    await env.bot.close()
    await env.restart_bot(make_bot())
    board = await board_message(env, world, match_id)
    end = button(board, ":end")
    assert end is not None and end["custom_id"] == f"tt:mb:{match_id}:{middle.version}:end"
    ended = await mover.click(board, custom_id=end["custom_id"])
    assert ended.acknowledged and not ended.ephemeral
    after = await env.bot.service.get(match_id)
    assert after.steps > middle.steps
    actions = await env.bot.service.actions(match_id)
    assert actions[-1].notation == "end" or after.to_move != middle.to_move


def test_a_computer_turn_is_summed_up_in_one_short_log() -> None:
    def step(notation: str, *events: Event, final: Any = None) -> TurnOutcome:
        return TurnOutcome(
            match=final,
            seat=1,
            seat_name="pirate 1",
            notation=notation,
            events=events,
            kind="computer",
        )

    steps = [
        step("move 1 N", Event("move", {"side": "N"})),
        step("move 1 E", Event("explore", {"x": 1, "y": 1, "reward": 2})),
        step("agent", Event("agent_placed", {"x": 1, "y": 1})),
        step("move 1 S", Event("move", {"side": "S"})),
        step("end", Event("end_turn", {}), final="last"),
    ]
    summary = summarize_turn(steps, presentation_of("cartolan"))
    assert summary.notation == "N E · agent · S · end"
    assert [e.kind for e in summary.events] == ["explore", "agent_placed"]
    assert (
        summary.match == "last" and summary.seat_name == "pirate 1" and summary.kind == "computer"
    )


async def test_a_japanese_server_gets_japanese_labels_and_play_still_works(
    env, monkeypatch
) -> None:
    env.bot.computer_delay = 0.0
    guild = env.create_guild("Tabletop", preferred_locale="ja")  # computers redraw in it
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    world = World(guild, channel, alice, guild.add_member(env.create_user("bob")))
    with japanese(monkeypatch, {world.alice.id}, {world.guild.id}):
        match_id, lobby = await open_lobby(env, world, seed=4, options="preset=modern")
        assert "**オプション**" in board_text(lobby)
        assert "continuous（既定）" in board_text(lobby)
        await seat_computers(env, world, match_id, lobby, ["trader"])
        await world.alice.click(lobby, custom_id=f"tt:lb:{match_id}:start")
        before = await env.bot.service.get(match_id)
        typed = await world.alice.autocomplete(world.channel, "play", "move", "end")
        assert [c["value"] for c in typed] == ["end"]
        played = await world.alice.slash(world.channel, "play", move="end")
        assert played.ephemeral
        after = await env.bot.service.get(match_id)
        assert after.steps > before.steps and not after.awaits_computer
        board = await board_message(env, world, match_id)  # redrawn in the server's language
        assert "🤖" in board_text(board)  # the computer's turn, logged in Japanese
        labels = [c.get("label", "") for c in components(board) if c["type"] == 2]
        assert "↑" in labels and "手番終了" in labels, labels


async def test_the_player_picks_the_adventurer_the_direction_buttons_move(env) -> None:
    """Classic with a second Adventurer: the board names both, the pad starts on the first;
    the player to move switches it to the second (nobody else may), and its steps move it."""
    world = make_world(env)
    match_id, lobby = await open_lobby(env, world, seed=3, options="second_adventurer=on")
    text = board_text(lobby)
    assert "**Second Adventurer**: on" in text and "**Travel money**: off (default)" in text
    await world.bob.click(lobby, custom_id=f"tt:lb:{match_id}:join")
    await world.alice.click(lobby, custom_id=f"tt:lb:{match_id}:start")
    match = await env.bot.service.get(match_id)
    mover, other = (
        (world.alice, world.bob)
        if match.seats[match.to_move[0]].user_id == world.alice.id
        else (world.bob, world.alice)
    )
    board = await board_message(env, world, match_id)
    pieces = {c["label"]: c for c in components(board) if c["custom_id"].startswith("tt:pc:")}
    assert sorted(pieces) == ["Adventurer 1", "Adventurer 2"]
    assert (
        pieces["Adventurer 1"]["style"] == 1 and pieces["Adventurer 2"]["style"] == 2
    )  # 1 selected
    assert {
        c["custom_id"].rsplit(":", 1)[1] for c in enabled(board) if ":move " in c["custom_id"]
    } <= {f"move 1 {side}" for side in "NESW"}
    refused = await other.click(board, custom_id=pieces["Adventurer 2"]["custom_id"])
    assert "not your turn" in private_text(refused).lower()
    switched = await mover.click(board, custom_id=pieces["Adventurer 2"]["custom_id"])
    assert switched.acknowledged and not switched.ephemeral
    board = await board_message(env, world, match_id)
    steps = [c["custom_id"] for c in enabled(board) if ":move " in c["custom_id"]]
    assert steps and all(":move 2 " in step for step in steps)
    await assert_board_png(board)  # the layout keeps its picture and text, not only the buttons
    assert "Seats: " in board_text(board)
    assert (await env.bot.service.get(match_id)).version == match.version  # nothing was played
    moved = await mover.click(board, custom_id=steps[0])
    assert moved.acknowledged and not moved.ephemeral
    actions = await env.bot.service.actions(match_id)
    assert actions[-1].notation == steps[0].rsplit(":", 1)[1]
