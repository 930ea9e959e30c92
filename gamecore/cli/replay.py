"""``python -m gamecore replay``: re-run an action list from a seed and show where it leads.

A game is fully determined by (game, options, seed, actions), so this is how a stored
match or a simulated game is checked by hand. One move per line; ``#`` starts a comment;
``2: take 1`` names the seat (otherwise the first seat to move plays the line). A takeback
row of the bot's log (``0: !takeback 2``) removes the steps it undid, and says so.
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Mapping
from typing import IO, Any

from gamecore.cli.options import DEFAULT_SEED
from gamecore.cli.play import Session, error_text, show_events
from gamecore.contract import Game
from gamecore.takeback import marked_count

_SEAT_PREFIX = re.compile(r"^\s*(\d+)\s*:\s*(.*)$")


def run_replay(
    game: Game[Any, Any],
    args: argparse.Namespace,
    seats: int,
    options: Mapping[str, Any],
    stdin: IO[str],
    stdout: IO[str],
    stderr: IO[str],
) -> int:
    seed = DEFAULT_SEED if args.seed is None else args.seed
    session = Session(game, seed, [None] * seats, options)
    source = open(args.moves, encoding="utf-8") if args.moves else stdin  # noqa: SIM115
    try:
        for number, text, undone in _standing_lines(source):
            if undone:
                if not args.json:
                    stdout.write(f"line {number}: {undone} step(s) taken back\n")
                continue
            seat, move = _seat_and_move(session, text)
            if seat is None:
                stderr.write(f"line {number}: the game is already over\n")
                return 1
            try:
                events = session.play(seat, move)
            except Exception as exc:  # report the line, whatever the game raised
                # people count players from 1, as the refusal texts do; the seat keeps 0
                who = f"player {seat + 1} (seat {seat})"
                stderr.write(f"line {number}: {move!r} for {who}: {error_text(exc)}\n")
                return 1
            if not args.json:
                stdout.write(
                    f"{session.step}. seat {seat}: {game.format_action(game.parse_action(move))}\n"
                )
                show_events(stdout, events)
    finally:
        if source is not stdin:
            source.close()
    if args.json:
        stdout.write(
            json.dumps(session.snapshot(), ensure_ascii=False, separators=(",", ":")) + "\n"
        )
        return 0
    status = session.status
    viewer = None if status.over else session.person_to_move()
    stdout.write(game.describe(game.view(session.state, viewer)) + "\n")
    stdout.write(f"after {session.step} moves (seed {seed}): {status.result}")
    if status.over and status.winners and seats > 1:
        stdout.write(" — winners: " + ", ".join(f"seat {s}" for s in status.winners))
    elif not status.over:
        stdout.write(f", seat {viewer} to move")
    stdout.write("\n")
    return 0


def _standing_lines(source: IO[str]) -> list[tuple[int, str, int]]:
    """(line number, move text, 0) for each move that stands, and (number, "", count) where
    a takeback row undid ``count`` of the moves before it (those are left out)."""
    found: list[tuple[int, str, int]] = []
    for number, raw in enumerate(source, start=1):
        text = raw.split("#", 1)[0].strip()
        if not text:
            continue
        prefixed = _SEAT_PREFIX.match(text)
        count = marked_count(prefixed.group(2) if prefixed else text)
        if count is None:
            found.append((number, text, 0))
            continue
        moves = [i for i, entry in enumerate(found) if not entry[2]]
        for index in reversed(moves[len(moves) - count :]):
            del found[index]
        found.append((number, "", count))
    return found


def _seat_and_move(session: Session, text: str) -> tuple[int | None, str]:
    match = _SEAT_PREFIX.match(text)
    if match:
        return int(match.group(1)), match.group(2)
    status = session.status
    return (None if status.over or not status.to_move else status.to_move[0]), text
