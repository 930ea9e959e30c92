"""``python -m gamecore par`` and ``review``: the bot's after-game figures in a terminal."""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from typing import IO, Any

from gamecore.analysis.outcome import MEASURES, rank
from gamecore.analysis.par import PLAYS, compute_par, par_lines
from gamecore.analysis.review import SAMPLES, review_game, review_lines
from gamecore.analysis.table_review import TABLE_SAMPLES, review_table
from gamecore.analysis.table_worlds import TABLE_GAMES
from gamecore.cli.options import DEFAULT_SEED, UsageError, add_game_command
from gamecore.contract import Game, IllegalAction


def read_seated_moves(path: str | None, stdin: IO[str]) -> list[tuple[int | None, str]]:
    """One move per line, as ``replay`` reads them: ``#`` starts a comment, ``2: take 1``
    names the seat (None: the first seat to move)."""
    source = open(path, encoding="utf-8") if path else stdin  # noqa: SIM115
    try:
        moves: list[tuple[int | None, str]] = []
        for raw in source:
            text = raw.split("#", 1)[0].strip()
            if not text:
                continue
            head, colon, rest = text.partition(":")
            if colon and head.strip().isdigit():
                moves.append((int(head), rest.strip()))
            else:
                moves.append((None, text))
        return moves
    finally:
        if source is not stdin:
            source.close()


def read_moves(path: str | None, stdin: IO[str]) -> list[str]:
    """The moves of a solo game (a ``SEAT:`` prefix is dropped: there is one seat)."""
    return [text for _, text in read_seated_moves(path, stdin)]


def _check_game(game: Game[Any, Any], covered: tuple[str, ...] = tuple(MEASURES)) -> None:
    if game.id not in covered:
        raise UsageError(f"this command covers {', '.join(covered)}, not {game.id}")


def run_par(
    game: Game[Any, Any],
    args: argparse.Namespace,
    options: Mapping[str, Any],
    stdin: IO[str],
    stdout: IO[str],
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
    game: Game[Any, Any],
    args: argparse.Namespace,
    options: Mapping[str, Any],
    stdin: IO[str],
    stdout: IO[str],
) -> int:
    _check_game(game, (*MEASURES, *TABLE_GAMES))
    if args.samples is not None and args.samples < 1:
        raise UsageError("--samples must be at least 1")
    seed = DEFAULT_SEED if args.seed is None else args.seed
    moves = read_seated_moves(args.moves, stdin)
    try:
        if game.id in TABLE_GAMES:
            seats = args.players or game.min_players
            review = review_table(
                game.id,
                seed,
                moves,
                seats,
                options,
                seat=args.seat,
                samples=args.samples or TABLE_SAMPLES,
            )
        else:
            review = review_game(
                game.id,
                seed,
                [text for _, text in moves],
                options,
                seat=args.seat,
                samples=args.samples or SAMPLES,
            )
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    for line in review_lines(review):
        stdout.write(line + "\n")
    return 0


def add_parsers(
    commands: Any, with_help: bool
) -> tuple[argparse.ArgumentParser, argparse.ArgumentParser]:
    """The ``par`` and ``review`` sub-commands."""
    par = add_game_command(
        commands,
        "par",
        "how the computer players do on one deal of a solo game",
        with_help,
        game_help="game id (a solo game)",
    )
    par.add_argument("--seed", type=int, default=None, help=f"the deal (default {DEFAULT_SEED})")
    par.add_argument(
        "--plays", type=int, default=PLAYS, help=f"plays per computer player (default {PLAYS})"
    )
    par.add_argument("--moves", metavar="FILE", help="a finished game's moves: compare its result")
    review = add_game_command(
        commands,
        "review",
        "each decision of a finished game, judged on what the seat saw",
        with_help,
        game_help="game id",
    )
    review.add_argument(
        "moves", nargs="?", metavar="MOVES", help="file with one move per line (default stdin)"
    )
    review.add_argument("--seed", type=int, default=None, help=f"the deal (default {DEFAULT_SEED})")
    review.add_argument("--seat", type=int, default=0, help="the seat reviewed (default 0)")
    review.add_argument(
        "--players", type=int, default=None, help="number of seats (multiplayer games)"
    )
    review.add_argument(
        "--samples",
        type=int,
        default=None,
        help=f"worlds per decision (default {SAMPLES} solo, {TABLE_SAMPLES} multiplayer)",
    )
    return par, review
