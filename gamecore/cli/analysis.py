"""``python -m gamecore par`` and ``review``: the bot's after-game figures in a terminal."""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from typing import IO, Any

from gamecore.analysis.outcome import MEASURES, rank
from gamecore.analysis.par import PLAYS, compute_par, par_lines
from gamecore.analysis.review import SAMPLES, review_game, review_lines
from gamecore.cli.options import DEFAULT_SEED, UsageError
from gamecore.contract import Game, IllegalAction


def read_moves(path: str | None, stdin: IO[str]) -> list[str]:
    """One move per line (``#`` starts a comment; a ``SEAT:`` prefix is allowed and dropped,
    as solo games have one seat)."""
    source = open(path, encoding="utf-8") if path else stdin  # noqa: SIM115
    try:
        moves = []
        for raw in source:
            text = raw.split("#", 1)[0].strip()
            if not text:
                continue
            head, colon, rest = text.partition(":")
            moves.append(rest.strip() if colon and head.strip().isdigit() else text)
        return moves
    finally:
        if source is not stdin:
            source.close()


def _check_game(game: Game) -> None:
    if game.id not in MEASURES:
        raise UsageError(f"par and review cover the solo games ({', '.join(MEASURES)}), not {game.id}")


def run_par(
    game: Game, args: argparse.Namespace, options: Mapping[str, Any], stdin: IO[str], stdout: IO[str]
) -> int:
    _check_game(game)
    if args.plays < 1:
        raise UsageError("--plays must be at least 1")
    seed = DEFAULT_SEED if args.seed is None else args.seed
    mine = None
    if args.moves:
        state = game.setup(1, seed, options)
        for number, text in enumerate(read_moves(args.moves, stdin), start=1):
            try:
                state = game.apply_notation(state, 0, text)[0]
            except IllegalAction as exc:
                raise UsageError(f"move {number} ({text!r}): {exc.reason}") from None
        if not game.status(state).over:
            raise UsageError("the moves do not finish the game: par compares finished games")
        mine = rank(game, state)
    par = compute_par(game.id, seed, options, mine=mine, plays=args.plays)
    stdout.write(f"{game.id} seed {seed}\n")
    for line in par_lines(par):
        stdout.write(line + "\n")
    stdout.write(f"({par.seconds:.2f} s)\n")
    return 0


def run_review(
    game: Game, args: argparse.Namespace, options: Mapping[str, Any], stdin: IO[str], stdout: IO[str]
) -> int:
    _check_game(game)
    if args.samples < 1:
        raise UsageError("--samples must be at least 1")
    seed = DEFAULT_SEED if args.seed is None else args.seed
    moves = read_moves(args.moves, stdin)
    try:
        review = review_game(game.id, seed, moves, options, seat=args.seat, samples=args.samples)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    for line in review_lines(review):
        stdout.write(line + "\n")
    return 0


def add_parsers(commands: Any, with_help: bool) -> tuple[argparse.ArgumentParser, argparse.ArgumentParser]:
    """The ``par`` and ``review`` sub-commands."""
    par = commands.add_parser(
        "par", help="how the computer players do on one deal of a solo game",
        add_help=with_help, allow_abbrev=False,
    )
    par.add_argument("game", nargs=None if with_help else "?", help="game id (a solo game)")
    par.add_argument("--seed", type=int, default=None, help=f"the deal (default {DEFAULT_SEED})")
    par.add_argument("--plays", type=int, default=PLAYS, help=f"plays per computer player (default {PLAYS})")
    par.add_argument("--moves", metavar="FILE", help="a finished game's moves: compare its result")
    review = commands.add_parser(
        "review", help="each decision of a finished solo game, judged on what was seen",
        add_help=with_help, allow_abbrev=False,
    )
    review.add_argument("game", nargs=None if with_help else "?", help="game id (a solo game)")
    review.add_argument("moves", nargs="?", metavar="MOVES", help="file with one move per line (default stdin)")
    review.add_argument("--seed", type=int, default=None, help=f"the deal (default {DEFAULT_SEED})")
    review.add_argument("--seat", type=int, default=0, help="the seat reviewed (default 0)")
    review.add_argument("--samples", type=int, default=SAMPLES,
                        help=f"worlds per decision (default {SAMPLES})")
    return par, review
