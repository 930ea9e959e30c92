"""Issue 7 load test: 1,000 live matches, a mixed stream of moves and autocompletes.

Interactions arrive as Discord would deliver them (random times, ``--rate`` moves per
second plus ``--autocompletes`` autocompletes per move) on random matches, through the
match service (no Discord, no rendering), for ``--seconds``; then ``--saturate`` seconds
of players who never pause show the most turns per second. Prints throughput, p50/p99
latency and peak RSS.

    .venv/bin/python bench/load.py [--seconds 60] [--rate 300] [--matches 1000]
        [--database sqlite:///file.db | postgresql://… | embedded] [--processes N]

``--database embedded`` starts a throw-away PostgreSQL 18 (the test wheel) on the disk,
with PostgreSQL's durable defaults (``fsync`` and ``synchronous_commit`` on, the match
for SQLite's ``synchronous=FULL``). ``--processes N`` runs N bot processes on the one
database, each serving shard i of N (its own guilds, its share of the matches and of
the rate); turns/s are summed and latencies pooled.

Targets: ≥ 300 turns/s, turn p99 ≤ 30 ms, peak RSS ≤ 150 MB. Prints figures only.

Overload (issue 33): ``--overload 2`` adds a third phase after saturation: interactions
arrive at 2× the turns/s the saturation phase just reached (the same run's capacity), for
``--overload-seconds``, and every one is answered (the phase lasts until the last answer).
Each of its moves arrives with its autocompletes, typed on the match it is played in (the
saturation phase's work per move; ``--untyped``: autocompletes arrive on their own).
It prints the goodput (moves played per second over the phase, and as a share of the
capacity), the moves refused, the latency from a move's arrival to its answer (refused
moves included, so a collapse cannot hide behind a lower p99), the matches read from the
database per move (a read storm shows here) and the bot's CPU per move played against the
steady phase's, and the CPU the scheduler gave the bot processes in the saturation and
the overload phases (a goodput below capacity at the same CPU per move is a smaller share
of a shared machine's CPU, not lost work). ``--burners N`` runs N CPU burners (``python3 -c 'while True: pass'``)
beside the whole run, stopped when it ends::

    .venv/bin/python bench/load.py --overload 2 --burners 2 --database embedded [--processes 2]

Side by side (issue 22 item 3)::

    .venv/bin/python bench/load.py --compare --rounds 5 [--code /other/checkout ...]

runs SQLite NORMAL, SQLite FULL, PostgreSQL with 1 and with 2 processes (``--configs``),
each on a fresh database (the disk synced and the server checkpointed before each run, so
no run pays for what the one before left), every configuration once per round and the rounds
one after the other (so every configuration meets the same machine state), each run in its own Python
process; ``--code`` adds another checkout of the project run the same way in the same
rounds (its ``bench/`` must have this file), so an old and a new version compare back to
back: every checkout runs under this file's harness (its own code and ``bench/turns.py``),
so an old checkout needs nothing of this version. Prints per configuration the median
steady p50/p99, saturation, CPU per turn and time per turn spent ready to run while every
core was taken (the bot processes', and the PostgreSQL server's, during the steady phase;
from the kernel's scheduler statistics) and the rounds that collapsed (steady p99 over 1 s, or a move
refused by the database); then issue 22's targets as medians of same-round ratios:
PostgreSQL's steady p99 against SQLite FULL's, and each configuration's saturation against
the other checkout's.

Side by side (``--together``): the runs of a group start at once and every phase begins at
the same wall-clock moment in each (``--start-at``, set by ``--compare``): SQLite FULL
beside each PostgreSQL set-up in turn, or with ``--code`` each set-up of every checkout.
On a machine whose CPU share changes from second to second (other work, burners), runs one
after the other meet different machines; side by side they meet the same one, so a
same-round ratio compares the code, not the moment. The scheduler shares the CPU per task,
not per set-up, so a set-up that spreads more work over more processes (an older
checkout's server) draws more of it; ``--pin`` gives each set-up (its bot processes and its
server's) one core, the cores swapped every other round, but the kernel then moves other
work (burners) to the core whose set-up has fewer tasks; ``--equal-share`` (root, cgroup v1)
puts each set-up in a CPU cgroup of equal shares (weights: the scheduler may still give one
more); ``--equal-cpu CORES`` also caps each group at CORES of CPU time, so set-ups that
both reach the cap compare on the same CPU (the saturation ratio line prints what each had)::

    .venv/bin/python bench/load.py --compare --together --rounds 7 --matches 400 \
        --rate 200 --seconds 10 --saturate 6 --configs sqlite-full pg-1 pg-2 \
        [--equal-share | --equal-cpu 0.5]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import multiprocessing
import os
import random
import resource
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Coroutine, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

# The checkout whose code runs: this one, or the one ``--compare --code`` runs this harness
# on (``LOAD_BENCH_CODE``, set by ``_run_elsewhere``): its bench/turns.py and its packages.
sys.path.insert(
    0,
    str(
        Path(os.environ.get("LOAD_BENCH_CODE") or Path(__file__).resolve().parent.parent) / "bench"
    ),
)
sys.path.insert(0, str(Path(sys.path[0]).parent))

from turns import (
    available_games,
    choose_move,
    line,
    open_service,
    percentile,
    populate,
    take_turn,
)

try:
    from turns import note_finished
except ImportError:  # an older checkout's bench/turns.py (--code): its players read the match

    def note_finished(match: Match) -> None:
        """An older checkout's harness keeps no finished matches aside."""


from gamecore.match import Match, MatchError
from service import MatchService
from storage import ShardFilter, is_postgres_url

#: The checkout whose code runs (its bench/turns.py was imported above).
CHECKOUT = Path(sys.modules["turns"].__file__ or ".").resolve().parent.parent


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


class Stream:
    """Moves and autocompletes on random matches; one move at a time per match."""

    def __init__(self, service: MatchService, ids: list[str], seed: int) -> None:
        self.service = service
        self.ids = ids
        self.rng = random.Random(seed)
        self.counter = [len(ids)]
        #: Slots whose match has no move under way, picked from directly (a random slot
        #: tried again while busy cost the harness more CPU than the bot under overload).
        self.idle = list(range(len(ids)))
        self._at = {slot: slot for slot in self.idle}
        #: Moves that found every match busy (not offered, so neither played nor refused).
        self.unpicked = 0
        self.turns: list[float] = []
        self.completes: list[float] = []
        self.conflicts: list[str] = []
        #: Seconds from each move's arrival to its answer, played or refused.
        self.answers: list[float] = []

    def _hold(self, slot: int) -> None:
        """``slot``'s match has a move under way: no one picks it until ``_free``."""
        at = self._at.pop(slot)
        last = self.idle.pop()
        if last != slot:
            self.idle[at] = last
            self._at[last] = at

    def _free(self, slot: int) -> None:
        self._at[slot] = len(self.idle)
        self.idle.append(slot)

    async def _pick(self) -> tuple[int, str, int] | None:
        for _ in range(20):
            if not self.idle:
                return None
            slot = self.idle[self.rng.randrange(len(self.idle))]
            # Out of the idle slots while it is looked at: a finished match's replacement
            # is a write that waits its turn, and other picks would try it in vain meanwhile
            # (20 tries each: under overload, CPU of the bench's in the bot's process).
            self._hold(slot)
            try:  # replacing a finished match is a write, refused like a move
                picked = await take_turn(self.service, self.ids, slot, self.rng, self.counter)
            except MatchError as err:
                self.conflicts.append(err.code)
                return None
            finally:
                self._free(slot)
            if picked is not None:
                return (slot, *picked)
        return None

    async def autocomplete(self) -> None:
        picked = await self._pick()
        if picked is None:
            return
        _, match_id, user = picked
        await self._complete(match_id, user)

    async def _complete(self, match_id: str, user: int) -> None:
        moves = await self.service.legal_moves(match_id, user)
        typed = self.rng.choice(moves)[: self.rng.randrange(4)] if moves else ""
        t0 = time.perf_counter()
        await self.service.legal_moves(match_id, user, typed)
        self.completes.append(time.perf_counter() - t0)

    async def move(self, typing: int = 0) -> None:
        """A move on a match with none under way, after ``typing`` autocompletes of it."""
        arrived = time.perf_counter()
        picked = await self._pick()
        if picked is None:
            self.unpicked += 1
            return
        slot, match_id, user = picked
        self._hold(slot)
        try:
            for _ in range(typing):
                await self._complete(match_id, user)
            move = await choose_move(self.service, match_id, user, self.rng)
            if move is None:
                return
            version = (await self.service.get(match_id)).version
            t0 = time.perf_counter()
            try:
                outcome = await self.service.play(match_id, user, move, version)
            except MatchError as err:
                self.conflicts.append(err.code)
                self.answers.append(time.perf_counter() - arrived)
                return
            note_finished(outcome.final)
            answered = time.perf_counter()
            self.turns.append(answered - t0)
            self.answers.append(answered - arrived)
        finally:
            self._free(slot)


