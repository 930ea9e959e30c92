"""A day of one server's solo games: the CPU a finished game costs, its par included.

    .venv/bin/python bench/day.py [--daily 50] [--free 50] [--sample 6] [--plays 1000]
        [--before-code DIR]

The day: ``--daily`` people play the same daily deal of Cartographer's Expedition and
``--free`` people play free games on deals of their own (Cartographer and Dungeon Delver in
turn). Each finished game costs its moves and boards, and its par:

- **the game**: every move committed by the match service on SQLite and its board drawn to
  PNG, as the bot does (the person's moves are the heuristic's, chosen outside the measured
  time: a person's choice costs the bot nothing); measured on ``--sample`` games of each
  game after one game not counted (the pictures' palette and pieces are made once per
  process) and counted for every game of the day (the same before and after);
- **par before**: 1,000 plays per computer player for every finished game, as the issue's
  code did it: with ``--before-code`` a checkout of that code (``git archive 194ba2b``)
  computes each distinct deal in a worker process that reports its own CPU, deal by deal
  in turn with the new code (old and new measured under the same load); without it, this
  code with every play made. The bench computes each distinct deal once and counts it for
  every game on it: that is the same work done again;
- **par after**: ``service.pars.DealPars`` on the same store: once per deal, stored, plays
  stopping once the estimate is tight enough (run in this process here, so its CPU counts;
  the bot runs it in a low-priority worker process).

Prints CPU seconds (this process's ``process_time``) per finished game before and after,
their ratio, and the machine's load (a shared machine: the ratio holds better than the
absolute figures). Asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gamecore.analysis.par import compute_deal_par
from gamecore.registry import get_game
from gamecore.simulate import available_players
from service import MatchService
from service.pars import DealPars

DAILY_GAME = "cartographer"
FREE_GAMES = ("cartographer", "dungeon-delver")


def load() -> str:
    return (
        " ".join(Path("/proc/loadavg").read_text().split()[:3])
        if os.path.exists("/proc/loadavg")
        else "?"
    )


#: The before-code's worker: a deal per line in, its par's CPU seconds per line out.
BEFORE_WORKER = """
import sys, time
from gamecore.analysis.par import compute_par
for line in sys.stdin:
    game_id, seed, plays = line.split()
    began = time.process_time()
    compute_par(game_id, int(seed), None, plays=int(plays))
    print(time.process_time() - began, flush=True)
"""


class BeforeCode:
    """The issue's code computing pars in a worker process of its own checkout."""

    def __init__(self, folder: str) -> None:
        env = {**os.environ, "PYTHONPATH": folder}
        self.worker = subprocess.Popen(
            [sys.executable, "-c", BEFORE_WORKER],
            cwd=folder,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def par_cpu(self, game_id: str, seed: int, plays: int) -> float:
        assert self.worker.stdin is not None and self.worker.stdout is not None
        self.worker.stdin.write(f"{game_id} {seed} {plays}\n")
        self.worker.stdin.flush()
        return float(self.worker.stdout.readline())

    def close(self) -> None:
        assert self.worker.stdin is not None
        self.worker.stdin.close()
        self.worker.wait()


async def in_this_process(game_id: str, seed: int, options: dict[str, Any], plays: int) -> str:
    return compute_deal_par(game_id, seed, options, plays).to_json()


async def play_one(service: MatchService, render: Any, game_id: str, seed: int, user: int) -> float:
    """CPU seconds of one whole game: every move through the service, every board drawn."""
    game = get_game(game_id)
    player = available_players(game)["heuristic"]
    rng = random.Random(user)
    began = time.process_time()
    match = await service.new_match(game_id, None, 1, user, {}, seed)
    render(game_id, service.view_for(match, None))
    spent = time.process_time() - began
    while match.status == "playing":
        action = player(game.view(match.state, 0), game.legal_actions(match.state, 0), rng)
        began = time.process_time()
        outcome = await service.play(match.id, user, game.format_action(action), match.version)
        match = outcome.final
        render(game_id, service.view_for(match, None))
        spent += time.process_time() - began
    return spent


async def run(args: argparse.Namespace) -> None:
    import renderer  # noqa: PLC0415 - the renderer loads only when the bench runs

    rng = random.Random(args.seed)
    daily_seed = rng.getrandbits(63)
    free = [(FREE_GAMES[i % len(FREE_GAMES)], rng.getrandbits(63)) for i in range(args.free)]
    games = [(DAILY_GAME, daily_seed)] * args.daily + free
    print(f"a day: {args.daily} players of one {DAILY_GAME} daily deal + {args.free} free games")
    print(f"load before: {load()}")
    with tempfile.TemporaryDirectory() as folder:
        service = await MatchService.open(f"sqlite:///{Path(folder) / 'day.db'}")
        try:
            game_cpu: dict[str, float] = {}
            for game_id in FREE_GAMES:
                # one game first, not counted: the palette learnt, every piece mapped (once
                # per process, as in the bot)
                await play_one(service, renderer.render_board, game_id, rng.getrandbits(63), 99)
                samples = [
                    await play_one(
                        service, renderer.render_board, game_id, rng.getrandbits(63), i + 1
                    )
                    for i in range(args.sample)
                ]
                game_cpu[game_id] = statistics.mean(samples)
                print(
                    f"game {game_id}: {game_cpu[game_id]:.3f} s CPU per game (moves + boards, {args.sample} games)"
                )
            old_code = BeforeCode(args.before_code) if args.before_code else None
            book = DealPars(service.store, run=in_this_process)
            before_par: dict[tuple[str, int], float] = {}
            after_par = 0.0
            plays = []
            for deal in games:  # each distinct deal: the old code's par, then the new one
                if deal not in before_par:
                    if old_code is not None:
                        before_par[deal] = old_code.par_cpu(*deal, args.plays)
                    else:
                        began = time.process_time()
                        compute_deal_par(*deal, None, args.plays, tolerance=None)
                        before_par[deal] = time.process_time() - began
                began = time.process_time()
                par = await book.deal_par(*deal, {}, args.plays)
                after_par += time.process_time() - began
                plays.append(sum(t.plays for t in par.tallies))
            if old_code is not None:
                old_code.close()
        finally:
            await service.close()
    n = len(games)
    game_total = sum(game_cpu[game_id] for game_id, _ in games)
    before = (game_total + sum(before_par[deal] for deal in games)) / n
    after = (game_total + after_par) / n
    code = f"the code in {args.before_code}" if args.before_code else "this code, every play"
    print(
        f"par before ({code}): {sum(before_par[d] for d in games) / n:.3f} s CPU per finished game"
    )
    print(
        f"par after:  {after_par / n:.3f} s CPU per finished game ({book.computed} pars computed for "
        f"{n} games; plays per par {statistics.mean(plays):.0f} on average, of {2 * args.plays} at most)"
    )
    print(f"finished game before: {before:.3f} s CPU")
    print(f"finished game after:  {after:.3f} s CPU  ({100 * after / before:.1f} % of before)")
    print(f"load after: {load()}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--daily", type=int, default=50)
    parser.add_argument("--free", type=int, default=50)
    parser.add_argument(
        "--sample", type=int, default=6, help="games played per game for its own cost"
    )
    parser.add_argument("--plays", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--before-code",
        help="a checkout of the code to compare with (its gamecore computes par before)",
    )
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
