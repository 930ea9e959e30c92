"""Commands without ``match`` mean the match in this channel where it is the caller's
decision, then their newest there: bob, on his turn in one match, is not told "not your
turn" about a newer match of the same channel where alice is to move."""

from __future__ import annotations

from typing import Any

from tests.cogs.helpers import make_world, posted, private_text, quoted, seated_pair


async def move_until(env: Any, match_id: str, user_id: int) -> None:
    """Play the first legal moves until it is ``user_id``'s decision."""
    service = env.bot.service
    match = await service.get(match_id)
    while match.seats[match.to_move[0]].user_id != user_id:
        mover = match.seats[match.to_move[0]].user_id
        move = (await service.legal_moves(match_id, mover))[0]
        match = (await service.play(match_id, mover, move)).final


async def test_a_bare_command_picks_the_match_waiting_for_the_caller(env) -> None:
    world = make_world(env)
    service = env.bot.service
    waiting = await seated_pair(env, world)
    await move_until(env, waiting, world.bob.id)
    newer = await seated_pair(env, world)
    await move_until(env, newer, world.alice.id)  # the newest: alice to move there
    assert (await service.find_matches(world.bob.id, world.channel.id))[0].id == newer

    hint = await world.bob.slash(world.channel, "hint")
    assert hint.ephemeral and "Hint" in private_text(hint), private_text(hint)
    shown = await world.bob.slash(world.channel, "game show")
    assert posted(shown).id == (await service.get(waiting)).board_message_id
    steps = (await service.get(waiting)).steps
    played = await world.bob.slash(world.channel, "play", move=quoted(private_text(hint)))
    assert "not your turn" not in private_text(played).lower()
    assert (await service.get(waiting)).steps == steps + 1