async def open_loop(
    stream: Stream, rate: float, autocompletes: int, seconds: float, *, typed: bool = False
) -> float:
    """Interactions arrive at random (Poisson) times at ``rate`` moves per second plus
    ``autocompletes`` autocompletes per move, as Discord would deliver them. ``typed``
    (the overload phase): each move arrives with its autocompletes, typed on the match it
    is played in, as in the saturation phase, so the work per move offered is the work per
    move the capacity was measured with; a move that finds every match busy brings none
    (its player has no match to type in). Independent autocompletes would all land on the
    few matches left without a move under way: 6× the capacity per second at 2× overload,
    which no player types."""
    tasks: set[asyncio.Task[None]] = set()
    started = time.perf_counter()
    next_at = started
    total_rate = rate if typed else rate * (1 + autocompletes)
    while next_at < started + seconds:
        next_at += stream.rng.expovariate(total_rate)
        delay = next_at - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        if typed:
            task = asyncio.create_task(stream.move(autocompletes))
            tasks.add(task)
            task.add_done_callback(tasks.discard)
            continue
        is_move = stream.rng.random() < 1 / (1 + autocompletes)
        task = asyncio.create_task(stream.move() if is_move else stream.autocomplete())
        tasks.add(task)
        task.add_done_callback(tasks.discard)
    await asyncio.gather(*tasks)
    return time.perf_counter() - started


async def closed_loop(stream: Stream, clients: int, autocompletes: int, seconds: float) -> float:
    """Saturation: ``clients`` players who never pause; shows the most turns per second."""
    deadline = time.perf_counter() + seconds

    async def client() -> None:
        while time.perf_counter() < deadline:
            for _ in range(autocompletes):
                await stream.autocomplete()
            await stream.move()

    started = time.perf_counter()
    await asyncio.gather(*(client() for _ in range(clients)))
    return time.perf_counter() - started


class Reads:
    """Counts the matches the service reads from its store (``load``): a match it had to
    read again, not one it holds in memory."""

    def __init__(self, service: MatchService) -> None:
        self.count = 0
        self._load = service.store.load
        service.store.load = self.load  # type: ignore[method-assign]

    async def load(self, match_id: str) -> Any:
        self.count += 1
        return await self._load(match_id)


def phase(stream: Stream, elapsed: float) -> tuple[list[float], list[float], list[str], float]:
    return (stream.turns, stream.completes, stream.conflicts, elapsed)


async def measure(
    args: argparse.Namespace, database: str, index: int, barrier: Any
) -> dict[str, Any]:
    """One process's part: shard ``index`` of ``args.processes``; its figures as lists."""
    count = args.processes
    shards = ShardFilter(count, frozenset({index})) if count > 1 else ShardFilter()
    service = await open_service(database, args.sync, shards)
    reads = Reads(service)
    guild = ((index + count) << 22) + 1  # on shard ``index``
    mine = args.matches // count
    ids = await populate(service, mine, guild, first=index * 1_000_000)
    rss_loaded = peak_rss_mb()
    steady = Stream(service, ids, args.seed + index)
    steady.counter = [index * 1_000_000 + mine]
    if barrier is not None:
        barrier.wait()  # every process populated: measure together
    late = {"steady": await _until(args, 0)}
    groups = {"start": _groups(service)}
    cpu, bot_before = time.process_time(), scheduled([os.getpid()])
    server_before = server_scheduled(args, index)
    with GcPauses() as pauses:
        elapsed = await open_loop(steady, args.rate / count, args.autocompletes, args.seconds)
    cpu = time.process_time() - cpu
    bot = scheduled([os.getpid()]) - bot_before
    server = server_scheduled(args, index) - server_before
    saturated = Stream(service, ids, args.seed + 100 + index)
    saturated.counter = [index * 1_000_000 + 500_000]
    sat_elapsed = 0.0
    if barrier is not None:
        barrier.wait()
    late["saturated"] = await _until(args, 1)
    groups["steady"] = _groups(service)
    sat_before, sat_loop = scheduled([os.getpid()]), loop_thread()
    sat_server = server_scheduled(args, index)
    if args.saturate > 0:
        sat_elapsed = await closed_loop(saturated, args.clients, args.autocompletes, args.saturate)
    sat_sched, sat_loop = scheduled([os.getpid()]) - sat_before, loop_thread() - sat_loop
    sat_server = server_scheduled(args, index) - sat_server
    groups["saturated"] = _groups(service)
    over_sched = over_loop = Scheduled()
    overloaded = Stream(service, ids, args.seed + 200 + index)
    overloaded.counter = [index * 1_000_000 + 800_000]
    over_elapsed = over_cpu = 0.0
    over_reads = 0
    if args.overload > 0 and sat_elapsed:
        capacity = len(saturated.turns) / sat_elapsed
        if barrier is not None:
            barrier.wait()
        late["overloaded"] = await _until(args, 2)
        over_cpu, over_reads = time.process_time(), reads.count
        over_before, over_loop = scheduled([os.getpid()]), loop_thread()
        over_elapsed = await open_loop(
            overloaded,
            args.overload * capacity,
            args.autocompletes,
            args.overload_seconds,
            typed=not args.untyped,
        )
        over_sched, over_loop = scheduled([os.getpid()]) - over_before, loop_thread() - over_loop
        over_cpu, over_reads = time.process_time() - over_cpu, reads.count - over_reads
        groups["overloaded"] = _groups(service)
    await service.close()
    return {
        "matches": len(ids),
        "rss_loaded": rss_loaded,
        "rss": peak_rss_mb(),
        "cpu": cpu,
        "bot_wait": bot.wait,
        "server_cpu": server.run,
        "server_wait": server.wait,
        "steady": phase(steady, elapsed),
        "saturated": phase(saturated, sat_elapsed),
        "overloaded": phase(overloaded, over_elapsed),
        "answers": overloaded.answers,
        "steady_answers": steady.answers,
        "steady_gc": pauses.figures(),
        "overload_cpu": over_cpu,
        "overload_reads": over_reads,
        "overload_unpicked": overloaded.unpicked,
        # The CPU the scheduler gave the bot process in each phase, and its run-queue wait:
        # a goodput below capacity with the same CPU per move is a smaller share of the CPU.
        "saturated_run": sat_sched.run / sat_elapsed if sat_elapsed else 0.0,
        "saturated_cpu": sat_sched.run,
        "saturated_server_cpu": sat_server.run,
        "saturated_wait": sat_sched.wait / sat_elapsed if sat_elapsed else 0.0,
        "overload_run": over_sched.run / over_elapsed if over_elapsed else 0.0,
        "overload_wait": over_sched.wait / over_elapsed if over_elapsed else 0.0,
        # The event loop's thread alone: its CPU and run-queue wait per second; the rest of
        # its time it slept: waiting for work, or for the GIL another thread held.
        "saturated_loop": _per_second(sat_loop, sat_elapsed),
        "overload_loop": _per_second(over_loop, over_elapsed),
        "late": late,
        "groups": groups,
    }


