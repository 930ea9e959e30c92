"""Issue 24 benchmarks: the computer players' fixed ratings, and what a rating update costs.

    .venv/bin/python bench/ratings.py computers [--games 600] [--write]
    .venv/bin/python bench/ratings.py update [--matches 300] [--database-url postgresql://…]

``computers``: for each multiplayer game, the computer types play each other (2 to the
game's most seats, types and seat counts drawn at random from a fixed seed) and openskill
rates every type as one player; the final μ and σ are printed and, with ``--write``,
stored in gamecore/computer_ratings.json (what a match against computers then counts).

``update``: the store write of the step that ends a match, with and without the rating
update in its transaction (the players' 1,500-rating rows read, rated, written, history
rows added), on SQLite (default) or PostgreSQL. Prints p50/p99 of both and the difference;
the target is ≤ 1 ms added at p99. Asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gamecore.match import Match, Seat, stat_lines
from gamecore.ratings import COMPUTER_FILE, MODEL, RatedResult, places, rated_result
from gamecore.registry import game_ids, get_game
from gamecore.simulate import available_players, player_rngs
from storage import MatchStore, NewAction, PostgresMatchStore, SqliteMatchStore, is_postgres_url
from storage import postgres as postgres_store
from storage import sqlite as sqlite_store


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


async def _open(url: str | None, folder: str) -> MatchStore:
    store: MatchStore
    if url and is_postgres_url(url):
        store = PostgresMatchStore(url)
    else:
        store = SqliteMatchStore(f"{folder}/bench.db")
    await store.open()
    return store


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


def _timed_rating_work(spent: list[float]) -> None:
    """Time the rating work inside the transaction itself (both stores' ``_rate``)."""
    plain, pg = sqlite_store._rate, postgres_store._rate

    def sqlite_rate(*args: Any) -> None:
        began = time.perf_counter()
        plain(*args)
        spent.append((time.perf_counter() - began) * 1000)

    async def postgres_rate(*args: Any) -> None:
        began = time.perf_counter()
        await pg(*args)
        spent.append((time.perf_counter() - began) * 1000)

    sqlite_store._rate = sqlite_rate  # type: ignore[assignment]
    postgres_store._rate = postgres_rate  # type: ignore[assignment]


async def update(args: argparse.Namespace) -> None:
    spent: list[float] = []
    _timed_rating_work(spent)
    with tempfile.TemporaryDirectory() as folder:
        store = await _open(args.database_url, folder)
        try:
            timings: dict[bool, list[float]] = {False: [], True: []}
            for index in range(args.matches * 2):
                with_rating = index % 2 == 1
                before, after = _finishing(index, 4)
                await store.create(before)
                rating: RatedResult | None = rated_result(before, after) if with_rating else None
                stats = stat_lines(before, after)
                began = time.perf_counter()
                await store.save(
                    after, before.version, action=NewAction(0, "b"), stats=stats, rating=rating
                )
                timings[with_rating].append((time.perf_counter() - began) * 1000)
        finally:
            await store.close()
    figures = {}
    for key, values in timings.items():
        cuts = statistics.quantiles(values, n=100)
        figures[key] = (cuts[49], cuts[98])
        label = "with rating" if key else "without"
        print(f"{label:12} p50 {cuts[49]:.3f} ms  p99 {cuts[98]:.3f} ms  ({len(values)} matches)")
    print(
        f"difference: p50 {figures[True][0] - figures[False][0]:.3f} ms, "
        f"p99 {figures[True][1] - figures[False][1]:.3f} ms (both tails carry the machine's noise)"
    )
    cuts = statistics.quantiles(spent, n=100)
    print(
        f"rating work in the transaction: p50 {cuts[49]:.3f} ms  p99 {cuts[98]:.3f} ms  "
        f"max {max(spent):.3f} ms (target <= 1 ms at p99)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    measure = commands.add_parser("computers")
    measure.add_argument("--games", type=int, default=600)
    measure.add_argument("--seed", type=int, default=24)
    measure.add_argument("--write", action="store_true")
    cost = commands.add_parser("update")
    cost.add_argument("--matches", type=int, default=300)
    cost.add_argument("--database-url", default=None)
    args = parser.parse_args()
    if args.command == "computers":
        computers(args)
    else:
        asyncio.run(update(args))


if __name__ == "__main__":
    main()
