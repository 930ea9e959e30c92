"""``python -m gamecore tournament``: a whole tournament of computer players, round by round
(docs/cli.md); organisers check pairings and formats before running a real one."""

from __future__ import annotations

import argparse
import json
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import IO, Any

from gamecore.cli.options import DEFAULT_SEED, UsageError, add_game_command
from gamecore.contract import Game
from gamecore.ratings import computer_rating
from gamecore.simulate import resolve_player_types
from gamecore.tournament import FORMATS, Config, Standing, State, TournamentError, standings
from gamecore.tournament.core import total_rounds
from gamecore.tournament.simulate import Entrant, Played, entrants, run

#: Arena defaults: the window, and the simulated time a move takes.
ARENA_MINUTES = 60.0
MOVE_SECONDS = 10.0


def add_parser(commands: Any, with_help: bool) -> argparse.ArgumentParser:
    parser = add_game_command(
        commands, "tournament", "play a whole tournament of computer players", with_help
    )
    parser.add_argument("--format", choices=FORMATS, default="swiss", help="default swiss")
    parser.add_argument("--players", type=int, default=8, help="entrants (default 8)")
    parser.add_argument("--table-size", type=int, default=None, help="seats per table")
    parser.add_argument(
        "--rounds", type=int, default=0, help="Swiss and round robin (default: the rules')"
    )
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="tournament seed")
    parser.add_argument(
        "--computers",
        action="append",
        metavar="NAME[,NAME...]",
        help="the entrants' computer players, used in turn ('mixed' = a random one each)",
    )
    parser.add_argument(
        "--fill",
        action="append",
        metavar="NAME[,NAME...]",
        help="computer players filling short tables, used in turn (default random)",
    )
    parser.add_argument(
        "--minutes", type=float, default=ARENA_MINUTES, help="arena window (simulated)"
    )
    parser.add_argument(
        "--move-seconds", type=float, default=MOVE_SECONDS, help="arena: simulated move time"
    )
    parser.add_argument(
        "--fill-after",
        type=float,
        default=120.0,
        help="arena: seconds a lone waiter waits before computers fill the table",
    )
    parser.add_argument("--json", action="store_true", help="one JSON object at the end")
    return parser


def run_tournament(
    game: Game[Any, Any],
    args: argparse.Namespace,
    computers: Sequence[str],
    fill: Sequence[str],
    options: Mapping[str, Any],
    stdout: IO[str],
) -> int:
    size = game.min_players if args.table_size is None else args.table_size
    if args.players < 1:
        raise UsageError("--players must be at least 1")
    if args.rounds < 0 or args.minutes <= 0 or args.move_seconds <= 0 or args.fill_after < 0:
        raise UsageError("--rounds, --minutes, --move-seconds and --fill-after must be positive")
    try:
        kinds = resolve_player_types(game, list(computers) or ["mixed"], args.players, args.seed)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    field = entrants(game, kinds, args.players)
    try:
        config = Config(
            args.format,
            game.id,
            size,
            args.seed,
            rounds=args.rounds,
            computers=tuple(fill) or ("random",),
            start=0.0,
            end=args.minutes * 60 if args.format == "arena" else 0.0,
            fill_after=args.fill_after,
        )
        printer = _Printer(game, config, field, stdout, quiet=args.json)
        state, played = run(game, config, field, options, printer.report, args.move_seconds)
    except TournamentError as exc:
        raise UsageError(exc.reason) from None
    if args.json:
        stdout.write(json.dumps(_as_json(game, state, field, played), ensure_ascii=False) + "\n")
    else:
        printer.final(state)
    return 0


def _seat_name(seat_player: int | None, computer: str | None, field: Mapping[int, Entrant]) -> str:
    if seat_player is None:
        return f"[{computer}]"
    return f"P{seat_player} {field[seat_player].computer}"


def _ordinal(place: int) -> str:
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


def _clock(seconds: float) -> str:
    minutes, rest = divmod(int(seconds), 60)
    return f"{minutes:d}:{rest:02d}"


