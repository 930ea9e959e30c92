"""``python -m gamecore list | play | simulate | replay | par | review | tournament``: the games without Discord (docs/cli.md).

:func:`main` takes its streams as arguments so tests run the whole command line in-process.
Game options become flags (``--preset modern``) once the game is known, so arguments are
parsed twice: first to find the command and the game, then with that game's flags.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping, Sequence
from typing import IO, TYPE_CHECKING, Any, NoReturn

from gamecore.cli.analysis import add_parsers as add_analysis_parsers
from gamecore.cli.analysis import run_par, run_review
from gamecore.cli.listing import run_list
from gamecore.cli.options import (
    DEFAULT_SEED,
    UsageError,
    add_game_command,
    add_option_flags,
    chosen_options,
)
from gamecore.cli.play import run_play
from gamecore.cli.replay import run_replay
from gamecore.cli.simulate import run_simulate
from gamecore.cli.tournament import add_parser as add_tournament_parser
from gamecore.cli.tournament import run_tournament
from gamecore.contract import Game, IllegalAction
from gamecore.registry import get_game, list_games
from gamecore.simulate import DEFAULT_MAX_STEPS

if TYPE_CHECKING:
    from _typeshed import SupportsWrite


#: The commands whose first argument is a game (its options become flags).
GAME_COMMANDS = ("play", "simulate", "replay", "par", "review", "tournament")


class _ParserExit(Exception):
    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


def _parser_class(out: IO[str], err: IO[str]) -> type[argparse.ArgumentParser]:
    """An ArgumentParser that writes to our streams and returns instead of exiting."""

    class Parser(argparse.ArgumentParser):
        def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
            if message:
                (err if file is sys.stderr else out).write(message)

        def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
            if message:
                err.write(message)
            raise _ParserExit(status)

    return Parser


def _split_names(values: Sequence[str] | None) -> list[str]:
    """``--player a,b --player c`` → ``[a, b, c]``."""
    return [name.strip() for value in values or () for name in value.split(",") if name.strip()]


def build_parser(
    parser_class: type[argparse.ArgumentParser], game: Game[Any, Any] | None, with_help: bool = True
) -> tuple[argparse.ArgumentParser, dict[str, str]]:
    """The full parser; with ``game``, its options become flags of ``play`` and ``simulate``."""
    parser = parser_class(
        prog="python -m gamecore",
        description="Play and simulate the tabletop games in a terminal.",
        allow_abbrev=False,
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    list_parser = commands.add_parser(
        "list", help="games, player counts, options, computer players", allow_abbrev=False
    )
    list_parser.add_argument("--json", action="store_true", help="one JSON object per game")

    play = add_game_command(
        commands, "play", "play a game in the terminal (or drive it with --json)", with_help
    )
    play.add_argument(
        "--seed",
        type=int,
        default=None,
        help=f"game seed (default: random for a person, {DEFAULT_SEED} with --json)",
    )
    play.add_argument("--players", type=int, default=None, help="number of seats")
    play.add_argument(
        "--player",
        action="append",
        metavar="NAME",
        help="computer player per seat (comma list or repeated; 'human' is you)",
    )
    play.add_argument(
        "--json",
        action="store_true",
        help="machine protocol: one move per stdin line, one JSON object per line",
    )

    simulate = add_game_command(
        commands, "simulate", "run many seeded games of computer players", with_help
    )
    simulate.add_argument("--games", type=int, required=with_help, help="number of games")
    simulate.add_argument(
        "--seed",
        type=int,
        default=DEFAULT_SEED,
        help=f"seed of game 0; game i uses seed+i (default {DEFAULT_SEED})",
    )
    simulate.add_argument("--players", type=int, default=None, help="number of seats")
    simulate.add_argument(
        "--player",
        action="append",
        metavar="NAME[,NAME...]",
        help="computer players for the seats in order (cycled); 'mixed' = random type",
    )
    simulate.add_argument(
        "--rotate",
        action="store_true",
        help="shift the line-up one seat per game (every type plays every seat)",
    )
    simulate.add_argument("--jsonl", metavar="FILE", help="write one JSON record per game")
    simulate.add_argument("--plot", metavar="FILE.png", help="draw a PNG chart of the statistics")
    simulate.add_argument("--workers", type=int, default=1, help="worker processes (default 1)")
    simulate.add_argument(
        "--max-steps",
        type=int,
        default=DEFAULT_MAX_STEPS,
        help=f"record a game as an error after this many steps (default {DEFAULT_MAX_STEPS})",
    )
    simulate.add_argument("--quiet", action="store_true", help="no progress bar")
    simulate.add_argument("--json", action="store_true", help="print the summary as JSON")

    replay = add_game_command(
        commands, "replay", "re-run a list of moves from a seed and show the position", with_help
    )
    replay.add_argument(
        "moves",
        nargs="?",
        metavar="MOVES",
        help="file with one move per line ('SEAT: move' names the seat; default stdin)",
    )
    replay.add_argument(
        "--seed", type=int, default=None, help=f"game seed (default {DEFAULT_SEED})"
    )
    replay.add_argument("--players", type=int, default=None, help="number of seats")
    replay.add_argument(
        "--json", action="store_true", help="print the final position as a --json object"
    )

    par, review = add_analysis_parsers(commands, with_help)
    tournament = add_tournament_parser(commands, with_help)

    dests: dict[str, str] = {}
    if game is not None:
        dests = add_option_flags(play, game)
        add_option_flags(simulate, game)
        add_option_flags(replay, game)
        add_option_flags(par, game)
        add_option_flags(review, game)
        add_option_flags(tournament, game)
    return parser, dests


def lookup_game(game_id: str, games: Mapping[str, Game[Any, Any]] | None) -> Game[Any, Any]:
    """The game by id from ``games`` (tests) or the registry; UsageError otherwise."""
    if games is not None:
        if game_id not in games:
            raise UsageError(f"no game {game_id!r} (games: {', '.join(games)})")
        return games[game_id]
    try:
        return get_game(game_id)
    except IllegalAction as exc:
        raise UsageError(exc.reason) from None
    except (ImportError, AttributeError):
        raise UsageError(f"game {game_id!r} is not available yet") from None


def all_games(games: Mapping[str, Game[Any, Any]] | None) -> list[Game[Any, Any]]:
    return list(games.values()) if games is not None else list_games()


def seat_count(game: Game[Any, Any], requested: int | None) -> int:
    seats = game.min_players if requested is None else requested
    if not game.min_players <= seats <= game.max_players:
        span = (
            f"{game.min_players}"
            if game.min_players == game.max_players
            else (f"{game.min_players}-{game.max_players}")
        )
        raise UsageError(f"{game.id} takes {span} players, not {seats}")
    return seats


def resolved_options(
    game: Game[Any, Any], args: argparse.Namespace, dests: Mapping[str, str]
) -> dict[str, Any]:
    try:
        return game.resolve_options(chosen_options(args, dests))
    except IllegalAction as exc:
        raise UsageError(exc.reason) from None


def main(
    argv: Sequence[str] | None = None,
    stdin: IO[str] | None = None,
    stdout: IO[str] | None = None,
    stderr: IO[str] | None = None,
    games: Mapping[str, Game[Any, Any]] | None = None,
) -> int:
    """Run one command; returns the exit status (0 ok, 1 failure, 2 bad command line)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    parser_class = _parser_class(stdout, stderr)
    try:
        probe, _ = build_parser(parser_class, None, with_help=False)
        known, _rest = probe.parse_known_args(argv)
        game = None
        if known.command in GAME_COMMANDS and known.game:
            game = lookup_game(known.game, games)
        parser, dests = build_parser(parser_class, game)
        args = parser.parse_args(argv)
        if args.command == "list":
            return run_list(all_games(games), stdout, as_json=args.json)
        assert game is not None
        options = resolved_options(game, args, dests)
        if args.command == "par":
            return run_par(game, args, options, stdin, stdout)
        if args.command == "review":
            return run_review(game, args, options, stdin, stdout)
        if args.command == "tournament":
            computers, fill = _split_names(args.computers), _split_names(args.fill)
            return run_tournament(game, args, computers, fill, options, stdout)
        seats = seat_count(game, args.players)
        if args.command == "replay":
            return run_replay(game, args, seats, options, stdin, stdout, stderr)
        names = _split_names(args.player)
        if args.command == "play":
            return run_play(game, args, seats, names, options, stdin, stdout, stderr)
        return run_simulate(game, args, seats, names, options, stdout, stderr)
    except _ParserExit as exc:
        return exc.status
    except UsageError as exc:
        stderr.write(f"error: {exc}\n")
        return 2
