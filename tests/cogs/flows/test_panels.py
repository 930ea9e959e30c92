"""Each person's one private panel per match, kept current (cogs/flows/hands.py): a whole
3-seat Speiderne game played by clicks leaves at most one current panel per person; opening
it again replaces the last; a panel that can no longer be edited says which step it showed.
"""

from __future__ import annotations

from typing import Any

import pytest

from cogs.flows import hands
from i18n import t
from tests.cogs.clicking import current_panels, is_panel, is_stale, play_by_clicks
from tests.cogs.flows.test_speiderne_e2e import heuristic_choice
from tests.cogs.helpers import board_text, custom_ids, make_world, private_text

SEED, MAX_ROUNDS = 5, 2


async def three_seats(env: Any) -> tuple[Any, str, dict[int, Any]]:
    world = make_world(env)
    carol = world.guild.add_member(env.create_user("carol"))
    await world.alice.slash(
        world.channel, "game new", game="speiderne", seed=SEED, options=f"max_rounds={MAX_ROUNDS}"
    )
    (match,) = await env.bot.service.find_matches(world.alice.id, world.channel.id)
    lobby = next(m for m in world.channel.history() if m.components)
    for person in (world.bob, carol):
        await person.click(lobby, custom_id=f"tt:lb:{match.id}:join")
    await world.alice.click(lobby, custom_id=f"tt:lb:{match.id}:start")
    people = {p.id: p for p in (world.alice, world.bob, carol)}
    return world, match.id, people


async def test_a_whole_game_by_clicks_leaves_one_current_panel_per_person(env) -> None:
    world, match_id, people = await three_seats(env)
    worst = 0

    async def check() -> None:
        nonlocal worst
        for person in people.values():
            seen = world.channel.history(viewer=person)
            worst = max(worst, len(current_panels(seen, match_id)))

    taps = await play_by_clicks(env, world, match_id, people, heuristic_choice, check)
    assert (await env.bot.service.get(match_id)).status == "finished"
    assert worst <= 1
    # each person opened their panel once: every later decision came to it by itself
    assert taps.opened <= len(people), taps.opened
    for person in people.values():
        (panel,) = current_panels(world.channel.history(viewer=person), match_id)
        assert t("hand.over") in board_text(panel)


async def test_opening_again_replaces_the_panel_and_an_old_one_says_its_step(env) -> None:
    world, match_id, people = await three_seats(env)
    match = await env.bot.service.get(match_id)
    person = people[match.seats[match.to_move[0]].user_id]
    board = next(m for m in world.channel.history() if m.id == match.board_message_id)
    hand = next(c for c in custom_ids(board) if c.endswith(":hand"))
    for _ in range(3):
        await person.click(board, custom_id=hand)
    await person.slash(world.channel, "hand")
    panels = [m for m in world.channel.history(viewer=person) if is_panel(m, match_id)]
    assert len(panels) == 1  # the earlier three were deleted

    # a minute before Discord stops letting the bot edit it, the panel says it is old
    await env.advance_time(14 * 60 + 1)
    (panel,) = [m for m in world.channel.history(viewer=person) if is_panel(m, match_id)]
    text = board_text(panel)
    assert is_stale(panel) and t("hand.stale", steps=match.steps) in text
    assert not panel.components or not custom_ids(panel)  # no menus left to pick from
    assert current_panels(world.channel.history(viewer=person), match_id) == []


@pytest.mark.logs_errors
async def test_a_panel_that_cannot_be_redrawn_never_fails_the_move(env, monkeypatch) -> None:
    world, match_id, people = await three_seats(env)
    match = await env.bot.service.get(match_id)
    mover = people[match.seats[match.to_move[0]].user_id]
    waiting = next(p for p in people.values() if p is not mover)
    await waiting.slash(world.channel, "hand")  # a panel to redraw after the move

    async def broken(*_args: Any, **_kwargs: Any) -> Any:
        raise RuntimeError("drawing failed")

    monkeypatch.setattr(hands, "hand_message", broken)
    played = await mover.slash(
        world.channel, "play", move=heuristic_choice(match.state, match.to_move[0])
    )
    assert (await env.bot.service.get(match_id)).version > match.version
    assert "went wrong" not in private_text(played)