class _Printer:
    """Text output as the tournament goes: each round (arena: each table) and standings."""

    def __init__(
        self,
        game: Game[Any, Any],
        config: Config,
        field: Sequence[Entrant],
        out: IO[str],
        quiet: bool,
    ) -> None:
        self.game, self.config, self.out, self.quiet = game, config, out, quiet
        self.field = {e.id: e for e in field}
        self.header_done = False

    def header(self, state: State) -> None:
        c = self.config
        kinds = sorted({e.computer for e in self.field.values()})
        span = (
            f"{total_rounds(state)} rounds"
            if c.format != "arena"
            else f"{_clock(c.end - c.start)} window"
        )
        fill = ", ".join(
            f"{name} ({computer_rating(c.game_id, name).shown})" for name in c.computers
        )
        self.out.write(
            f"{self.game.name or self.game.id} tournament: {c.format}, {len(self.field)} players"
            f" ({', '.join(kinds)}), tables of {c.table_size}, {span}, seed {c.seed}\n"
            f"short tables filled by: {fill}\n"
        )

    def report(self, state: State, done: Sequence[Played]) -> None:
        if self.quiet:
            return
        if not self.header_done:
            self.header(state)
            self.header_done = True
        arena = self.config.format == "arena"
        if not arena:
            self.out.write(f"\nRound {done[0].table.round}\n")
        for item in done:
            self.out.write(self.table_line(state, item, arena) + "\n")
        if not arena:
            self.out.write(f"Standings after round {done[0].table.round}\n")
            self.standings(standings(state))

    def table_line(self, state: State, item: Played, arena: bool) -> str:
        table = next(t for t in state.tables if t.number == item.table.number)
        assert table.places is not None and table.points is not None
        seats = " · ".join(
            f"{_seat_name(s.player, s.computer, self.field)} {_ordinal(place)}"
            + ("" if s.player is None else f" {points:g} pt")
            for s, place, points in zip(table.seats, table.places, table.points, strict=True)
        )
        when = f" {_clock(table.seated_at)}-{_clock(table.finished_at)}" if arena else ""
        return f"  table {table.number}{when} (seed {item.seed}, {item.steps} moves): {seats}"

    def standings(self, lines: Sequence[Standing]) -> None:
        streak = self.config.format == "arena"
        self.out.write(
            "  rank  player              points  opp.pts  rating  played  wins"
            + ("  streak" if streak else "")
            + "\n"
        )
        for s in lines:
            name = _seat_name(s.player, None, self.field) + ("" if s.active else " (dropped)")
            self.out.write(
                f"  {s.rank:>4}  {name:<18}  {s.points:>6g}  {s.opponents_points:>7.2f}"
                f"  {s.rating:>6}  {s.played:>6}  {s.wins:>4}"
                + (f"  {s.streak:>6}" if streak else "")
                + "\n"
            )

    def final(self, state: State) -> None:
        if not self.header_done:
            self.header(state)
        if self.config.format == "arena":
            self.out.write("\nFinal standings\n")
            self.standings(standings(state))
        lines = standings(state)
        if lines:
            self.out.write(f"\nWinner: {_seat_name(lines[0].player, None, self.field)}\n")


def _as_json(
    game: Game[Any, Any], state: State, field: Sequence[Entrant], played: Sequence[Played]
) -> dict[str, Any]:
    config = state.config
    runs = {p.table.number: p for p in played}
    tables = [
        {
            "number": t.number,
            "round": t.round,
            "seed": runs[t.number].seed,
            "moves": runs[t.number].steps,
            "seated_at": t.seated_at,
            "finished_at": t.finished_at,
            "seats": [
                {"player": s.player, "computer": s.computer, "place": place, "points": points}
                for s, place, points in zip(t.seats, t.places or (), t.points or (), strict=True)
            ],
        }
        for t in state.tables
    ]
    result: dict[str, Any] = {
        "game": game.id,
        "format": config.format,
        "table_size": config.table_size,
        "seed": config.seed,
        "entrants": [{"id": e.id, "computer": e.computer, "rating": e.rating} for e in field],
        "fill": [
            {"computer": n, "rating": computer_rating(game.id, n).shown} for n in config.computers
        ],
    }
    if config.format == "arena":
        result["window"] = [config.start, config.end]
        result["tables"] = tables
    else:
        result["rounds"] = [
            {
                "number": number,
                "tables": [t for t in tables if t["round"] == number],
                "standings": [_standing_json(s) for s in standings(_up_to(state, number))],
            }
            for number in range(1, state.round + 1)
        ]
    result["standings"] = [_standing_json(s) for s in standings(state)]
    result["state"] = state.to_json()
    return result


def _up_to(state: State, number: int) -> State:
    """The state as it stood after round ``number``."""
    return replace(state, tables=tuple(t for t in state.tables if t.round <= number))


def _standing_json(s: Standing) -> dict[str, Any]:
    return {
        "rank": s.rank,
        "player": s.player,
        "points": s.points,
        "opponents_points": s.opponents_points,
        "rating": s.rating,
        "played": s.played,
        "wins": s.wins,
        "active": s.active,
        "streak": s.streak,
    }
