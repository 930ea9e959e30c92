"""Several bot processes (real OS processes) on one PostgreSQL database, each serving its
own Discord shards: disjoint guilds under load, a contested match, a SIGKILL and restart."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from gamecore.registry import get_game
from service import MatchService
from storage import store_for

ROOT = Path(__file__).resolve().parents[2]
LIMIT = 3600.0  # every match's turn clock, seconds
TIMEOUT = 120.0  # a process that has not finished by then is stuck


class Driver:
    """One ``tests.distributed.driver`` process and the JSON lines it printed."""

    def __init__(self, url: str, mode: str, count: int, ids: list[int], **extra: Any) -> None:
        settings = {"url": url, "mode": mode, "count": count, "ids": ids, **extra}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.distributed.driver", json.dumps(settings)],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        self.lines: list[dict[str, Any]] = []

    def read_until(self, key: str, timeout: float = TIMEOUT) -> dict[str, Any]:
        """Lines up to the first with ``key`` (blocking)."""
        deadline = time.monotonic() + timeout
        assert self.process.stdout is not None
        while time.monotonic() < deadline:
            text = self.process.stdout.readline()
            if not text:
                self.process.wait(5)
                raise AssertionError(f"driver ended: {self.process.stderr.read()[-2000:]}")
            line = json.loads(text)
            self.lines.append(line)
            if key in line:
                return line
        raise AssertionError(f"no {key!r} line within {timeout} s")

    def go(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write("go\n")
        self.process.stdin.flush()

    def finish(self) -> list[dict[str, Any]]:
        self.read_until("done")
        assert self.process.wait(TIMEOUT) == 0, self.process.stderr.read()[-2000:]
        self._close()
        return self.lines

    def _close(self) -> None:
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            if stream is not None:
                stream.close()

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(TIMEOUT)
        self._close()


def start_together(*drivers: Driver) -> None:
    """Wait until every process has loaded its matches, then let them all go at once."""
    for driver in drivers:
        driver.read_until("ready")
    for driver in drivers:
        driver.go()


def guild_of_shard(shard: int, count: int, index: int) -> int:
    """A guild id on ``shard`` of ``count`` (Discord: ``(guild_id >> 22) % count``)."""
    return ((index * count + shard) << 22) + 17


async def open_matches(url: str, count: int, per_shard: int) -> dict[str, int]:
    """Two-person toy races on every shard, started; returns match id → shard."""
    service = MatchService(store_for(url))
    await service.start()
    shards = {}
    for shard in range(count):
        for index in range(per_shard):
            guild = guild_of_shard(shard, count, index)
            host, guest = 1000 + index * 10 + shard, 5000 + index * 10 + shard
            lobby = await service.new_match("toy-race", guild, 9, host, turn_limit=LIMIT)
            await service.lobby_join(lobby.id, guest)
            await service.lobby_start(lobby.id, host)
            shards[lobby.id] = shard
    await service.close()
    return shards


async def check_logs_replay(url: str, ids: list[str]) -> dict[str, int]:
    """Every match's action log replays to its stored state; returns id → steps."""
    store = store_for(url)
    await store.open()
    game = get_game("toy-race")
    steps = {}
    for match_id in ids:
        match = await store.load(match_id)
        assert [a.step for a in await store.actions(match_id)] == list(range(1, match.steps + 1))
        assert game.to_json(await store.replay(match_id)) == game.to_json(match.state)
        steps[match_id] = match.steps
    await store.close()
    return steps


async def test_three_processes_play_their_own_guilds_to_the_end(postgres_url):
    shards = await open_matches(postgres_url, count=3, per_shard=8)
    drivers = [Driver(postgres_url, "play", 3, [s], seed=s) for s in range(3)]
    lines = [d.finish() for d in drivers]  # each within TIMEOUT, a hang guard
    for shard, printed in enumerate(lines):
        assert printed[0] == {"ready": 8}  # each process holds only its own guilds' matches
        assert {line["ok"] for line in printed if "ok" in line} == {
            m for m, s in shards.items() if s == shard
        }
    steps = await check_logs_replay(postgres_url, list(shards))
    reported = {}
    for printed in lines:
        for line in printed:
            if "ok" in line:
                reported[line["ok"]] = max(reported.get(line["ok"], 0), line["step"])
    assert reported == steps  # nothing lost, nothing applied twice
    store = store_for(postgres_url)
    await store.open()
    assert all(m.status == "finished" for m in [await store.load(i) for i in shards])
    await store.close()


async def test_a_contested_match_takes_exactly_one_move(postgres_url):
    shards = await open_matches(postgres_url, count=2, per_shard=1)
    match_id = next(m for m, s in shards.items() if s == 0)
    store = store_for(postgres_url)
    await store.open()
    match = await store.load(match_id)
    user = match.seats[match.to_move[0]].user_id
    common = {"match": match_id, "user": user, "version": match.version}
    owner = Driver(postgres_url, "contest", 2, [0], move="add 1", **common)
    other = Driver(postgres_url, "contest", 2, [1], move="add 3", **common)
    start_together(owner, other)
    outcomes = [
        next(line for line in driver.finish() if "ok" in line or "refused" in line)
        for driver in (owner, other)
    ]
    applied = [o for o in outcomes if "ok" in o]
    assert len(applied) == 1
    assert [o["refused"] for o in outcomes if "refused" in o] == ["stale_version"]
    winner = "add 1" if "ok" in outcomes[0] else "add 3"
    assert [a.notation for a in await store.actions(match_id)] == [winner]
    assert (await store.load(match_id)).version == match.version + 1
    await store.close()


async def test_a_killed_process_loses_no_move_and_its_restart_fires_each_clock_once(
    postgres_url,
):
    shards = await open_matches(postgres_url, count=2, per_shard=10)
    victim = Driver(postgres_url, "play", 2, [0], seed=3)
    survivor = Driver(postgres_url, "play", 2, [1], seed=4)
    for _ in range(15):
        victim.read_until("ok")
    victim.kill()  # SIGKILL in the middle of its moves
    survivor.finish()
    steps = await check_logs_replay(postgres_url, list(shards))
    for line in victim.lines:
        if "ok" in line:
            assert steps[line["ok"]] >= line["step"]  # every move it reported is committed
    store = store_for(postgres_url)
    await store.open()
    live = {m.id for m in await store.live_matches()}
    waiting = sorted(m for m, s in shards.items() if s == 0 and m in live)
    assert waiting  # the kill left matches in the middle
    # The restart, plus a stray second copy of it (an overlapping deploy), both with the
    # clock past every deadline and starting at the same moment: each waiting match's clock
    # fires exactly once.
    restarted = [
        Driver(postgres_url, "clocks", 2, [0], offset=LIMIT * 2),
        Driver(postgres_url, "clocks", 2, [0], offset=LIMIT * 2, owner="spare"),
    ]
    start_together(*restarted)
    fired = [line for driver in restarted for line in driver.finish() if "fired" in line]
    assert sorted(line["fired"] for line in fired) == waiting
    assert {line["kind"] for line in fired} == {"expired"}
    for match_id in waiting:
        assert (await store.load(match_id)).steps == steps[match_id] + 1  # one timeout move
    await store.close()
