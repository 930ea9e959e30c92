"""A whole tournament of computer players with the real games (``python -m gamecore
tournament``): organisers try a format, a table size and a number of rounds before a real one.

Each entrant is a computer player of the game (their rating: its fixed rating). Each table
is a seeded game played out by :meth:`gamecore.contract.Game.play_out`; its places come from
the game's result as for rated matches (:func:`gamecore.ratings.places`). An arena runs on a
simulated clock: a table lasts ``move_seconds`` per move played.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from gamecore.contract import Game
from gamecore.ratings import computer_rating, places
from gamecore.rng import mix_seed
from gamecore.simulate import DEFAULT_MAX_STEPS, available_players, player_rngs
from gamecore.tournament.core import (
    is_finished,
    new_tournament,
    pair_round,
    record_result,
    seat_waiting,
    start_round,
)
from gamecore.tournament.model import Config, Player, State, Table, TournamentError


@dataclass(frozen=True, slots=True)
class Entrant:
    """A computer entrant: its id in the tournament and its computer player."""

    id: int
    computer: str
    rating: int


@dataclass(frozen=True, slots=True)
class Played:
    """One finished table: its game seed, the moves played and the places per seat."""

    table: Table
    seed: int
    steps: int


#: Called after each Swiss/robin round (its number) or arena table, with the state so far.
Report = Callable[[State, Sequence[Played]], None]


def entrants(game: Game[Any, Any], computers: Sequence[str], count: int) -> list[Entrant]:
    """``count`` entrants ``1 … count``, the computer names used in turn, each with the
    computer's fixed rating."""
    return [
        Entrant(i + 1, name, computer_rating(game.id, name).shown)
        for i, name in enumerate(computers[i % len(computers)] for i in range(count))
    ]


def table_seed(config: Config, table: Table) -> int:
    """The game seed of a table: fixed by the tournament's seed and the table's number."""
    return mix_seed(config.seed, "table", table.number) & 0x7FFF_FFFF


def play_table(
    game: Game[Any, Any],
    config: Config,
    table: Table,
    computer_of: Mapping[int, str],
    options: Mapping[str, Any] | None = None,
) -> Played:
    """Play ``table`` out between computer players; the result as a :class:`Played` whose
    table carries the places (the points are the tournament's to give)."""
    movers = available_players(game)
    names = [
        computer_of[s.player] if s.player is not None else s.computer or "" for s in table.seats
    ]
    seed = table_seed(config, table)
    state, steps = game.play_out(
        game.setup(len(names), seed, dict(options or {})),
        [movers[name] for name in names],
        player_rngs(seed, len(names)),
        DEFAULT_MAX_STEPS,
    )
    status = game.status(state)
    result = places(list(status.winners), list(status.scores), len(names))
    return Played(replace(table, places=tuple(result)), seed, steps)


def check_names(game: Game[Any, Any], names: Sequence[str]) -> None:
    known = available_players(game)
    for name in names:
        if name not in known:
            raise TournamentError(
                "unknown_computer",
                f"no computer player {name!r} for {game.id} (known: {', '.join(sorted(known))})",
            )


def run(
    game: Game[Any, Any],
    config: Config,
    field: Sequence[Entrant],
    options: Mapping[str, Any] | None = None,
    report: Report | None = None,
    move_seconds: float = 30.0,
) -> tuple[State, list[Played]]:
    """Play the whole tournament; ``report`` hears each round (arena: each table) as it ends."""
    check_names(game, [*config.computers, *(e.computer for e in field)])
    if not game.min_players <= config.table_size <= game.max_players:
        raise TournamentError(
            "table_size",
            f"{game.id} seats {game.min_players}-{game.max_players}, not {config.table_size}",
        )
    state = new_tournament(config, [Player(e.id, e.rating) for e in field])
    computer_of = {e.id: e.computer for e in field}
    played: list[Played] = []
    if config.format == "arena":
        return _run_arena(game, state, computer_of, options, report, move_seconds, played)
    while not is_finished(state):
        rnd = pair_round(state)
        state = start_round(state, rnd)
        done = [play_table(game, config, t, computer_of, options) for t in rnd.tables]
        for item in done:
            assert item.table.places is not None
            state = record_result(state, item.table.number, item.table.places)
        played += done
        if report:
            report(state, done)
    return state, played


def _run_arena(
    game: Game[Any, Any],
    state: State,
    computer_of: Mapping[int, str],
    options: Mapping[str, Any] | None,
    report: Report | None,
    move_seconds: float,
    played: list[Played],
) -> tuple[State, list[Played]]:
    """Simulated clock: seat whoever waits, then jump to the next finish (or the moment the
    longest waiter may be given computers), until the window closes and every table ends."""
    config = state.config
    now = config.start
    ending: list[tuple[float, int, Played]] = []
    while True:
        state, seated = seat_waiting(state, now)
        for table in seated:
            item = play_table(game, config, table, computer_of, options)
            heapq.heappush(ending, (now + max(1, item.steps) * move_seconds, table.number, item))
        moments = [ending[0][0]] if ending else []
        since = _free_since(state)
        if since is not None and now < since + config.fill_after < config.end:
            moments.append(since + config.fill_after)
        if not moments:
            now = max(now, config.end)  # nothing more can happen
            break
        now = min(moments)
        while ending and ending[0][0] <= now:
            finish, _, item = heapq.heappop(ending)
            assert item.table.places is not None
            state = record_result(state, item.table.number, item.table.places, now=finish)
            played.append(item)
            if report:
                report(state, [item])
    assert is_finished(state, max(now, config.end))
    return state, played


def _free_since(state: State) -> float | None:
    """When the longest-waiting free active player became free (None: nobody waits)."""
    busy = {p for t in state.open_tables() for p in t.players}
    times = [
        max(p.free_since, state.config.start)
        for p in state.players
        if p.active and p.id not in busy
    ]
    return min(times) if times else None
