"""Issue 24 benchmarks: the computer players' fixed ratings, and what a rating update costs.

    .venv/bin/python bench/ratings.py computers [--games 600] [--write]
    .venv/bin/python bench/ratings.py update [--matches 1000] [--repeats 5]
                                             [--backends sqlite,postgres]
                                             [--database-url postgresql://…]

``computers``: for each multiplayer game, the computer types play each other (2 to the
game's most seats, types and seat counts drawn at random from a fixed seed) and openskill
rates every type as one player; the final μ and σ are printed and, with ``--write``,
stored in gamecore/computer_ratings.json (what a match against computers then counts).

``update``: the store write of the step that ends a match (4 people of 40), without and
with the rating update, interleaved so both meet the same machine load and the same
database (each pair in turn order, then the other order); on PostgreSQL also with the
update as the locking transaction (the path before the one-statement finish, now its
fallback). PostgreSQL: the server at ``--database-url``, else a throw-away one with the
tests' settings (fsync off: the disk's flush is the same for every variant). A p99 of
1,000 matches is the 10th slowest of them, so each backend runs ``--repeats`` times (a
fresh database each time on SQLite) and the figures are the median over the runs. Prints,
per backend, each run's p50/p99, then what the rating adds at p50 and p99 (median of the
runs) and whether the target, ≤ 1 ms added at p99, is met; and the load average. Asserts
nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gamecore.match import Match, Seat, stat_lines
from gamecore.ratings import COMPUTER_FILE, MODEL, RatedResult, places, rated_result
from gamecore.registry import game_ids, get_game
from gamecore.simulate import available_players, player_rngs
from storage import MatchStore, NewAction, PostgresMatchStore, SqliteMatchStore


def measure_computers(game_id: str, games: int, seed: int) -> dict[str, dict[str, float]]:
    game = get_game(game_id)
    players = available_players(game)
    names = sorted(players)
    ratings = {name: MODEL.rating(name=name) for name in names}
    draw = random.Random(seed)
    for index in range(games):
        seats = draw.randint(game.min_players, game.max_players)
        types = [draw.choice(names) for _ in range(seats)]
        if len(set(types)) < 2:
            continue  # a type against itself says nothing about its strength
        state, _ = game.play_out(
            game.setup(seats, seed + index, {}),
            [players[t] for t in types],
            player_rngs(seed + index, seats),
            100_000,
        )
        status = game.status(state)
        place = places(list(status.winners), list(status.scores), seats)
        # several seats of one type: each seat is rated from the type's rating, and the
        # type takes the average of its seats' new ratings
        new = MODEL.rate([[ratings[t]] for t in types], ranks=[float(p) for p in place])
        for name in set(types):
            mine = [team[0] for team, t in zip(new, types, strict=True) if t == name]
            ratings[name] = MODEL.rating(
                mu=statistics.fmean(r.mu for r in mine),
                sigma=statistics.fmean(r.sigma for r in mine),
                name=name,
            )
    return {n: {"mu": round(r.mu, 3), "sigma": round(r.sigma, 3)} for n, r in ratings.items()}


def computers(args: argparse.Namespace) -> None:
    games = [
        g for g in game_ids() if get_game(g).max_players > 1 and len(get_game(g).players()) > 1
    ]
    table: dict[str, dict[str, dict[str, float]]] = {}
    for game_id in games:
        started = time.perf_counter()
        table[game_id] = measure_computers(game_id, args.games, args.seed)
        print(f"{game_id}: {args.games} games in {time.perf_counter() - started:.0f} s")
        for name, r in sorted(table[game_id].items(), key=lambda kv: -kv[1]["mu"]):
            shown = round(1500 + 40 * (r["mu"] - 25))
            print(f"  {name:10} mu {r['mu']:7.3f} sigma {r['sigma']:6.3f}  shown {shown}")
    if args.write:
        data = {
            "about": "Fixed ratings of the computer players (bench/ratings.py computers "
            f"--games {args.games} --seed {args.seed}); they are never updated.",
            "games": table,
        }
        COMPUTER_FILE.write_text(
            json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8"
        )
        print(f"written to {COMPUTER_FILE}")


def _finishing(index: int, seats: int, run: int = 0) -> tuple[Match, Match]:
    """A match one step before its end and the same match finished (4 people)."""
    before = Match(
        id=f"r{run}m{index:06d}",
        game_id="speiderne",
        guild_id=1 << 40,
        channel_id=1,
        host_id=1,
        seed=1 << 60,
        seats=tuple(Seat(1000 + (index + s) % 40, None, f"p{s}") for s in range(seats)),
        status="playing",
        version=5,
        steps=5,
        to_move=(0,),
        created_at=1.0,
        updated_at=1.0,
    )
    after = replace(
        before,
        status="finished",
        version=6,
        steps=6,
        to_move=(),
        updated_at=2.0 + index,
        result={"result": "finished", "winners": [index % seats], "scores": list(range(seats))},
    )
    return before, after


#: The writes compared, interleaved so they meet the same machine load: the end of a match
#: without a rating update, with it (on PostgreSQL: in the move's one statement), and, on
#: PostgreSQL, with it as the locking transaction the statement falls back to (the code
#: path before the statement existed).
WITHOUT, RATED, LOCKED = "without rating", "with rating", "rating, locked tx"
WARM_UP = 30


async def _time_store(
    store: MatchStore, matches: int, kinds: tuple[str, ...], run: int
) -> dict[str, list[float]]:
    timings: dict[str, list[float]] = {kind: [] for kind in kinds}
    for index in range((matches + WARM_UP) * len(kinds)):
        turn, place = divmod(index, len(kinds))
        # each kind comes after each other kind as often: no kind always follows the same
        kind = kinds[place if turn % 2 == 0 else len(kinds) - 1 - place]
        before, after = _finishing(index, 4, run)
        await store.create(before)
        if isinstance(store, PostgresMatchStore):
            store.rating_tries = 0 if kind == LOCKED else 3
        rating: RatedResult | None = None if kind == WITHOUT else rated_result(before, after)
        stats = stat_lines(before, after)
        began = time.perf_counter()
        await store.save(
            after, before.version, action=NewAction(0, "b"), stats=stats, rating=rating
        )
        if turn >= WARM_UP:  # statements prepared, caches warm
            timings[kind].append((time.perf_counter() - began) * 1000)
    return timings


def _percentiles(values: list[float]) -> tuple[float, float]:
    cuts = statistics.quantiles(values, n=100)
    return cuts[49], cuts[98]


def _report(name: str, runs: list[dict[str, list[float]]]) -> None:
    """Each run's p50/p99, then what the rating adds: the median over the runs."""
    print(f"{name} (load average {os.getloadavg()[0]:.1f} at the end)")
    kinds = list(runs[0])
    added: dict[str, list[tuple[float, float]]] = {k: [] for k in kinds if k != WITHOUT}
    for number, timings in enumerate(runs, 1):
        figures = {kind: _percentiles(values) for kind, values in timings.items()}
        print(
            f"  run {number}: "
            + "; ".join(f"{k} p50 {p50:.3f} p99 {p99:.3f} ms" for k, (p50, p99) in figures.items())
        )
        for kind in added:
            added[kind].append(
                (figures[kind][0] - figures[WITHOUT][0], figures[kind][1] - figures[WITHOUT][1])
            )
    samples = len(runs[0][WITHOUT])
    for kind, pairs in added.items():
        p50 = statistics.median(a for a, _ in pairs)
        p99 = statistics.median(b for _, b in pairs)
        verdict = "MET" if p99 <= 1.0 else "NOT MET"
        print(
            f"  {name}, added by the rating ({kind}): p50 {p50:+.3f} ms, p99 {p99:+.3f} ms "
            f"(median of {len(runs)} runs of {samples} matches; p99 per run: "
            f"{', '.join(f'{b:+.2f}' for _, b in pairs)}); target <= 1 ms at p99: {verdict}"
        )


