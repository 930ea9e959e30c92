"""A rolling restart of a running bot's clusters under load, on PostgreSQL: each cluster
in turn gets SIGTERM and is started again while the other keeps playing. Every stop exits
0, no confirmed move is lost, no step is committed twice, and no clock fires twice.

The clusters are ``tests.distributed.driver`` processes in ``serve`` mode: a match service
with people's moves and a clock sweep, stopped the way ``bot.py`` stops (``Intake``: no new
move, the sweep and the moves under way finish). Their clock runs ``SPEED`` times faster
than real time, so turn clocks come due during the run.
"""

from __future__ import annotations

import json
import random
import signal
import time
from collections import Counter

from service import MatchService
from storage import store_for
from tests.distributed.test_processes import TIMEOUT, Driver, check_logs_replay, guild_of_shard

CLUSTERS = 2
SPEED = 60.0  # virtual seconds per real second
PLAYERS = 6  # matches played at once per cluster
PACE = 0.05  # real seconds between a player's moves (about)
IDLE = 12  # matches per cluster nobody plays: only their clocks move them
OK_PER_PHASE = 25  # committed moves a cluster shows before the next step of the restart


class Cluster(Driver):
    def __init__(self, url: str, shard: int, epoch: float) -> None:
        super().__init__(
            url,
            "serve",
            CLUSTERS,
            [shard],
            epoch=epoch,
            speed=SPEED,
            pace=PACE,
            limit=600.0,
            players=PLAYERS,
            seed=shard,
        )

    def moves(self, count: int) -> None:
        for _ in range(count):
            self.read_until("ok")

    def stop(self) -> int:
        """SIGTERM; every line it prints until it exits; its exit code."""
        self.process.send_signal(signal.SIGTERM)
        assert self.process.stdout is not None
        for text in self.process.stdout:
            self.lines.append(json.loads(text))
        code = self.process.wait(TIMEOUT)
        assert self.process.stderr is not None
        self.errors = self.process.stderr.read()
        self._close()
        return code


async def idle_matches(url: str, epoch: float) -> list[str]:
    """Two-person races on every shard whose turn clocks (1 to 10 real seconds) will
    remind, expire and hand seats to computer players while the clusters run."""
    rng = random.Random(7)
    service = MatchService(store_for(url), clock=lambda: epoch + (time.time() - epoch) * SPEED)
    await service.start()
    ids = []
    for shard in range(CLUSTERS):
        for index in range(IDLE):
            guild = guild_of_shard(shard, CLUSTERS, 1000 + index)
            host, guest = 7000 + index * 10 + shard, 8000 + index * 10 + shard
            limit = rng.uniform(60, 600)
            lobby = await service.new_match("toy-race", guild, 9, host, turn_limit=limit)
            await service.lobby_join(lobby.id, guest)
            await service.lobby_start(lobby.id, host)
            ids.append(lobby.id)
    await service.close()
    return ids


async def test_a_rolling_restart_under_load_loses_no_move_and_fires_no_clock_twice(
    postgres_url: str,
) -> None:
    epoch = time.time()
    await idle_matches(postgres_url, epoch)
    first = [Cluster(postgres_url, shard, epoch) for shard in range(CLUSTERS)]
    for cluster in first:
        cluster.moves(OK_PER_PHASE)
    first[0].read_until("fired")  # clocks are firing when the first SIGTERM comes
    runs: list[Cluster] = []
    current = list(first)
    for shard in range(CLUSTERS):  # one cluster at a time; the others keep playing
        old = current[shard]
        assert old.stop() == 0, old.errors[-2000:]
        assert old.lines[-1]["stopped"] == 0  # every move under way finished
        runs.append(old)
        current[shard] = Cluster(postgres_url, shard, epoch)
        current[shard].moves(OK_PER_PHASE)
        for other in current:
            if other is not current[shard]:
                other.moves(1)  # still playing meanwhile
    for cluster in current:
        assert cluster.stop() == 0, cluster.errors[-2000:]
        assert cluster.lines[-1]["stopped"] == 0
        runs.append(cluster)

    lines = [line for cluster in runs for line in cluster.lines]
    ids = sorted({line.get("ok") or line.get("fired") for line in lines} - {None})
    steps = await check_logs_replay(postgres_url, ids)  # every log replays to its state
    by_whom: Counter[tuple[str, int]] = Counter()
    for line in lines:
        if "ok" in line:
            by_whom[(line["ok"], line["step"])] += 1
        elif "fired" in line:
            for step in line["steps"]:
                by_whom[(line["fired"], step)] += 1
    assert by_whom and max(by_whom.values()) == 1  # no step reported by two writers
    for (match_id, step), _ in by_whom.items():
        assert step <= steps[match_id]  # every confirmed move is in the database
    fired = [line for line in lines if "fired" in line and line["kind"] != "none"]
    deadlines = Counter((line["fired"], line["at"]) for line in fired)
    assert max(deadlines.values()) == 1, [d for d, n in deadlines.items() if n > 1]
    print(  # the figures of this run, for the reader of ``pytest -s``
        f"moves {sum('ok' in line for line in lines)}, clocks fired {len(fired)} "
        f"({dict(Counter(line['kind'] for line in fired))}), moves under way at each "
        f"SIGTERM {[c.lines[-1]['under_way'] for c in runs]}"
    )
