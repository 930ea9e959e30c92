"""Issue 24 benchmarks: the computer players' fixed ratings, and what a rating update costs.

    .venv/bin/python bench/ratings.py computers [--games 600] [--write]
    .venv/bin/python bench/ratings.py update [--matches 300] [--backends sqlite,postgres]
                                             [--database-url postgresql://…]

``computers``: for each multiplayer game, the computer types play each other (2 to the
game's most seats, types and seat counts drawn at random from a fixed seed) and openskill
rates every type as one player; the final μ and σ are printed and, with ``--write``,
stored in gamecore/computer_ratings.json (what a match against computers then counts).

``update``: the store write of the step that ends a match (4 people of 40), without and
with the rating update, interleaved so both meet the same machine load; on PostgreSQL also
with the update as the locking transaction (the path before the one-statement finish, now
its fallback). PostgreSQL: the server at ``--database-url``, else a throw-away one with the
tests' settings (fsync off: the disk's flush is the same for every variant). Prints p50/p99
of each, what the rating adds, and the machine's load average; the target is ≤ 1 ms added
at p99. Asserts nothing.
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


def _finishing(index: int, seats: int) -> tuple[Match, Match]:
    """A match one step before its end and the same match finished (4 people)."""
    before = Match(
        id=f"m{index:06d}",
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
    store: MatchStore, matches: int, kinds: tuple[str, ...]
) -> dict[str, list[float]]:
    timings: dict[str, list[float]] = {kind: [] for kind in kinds}
    for index in range((matches + WARM_UP) * len(kinds)):
        kind = kinds[index % len(kinds)]
        before, after = _finishing(index, 4)
        await store.create(before)
        if isinstance(store, PostgresMatchStore):
            store.rating_tries = 0 if kind == LOCKED else 3
        rating: RatedResult | None = None if kind == WITHOUT else rated_result(before, after)
        stats = stat_lines(before, after)
        began = time.perf_counter()
        await store.save(
            after, before.version, action=NewAction(0, "b"), stats=stats, rating=rating
        )
        if index >= WARM_UP * len(kinds):  # statements prepared, caches warm
            timings[kind].append((time.perf_counter() - began) * 1000)
    return timings


def _report(name: str, timings: dict[str, list[float]]) -> None:
    figures = {}
    print(f"{name} (load average {os.getloadavg()[0]:.1f} at the end)")
    for kind, values in timings.items():
        cuts = statistics.quantiles(values, n=100)
        figures[kind] = (cuts[49], cuts[98])
        print(
            f"  {kind:18} p50 {cuts[49]:7.3f} ms  p99 {cuts[98]:7.3f} ms  ({len(values)} matches)"
        )
    plain = figures[WITHOUT]
    for kind in timings:
        if kind != WITHOUT:
            p50, p99 = (figures[kind][i] - plain[i] for i in (0, 1))
            print(
                f"  added by {kind:9}: p50 {p50:+.3f} ms, p99 {p99:+.3f} ms (target <= 1 ms at p99)"
            )


async def update(args: argparse.Namespace) -> None:
    print(f"load average {os.getloadavg()[0]:.1f} at the start (2 cores shared?)")
    with tempfile.TemporaryDirectory() as folder:
        if "sqlite" in args.backends.split(","):
            store: MatchStore = SqliteMatchStore(f"{folder}/bench.db")
            await store.open()
            try:
                _report("SQLite", await _time_store(store, args.matches, (WITHOUT, RATED)))
            finally:
                await store.close()
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
                timings = await _time_store(store, args.matches, (WITHOUT, RATED, LOCKED))
                _report(
                    "PostgreSQL" + ("" if args.database_url else " (embedded, fsync off)"), timings
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
    cost.add_argument("--matches", type=int, default=300)
    cost.add_argument("--backends", default="sqlite,postgres")
    cost.add_argument("--database-url", default=None)
    args = parser.parse_args()
    if args.command == "computers":
        computers(args)
    else:
        asyncio.run(update(args))


if __name__ == "__main__":
    main()