def _groups(service: MatchService) -> tuple[int, int]:
    """The store's group commits so far: statements (or SQLite writer trips) and the writes
    they carried; zeros for a store without them (an older checkout)."""
    store = service.store
    moves = getattr(store, "grouped_moves", getattr(store, "grouped_writes", 0))
    return int(getattr(store, "groups", 0)), int(moves)


#: ``--start-at``: seconds between the end of a phase's time and the next phase's start,
#: for the answers still under way (a phase that ends later starts the next one late).
SETTLE = 3.0


async def _until(args: argparse.Namespace, phase_index: int) -> float:
    """With ``--start-at`` (runs side by side, ``--compare --together``): wait until phase
    ``phase_index`` (0 steady, 1 saturation, 2 overload) starts on the shared timetable,
    so runs started together meet the same machine in every phase; returns how late this
    run reached it (seconds, 0 when on time or without a timetable)."""
    if not args.start_at:
        return 0.0
    starts = (0.0, args.seconds + SETTLE, args.seconds + args.saturate + 2 * SETTLE)
    delay = args.start_at + starts[phase_index] - time.time()
    if delay > 0:
        await asyncio.sleep(delay)
    return float(max(0.0, -delay))


def _per_second(counted: Scheduled, elapsed: float) -> tuple[float, float]:
    return (counted.run / elapsed, counted.wait / elapsed) if elapsed else (0.0, 0.0)


def loop_thread() -> Scheduled:
    """The scheduler's count for this process's main thread (the event loop's) alone."""
    try:
        ran, waited, _ = Path(f"/proc/self/task/{os.getpid()}/schedstat").read_text().split()
    except (OSError, ValueError):  # a kernel without schedstats
        return Scheduled()
    return Scheduled(int(ran) / 1e9, int(waited) / 1e9)


class GcPauses:
    """The garbage collector's pauses while the block runs (``gc.callbacks``): a pause of
    the whole process that a turn caught in it waits out."""

    def __init__(self) -> None:
        self.pauses: list[tuple[int, float]] = []
        self._started = 0.0

    def _note(self, phase_: str, info: dict[str, int]) -> None:
        if phase_ == "start":
            self._started = time.perf_counter()
        else:
            self.pauses.append((info["generation"], time.perf_counter() - self._started))

    def __enter__(self) -> GcPauses:
        gc.callbacks.append(self._note)
        return self

    def __exit__(self, *_: object) -> None:
        gc.callbacks.remove(self._note)

    def figures(self) -> dict[str, float]:
        """The longest pause, all pauses together (s), and the oldest generation's count."""
        return {
            "longest": max((p for _, p in self.pauses), default=0.0),
            "total": sum(p for _, p in self.pauses),
            "oldest": sum(1 for g, _ in self.pauses if g == 2),
        }


@dataclass(frozen=True)
class Scheduled:
    """Seconds on a CPU and seconds ready to run while every CPU was taken (the kernel's
    run-queue wait: what a busy neighbour on the same core costs a process)."""

    run: float = 0.0
    wait: float = 0.0

    def __sub__(self, before: Scheduled) -> Scheduled:
        return Scheduled(self.run - before.run, self.wait - before.wait)


def scheduled(pids: Iterable[int]) -> Scheduled:
    """What the scheduler counted, to the nanosecond, for every thread of ``pids``
    (``/proc/<pid>/task/<tid>/schedstat``; a thread that ended meanwhile is left out): the
    CPU (within 5 % of the clock ticks of ``/proc/<pid>/stat`` here) and the run-queue
    wait, which the ticks do not show. Zeros on a kernel that keeps no such statistics."""
    run = wait = 0
    for pid in pids:
        for stat in Path(f"/proc/{pid}/task").glob("*/schedstat"):
            try:
                ran, waited, _ = stat.read_text().split()
            except (OSError, ValueError):  # ended meanwhile; a kernel without schedstats
                continue
            run, wait = run + int(ran), wait + int(waited)
    return Scheduled(run / 1e9, wait / 1e9)


def server_scheduled(args: argparse.Namespace, index: int) -> Scheduled:
    """The PostgreSQL server's count (``--server-pid``, its postmaster, and the processes it
    started: one per connection, the WAL writer…), taken by the first bot process only."""
    if not args.server_pid or index != 0:
        return Scheduled()
    live = scheduled([args.server_pid, *children(args.server_pid)])
    return Scheduled(live.run + reaped_cpu(args.server_pid), live.wait)


def reaped_cpu(pid: int) -> float:
    """The CPU seconds of ``pid``'s children that ended and were waited for (the kernel adds
    them to its parent's ``cutime`` + ``cstime``, in clock ticks): a backend or autovacuum
    worker that ends during a phase takes its CPU out of the live processes' sum."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[13]) + int(fields[14])) / os.sysconf("SC_CLK_TCK")


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except OSError:  # ended meanwhile
            continue
        if parent == pid:
            found.append(int(entry.name))
    return found


def postmaster_pid(data: Path) -> int:
    return int((data / "postmaster.pid").read_text().split()[0])


T = TypeVar("T")


def on_bot_loop(main: Coroutine[Any, Any, T]) -> T:
    """Runs ``main`` on the event loop the checkout's bot runs on (service/event_loop.py:
    uvloop); a checkout from before that module ran on asyncio's."""
    if not (CHECKOUT / "service" / "event_loop.py").exists():
        return asyncio.run(main)  # (this project's editable install would import ours)
    from service.event_loop import run  # noqa: PLC0415 - absent from older checkouts (--code)

    return run(main)


def worker(args: argparse.Namespace, database: str, index: int, barrier: Any, out: Any) -> None:
    out.send(on_bot_loop(measure(args, database, index, barrier)))


def pooled(
    parts: list[dict[str, Any]], phase: str
) -> tuple[list[float], list[float], list[str], float]:
    turns = [t for p in parts for t in p[phase][0]]
    completes = [c for p in parts for c in p[phase][1]]
    conflicts = [c for p in parts for c in p[phase][2]]
    return turns, completes, conflicts, max(p[phase][3] for p in parts)


def show(title: str, phase: tuple[list[float], list[float], list[str], float]) -> float:
    turns, completes, conflicts, elapsed = phase
    rate = len(turns) / elapsed
    refused = ", ".join(f"{n} {code}" for code, n in Counter(conflicts).most_common()) or "none"
    print(
        f"{title}: {rate:,.0f} turns/s, {len(completes) / elapsed:,.0f} autocompletes/s "
        f"over {elapsed:.0f} s (moves refused: {refused})"
    )
    print("  " + line("turn (service path)", turns))
    print("  " + line("autocomplete", completes))
    return rate


