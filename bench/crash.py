"""Issue 7.1 benchmark: many SIGKILLs of the real store + service, then an audit.

A worker process (``tests/hardening/crash_worker.py``) plays seeded moves on many matches
of the real games with several coroutines at once and prints each move only after it is
committed; this script kills it with SIGKILL at seeded random moments (a fifth of them
during start-up and recovery), restarts it, and after every kill checks that every
reported move is in the database, that every match replays exactly from seed + options +
action log, and that ``PRAGMA integrity_check`` passes. A last life must play on and stop
by itself.

    .venv/bin/python bench/crash.py [--kills 60] [--matches 200] [--workers 16]

Prints moves, kills, lost moves (must be 0) and corrupt matches (must be 0).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.hardening.crash_harness import crash_campaign


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=60)
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--workers", type=int, default=16)
    parser.add_argument("--max-life", type=float, default=1.5, help="seconds, after ready")
    parser.add_argument("--final-moves", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--db", help="database file (default: a temporary one)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        report = crash_campaign(
            args.db or str(Path(folder) / "crash.db"),
            args.seed,
            kills=args.kills,
            matches=args.matches,
            workers=args.workers,
            max_life=args.max_life,
            final_moves=args.final_moves,
            progress=True,
        )
    print(report.summary())
    print(f"moves: {report.promised}  kills: {report.kills}  lost moves: {len(report.lost)}")
    for problem in [
        *report.lost[:10],
        *report.corrupt[:10],
        *report.integrity_failures,
        *report.worker_errors,
    ]:
        print(f"  problem: {problem}")
    print("verdict:", "PASS (0 lost, 0 corrupt)" if report.ok else "FAIL")
    sys.exit(0 if report.ok else 1)


if __name__ == "__main__":
    main()
