"""The subprocess of the crash-recovery test: the real store and service on one SQLite file.

It keeps ``--matches`` live matches of the real games (replacing finished ones), and
``--workers`` coroutines play seeded legal moves on them at the same time (so moves of
different matches share group commits). A line goes to stdout ONLY after the step it names
is committed (``service.play`` returned), so every line the parent read is a promise:

    ready <live matches>
    step <match id> <step number> <seat> <notation>
    done

The parent kills this process with SIGKILL at random moments, reads what was promised,
restarts it, and checks the database kept every promise. ``--moves N`` makes a run stop by
itself after N steps (the last, "play continues" run); without it the run plays until killed.

    python -m tests.hardening.crash_worker --db PATH --seed 7 [--matches 40] [--moves 50]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from gamecore.match import Match, MatchError
from gamecore.registry import get_game
from service import MatchService, TurnOutcome
from storage import SqliteMatchStore

GAMES: tuple[str, ...] = ("cartographer", "dungeon-delver", "speiderne")
#: User ids of the people: host of match number n is HOST + n, its guests GUEST + n * 10 + k.
HOST = 1_000_000
GUEST = 5_000_000
UNLIMITED = 1 << 62


def person_to_move(match: Match) -> int | None:
    for seat in match.to_move:
        if not match.seats[seat].is_computer:
            return match.seats[seat].user_id
    return None


async def ready_lobby(service: MatchService, match: Match, number: int) -> Match:
    """Fill and start a lobby (also one left half-done by a kill)."""
    game = get_game(match.game_id)
    guest = 0
    while len(match.seats) < game.min_players:
        guest += 1
        user = GUEST + number * 10 + guest
        if match.seat_of(user) is None:
            match = await service.lobby_join(match.id, user, f"g{number}.{guest}")
    return await service.lobby_start(match.id, match.host_id)


async def new_match(service: MatchService, rng: random.Random) -> Match:
    number = rng.randrange(1_000_000)
    game_id = GAMES[number % len(GAMES)]
    options = {"max_rounds": 8} if game_id == "speiderne" else {}
    match = await service.new_match(
        game_id, 1, 10, HOST + number, options, seed=rng.getrandbits(64), turn_limit=0
    )
    if match.status == "lobby":
        match = await ready_lobby(service, match, number)
    return match


async def live_matches(service: MatchService, count: int, rng: random.Random) -> list[str]:
    """The ids of ``count`` playable matches: those in the database first, then new ones."""
    ids: list[str] = []
    for stored in await service.store.live_matches():
        match = stored
        if match.status == "lobby":
            match = await ready_lobby(service, match, match.host_id - HOST)
        if match.status == "playing":
            ids.append(match.id)
    while len(ids) < count:
        ids.append((await new_match(service, rng)).id)
    return ids


def promise(outcome: TurnOutcome) -> None:
    """Tell the parent about every step this outcome committed (the move and follow-ups)."""
    for step in (outcome, *outcome.follow_ups):
        print(f"step {step.match.id} {step.match.steps} {step.seat} {step.notation}", flush=True)


async def player(
    service: MatchService,
    ids: list[str],
    busy: set[str],
    rng: random.Random,
    budget: list[int],
) -> None:
    while budget[0] > 0:
        free = [i for i, match_id in enumerate(ids) if match_id not in busy]
        slot = rng.choice(free)
        match_id = ids[slot]
        busy.add(match_id)
        try:
            match = await service.get(match_id)
            user = person_to_move(match) if match.status == "playing" else None
            if user is None:
                ids[slot] = (await new_match(service, rng)).id
                continue
            moves = await service.legal_moves(match_id, user)
            try:
                outcome = await service.play(match_id, user, rng.choice(moves), match.version)
            except MatchError as err:  # another coroutine never shares a match: a bug
                print(f"refused {match_id} {err.code}", flush=True)
                raise
            promise(outcome)
            budget[0] -= 1
        finally:
            busy.discard(match_id)


async def run(args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    service = MatchService(SqliteMatchStore(args.db, synchronous=args.sync))
    await service.start()
    ids = await live_matches(service, args.matches, rng)
    print(f"ready {len(ids)}", flush=True)
    budget = [args.moves if args.moves is not None else UNLIMITED]
    busy: set[str] = set()
    workers = [
        player(service, ids, busy, random.Random(rng.getrandbits(64)), budget)
        for _ in range(args.workers)
    ]
    await asyncio.gather(*workers)
    await service.close()
    print("done", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--matches", type=int, default=40)
    parser.add_argument("--workers", type=int, default=8)
    parser.add_argument("--moves", type=int, help="stop after this many steps")
    # default: the store's own default (DATABASE_SYNC, else NORMAL), what the bot runs with
    parser.add_argument("--sync", default=None, choices=("FULL", "NORMAL"))
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