def run_processes(args: argparse.Namespace, database: str) -> list[dict[str, Any]]:
    if args.processes == 1:
        return [on_bot_loop(measure(args, database, 0, None))]
    context = multiprocessing.get_context("spawn")
    barrier = context.Barrier(args.processes)
    pipes, processes = [], []
    for index in range(args.processes):
        mine, theirs = context.Pipe(duplex=False)
        process = context.Process(target=worker, args=(args, database, index, barrier, theirs))
        process.start()
        pipes.append(mine)
        processes.append(process)
    parts = [pipe.recv() for pipe in pipes]
    for process in processes:
        process.join()
    return parts


#: ``--compare`` configurations: backend, SQLite synchronous mode, bot processes.
CONFIGS: dict[str, tuple[str, str, int]] = {
    "sqlite-normal": ("sqlite", "NORMAL", 1),
    "sqlite-full": ("sqlite", "FULL", 1),
    "pg-1": ("pg", "FULL", 1),
    "pg-2": ("pg", "FULL", 2),
}
#: Refusals that mean the database did not take the move in time.
DATABASE_REFUSALS = ("store_unavailable", "store_busy", "commit_unknown")


def summary(parts: list[dict[str, Any]]) -> dict[str, Any]:
    """One run's figures (``--json``)."""
    steady, saturated = pooled(parts, "steady"), pooled(parts, "saturated")
    refused = sum(1 for c in steady[2] + saturated[2] if c in DATABASE_REFUSALS)
    p99 = percentile(steady[0], 0.99) if steady[0] else float("inf")
    moves = max(1, len(steady[0]))

    def per_turn(key: str) -> float:
        return float(sum(p.get(key, 0.0) for p in parts)) / moves

    # CPU seconds of the bot processes and the server in the saturation phase.
    saturated_cpu = sum(
        p.get("saturated_cpu", 0.0) + p.get("saturated_server_cpu", 0.0) for p in parts
    )
    return {
        "p50": percentile(steady[0], 0.5) if steady[0] else float("inf"),
        "p99": p99,
        "saturation": len(saturated[0]) / saturated[3] if saturated[3] else 0.0,
        # Moves of the saturation phase per CPU second of the bot processes and the server:
        # what the code costs, whatever share of a shared machine the scheduler gave it.
        "saturation_per_cpu": len(saturated[0]) / max(1e-9, saturated_cpu),
        "cpu_per_turn": per_turn("cpu"),
        "server_cpu_per_turn": per_turn("server_cpu"),
        "bot_wait_per_turn": per_turn("bot_wait"),
        "server_wait_per_turn": per_turn("server_wait"),
        "refused": refused,
        # The garbage collector in the steady phase: longest pause and full collections.
        "gc_longest": max(p.get("steady_gc", {}).get("longest", 0.0) for p in parts),
        "gc_full": sum(p.get("steady_gc", {}).get("oldest", 0) for p in parts),
        "collapsed": p99 > 1.0 or refused > 0,
        "rss": max(p["rss"] for p in parts),
        # The bot processes' CPU and run-queue wait per second of the saturation phase, and
        # the loop thread's time asleep (no work: waiting for the database, or the GIL).
        "sat_bot_cpu": sum(p.get("saturated_run", 0.0) for p in parts),
        # The CPU seconds per second the set-up (bot processes and server) had in saturation.
        "sat_setup_cpu": saturated_cpu / max(1e-9, saturated[3]),
        "sat_bot_wait": sum(p.get("saturated_wait", 0.0) for p in parts),
        "sat_loop_asleep": statistics.fmean(
            max(0.0, 1.0 - sum(p.get("saturated_loop", (0.0, 0.0)))) for p in parts
        ),
        # Moves per group commit (statement or writer trip) in each phase.
        **{
            f"{name}_group_size": _group_size(parts, before, name)
            for before, name in (
                ("start", "steady"),
                ("steady", "saturated"),
                ("saturated", "overloaded"),
            )
        },
        # Seconds each phase began after its time on the --start-at timetable (--together).
        **{
            f"late_{name}": max(p.get("late", {}).get(name, 0.0) for p in parts)
            for name in ("steady", "saturated", "overloaded")
        },
        **overload_figures(parts),
    }


def _group_size(parts: list[dict[str, Any]], before: str, after: str) -> float:
    """Moves (writes) per group commit between two of ``measure``'s counts, all processes."""
    counted = [p["groups"] for p in parts if after in p.get("groups", {})]
    statements = sum(g[after][0] - g[before][0] for g in counted)
    return sum(g[after][1] - g[before][1] for g in counted) / statements if statements else 0.0


def overload_figures(parts: list[dict[str, Any]]) -> dict[str, Any]:
    """The overload phase's figures (empty without one): goodput (moves played per second,
    and as a share of the same run's saturation), moves refused, arrival-to-answer latency
    (refused moves included), matches read from the store per move, and the bot's CPU per
    move played against the steady phase's."""
    turns, _, conflicts, elapsed = pooled(parts, "overloaded")
    if not elapsed:
        return {}
    answers = [a for p in parts for a in p["answers"]]
    saturated = pooled(parts, "saturated")
    capacity = len(saturated[0]) / saturated[3] if saturated[3] else 0.0
    steady_moves = max(1, len(pooled(parts, "steady")[0]))
    steady_cpu = sum(p["cpu"] for p in parts) / steady_moves
    cpu = sum(p["overload_cpu"] for p in parts) / max(1, len(turns))
    share = len(turns) / elapsed / capacity if capacity else 0.0
    sat_run = sum(p.get("saturated_run", 0.0) for p in parts)
    over_run = sum(p.get("overload_run", 0.0) for p in parts)
    return {
        "capacity": capacity,
        "goodput": len(turns) / elapsed,
        "goodput_share": share,
        # The bot processes' CPU seconds per second (all threads) in saturation and in
        # overload, their run-queue wait likewise, and the goodput share per CPU share:
        # moves played per CPU second under overload against saturation's.
        "saturated_cpu_share": sat_run,
        "overload_cpu_share": over_run,
        "saturated_cpu_wait": sum(p.get("saturated_wait", 0.0) for p in parts),
        "overload_cpu_wait": sum(p.get("overload_wait", 0.0) for p in parts),
        "goodput_per_cpu": share * sat_run / over_run if over_run else 0.0,
        "overload_refused": sum(1 for c in conflicts if c in DATABASE_REFUSALS),
        "overload_conflicts": len(conflicts),
        "overload_unpicked": sum(p.get("overload_unpicked", 0) for p in parts),
        # Autocompletes answered per move played: the work mix of each phase.
        "saturated_completes_per_move": len(saturated[1]) / max(1, len(saturated[0])),
        "overload_completes_per_move": len(pooled(parts, "overloaded")[1]) / max(1, len(turns)),
        **_loop_shares(parts),
        "answer_p50": percentile(answers, 0.5) if answers else float("inf"),
        "answer_p99": percentile(answers, 0.99) if answers else float("inf"),
        "reads_per_move": sum(p["overload_reads"] for p in parts)
        / max(1, len(turns) + len(conflicts)),
        "overload_cpu_per_turn": cpu,
        "cpu_ratio": cpu / steady_cpu if steady_cpu else 0.0,
    }


def _loop_shares(parts: list[dict[str, Any]]) -> dict[str, float]:
    """Per second of each phase, averaged over the processes: the event loop thread's CPU,
    the other threads' (SQLite's writer, the checkpointer), and the seconds the loop thread
    neither ran nor waited for a CPU (asleep: no work, or waiting for the GIL)."""
    figures: dict[str, float] = {}
    for phase_ in ("saturated", "overload"):
        loops = [p.get(f"{phase_}_loop", (0.0, 0.0)) for p in parts]
        run = statistics.fmean(r for r, _ in loops)
        wait = statistics.fmean(w for _, w in loops)
        total = statistics.fmean(p.get(f"{phase_}_run", 0.0) for p in parts)
        figures[f"{phase_}_loop_cpu"] = run
        figures[f"{phase_}_other_cpu"] = total - run
        figures[f"{phase_}_loop_asleep"] = max(0.0, 1.0 - run - wait)
    return figures


