"""``python -m renderer replay GAME MOVES --out match.gif``: an animated replay of a match.

The flags are those of ``python -m gamecore replay`` (``--seed``, ``--players``, the game's
options); MOVES holds one move per line (``2: take 1`` names the seat, ``#`` starts a
comment). The picture is drawn from the public views only.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from gamecore.cli import lookup_game, resolved_options, seat_count
from gamecore.cli.options import DEFAULT_SEED, UsageError, add_option_flags
from gamecore.contract import IllegalAction
from gamecore.timeline import public_timeline
from renderer.replay import animate, gif_seconds


def read_moves(path: str) -> list[tuple[int | None, str]]:
    """``(seat or None, notation)`` per non-empty line of a moves file."""
    moves: list[tuple[int | None, str]] = []
    for raw in Path(path).read_text(encoding="utf-8").splitlines():
        text = raw.split("#", 1)[0].strip()
        if not text:
            continue
        head, colon, tail = text.partition(":")
        if colon and head.strip().isdigit():
            moves.append((int(head), tail.strip()))
        else:
            moves.append((None, text))
    return moves


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    probe = argparse.ArgumentParser(add_help=False)
    probe.add_argument("command", nargs="?")
    probe.add_argument("game", nargs="?")
    known, _ = probe.parse_known_args(argv)
    parser = argparse.ArgumentParser(
        prog="python -m renderer",
        allow_abbrev=False,
        description="Draw an animated replay of a match.",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    replay = commands.add_parser("replay", help="animated GIF of a moves file", allow_abbrev=False)
    replay.add_argument("game", help="game id")
    replay.add_argument("moves", metavar="MOVES", help="file with one move per line")
    replay.add_argument("--out", required=True, help="the GIF to write")
    replay.add_argument(
        "--seed", type=int, default=DEFAULT_SEED, help=f"game seed (default {DEFAULT_SEED})"
    )
    replay.add_argument("--players", type=int, default=None, help="number of seats")
    try:
        game = lookup_game(known.game, None) if known.command == "replay" and known.game else None
        dests = add_option_flags(replay, game) if game is not None else {}
        args = parser.parse_args(argv)
        assert game is not None
        timeline = public_timeline(
            game,
            seat_count(game, args.players),
            args.seed,
            resolved_options(game, args, dests),
            read_moves(args.moves),
        )
    except UsageError as exc:
        sys.stderr.write(f"{exc}\n")
        return 2
    except (IllegalAction, OSError) as exc:
        sys.stderr.write(f"{exc}\n")
        return 1
    data = animate(game.id, timeline)
    Path(args.out).write_bytes(data)
    sys.stdout.write(
        f"{args.out}: {len(timeline) - 1} moves, {len(data) // 1024} KB, {gif_seconds(data):.1f} s\n"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
