"""Issue 4 end to end (simcord): a Speiderne lobby of two people and a computer, a seeded
match played to the end through ``/play`` and the private hand menus, refusals, private
hands, a restart while a storm defence waits, and the lobby's seat limits.

Every person's move is the heuristic computer player's choice, computed here through
gamecore, so the whole match is known in advance (``plan``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from gamecore.games.speiderne import GAME
from gamecore.match import Seat, seat_order
from tests.cogs.clicking import button_moves, offers, pick
from tests.cogs.helpers import (
    assert_board_png,
    assert_png,
    board_text,
    components,
    custom_ids,
    layout,
    make_world,
    no_played_line,
    notice,
    private_text,
)

#: A short match (``max_rounds=3``) whose seed puts the computer first and gives a person a
#: storm defence with a real choice; found with ``find_seed()`` (checked by the test).
SEED, MAX_ROUNDS = 8, 3
JOIN_ORDER = ("alice", "bob", "computer")


@dataclass(frozen=True)
class Plan:
    """The seeded match with every seat on the heuristic player, as gamecore plays it."""

    order: tuple[str, ...]
    steps: int
    storm_steps: tuple[int, ...]
    winners: tuple[int, ...]


def heuristic_choice(state: Any, seat: int) -> str:
    """The move the heuristic computer player makes for ``seat`` (the service's choice)."""
    legal = GAME.legal_actions(state, seat)
    if len(legal) == 1:
        return GAME.format_action(legal[0])
    heuristic = GAME.players()["heuristic"]
    return GAME.format_action(heuristic(GAME.view(state, seat), legal, random.Random(0)))


def plan(seed: int, max_rounds: int) -> Plan:
    seats = tuple(
        Seat(None if n == "computer" else i, "heuristic" if n == "computer" else None, n)
        for i, n in enumerate(JOIN_ORDER)
    )
    ordered = seat_order(seed, seats)
    state = GAME.setup(len(ordered), seed, {"max_rounds": max_rounds})
    steps, storms = 0, []
    while not GAME.status(state).over:
        seat = GAME.status(state).to_move[0]
        pending = GAME.view(state, seat)["pending"]
        choice = any(a.cards for a in GAME.legal_actions(state, seat))
        if pending and pending["kind"] == "defend" and not ordered[seat].is_computer and choice:
            storms.append(steps)
        state, _ = GAME.apply_notation(state, seat, heuristic_choice(state, seat))
        steps += 1
    return Plan(tuple(s.name for s in ordered), steps, tuple(storms), GAME.status(state).winners)


def find_seed(max_rounds: int = MAX_ROUNDS, tries: int = 100) -> int:
    """The first seed where the computer starts and a person must answer a storm."""
    for seed in range(tries):
        found = plan(seed, max_rounds)
        if found.order[0] == "computer" and found.storm_steps:
            return seed
    raise AssertionError("no seed found")


def public(world: Any, onlooker: Any) -> list[Any]:
    """What a member without a seat sees in the channel."""
    return world.channel.history(viewer=onlooker)


def is_hand_message(message: Any) -> bool:
    return "your hand" in board_text(message) or any(
        a.filename == "hand.png" for a in message.attachments
    )


def test_the_seed_gives_the_planned_table() -> None:
    assert find_seed() == SEED
    planned = plan(SEED, MAX_ROUNDS)
    assert planned.order[0] == "computer" and planned.storm_steps


async def test_two_people_and_a_computer_play_a_seeded_match_to_the_end(env, make_bot) -> None:
    world = make_world(env)
    carol = world.guild.add_member(env.create_user("carol"))  # in the channel, no seat
    planned = plan(SEED, MAX_ROUNDS)
    opened = await world.alice.slash(
        world.channel, "game new", game="speiderne", seed=SEED, options=f"max_rounds={MAX_ROUNDS}"
    )
    lobby = opened.response.message
    (match,) = await env.bot.service.find_matches(world.alice.id, world.channel.id)
    match_id = match.id

    # the lobby: only the host adds computers and starts; start waits for the minimum
    start_button = next(c for c in components(lobby) if c["custom_id"].endswith(":start"))
    assert start_button.get("disabled") is True
    await world.bob.click(lobby, custom_id=f"tt:lb:{match_id}:join")
    lobby = next(m for m in world.channel.history() if m.id == lobby.id)
    start_button = next(c for c in components(lobby) if c["custom_id"].endswith(":start"))
    assert not start_button.get("disabled")
    # Cancel cannot be undone: it sits on a row of its own, after the other buttons
    rows = [
        [c.get("custom_id") for c in row["components"]] for row in layout(lobby) if row["type"] == 1
    ]
    assert rows[-1] == [f"tt:lb:{match_id}:cancel"] and all(
        ":cancel" not in i for r in rows[:-1] for i in r
    )
    for action in ("addcpu", "start", "cancel"):
        refused = await world.bob.click(lobby, custom_id=f"tt:lb:{match_id}:{action}")
        assert (
            "Only the host (alice) can do that: ask them, or open your own match"
            in private_text(refused)
        )
    await world.alice.click(lobby, custom_id=f"tt:lb:{match_id}:addcpu")
    before_start = await env.bot.service.get(match_id)
    assert [s.user_id for s in before_start.seats[:2]] == [world.alice.id, world.bob.id]
    await world.alice.click(lobby, custom_id=f"tt:lb:{match_id}:start")

    # seat order from the seed; the computer (first) has moved by itself
    match = await env.bot.service.get(match_id)
    assert match.status == "playing"
    assert list(match.seats) == list(seat_order(SEED, before_start.seats))
    people = {world.alice.id: world.alice, world.bob.id: world.bob}
    names = tuple("computer" if s.is_computer else people[s.user_id].name for s in match.seats)
    assert names == planned.order
    assert match.steps >= 1 and not match.awaits_computer
    board = next(m for m in world.channel.history() if m.id == match.board_message_id)
    assert "🤖" in board_text(board)  # the computer's one-line log
    await assert_board_png(board)

    restarted = False
    used = {"/play": 0, "menu": 0}
    previous_mover: int | None = None
    for turn in range(200):
        match = await env.bot.service.get(match_id)
        if match.status != "playing":
            break
        assert not match.awaits_computer  # computer seats moved by themselves
        seat = match.to_move[0]
        mover = people[match.seats[seat].user_id]
        other = world.bob if mover is world.alice else world.alice
        notation = heuristic_choice(match.state, seat)
        board = next(m for m in world.channel.history() if m.id == match.board_message_id)

        # the board names the player to move (a layout has no content); a new
        # decision-maker is pinged by a notice on top of the board
        assert mover.name in board_text(board) and not board.content
        # one board per match, the channel's last message, and at most one ping
        seen = public(world, carol)
        assert [m.id for m in seen if m.components] == [board.id] and seen[-1].id == board.id
        assert len([m for m in seen if "<@" in notice(m)]) <= 1  # a restart included
        if mover.id != previous_mover:
            assert f"<@{mover.id}>" in notice(seen[-1]) or f"<@{mover.id}>" in notice(seen[-2])
        assert select_options_of(board) == {}  # no moves (and so no hand) in public

        # /play autocomplete: the mover's moves, nothing for anybody else
        offered = await mover.autocomplete(world.channel, "play", "move", notation)
        assert notation in [c["value"] for c in offered]
        assert await other.autocomplete(world.channel, "play", "move", "") == []
        if turn < 2:  # refusals: out of turn, and without a seat; nothing changes
            out_of_turn = await other.slash(world.channel, "play", move=notation)
            unseated = await carol.slash(world.channel, "play", move=notation, match=match_id)
            button = await carol.click(board, custom_id=f"tt:do:{match_id}:{match.version}:hand")
            assert "not your turn" in private_text(out_of_turn)
            assert "no seat" in private_text(unseated)
            assert "no seat" in private_text(button)
            assert (await env.bot.service.get(match_id)).version == match.version

        pending = GAME.view(match.state, seat)["pending"]
        if not restarted and match.steps in planned.storm_steps:
            assert pending["kind"] == "defend"
            hand = await mover.slash(world.channel, "hand")
            hand_message = hand.response.message
            assert hand.ephemeral and is_hand_message(hand_message)
            assert_png(await hand_message.attachments[0].read())
            seen_by = {
                p.name: [m.id for m in world.channel.history(viewer=p)]
                for p in (mover, other, carol)
            }
            assert hand_message.id in seen_by[mover.name]
            assert hand_message.id not in seen_by[other.name] + seen_by[carol.name]
            await env.bot.close()
            await env.restart_bot(make_bot())
            assert (await env.bot.service.get(match_id)).version == match.version
            # the old board's button still opens the hand, with the storm defence offered
            reopened = await mover.click(board, custom_id=f"tt:do:{match_id}:{match.version}:hand")
            assert reopened.ephemeral and offers(reopened.response.message, notation)
            assert notation.startswith("defend ")
            # a small decision: one button a move (one tap), in the panel opened last
            assert notation in button_moves(reopened.response.message)
            picked = await pick(mover, reopened.response.message, notation)
            assert picked.response.id == reopened.response.message.id  # refreshed in place
            restarted = True
        elif turn % 2 == 0:
            played = await mover.slash(world.channel, "play", move=notation)
            # the board shows it (the result too, when it ends the match): no "Played" line
            assert played.ephemeral and no_played_line(played)
            used["/play"] += 1
        else:
            opened_hand = await mover.click(
                board, custom_id=f"tt:do:{match_id}:{match.version}:hand"
            )
            menu = opened_hand.response.message
            assert opened_hand.ephemeral and is_hand_message(menu)
            await pick(mover, menu, notation)
            used["menu"] += 1
        after = await env.bot.service.get(match_id)
        assert after.steps > match.steps
        assert (await env.bot.service.actions(match_id))[match.steps].notation == notation
        previous_mover = mover.id

    match = await env.bot.service.get(match_id)
    assert restarted and match.status == "finished" and min(used.values()) >= 2
    assert match.steps == planned.steps
    assert tuple(match.result["winners"]) == planned.winners
    board = next(m for m in world.channel.history() if m.id == match.board_message_id)
    assert custom_ids(board) == [
        f"tt:rm:{match_id}",
        f"tt:rv:{match_id}",
        f"tt:do:{match_id}:{match.version}:read",
    ] and "Game over" in board_text(board)
    # The Review button: each player's chance over the game, for the players only.
    reviewed = await world.bob.click(board, custom_id=f"tt:rv:{match_id}")
    assert reviewed.ephemeral and reviewed.response.embeds[0].title.startswith(
        f"Review of match {match_id}"
    )
    assert "every player's chance" in reviewed.response.embeds[0].description
    assert reviewed.response.attachments[0].filename == "review.png"
    outsider = await carol.click(board, custom_id=f"tt:rv:{match_id}")
    assert outsider.ephemeral and "Only the people who played" in outsider.response.content
    # nothing public ever showed a hand; every hand went to its caller only
    assert not any(is_hand_message(m) for m in public(world, carol))
    for person, other in ((world.alice, world.bob), (world.bob, world.alice)):
        own = {m.id for m in world.channel.history(viewer=person) if is_hand_message(m)}
        assert own and not own & {m.id for m in world.channel.history(viewer=other)}


def select_options_of(message: Any) -> dict[str, list[str]]:
    return {
        c["custom_id"]: [o["value"] for o in c["options"]]
        for c in components(message)
        if c.get("type") == 3
    }


async def test_the_lobby_holds_at_most_the_games_maximum(env) -> None:
    world = make_world(env)
    opened = await world.alice.slash(world.channel, "game new", game="speiderne", seed=3)
    lobby = opened.response.message
    (match,) = await env.bot.service.find_matches(world.alice.id, world.channel.id)
    for _ in range(GAME.max_players - 1):
        await world.alice.click(lobby, custom_id=f"tt:lb:{match.id}:addcpu")
    assert len((await env.bot.service.get(match.id)).seats) == GAME.max_players
    current = next(m for m in world.channel.history() if m.id == lobby.id)
    idle = {c["custom_id"] for c in components(current) if c.get("disabled")}
    assert idle == {f"tt:lb:{match.id}:join", f"tt:lb:{match.id}:addcpu"}  # full: nothing to join
    leave = await world.alice.click(lobby, custom_id=f"tt:lb:{match.id}:leave")
    assert "cancel" in private_text(leave)
    assert len((await env.bot.service.get(match.id)).seats) == GAME.max_players
