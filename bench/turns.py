"""Issue 3 benchmark: the whole turn path and autocomplete with 1,000 live matches.

A turn here is what a cog does for ``/play``: the service takes the match from memory,
checks seat and turn, applies the move, commits state + action + version in one SQLite
transaction, then the public view is rendered to PNG bytes (when ``renderer.render_board``
is importable). Autocomplete is ``MatchService.legal_moves`` with what a person has typed.

    .venv/bin/python bench/turns.py [--matches 1000] [--turns 2000] [--sync FULL|NORMAL]

Targets: turn p99 ≤ 30 ms, autocomplete p99 ≤ 20 ms. Prints figures, asserts nothing.
``--cold`` drops each match from memory before its turn, so the turn loads it from SQLite
(what the first move after a restart costs).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gamecore.match import Match
from gamecore.registry import game_ids, get_game
from service import MatchService
from storage import (
    ALL_SHARDS,
    MatchStore,
    PostgresMatchStore,
    ShardFilter,
    SqliteMatchStore,
    is_postgres_url,
)


def available_games() -> list[str]:
    games = []
    for game_id in game_ids():
        try:
            get_game(game_id)
        except ModuleNotFoundError:
            continue
        games.append(game_id)
    return games


def board_renderer() -> Callable[[str, dict[str, Any]], bytes] | None:
    try:
        import renderer  # noqa: PLC0415 - optional: boards are drawn when the renderer is installed
    except ImportError:
        return None
    return getattr(renderer, "render_board", None)


async def open_service(
    path: str, synchronous: str, shards: ShardFilter = ALL_SHARDS
) -> MatchService:
    """The service on a SQLite file ``path`` or on a ``postgresql://`` URL."""
    if is_postgres_url(path):
        store: MatchStore = PostgresMatchStore(path)
    else:
        store = SqliteMatchStore(path, synchronous=synchronous)
    service = MatchService(store, shards=shards)
    await service.start()
    return service


async def new_live_match(
    service: MatchService, game_id: str, index: int, guild_id: int | None = 1
) -> Match:
    """A match where people hold every seat (so every step is a person's turn)."""
    host, guest = 10_000_000 + index, 20_000_000 + index
    game = get_game(game_id)
    match = await service.new_match(
        game_id, guild_id, 100 + index % 50, host, user_name=f"h{index}"
    )
    if match.status == "lobby":
        for extra in range(1, game.min_players):
            await service.lobby_join(match.id, guest + extra * 1_000_000, f"g{index}")
        match = await service.lobby_start(match.id, host)
    return match


async def populate(
    service: MatchService, count: int, guild_id: int | None = 1, first: int = 0
) -> list[str]:
    games = available_games()
    ids = []
    for index in range(first, first + count):
        game_id = games[index % len(games)]
        ids.append((await new_live_match(service, game_id, index, guild_id)).id)
    return ids


def person_to_move(match: Match) -> int | None:
    for seat in match.to_move:
        if not match.seats[seat].is_computer:
            return match.seats[seat].user_id
    return None


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def line(name: str, samples: list[float]) -> str:
    ms = [s * 1000 for s in samples]
    return (
        f"{name:<26} n={len(ms):>6}  p50={percentile(ms, 0.5):7.2f} ms  "
        f"p99={percentile(ms, 0.99):7.2f} ms  max={max(ms):7.2f} ms"
    )


_REPLACING: set[str] = set()
#: Matches seen to end (by the move that ended them), so no player reads them again.
_FINISHED: dict[str, Match] = {}


def note_finished(match: Match) -> None:
    """The move that ended ``match`` tells the bench, so picking it replaces it without a
    read (a finished match is no longer held in memory: each look would read it)."""
    if match.status != "playing":
        _FINISHED[match.id] = match


async def take_turn(
    service: MatchService, ids: list[str], slot: int, _rng: random.Random, counter: list[int]
) -> tuple[str, int] | None:
    """Who moves in the match at ``ids[slot]``; a finished match is replaced by a new one
    of the same game (once, however many players look at it meanwhile: they do not read
    it again, as no player of a finished match would)."""
    if ids[slot] in _REPLACING:
        return None
    match = _FINISHED.get(ids[slot]) or await service.get(ids[slot])
    user = person_to_move(match) if match.status == "playing" else None
    if user is None:
        if match.id in _REPLACING:
            return None
        _REPLACING.add(match.id)
        counter[0] += 1
        replacement = await new_live_match(service, match.game_id, counter[0], match.guild_id)
        ids[slot] = replacement.id
        _REPLACING.discard(match.id)
        _FINISHED.pop(match.id, None)
        return None
    return match.id, user