async def update(args: argparse.Namespace) -> None:
    print(f"load average {os.getloadavg()[0]:.1f} at the start (2 cores shared?)")
    with tempfile.TemporaryDirectory() as folder:
        if "sqlite" in args.backends.split(","):
            runs = []
            for run in range(args.repeats):
                store: MatchStore = SqliteMatchStore(f"{folder}/bench{run}.db")
                await store.open()
                try:
                    runs.append(await _time_store(store, args.matches, (WITHOUT, RATED), run))
                finally:
                    await store.close()
            _report("SQLite", runs)
        if "postgres" in args.backends.split(","):
            server = None
            url = args.database_url
            if not url:
                from tests.pg_server import PostgresServer  # noqa: PLC0415 - bench-only wheel

                Path(folder).chmod(0o755)  # the server may run as its own user
                server = PostgresServer(scratch=folder)  # the tests' settings: fsync off
                server.start()
                url = server.url()
            store = PostgresMatchStore(url)
            try:
                await store.open()
                kinds = (WITHOUT, RATED, LOCKED)
                runs = [
                    await _time_store(store, args.matches, kinds, run)
                    for run in range(args.repeats)
                ]
                _report(
                    "PostgreSQL" + ("" if args.database_url else " (embedded, fsync off)"), runs
                )
            finally:
                await store.close()
                if server is not None:
                    server.cleanup()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    measure = commands.add_parser("computers")
    measure.add_argument("--games", type=int, default=600)
    measure.add_argument("--seed", type=int, default=24)
    measure.add_argument("--write", action="store_true")
    cost = commands.add_parser("update")
    cost.add_argument("--matches", type=int, default=1000)
    cost.add_argument("--repeats", type=int, default=5)
    cost.add_argument("--backends", default="sqlite,postgres")
    cost.add_argument("--database-url", default=None)
    args = parser.parse_args()
    if args.command == "computers":
        computers(args)
    else:
        asyncio.run(update(args))


if __name__ == "__main__":
    main()
