"""One first-game tip per person and game: said privately once, at the start of a solo game
or after the person's first move of a multiplayer one, never again, in both stores."""

from __future__ import annotations

from tests.cogs.helpers import make_world, private_text, quoted


async def test_the_first_solo_game_tells_its_tip_once(env) -> None:
    world = make_world(env)
    opened = await world.alice.slash(world.channel, "game new", game="dungeon-delver", seed=4)
    tips = [m.content for m in opened.followups if m.ephemeral and "never refills" in m.content]
    assert len(tips) == 1 and tips[0].startswith("**First game of Dungeon Delver?**"), tips
    hint = await world.alice.slash(world.channel, "hint")
    played = await world.alice.slash(world.channel, "play", move=quoted(hint.response.content))
    assert "never refills" not in private_text(played)
    await world.alice.slash(world.channel, "game resign")
    again = await world.alice.slash(world.channel, "game new", game="dungeon-delver", seed=5)
    assert not any("First game" in (m.content or "") for m in again.followups)
    # Another game has its own tip; another person gets the Delver tip once too.
    other = await world.alice.slash(world.channel, "game new", game="cartographer", seed=5)
    assert any("First game of Cartographer" in (m.content or "") for m in other.followups)
    bobs = await world.bob.slash(world.channel, "game new", game="dungeon-delver", seed=6)
    assert any("never refills" in (m.content or "") for m in bobs.followups)


async def test_the_store_says_first_only_once(env) -> None:
    service = env.bot.service
    assert await service.first_tip(7, "speiderne") is True
    assert await service.first_tip(7, "speiderne") is False
    assert await service.first_tip(7, "cartolan") is True
    assert await service.first_tip(8, "speiderne") is True


async def test_a_multiplayer_tip_follows_the_first_move_once(env) -> None:
    """Cartolan with a computer: the person's first move brings the tip, the next does not."""
    env.bot.computer_delay = 0.0
    world = make_world(env)
    lobby = (
        await world.alice.slash(
            world.channel, "game new", game="cartolan", seed=3, options="mode=beginner"
        )
    ).response.message
    (match,) = await env.bot.service.find_matches(world.alice.id, world.channel.id)
    await world.alice.select(lobby, ["explorer"], custom_id=f"tt:cpu:{match.id}")
    started = await world.alice.click(lobby, custom_id=f"tt:lb:{match.id}:start")
    assert "First game" not in private_text(started)
    told = []
    for _ in range(6):
        while (await env.bot.service.get(match.id)).awaits_computer:
            await env.advance_time(1)
        typed = await world.alice.slash(world.channel, "play", move="end")
        told.append("**First game of Cartolan?**" in private_text(typed))
    assert told[0] and not any(told[1:]), told