async def choose_move(
    service: MatchService, match_id: str, user: int, rng: random.Random
) -> str | None:
    """What a person plays: in solo games mostly the heuristic's choice (random moves end
    a Dungeon Delver game in about 6 steps, a sensible player's in about 30), else any
    legal move."""
    match = await service.get(match_id)
    if len(match.seats) == 1 and rng.random() < 0.8:
        return (await service.hint(match_id, user)).notation
    moves = await service.legal_moves(match_id, user, limit=None)
    return rng.choice(moves) if moves else None


async def run(args: argparse.Namespace) -> None:
    render = None if args.no_render else board_renderer()
    with tempfile.TemporaryDirectory() as folder:
        path = args.db or str(Path(folder) / "bench.db")
        service = await open_service(path, args.sync)
        started = time.perf_counter()
        ids = await populate(service, args.matches)
        print(
            f"{len(ids)} live matches of {', '.join(available_games())} created in "
            f"{time.perf_counter() - started:.1f} s (synchronous={args.sync})"
        )
        rng = random.Random(args.seed)
        counter = [args.matches]
        turn: list[float] = []
        play: list[float] = []
        draw: list[float] = []
        complete: list[float] = []
        sizes: dict[str, list[int]] = {}
        by_game: dict[str, list[float]] = {}
        unrendered: set[str] = set()
        play_cpu: list[float] = []  # CPU of the event loop's thread only: what the
        draw_cpu: list[float] = []  # code costs, whatever else the machine runs
        cpu = time.process_time()
        wall = time.perf_counter()
        while len(turn) < args.turns:
            slot = rng.randrange(len(ids))
            picked = await take_turn(service, ids, slot, rng, counter)
            if picked is None:
                continue
            match_id, user = picked
            t0 = time.perf_counter()
            moves = await service.legal_moves(match_id, user)  # first keystroke: cold
            complete.append(time.perf_counter() - t0)
            for typed_length in (1, 3):
                typed = rng.choice(moves)[:typed_length] if moves else ""
                t0 = time.perf_counter()
                await service.legal_moves(match_id, user, typed)
                complete.append(time.perf_counter() - t0)
            if not moves:
                continue
            move = await choose_move(service, match_id, user, rng)
            match = await service.get(match_id)
            if move is None:
                continue
            if args.cold:  # as after a restart: the turn loads the match from the database
                service._forget(match_id)
            t0, c0 = time.perf_counter(), time.thread_time()
            outcome = await service.play(match_id, user, move, match.version)
            t1, c1 = time.perf_counter(), time.thread_time()
            game_id = outcome.final.game_id
            drawn = False
            if render is not None and game_id not in unrendered:
                drawn = True
                try:
                    png = render(game_id, service.view_for(outcome.final, None))
                except ModuleNotFoundError:  # this game has no renderer yet
                    unrendered.add(game_id)
                    drawn = False
                else:
                    sizes.setdefault(game_id, []).append(len(png))
            t2, c2 = time.perf_counter(), time.thread_time()
            play.append(t1 - t0)
            play_cpu.append(c1 - c0)
            if drawn:
                draw.append(t2 - t1)
                draw_cpu.append(c2 - c1)
            turn.append(t2 - t0)
            by_game.setdefault(game_id, []).append(t2 - t0)
        cpu = time.process_time() - cpu
        wall = time.perf_counter() - wall
        await service.close()
    print(line("turn (whole path)", turn))
    for game_id, samples in sorted(by_game.items()):
        print(line(f"  {game_id}", samples))
    print(line("  load+apply+commit", play))
    print(line("    its CPU (loop thread)", play_cpu))
    if draw:
        print(line("  render PNG", draw))
        print(line("    its CPU", draw_cpu))
        for game_id, png_sizes in sorted(sizes.items()):
            print(
                f"  PNG bytes {game_id}: median {statistics.median(png_sizes):,.0f}, "
                f"max {max(png_sizes):,} (Discord limit 10 MiB)"
            )
    if render is None:
        print("renderer.render_board not importable: rendering not measured")
    elif unrendered:
        print(f"no renderer yet for {', '.join(sorted(unrendered))}: their turns exclude rendering")
    print(line("autocomplete", complete))
    print(
        f"CPU of this process: {cpu * 1000 / len(turn):.2f} ms per turn with its 3 "
        f"autocompletes ({cpu / wall:.0%} of one core while running); machine load average "
        f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    )
    print(
        f"targets: turn p99 ≤ 30 ms: {'met' if percentile(turn, 0.99) <= 0.030 else 'MISSED'}; "
        f"autocomplete p99 ≤ 20 ms: {'met' if percentile(complete, 0.99) <= 0.020 else 'MISSED'}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--turns", type=int, default=2000)
    parser.add_argument("--sync", default="FULL", choices=("FULL", "NORMAL", "OFF"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--db", help="database file (default: a temporary one)")
    parser.add_argument("--no-render", action="store_true")
    parser.add_argument(
        "--cold", action="store_true", help="load every match from the database, not memory"
    )
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
