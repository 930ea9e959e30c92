"""Races: double clicks, two processes on one database, independent matches."""

from __future__ import annotations

import asyncio

import pytest

from service import MatchError, MatchService
from storage import store_for
from tests.deadlines import HANG_GUARD

HOST, GUEST = 101, 202


async def test_fifty_simultaneous_moves_on_one_version_apply_once(service):
    match = await service.new_match("toy-solo", 1, 2, HOST, seed=8)
    moves = await service.legal_moves(match.id, HOST)
    results = await asyncio.gather(
        *(service.play(match.id, HOST, moves[i % len(moves)], match.version) for i in range(50)),
        return_exceptions=True,
    )
    applied = [r for r in results if not isinstance(r, BaseException)]
    refused = [r for r in results if isinstance(r, BaseException)]
    assert len(applied) == 1
    assert len(refused) == 49
    assert all(isinstance(r, MatchError) and r.code == "stale_version" for r in refused)
    log = await service.actions(match.id)
    assert len(log) == applied[0].final.steps
    assert log[0].notation == applied[0].notation


async def test_a_second_process_that_moved_first_makes_the_first_one_stale(backend_url, clock):
    one = MatchService(store_for(backend_url), clock=clock)
    await one.start()
    lobby = await one.new_match("toy-race", 1, 2, HOST)
    await one.lobby_join(lobby.id, GUEST)
    match = await one.lobby_start(lobby.id, HOST)
    two = MatchService(store_for(backend_url), clock=clock)
    await two.start()
    user = match.seats[match.to_move[0]].user_id
    await two.play(match.id, user, "add 1")
    with pytest.raises(MatchError) as err:
        await one.play(match.id, user, "add 2")  # its memory still holds the old version
    assert err.value.code == "stale_version"
    # the refusal dropped the stale copy; the next call sees the new turn
    with pytest.raises(MatchError) as err:
        await one.play(match.id, user, "add 2")
    assert err.value.code == "not_your_turn"
    assert [a.notation for a in await one.actions(match.id)] == ["add 1"]
    await one.close()
    await two.close()


async def test_a_slow_commit_on_one_match_does_not_block_another(service, store):
    slow = await service.new_match("toy-solo", 1, 2, HOST, seed=1)
    fast = await service.new_match("toy-solo", 1, 2, GUEST, seed=2)
    gate = asyncio.Event()
    real_save = store.save

    async def save(match, *args, **kwargs):
        if match.id == slow.id:
            await gate.wait()
        return await real_save(match, *args, **kwargs)

    store.save = save
    slow_move = asyncio.create_task(
        service.play(slow.id, HOST, (await service.legal_moves(slow.id, HOST))[0])
    )
    await asyncio.sleep(0)
    done = await asyncio.wait_for(
        service.play(fast.id, GUEST, (await service.legal_moves(fast.id, GUEST))[0]),
        timeout=HANG_GUARD,
    )
    assert done.match.steps == 1
    assert not slow_move.done()
    # while the slow move waits, its match still shows the old version and no new move
    assert (await service.get(slow.id)).steps == 0
    gate.set()
    assert (await asyncio.wait_for(slow_move, timeout=HANG_GUARD)).match.steps == 1