def compare(args: argparse.Namespace) -> None:
    """Every configuration of every checkout once per round, rounds one after another (the
    checkouts' order reversed every other round, so neither always runs first). With
    ``--together`` the runs of a group start at once on one timetable (``--start-at``):
    with ``--code``, each configuration of every checkout side by side; else SQLite FULL
    beside each PostgreSQL set-up in turn (its runs filed as "sqlite-full beside pg-N"), so
    what the two are compared on met the same machine at the same moments. Each checkout
    has a server of its own, so a server's CPU is one run's."""
    from tests.pg_server import DURABLE_SETTINGS, PostgresServer  # noqa: PLC0415 - bench-only wheel

    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # a stopped run stops its server
    codes = [
        str(Path(__file__).resolve().parent.parent),
        *(str(Path(c).resolve()) for c in args.code),
    ]
    results: dict[tuple[str, str], list[dict[str, Any]]] = {}
    loads: list[float] = []
    made = 0
    with tempfile.TemporaryDirectory() as folder:
        Path(folder).chmod(0o755)  # the server may run as its own user
        servers = {code: PostgresServer(DURABLE_SETTINGS, scratch=folder) for code in codes}
        shares = (
            EqualShares(max(2, len(codes)), args.equal_cpu or None)
            if args.equal_share or args.equal_cpu
            else None
        )

        def placing(position: int, flip: int) -> Callable[[], None] | None:
            """What a run's process does before it starts: join its set-up's cgroup, or
            its core (--pin)."""
            if shares is not None:
                return lambda: shares.join(position, [os.getpid()])
            if args.pin:
                core = core_of(position, len(codes), flip)
                return lambda: os.sched_setaffinity(0, {core})
            return None

        try:
            for at, server in enumerate(servers.values()):
                server.start()
                if shares is not None:  # its backends, started later, join with it
                    pm = postmaster_pid(server.data)
                    shares.join(at if len(codes) > 1 else 1, [pm, *children(pm)])
            for round_number in range(args.rounds):
                order = codes if round_number % 2 == 0 else codes[::-1]
                for group in run_groups(order, args.configs, together=args.together):
                    batch: list[_Run] = []
                    for code, config, label in group:
                        made += 1
                        batch.append(
                            _Run(code, config, label, servers[code], f"r{round_number}_{made}")
                        )
                    # What the last run left (its database's dirty pages, a timed
                    # checkpoint due) is written now, not during this run.
                    os.sync()
                    for server in servers.values():
                        asyncio.run(_admin(server.url(), "CHECKPOINT"))
                    for run_ in batch:
                        run_.prepare()
                    flip = round_number % 2
                    if args.pin:
                        for at, server in enumerate(servers.values()):
                            position = at if len(codes) > 1 else 1  # PostgreSQL's
                            pin(postmaster_pid(server.data), core_of(position, len(codes), flip))
                    start_at = time.time() + args.lead_in if args.together else 0.0
                    started = [
                        run_.start(args, start_at, placing(run_.position(codes), flip))
                        for run_ in batch
                    ]
                    for run_, process in zip(batch, started, strict=True):
                        figures = run_.finish(process)
                        results.setdefault((run_.code, run_.label), []).append(figures)
                        loads.append(os.getloadavg()[0])
                        print(
                            f"round {round_number + 1} {Path(run_.code).name} {run_.label}: "
                            + ", ".join(
                                f"{k} {v:.4g}" if isinstance(v, float) else f"{k} {v}"
                                for k, v in figures.items()
                            )
                            + f"; load average {loads[-1]:.1f}",
                            flush=True,
                        )
        finally:
            for server in servers.values():
                server.cleanup()
            if shares is not None:
                shares.close()
    if args.together:
        print("\nside by side (--together): the runs of a group started on one timetable")
    print(
        f"\n{args.rounds} rounds of {args.matches} live matches, {args.rate:.0f} moves/s with "
        f"{args.autocompletes} autocompletes each for {args.seconds:.0f} s, then {args.saturate:.0f} s "
        f"of {args.clients} clients per process; medians over the rounds; machine load average "
        f"{min(loads):.1f}–{max(loads):.1f} on {os.cpu_count()} cores"
    )
    print(
        "| checkout | set-up | steady p50 | steady p99 | saturation | CPU per turn: bot + server "
        "| waiting for a CPU per turn: bot + server | collapsed |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for (code, config), runs in results.items():
        p99s = ", ".join(f"{r['p99'] * 1000:.2f}" for r in runs)
        bot = statistics.median(r["cpu_per_turn"] for r in runs) * 1000
        server_part = statistics.median(r.get("server_cpu_per_turn", 0.0) for r in runs) * 1000
        bot_wait = statistics.median(r.get("bot_wait_per_turn", 0.0) for r in runs) * 1e6
        server_wait = statistics.median(r.get("server_wait_per_turn", 0.0) for r in runs) * 1e6
        print(
            f"| {Path(code).name} | {config} | {statistics.median(r['p50'] for r in runs) * 1000:.2f} ms "
            f"| {statistics.median(r['p99'] for r in runs) * 1000:.2f} ms (rounds: {p99s}) "
            f"| {statistics.median(r['saturation'] for r in runs):,.0f} turns/s "
            f"| {bot:.2f} + {server_part:.2f} ms "
            f"| {bot_wait:.0f} + {server_wait:.0f} µs "
            f"| {sum(r['collapsed'] for r in runs)}/{len(runs)} "
            f"({sum(r['refused'] for r in runs)} refused) |"
        )
    if args.overload > 0:
        print(
            f"\noverload: {args.overload:g}× the run's saturation offered for "
            f"{args.overload_seconds:.0f} s; medians over the rounds (range)"
        )
        print(
            "| checkout | set-up | capacity | goodput | share of capacity | moves refused "
            "| arrival to answer p50 / p99 | store reads per move | bot CPU per move vs steady "
            "| bot CPU s/s: saturation / overload (run-queue wait) | goodput per CPU vs capacity's |"
        )
        print("|---|---|---|---|---|---|---|---|---|---|---|")
        for (code, config), runs in results.items():
            if "goodput" not in runs[0]:
                continue

            def mid(key: str, runs: list[dict[str, Any]] = runs) -> str:
                values = [r[key] for r in runs]
                return f"{statistics.median(values):.3g} ({min(values):.3g}–{max(values):.3g})"

            print(
                f"| {Path(code).name} | {config} | {mid('capacity')} turns/s "
                f"| {mid('goodput')} turns/s | {mid('goodput_share')} "
                f"| {sum(r['overload_refused'] for r in runs)} "
                f"| {mid('answer_p50')} / {mid('answer_p99')} s | {mid('reads_per_move')} "
                f"| {mid('cpu_ratio')}× "
                f"| {mid('saturated_cpu_share')} ({mid('saturated_cpu_wait')}) / "
                f"{mid('overload_cpu_share')} ({mid('overload_cpu_wait')}) "
                f"| {mid('goodput_per_cpu')} |"
            )
    for line_ in targets(results, codes, args.configs):
        print(line_)


def core_of(position: int, positions: int, flip: int) -> int:
    """``--pin``: the core of the set-up at ``position`` (a checkout's, or with one checkout
    0 for SQLite and 1 for PostgreSQL, bot and server), swapped every other round so
    neither set-up keeps the core with more of the machine's other work."""
    cores = os.cpu_count() or 1
    return (position + flip) % max(2, positions) % cores


#: cgroup v1's CPU controller (``--equal-share``).
CPU_CGROUP = Path("/sys/fs/cgroup/cpu")


class EqualShares:
    """``--equal-share``: a CPU cgroup per set-up, each with the same ``cpu.shares``, meant
    to give each as much CPU as the other when both want it, however many processes it
    spreads its work over (the scheduler's share is per task within a group, per group
    between them).
    Shares are weights the scheduler splits per core from each group's recent load, and one
    set-up can draw more than its weight (the issue's code did: 1.02 CPU s/s against 0.67);
    ``--equal-cpu CORES`` also caps each group at CORES of CPU time per period
    (``cpu.cfs_quota_us``), so set-ups that both reach the cap had the same CPU (the
    saturation line prints what each had). Needs cgroup v1's CPU controller and the right
    to make groups (root)."""

    def __init__(self, count: int, cores: float | None = None) -> None:
        self.groups = [CPU_CGROUP / f"tabletop-load-{os.getpid()}-{i}" for i in range(count)]
        for group in self.groups:
            group.mkdir()
            (group / "cpu.shares").write_text("1024")
            if cores:
                period = int((group / "cpu.cfs_period_us").read_text())
                (group / "cpu.cfs_quota_us").write_text(str(int(cores * period)))

    def join(self, position: int, pids: Iterable[int]) -> None:
        for pid in pids:
            try:
                (self.groups[position] / "cgroup.procs").write_text(str(pid))
            except OSError:  # ended meanwhile
                continue

    def close(self) -> None:
        """Whatever is left in the groups goes back to the root; the groups go."""
        for group in self.groups:
            for pid in (group / "cgroup.procs").read_text().split():
                try:
                    (CPU_CGROUP / "cgroup.procs").write_text(pid)
                except OSError:
                    continue
            group.rmdir()


def pin(pid: int, core: int) -> None:
    """``pid`` and the processes it started so far on ``core`` only (the server's: its
    later backends inherit the postmaster's)."""
    for each in (pid, *children(pid)):
        try:
            os.sched_setaffinity(each, {core})
        except OSError:  # ended meanwhile
            continue


def run_groups(
    codes: list[str], configs: list[str], *, together: bool
) -> list[list[tuple[str, str, str]]]:
    """The runs of one round as (checkout, configuration, label) in groups run at once:
    one run per group unless ``together`` (``compare``'s docstring says which)."""
    if not together:
        return [[(code, config, config)] for code in codes for config in configs]
    if len(codes) > 1:
        return [[(code, config, config) for code in codes] for config in configs]
    code = codes[0]
    groups = [
        [(code, "sqlite-full", f"sqlite-full beside {config}"), (code, config, config)]
        for config in configs
        if config.startswith("pg") and "sqlite-full" in configs
    ]
    paired = {config for group in groups for _, config, _ in group}
    return groups + [[(code, c, c)] for c in configs if c not in paired]


class _Run:
    """One configuration of one checkout in a fresh Python process (``--json``), with its
    fresh database and the server's counts around it."""

    def __init__(self, code: str, config: str, label: str, server: Any, name: str) -> None:
        self.code, self.config, self.label, self.server = code, config, label, server
        self.name = f"{name}_{config.replace('-', '_')}"
        self.kind, self.sync, self.processes = CONFIGS[config]
        self.database = str(Path(server.folder).parent / f"{self.name}.db")
        self.pid: int | None = None
        self.wal_start = self.chores = 0

    def position(self, codes: list[str]) -> int:
        """``--pin``'s position: the checkout's, or with one checkout 0 SQLite, 1 PostgreSQL."""
        return codes.index(self.code) if len(codes) > 1 else int(self.kind == "pg")

    def prepare(self) -> None:
        if self.kind != "pg":
            return
        asyncio.run(_admin(self.server.url(), f'CREATE DATABASE "{self.name}"'))
        self.database = self.server.url(self.name)
        self.pid = postmaster_pid(self.server.data)
        self.wal_start = asyncio.run(_matches_updates(self.database))[2]
        self.chores = asyncio.run(_server_chores(self.database))

    def start(
        self, args: argparse.Namespace, start_at: float, place: Callable[[], None] | None
    ) -> subprocess.Popen[str]:
        return _start_elsewhere(
            self.code, args, self.database, self.sync, self.processes, self.pid, start_at, place
        )

    def finish(self, process: subprocess.Popen[str]) -> dict[str, Any]:
        figures = _finish_elsewhere(process)
        if self.kind == "pg":
            updates, hot, wal_end = asyncio.run(_matches_updates(self.database))
            figures["hot_updates"] = hot / max(1, updates)
            figures["wal_per_update"] = (wal_end - self.wal_start) / max(1, updates)
            figures["server_chores"] = asyncio.run(_server_chores(self.database)) - self.chores
        return figures


def same_round(
    results: dict[tuple[str, str], list[dict[str, Any]]],
    top: tuple[str, str],
    bottom: tuple[str, str],
    key: str,
) -> tuple[float, str]:
    """The median over the rounds of ``top``'s ``key`` / ``bottom``'s in the same round, and
    the rounds' ratios."""
    ratios = [
        a[key] / b[key] if b[key] else float("inf")
        for a, b in zip(results[top], results[bottom], strict=True)
    ]
    return statistics.median(ratios), ", ".join(f"{r:.2f}" for r in ratios)


def targets(
    results: dict[tuple[str, str], list[dict[str, Any]]], codes: list[str], configs: list[str]
) -> list[str]:
    """Issue 22 item 3's targets for the first checkout, as same-round ratios."""
    new = codes[0]
    lines = ["", f"targets ({Path(new).name}; medians of same-round ratios):"]
    for config in ("pg-1", "pg-2"):
        if config not in configs:
            continue
        runs = results[(new, config)]
        collapsed = sum(r["collapsed"] for r in runs)
        lines.append(
            f"  {config} collapsed in {collapsed}/{len(runs)} rounds: "
            f"{'met' if collapsed == 0 else 'MISSED'}"
        )
        if "sqlite-full" in configs:
            beside = (new, f"sqlite-full beside {config}")
            partner = beside if beside in results else (new, "sqlite-full")
            ratio, rounds = same_round(results, (new, config), partner, "p99")
            ratios = sorted(float(r) for r in rounds.split(", "))
            lines.append(
                f"  {config} steady p99 / {partner[1]}'s = {ratio:.2f} (rounds: {rounds}; "
                f"spread {ratios[0]:.2f}–{ratios[-1]:.2f}, rounds above 1: "
                f"{sum(r > 1 for r in ratios)}/{len(ratios)}), "
                f"≤ 1: {'met' if ratio <= 1 else 'MISSED'}"
            )
            sqlite_runs = results[partner]
            if "gc_longest" in runs[0]:
                lines.append(
                    "    (per round: p99 SQLite FULL / this, ms; longest GC pause in the steady "
                    "phase, ms, SQLite FULL / this; full collections; the server's autovacuum, "
                    "autoanalyze and checkpoint runs: "
                    + "; ".join(
                        f"{a['p99'] * 1000:.0f}/{b['p99'] * 1000:.0f}, "
                        f"{a.get('gc_longest', 0) * 1000:.1f}/{b.get('gc_longest', 0) * 1000:.1f}, "
                        f"{a.get('gc_full', 0)}/{b.get('gc_full', 0)}, {b.get('server_chores', '?')}"
                        for a, b in zip(sqlite_runs, runs, strict=True)
                    )
                    + ")"
                )
    for (code, config), runs in results.items():
        if code != new or "goodput" not in runs[0]:
            continue
        share = min(r["goodput_share"] for r in runs)
        refused = sum(r["overload_refused"] for r in runs)
        cpu = max(r["cpu_ratio"] for r in runs)
        lines.append(
            f"  {config} overloaded: goodput ≥ 90 % of capacity in every round (lowest "
            f"{share:.0%}): {'met' if share >= 0.9 else 'MISSED'}; 0 refused moves ({refused}): "
            f"{'met' if refused == 0 else 'MISSED'}; CPU per move ≤ 1.5× the steady phase's "
            f"(highest {cpu:.2f}×): {'met' if cpu <= 1.5 else 'MISSED'}; store reads per move "
            f"(highest) {max(r['reads_per_move'] for r in runs):.3f}"
        )
        if "goodput_per_cpu" in runs[0]:
            per_cpu = ", ".join(f"{r['goodput_per_cpu']:.2f}" for r in runs)
            lines.append(
                "    (why: bot CPU s/s in saturation / overload, rounds: "
                + ", ".join(
                    f"{r['saturated_cpu_share']:.2f}/{r['overload_cpu_share']:.2f}" for r in runs
                )
                + f"; goodput per CPU second / capacity's, rounds: {per_cpu})"
            )
        if "overload_loop_asleep" in runs[0]:
            lines.append(
                "    (the event loop's thread per second in saturation / overload, rounds: "
                "on a CPU "
                + ", ".join(
                    f"{r.get('saturated_loop_cpu', 0.0):.2f}/{r.get('overload_loop_cpu', 0.0):.2f}"
                    for r in runs
                )
                + "; asleep (no work, or the GIL) "
                + ", ".join(
                    f"{r.get('saturated_loop_asleep', 0.0):.2f}/{r.get('overload_loop_asleep', 0.0):.2f}"
                    for r in runs
                )
                + "; other threads on a CPU "
                + ", ".join(
                    f"{r.get('saturated_other_cpu', 0.0):.2f}/{r.get('overload_other_cpu', 0.0):.2f}"
                    for r in runs
                )
                + "; autocompletes per move played "
                + ", ".join(
                    f"{r.get('saturated_completes_per_move', 0):.1f}/"
                    f"{r.get('overload_completes_per_move', 0):.1f}"
                    for r in runs
                )
                + "; moves that found every match busy "
                + ", ".join(str(r.get("overload_unpicked", 0)) for r in runs)
                + ")"
            )
    for old in codes[1:]:
        for config in configs:
            ratio, rounds = same_round(results, (new, config), (old, config), "saturation")
            wanted = " ≥ 1.3: " + ("met" if ratio >= 1.3 else "MISSED") if "pg" in config else ""
            lines.append(
                f"  {config} saturation / {Path(old).name}'s = {ratio:.2f}× (rounds: {rounds})"
                f"{wanted}"
            )
            if "saturation_per_cpu" in results[(new, config)][0]:
                ratio, rounds = same_round(
                    results, (new, config), (old, config), "saturation_per_cpu"
                )
                lines.append(
                    f"  {config} saturation moves per CPU second (bot + server) / "
                    f"{Path(old).name}'s = {ratio:.2f}× (rounds: {rounds})"
                )
            if "sat_setup_cpu" in results[(new, config)][0]:
                pairs = list(zip(results[(new, config)], results[(old, config)], strict=True))
                uneven = sum(
                    abs(a["sat_setup_cpu"] / max(1e-9, b.get("sat_setup_cpu", 0.0)) - 1) > 0.1
                    for a, b in pairs
                )
                lines.append(
                    f"    (CPU s/s of bot + server in saturation, {Path(new).name} / "
                    f"{Path(old).name}, rounds: "
                    + ", ".join(
                        f"{a['sat_setup_cpu']:.2f}/{b.get('sat_setup_cpu', 0.0):.2f}"
                        for a, b in pairs
                    )
                    + f"; rounds whose CPU differed by over 10 %: {uneven}/{len(pairs)}, "
                    "where turns/s compare CPU shares as much as code: --equal-cpu)"
                )
    return lines


async def _admin(url: str, statement: str) -> None:
    import asyncpg  # noqa: PLC0415 - only --compare needs a server connection

    admin = await asyncpg.connect(url)
    try:
        await admin.execute(statement)
    finally:
        await admin.close()


async def _server_chores(url: str) -> int:
    """Autovacuum and autoanalyze runs on this database's tables and checkpoints so far:
    the server's own work, which a run's tail may have waited behind."""
    import asyncpg  # noqa: PLC0415 - only --compare needs a server connection

    conn = await asyncpg.connect(url)
    try:
        tables = await conn.fetchval(
            "SELECT coalesce(sum(autovacuum_count + autoanalyze_count), 0) FROM pg_stat_user_tables"
        )
        try:
            checkpoints = await conn.fetchval(
                "SELECT num_timed + num_requested FROM pg_stat_checkpointer"
            )
        except asyncpg.PostgresError:  # before PostgreSQL 17
            checkpoints = 0
    finally:
        await conn.close()
    return int(tables) + int(checkpoints)


async def _matches_updates(url: str) -> tuple[int, int, int]:
    """The updates of ``matches`` so far, how many of them PostgreSQL made HOT (the new row
    version on its page, no new index entries), and the server's WAL position in bytes (the
    WAL written per update, over a run, says what the indexes cost)."""
    import asyncpg  # noqa: PLC0415 - only --compare needs a server connection

    conn = await asyncpg.connect(url)
    try:
        row = await conn.fetchrow(
            "SELECT n_tup_upd, n_tup_hot_upd FROM pg_stat_user_tables WHERE relname = 'matches'"
        )
        wal = await conn.fetchval("SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')")
    finally:
        await conn.close()
    return (row[0], row[1], int(wal)) if row else (0, 0, int(wal))


def _start_elsewhere(
    code: str,
    args: argparse.Namespace,
    database: str,
    sync: str,
    processes: int,
    server_pid: int | None,
    start_at: float,
    place: Callable[[], None] | None = None,
) -> subprocess.Popen[str]:
    """One run of this harness on ``code``'s checkout in a fresh Python process (``--json``),
    started (``_finish_elsewhere`` reads its figures)."""
    command = [
        sys.executable,
        str(Path(__file__).resolve()),
        "--json",
        "--database",
        database,
        "--sync",
        sync,
        "--processes",
        str(processes),
        "--matches",
        str(args.matches),
        "--rate",
        str(args.rate),
        "--seconds",
        str(args.seconds),
        "--saturate",
        str(args.saturate),
        "--clients",
        str(args.clients),
        "--autocompletes",
        str(args.autocompletes),
        "--seed",
        str(args.seed),
        "--overload",
        str(args.overload),
        "--overload-seconds",
        str(args.overload_seconds),
        *(["--server-pid", str(server_pid)] if server_pid else []),
        *(["--untyped"] if args.untyped else []),
        *(["--start-at", repr(start_at)] if start_at else []),
    ]
    return subprocess.Popen(
        command,
        cwd=code,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": code, "LOAD_BENCH_CODE": code},
        # --pin, --equal-share: the run and the processes it starts placed alike.
        preexec_fn=place,
    )


def _finish_elsewhere(process: subprocess.Popen[str]) -> dict[str, Any]:
    """The figures of a run ``_start_elsewhere`` started, once it ended."""
    stdout, stderr = process.communicate()
    if process.returncode != 0:
        print(stderr[-2000:], file=sys.stderr)
        return {
            "p50": float("inf"),
            "p99": float("inf"),
            "saturation": 0.0,
            "cpu_per_turn": 0.0,
            "server_cpu_per_turn": 0.0,
            "refused": -1,
            "collapsed": True,
            "rss": 0.0,
        }
    figures: dict[str, Any] = json.loads(stdout.strip().splitlines()[-1])
    return figures


def run(args: argparse.Namespace) -> None:
    if args.compare:
        compare(args)
        return
    server = None
    with tempfile.TemporaryDirectory() as folder:
        database = args.database or str(Path(folder) / "load.db")
        if database == "embedded":
            from tests.pg_server import DURABLE_SETTINGS, PostgresServer  # noqa: PLC0415 - bench-only wheel

            Path(folder).chmod(0o755)  # the server may run as its own user
            server = PostgresServer(DURABLE_SETTINGS, scratch=folder)
            server.start()
            database = server.url()
            args.server_pid = postmaster_pid(server.data)
        elif database.startswith("sqlite:///"):
            database = database[len("sqlite:///") :]
        kind = "PostgreSQL" if is_postgres_url(database) else f"SQLite synchronous={args.sync}"
        try:
            parts = run_processes(args, database)
        finally:
            if server is not None:
                server.cleanup()
    if args.json:
        print(json.dumps(summary(parts)))
        return
    loaded = sum(p["matches"] for p in parts)
    print(
        f"{loaded} live matches of {', '.join(available_games())} in {args.processes} "
        f"process(es) on {kind}; RSS after loading {max(p['rss_loaded'] for p in parts):.0f} MB "
        "per process"
    )
    steady = pooled(parts, "steady")
    rate = show(f"steady load at {args.rate:.0f} moves/s", steady)
    moves = max(1, len(steady[0]))
    cpu, waited = sum(p["cpu"] for p in parts), sum(p["bot_wait"] for p in parts)
    print(
        f"  CPU of the bot processes: {cpu / steady[3]:.0%} of one core, "
        f"{cpu * 1000 / moves:.2f} ms per move incl. its autocompletes, "
        f"{waited * 1e6 / moves:.0f} µs per move waiting for a CPU; "
        f"machine load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    )
    if args.server_pid:
        server, waited = sum(p["server_cpu"] for p in parts), sum(p["server_wait"] for p in parts)
        print(
            f"  CPU of the PostgreSQL server: {server / steady[3]:.0%} of one core, "
            f"{server * 1000 / moves:.2f} ms per move, {waited * 1e6 / moves:.0f} µs per move "
            "waiting for a CPU"
        )
    top = 0.0
    if args.saturate > 0:
        top = show(
            f"saturation with {args.clients} clients per process", pooled(parts, "saturated")
        )
    over = overload_figures(parts)
    if over:
        print(
            f"overload at {args.overload:g}× the saturation's {over['capacity']:,.0f} turns/s "
            f"for {args.overload_seconds:.0f} s (answered over "
            f"{pooled(parts, 'overloaded')[3]:.0f} s): goodput {over['goodput']:,.0f} turns/s "
            f"= {over['goodput_share']:.0%} of capacity; moves refused by the database: "
            f"{over['overload_refused']} (other refusals {over['overload_conflicts'] - over['overload_refused']})"
        )
        print(
            "  "
            + line("arrival to answer", [a for p in parts for a in p["answers"]])
            + f"\n  matches read from the store per move: {over['reads_per_move']:.3f}; "
            f"bot CPU per move played {over['overload_cpu_per_turn'] * 1000:.2f} ms "
            f"= {over['cpu_ratio']:.2f}× the steady phase's; "
            f"machine load average {os.getloadavg()[0]:.1f}"
        )
        print(
            f"  autocompletes answered per move played, saturation / overload: "
            f"{over['saturated_completes_per_move']:.2f} / "
            f"{over['overload_completes_per_move']:.2f}\n"
            f"  moves that found every match busy (not offered): {over['overload_unpicked']}; "
            "per second, saturation / overload: the event loop's thread on a CPU "
            f"{over.get('saturated_loop_cpu', 0.0):.2f} / {over.get('overload_loop_cpu', 0.0):.2f} s, asleep "
            f"(no work, or waiting for the GIL) {over.get('saturated_loop_asleep', 0.0):.2f} / "
            f"{over.get('overload_loop_asleep', 0.0):.2f} s; the other threads on a CPU "
            f"{over.get('saturated_other_cpu', 0.0):.2f} / {over.get('overload_other_cpu', 0.0):.2f} s"
        )
    rss = max(p["rss"] for p in parts)
    print(f"peak RSS: {rss:.0f} MB per process")
    p99 = percentile(steady[0], 0.99)
    verdict = [
        f"≥ 300 turns/s: {'met' if max(rate, top) >= 300 else 'MISSED'}",
        f"p99 ≤ 30 ms at {args.rate:.0f}/s: {'met' if p99 <= 0.030 else 'MISSED'}",
        f"≤ 150 MB: {'met' if rss <= 150 else 'MISSED'}",
    ]
    print("targets: " + "; ".join(verdict))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--rate", type=float, default=300.0, help="moves per second")
    parser.add_argument("--saturate", type=float, default=10.0, help="seconds at full speed")
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--autocompletes", type=int, default=3)
    parser.add_argument("--sync", default="FULL", choices=("FULL", "NORMAL", "OFF"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--database",
        "--db",
        help="a SQLite file or sqlite:/// URL, a postgresql:// URL, or 'embedded' "
        "(a throw-away PostgreSQL); default: a temporary SQLite file",
    )
    parser.add_argument("--processes", type=int, default=1, help="bot processes (shards)")
    parser.add_argument("--json", action="store_true", help="one line of figures (--compare)")
    parser.add_argument("--compare", action="store_true", help="configurations side by side")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--configs", nargs="+", default=list(CONFIGS), choices=list(CONFIGS))
    parser.add_argument("--code", action="append", default=[], help="another checkout to compare")
    parser.add_argument("--server-pid", type=int, help="the PostgreSQL server's, for its CPU")
    parser.add_argument(
        "--overload", type=float, default=0.0, help="offer this many times the saturation"
    )
    parser.add_argument("--overload-seconds", type=float, default=20.0)
    parser.add_argument(
        "--untyped",
        action="store_true",
        help="overload: autocompletes arrive on their own, not with each move (as before)",
    )
    parser.add_argument("--burners", type=int, default=0, help="CPU burners beside the run")
    parser.add_argument(
        "--together",
        action="store_true",
        help="--compare: the runs of a group side by side on one timetable (see compare)",
    )
    parser.add_argument(
        "--pin",
        action="store_true",
        help="--compare: each set-up (bot processes and its server) on one core of its own",
    )
    parser.add_argument(
        "--equal-share",
        action="store_true",
        help="--compare: each set-up (bot processes and its server) in a CPU cgroup of equal "
        "shares (cgroup v1, root)",
    )
    parser.add_argument(
        "--equal-cpu",
        type=float,
        default=0.0,
        metavar="CORES",
        help="--compare: as --equal-share, and each set-up capped at CORES of CPU time "
        "(cgroup v1 cpu.cfs_quota_us), so set-ups that reach the cap have the same CPU",
    )
    parser.add_argument(
        "--lead-in", type=float, default=30.0, help="--together: seconds to populate in"
    )
    parser.add_argument(
        "--start-at", type=float, default=0.0, help="wall-clock time the steady phase starts"
    )
    args = parser.parse_args()
    burners = [
        subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(args.burners)
    ]
    try:
        run(args)
    finally:
        for burner in burners:
            burner.kill()
            burner.wait()


if __name__ == "__main__":
    main()
