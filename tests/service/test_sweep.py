"""Due clocks swept concurrently with a bound (issue 22 item 4): channels at once, a
channel's clocks one after another, a failure stops nothing, each clock fires once."""

from __future__ import annotations

import asyncio

from gamecore.match import Match
from service.sweep import by_channel

DAY = 24 * 60 * 60


def match(index: int, channel: int) -> Match:
    return Match(
        id=f"m{index}", game_id="toy-race", guild_id=1, channel_id=channel, host_id=1, seed=1
    )


async def test_channels_at_once_within_the_bound_a_channel_in_order(caplog):
    running: dict[int, int] = {}
    peak = [0, 0]  # most at once overall, most at once in one channel
    done: list[str] = []

    async def handle(m: Match) -> None:
        running[m.channel_id] = running.get(m.channel_id, 0) + 1
        peak[0] = max(peak[0], sum(running.values()))
        peak[1] = max(peak[1], running[m.channel_id])
        await asyncio.sleep(0.01)
        running[m.channel_id] -= 1
        if m.id == "m3":
            raise RuntimeError("Discord said no")
        done.append(m.id)

    matches = [match(i, i % 20) for i in range(100)]  # 20 channels, 5 clocks each
    await by_channel(matches, handle, limit=8)
    assert peak == [8, 1]  # eight channels at once (not one after another), a channel in order
    assert len(done) == 99 and "m3" not in done  # the failure stopped nothing
    assert [i for i in done if int(i[1:]) % 20 == 0] == ["m0", "m20", "m40", "m60", "m80"]
    assert "m3" in caplog.text


async def test_a_sweep_fires_each_due_clock_exactly_once(service, clock):
    ids = []
    for index in range(30):
        lobby = await service.new_match("toy-race", 1, index % 4, 100 + index, turn_limit=DAY)
        await service.lobby_join(lobby.id, 500 + index)
        ids.append((await service.lobby_start(lobby.id, 100 + index)).id)
    clock.advance(DAY)
    kinds: list[str] = []

    async def fire(m: Match) -> None:
        kinds.append((await service.fire_timer(m.id)).kind)

    due = [await service.get(i) for i in await service.due_timers()]
    await asyncio.gather(by_channel(due, fire), by_channel(due, fire))  # two sweeps at once
    assert sorted(kinds) == ["expired"] * 30 + ["none"] * 30
    assert [(await service.get(i)).steps for i in ids] == [1] * 30
    assert await service.due_timers() == []
