"""Kill the crash worker with SIGKILL at seeded random moments and audit the database.

Used by ``tests/hardening/test_crash_recovery.py`` (small) and ``bench/crash.py`` (big).
Every ``step`` line the worker printed is a committed move it promised; after each kill
the audit checks that every promise is in the action log, that each match replays exactly
from seed + options + action log to the stored state, and that SQLite's own integrity
check passes. The last run plays a fixed number of moves and must end by itself.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from gamecore.registry import get_game
from storage import SqliteMatchStore
from tests.deadlines import HANG_GUARD

ROOT = Path(__file__).resolve().parents[2]
WORKER = Path(__file__).with_name("crash_worker.py")


@dataclass(frozen=True, slots=True)
class Promise:
    """A step the worker reported as committed."""

    match_id: str
    step: int
    seat: int
    notation: str

    @classmethod
    def parse(cls, line: str) -> Promise:
        _, match_id, step, seat, notation = line.split(" ", 4)
        return cls(match_id, int(step), int(seat), notation)


@dataclass(frozen=True, slots=True)
class RunResult:
    promises: tuple[Promise, ...]
    killed: bool
    returncode: int
    finished: bool
    stderr: str


@dataclass(slots=True)
class Audit:
    """What the database holds after a run, measured against the promises."""

    matches: int = 0
    steps_in_db: int = 0
    lost: list[Promise] = field(default_factory=list)
    corrupt: list[str] = field(default_factory=list)
    integrity: str = ""


@dataclass(slots=True)
class CrashReport:
    runs: int = 0
    kills: int = 0
    promised: int = 0
    lost: list[Promise] = field(default_factory=list)
    corrupt: list[str] = field(default_factory=list)
    integrity_failures: list[str] = field(default_factory=list)
    worker_errors: list[str] = field(default_factory=list)
    final_steps: int = 0
    final_finished: bool = False
    matches: int = 0
    steps_in_db: int = 0
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return (
            not (self.lost or self.corrupt or self.integrity_failures or self.worker_errors)
            and self.final_finished
        )

    def summary(self) -> str:
        return (
            f"{self.promised} committed moves reported over {self.runs} runs, "
            f"{self.kills} SIGKILLs, {len(self.lost)} lost moves, "
            f"{len(self.corrupt)} corrupt matches, {len(self.integrity_failures)} failed "
            f"integrity checks; {self.matches} matches / {self.steps_in_db} steps in the "
            f"database; play continued: {self.final_steps} moves after the last kill "
            f"({'finished cleanly' if self.final_finished else 'DID NOT FINISH'}); "
            f"{self.seconds:.1f} s"
        )


def run_worker(
    db: str,
    seed: int,
    *,
    matches: int,
    workers: int,
    kill_after: float | None = None,
    kill_before_ready: bool = False,
    moves: int | None = None,
    timeout: float = HANG_GUARD,
) -> RunResult:
    """One life of the worker: killed ``kill_after`` seconds after it is ready (or after
    it was started, when ``kill_before_ready``), or left to play ``moves`` steps."""
    command = [
        sys.executable,
        str(WORKER),
        "--db",
        db,
        "--seed",
        str(seed),
        "--matches",
        str(matches),
        "--workers",
        str(workers),
    ]
    if moves is not None:
        command += ["--moves", str(moves)]
    process = subprocess.Popen(
        command,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONHASHSEED": "0"},
    )
    lines: list[str] = []
    ready = threading.Event()

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            lines.append(line.rstrip("\n"))
            if line.startswith("ready"):
                ready.set()
        ready.set()  # EOF: stop waiting

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    killed = False
    if kill_after is not None:
        if not kill_before_ready:
            ready.wait(timeout)
        time.sleep(kill_after)
        if process.poll() is None:
            process.send_signal(signal.SIGKILL)
            killed = True
    try:
        process.wait(timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    reader.join(timeout)
    stderr = process.stderr.read() if process.stderr else ""
    if process.stderr:
        process.stderr.close()
    if process.stdout:
        process.stdout.close()
    promises = tuple(Promise.parse(line) for line in lines if line.startswith("step "))
    return RunResult(promises, killed, process.returncode, "done" in lines, stderr)


async def audit(db: str, promises: list[Promise]) -> Audit:
    """Check the database against every promise made so far (the worker is dead)."""
    store = SqliteMatchStore(db)
    await store.open()
    result = Audit()
    try:
        async with store.db.execute("PRAGMA integrity_check") as cursor:
            result.integrity = str((await cursor.fetchone())[0])
        async with store.db.execute("SELECT id FROM matches") as cursor:
            ids = [row[0] for row in await cursor.fetchall()]
        result.matches = len(ids)
        logs = {}
        for match_id in ids:
            match = await store.load(match_id)
            assert match is not None
            log = await store.actions(match_id)
            logs[match_id] = {(a.step, a.seat, a.notation) for a in log}
            result.steps_in_db += len(log)
            if [a.step for a in log] != list(range(1, match.steps + 1)):
                result.corrupt.append(f"{match_id}: log steps do not run 1..{match.steps}")
                continue
            if match.state is None:
                continue
            game = get_game(match.game_id)
            replayed = await store.replay(match_id)
            if game.to_json(replayed) != game.to_json(match.state):
                result.corrupt.append(f"{match_id}: replay differs from the stored state")
            elif game.status(replayed).to_move != match.to_move and match.status == "playing":
                result.corrupt.append(f"{match_id}: stored to_move is not the game's")
        for promise in promises:
            if (promise.step, promise.seat, promise.notation) not in logs.get(promise.match_id, ()):
                result.lost.append(promise)
    finally:
        await store.close()
    return result


def crash_campaign(
    db: str,
    seed: int,
    *,
    kills: int,
    matches: int = 40,
    workers: int = 8,
    max_life: float = 0.6,
    final_moves: int = 60,
    audit_every_kill: bool = True,
    progress: bool = False,
) -> CrashReport:
    """``kills`` lives ended by SIGKILL at seeded moments, then one life that must finish."""
    rng = random.Random(seed)
    report = CrashReport()
    promises: list[Promise] = []
    started = time.perf_counter()

    def check(label: str) -> None:
        found = asyncio.run(audit(db, promises))
        report.matches, report.steps_in_db = found.matches, found.steps_in_db
        report.lost = found.lost
        report.corrupt = found.corrupt
        if found.integrity != "ok":
            report.integrity_failures.append(f"{label}: {found.integrity}")

    for life in range(kills):
        before_ready = rng.random() < 0.2
        result = run_worker(
            db,
            rng.getrandbits(32),
            matches=matches,
            workers=workers,
            kill_after=rng.uniform(0.0, max_life),
            kill_before_ready=before_ready,
        )
        report.runs += 1
        report.kills += int(result.killed)
        if not result.killed:
            report.worker_errors.append(f"life {life} ended by itself: {result.stderr[-2000:]}")
        promises.extend(result.promises)
        if audit_every_kill or life == kills - 1:
            check(f"after kill {life}")
        if progress:
            print(
                f"  life {life + 1}/{kills}: {len(result.promises)} moves, "
                f"{len(promises)} so far, lost {len(report.lost)}",
                flush=True,
            )
    final = run_worker(db, rng.getrandbits(32), matches=matches, workers=workers, moves=final_moves)
    report.runs += 1
    report.final_steps = len(final.promises)
    report.final_finished = final.finished and final.returncode == 0
    if not report.final_finished:
        report.worker_errors.append(f"final life failed: {final.stderr[-2000:]}")
    promises.extend(final.promises)
    check("after the final life")
    report.promised = len(promises)
    report.seconds = time.perf_counter() - started
    return report
