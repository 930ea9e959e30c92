"""Issue 7.1: SIGKILL the real store + service at random moments; no committed move is lost.

The worker (``crash_worker.py``) prints a move only after ``service.play`` returned, so each
printed move is one a player was told about. After every kill the database must hold every
such move, every match must replay exactly from seed + options + action log, and SQLite's
integrity check must pass; after the last kill play must go on.
"""

from __future__ import annotations

import sqlite3

from tests.hardening.crash_harness import audit, crash_campaign, run_worker


def test_no_reported_move_is_lost_across_random_sigkills(tmp_path):
    report = crash_campaign(str(tmp_path / "crash.db"), seed=20261122, kills=8, max_life=0.5)
    print(report.summary())
    assert report.kills == 8
    assert report.promised > 30, "the kills came too early to test anything"
    assert report.lost == []
    assert report.corrupt == []
    assert report.integrity_failures == []
    assert report.worker_errors == []
    assert report.final_finished and report.final_steps >= 40


async def test_the_audit_notices_a_promise_the_database_does_not_hold(tmp_path):
    """The check above can fail: a made-up promise is reported lost."""
    db = str(tmp_path / "audit.db")
    result = run_worker(db, 5, matches=4, workers=2, moves=6)
    assert result.finished and len(result.promises) >= 6
    real = result.promises[0]
    forged = type(real)(real.match_id, real.step + 1000, real.seat, real.notation)
    found = await audit(db, [*result.promises, forged])
    assert found.lost == [forged]
    assert found.corrupt == []
    assert found.integrity == "ok"


async def test_the_audit_notices_a_log_that_does_not_replay(tmp_path):
    db = str(tmp_path / "tamper.db")
    result = run_worker(db, 6, matches=3, workers=1, moves=5)
    victim = result.promises[-1]
    with sqlite3.connect(db) as connection:
        connection.execute(
            "DELETE FROM actions WHERE match_id = ? AND step = ?", (victim.match_id, victim.step)
        )
    found = await audit(db, list(result.promises))
    assert found.lost == [victim]
    assert [c.split(":")[0] for c in found.corrupt] == [victim.match_id]
