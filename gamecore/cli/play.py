"""``python -m gamecore play``: a person at the terminal, or a program over ``--json``.

Both modes share :class:`Session`: seats are people or computer players; computer seats
move by themselves until a person is to move or the game is over. A wrong move never
changes the game (``apply`` does not mutate), it only prints the rules' reason.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Mapping, Sequence
from typing import IO, Any

from gamecore.cli.options import DEFAULT_SEED, UsageError
from gamecore.contract import Event, Game, IllegalAction, Status
from gamecore.simulate import DEFAULT_MAX_STEPS, available_players, player_rng

#: Names that mark a seat as a person at the terminal in ``--player`` lists.
HUMAN_NAMES = ("human", "me")

HELP = (
    "Type a move in the game's notation.  ?  legal moves   board  show the board again\n"
    "help  this text   quit  stop\n"
)


def assign_seats(game: Game[Any, Any], seats: int, names: Sequence[str]) -> list[str | None]:
    """Computer-player name per seat; None marks a person.

    A list naming every seat is used as is. Otherwise, unless it names ``human`` itself,
    you sit at seat 0 and the names fill the other seats in order; seats left over are
    people too (hot seat).
    """
    known = available_players(game)
    for name in names:
        if name not in known and name not in HUMAN_NAMES:
            choices = ", ".join(sorted(known) + ["human"])
            raise UsageError(f"no player {name!r} for {game.id} (choose from {choices})")
    if len(names) > seats:
        raise UsageError(f"{len(names)} players named for {seats} seats")
    lineup: list[str] = list(names)
    if len(lineup) < seats and not any(name in HUMAN_NAMES for name in lineup):
        lineup.insert(0, "human")
    lineup += ["human"] * (seats - len(lineup))
    return [None if name in HUMAN_NAMES else name for name in lineup]


class ComputerPlayerError(RuntimeError):
    """A computer seat failed to move (a bug in a game or player): the session ends."""


class Session:
    """One game in progress between people and computer players."""

    def __init__(
        self,
        game: Game[Any, Any],
        seed: int,
        lineup: Sequence[str | None],
        options: Mapping[str, Any],
    ) -> None:
        self.game = game
        self.seed = seed
        self.lineup = list(lineup)
        self.state = game.setup(len(lineup), seed, options)
        self.step = 0
        players = available_players(game)
        self.movers = {seat: players[name] for seat, name in enumerate(lineup) if name is not None}
        self.rngs = {seat: player_rng(seed, seat) for seat in self.movers}

    @property
    def status(self) -> Status:
        return self.game.status(self.state)

    def person_to_move(self) -> int | None:
        """The first seat played by a person among those the game waits for."""
        return next((seat for seat in self.status.to_move if seat not in self.movers), None)

    def computer_moves(self) -> list[tuple[int, str, list[Event]]]:
        """Let computer seats move until a person must decide or the game ends."""
        played: list[tuple[int, str, list[Event]]] = []
        while True:
            status = self.status
            if status.over or self.person_to_move() is not None:
                return played
            if not status.to_move:
                raise RuntimeError("the game is playing but no seat is to move")
            if len(played) >= DEFAULT_MAX_STEPS:
                raise RuntimeError(
                    f"computer players made {DEFAULT_MAX_STEPS} moves without an end"
                )
            seat = status.to_move[0]
            try:
                legal = self.game.legal_actions(self.state, seat)
                action = self.movers[seat](self.game.view(self.state, seat), legal, self.rngs[seat])
                self.state, events = self.game.apply(self.state, seat, action)
            except Exception as exc:
                raise ComputerPlayerError(
                    f"computer player {self.lineup[seat]} (seat {seat}) failed: {error_text(exc)}"
                ) from exc
            self.step += 1
            played.append((seat, self.game.format_action(action), events))

    def play(self, seat: int, text: str) -> list[Event]:
        """Apply a typed move for ``seat``; raises IllegalAction (the game is unchanged)."""
        self.state, events = self.game.apply_notation(self.state, seat, text)
        self.step += 1
        return events

    def snapshot(self) -> dict[str, Any]:
        """The ``--json`` protocol object for the current position."""
        status = self.status
        viewer = None if status.over else self.person_to_move()
        legal = [] if viewer is None else self.game.legal_notations(self.state, viewer)
        return {
            "step": self.step,
            "status": status.result,
            "to_move": list(status.to_move),
            "viewer": viewer,
            "legal": legal,
            "view": self.game.view(self.state, viewer),
        }


def error_text(exc: Exception) -> str:
    """Why a move was refused (an illegal move's reason), or what failed (play and replay)."""
    return exc.reason if isinstance(exc, IllegalAction) else f"{type(exc).__name__}: {exc}"


def run_play(
    game: Game[Any, Any],
    args: argparse.Namespace,
    seats: int,
    names: Sequence[str],
    options: Mapping[str, Any],
    stdin: IO[str],
    stdout: IO[str],
    stderr: IO[str],
) -> int:
    lineup = assign_seats(game, seats, names)
    if args.json:
        seed = DEFAULT_SEED if args.seed is None else args.seed
    else:
        import secrets  # noqa: PLC0415 - hashlib and OpenSSL load only for an unseeded game

        seed = secrets.randbelow(1_000_000_000) if args.seed is None else args.seed
    try:
        session = Session(game, seed, lineup, options)
        if args.json:
            return play_json(session, stdin, stdout)
        return play_terminal(session, stdin, stdout)
    except ComputerPlayerError as exc:
        if args.json:
            _emit(stdout, {"error": str(exc)})
        stderr.write(f"error: {exc}\n")
        return 1


# -- the machine protocol --------------------------------------------------------------


def _emit(out: IO[str], obj: Mapping[str, Any]) -> None:
    out.write(json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + "\n")
    out.flush()


def play_json(session: Session, stdin: IO[str], stdout: IO[str]) -> int:
    """One JSON object for the start, then one per input line, until EOF."""
    session.computer_moves()
    _emit(stdout, session.snapshot())
    for line in iter(stdin.readline, ""):
        text = line.strip()
        if not text:
            continue
        seat = session.person_to_move()
        if session.status.over or seat is None:
            _emit(stdout, {"error": "the game is over"})
            continue
        try:
            session.play(seat, text)
        except Exception as exc:  # any bad line is answered, never fatal
            _emit(stdout, {"error": error_text(exc)})
            continue
        session.computer_moves()
        _emit(stdout, session.snapshot())
    return 0


# -- a person at the terminal ----------------------------------------------------------


def _person_name(seat: int) -> str:
    """People count from 1 (as the games' boards do); the JSON protocol keeps 0-based seats."""
    return f"player {seat + 1}"


def _event_line(event: Event) -> str:
    details = ", ".join(f"{key}={value}" for key, value in event.data.items())
    return f"  · {event.kind}" + (f": {details}" if details else "")


def show_events(out: IO[str], events: Sequence[Event]) -> None:
    """A move's events, a line each (play and replay print them alike)."""
    for event in events:
        out.write(_event_line(event) + "\n")


def _show_board(session: Session, out: IO[str]) -> None:
    seat = session.person_to_move()
    out.write(session.game.describe(session.game.view(session.state, seat)) + "\n")


def _show_result(session: Session, out: IO[str]) -> None:
    status = session.status
    out.write(session.game.describe(session.game.view(session.state, None)) + "\n")
    line = f"game over: {status.result}"
    if status.winners and len(session.lineup) > 1:
        line += " — winner" + ("s" if len(status.winners) > 1 else "") + ": "
        line += ", ".join(_person_name(seat) for seat in status.winners)
    if status.scores:
        line += "  scores: " + ", ".join(f"{score:g}" for score in status.scores)
    out.write(f"{line} (after {session.step} moves, seed {session.seed})\n")


def _computer_turns(session: Session, out: IO[str]) -> None:
    for seat, notation, events in session.computer_moves():
        out.write(f"{_person_name(seat)} ({session.lineup[seat]}) plays {notation}\n")
        show_events(out, events)


def play_terminal(session: Session, stdin: IO[str], stdout: IO[str]) -> int:
    """Board, prompt, move, until the game ends, ``quit`` or end of input."""
    game = session.game
    stdout.write(
        f"{game.name or game.id} — seed {session.seed}"
        f" (replay: python -m gamecore play {game.id} --seed {session.seed})\n{HELP}"
    )
    _computer_turns(session, stdout)
    if not session.status.over:
        _show_board(session, stdout)
    while not session.status.over:
        seat = session.person_to_move()
        assert seat is not None  # computer turns stop only at the end or at a person's turn
        stdout.write(f"{_person_name(seat)}> ")
        stdout.flush()
        line = stdin.readline()
        if not line:
            stdout.write("\n")
            return 0
        text = line.strip()
        if not text:
            continue
        command = text.lower()
        if command in ("quit", "exit", "q"):
            stdout.write(f"stopped (seed {session.seed}, {session.step} moves)\n")
            return 0
        if command in ("?", "moves"):
            legal = game.legal_notations(session.state, seat)
            stdout.write("legal moves: " + (", ".join(legal) or "(none)") + "\n")
            continue
        if command == "help":
            stdout.write(HELP)
            continue
        if command == "board":
            _show_board(session, stdout)
            continue
        try:
            events = session.play(seat, text)
        except Exception as exc:  # a wrong move is a message, not a crash
            stdout.write(f"not allowed: {error_text(exc)} (type ? for legal moves)\n")
            continue
        show_events(stdout, events)
        _computer_turns(session, stdout)
        if not session.status.over:
            _show_board(session, stdout)
    _show_result(session, stdout)
    return 0
