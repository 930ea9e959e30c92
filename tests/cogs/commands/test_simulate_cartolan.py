"""/simulate for Cartolan: game options, computer types, a progress message that becomes the
result (table by type and seat, rounds, chart), and the work cap."""

from __future__ import annotations

from tests.cogs.helpers import assert_png, japanese, make_world


async def test_simulate_cartolan_reports_progress_then_a_table_and_a_chart(env) -> None:
    env.settle_timeout = 60.0  # real work in a worker thread (games, then matplotlib's import)
    world = make_world(env)
    suggested = await world.alice.autocomplete(
        world.channel, "simulate", "options", "mode=b", game="cartolan"
    )
    assert [c["value"] for c in suggested] == ["mode=beginner"]
    done = await world.alice.slash(
        world.channel,
        "simulate",
        game="cartolan",
        games=2,
        players="explorer,pirate",
        options="mode=beginner preset=modern",
    )
    assert not done.ephemeral
    progress = [
        r.json.get("content")
        for r in env.http_requests
        if r.method == "PATCH"
        and r.path.endswith("/messages/@original")
        and (r.json or {}).get("content")
    ]
    assert progress and progress[-1].startswith("Simulating… 2/2 games (100%)")
    message = done.response
    assert not message.content  # the progress line gave way to the result
    text = message.embeds[0].description
    assert "games: 2" in text and "rounds:" in text
    assert "explorer" in text and "pirate" in text and "seat 0" in text and "seat 1" in text
    assert_png(await message.attachments[0].read())


async def test_simulate_refuses_too_much_work_and_bad_options(env) -> None:
    world = make_world(env)
    much = await world.alice.slash(world.channel, "simulate", game="cartolan", games=2000, seats=4)
    assert much.ephemeral and "at most 1000 games" in much.response.content
    wrong = await world.alice.slash(
        world.channel, "simulate", game="cartolan", games=1, options="mode=hard"
    )
    assert wrong.ephemeral and "mode" in wrong.response.content


async def test_a_refused_simulation_reads_in_the_servers_language(env, monkeypatch) -> None:
    world = make_world(env)
    with japanese(monkeypatch, set(), {world.guild.id}):
        wrong = await world.alice.slash(
            world.channel, "simulate", game="cartolan", games=1, options="mode=hard"
        )
    assert wrong.ephemeral and wrong.response.content.startswith("シミュレーションできません")
    assert "must be one of" not in wrong.response.content  # the reason is translated too
