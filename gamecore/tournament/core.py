"""The operations on a tournament: each takes a :class:`State` and returns a new one (or a
proposal), never changing its argument and never reading a clock: the arena's ``now`` is
passed in by the caller. A refused request raises :class:`TournamentError`."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import replace

from gamecore.rng import mix_seed
from gamecore.tournament import pairing
from gamecore.tournament.model import (
    Config,
    Player,
    Round,
    Seat,
    State,
    Table,
    TournamentError,
)
from gamecore.tournament.points import FIRE_STREAK, place_points, valid_places
from gamecore.tournament.standings import points_by_player, standings, streak


def new_tournament(config: Config, players: Sequence[Player] = ()) -> State:
    """A tournament nobody has played in yet."""
    ids = [p.id for p in players]
    if len(set(ids)) != len(ids):
        raise TournamentError("duplicate_player", "each player enters once")
    return State(config, tuple(players), ())


def add_player(state: State, player_id: int, rating: int = 1500, now: float = 0.0) -> State:
    """Enter ``player_id`` (late entry allowed: they start on 0 points). Refused when already
    entered or when the tournament is over."""
    if any(p.id == player_id for p in state.players):
        raise TournamentError("already_entered", f"player {player_id} has already entered")
    if is_finished(state, now):
        raise TournamentError("finished", "the tournament is over")
    player = Player(player_id, rating, True, max(now, state.config.start))
    return replace(state, players=(*state.players, player))


def remove_player(state: State, player_id: int) -> State:
    """Take back an entry of someone who has not been seated yet (leaving before they play);
    after that, :func:`drop_player` keeps their results."""
    state.player(player_id)
    if any(player_id in t.players for t in state.tables):
        raise TournamentError("already_seated", "a seated player is dropped, not removed")
    return replace(state, players=tuple(p for p in state.players if p.id != player_id))


def drop_player(state: State, player_id: int) -> State:
    """Skip ``player_id`` in later rounds and seatings; a table they sit at now still
    finishes with them (the bot plays their seat by computer)."""
    player = state.player(player_id)
    if not player.active:
        raise TournamentError("already_dropped", f"player {player_id} is already dropped")
    return state.with_player(replace(player, active=False))


def readmit_player(state: State, player_id: int, now: float = 0.0) -> State:
    """Let a dropped player play again from the next round (arena: the next seating)."""
    player = state.player(player_id)
    if player.active:
        raise TournamentError("not_dropped", f"player {player_id} is not dropped")
    return state.with_player(replace(player, active=True, free_since=now))


def total_rounds(state: State) -> int:
    """Rounds a Swiss or round robin plays: the host's number, else the rules' default
    (Swiss: ``⌈log_K n⌉ + 1``; round robin: ``⌈(n − 1) / (K − 1)⌉``, enough for everyone
    to meet everyone once when the meetings can be spread perfectly). Arena: 0."""
    config = state.config
    if config.format == "arena":
        return 0
    if config.rounds:
        return config.rounds
    n, k = max(2, len(state.players)), config.table_size
    if config.format == "robin":
        return max(1, math.ceil((n - 1) / (k - 1)))
    return max(1, math.ceil(math.log(n) / math.log(k) - 1e-9)) + 1


def is_finished(state: State, now: float = 0.0) -> bool:
    """Swiss and round robin: every round seated and every table finished. Arena: the window
    has closed (``now`` ≥ end) and every table seated before it has finished."""
    if state.open_tables():
        return False
    if state.config.format == "arena":
        return now >= state.config.end
    return state.round >= total_rounds(state)


def _round_rng(state: State, label: str, number: int) -> random.Random:
    return random.Random(mix_seed(state.config.seed, label, number))


def _seat_tables(
    state: State,
    groups: Sequence[Sequence[int]],
    round_number: int,
    now: float,
    rng: random.Random,
) -> tuple[Table, ...]:
    """Tables for ``groups`` of people: the empty seats filled with the config's computers
    in turn, the seat order shuffled by ``rng``."""
    size = state.config.table_size
    computers = state.config.computers
    first = len(state.tables) + 1
    filler = 0
    tables = []
    for index, people in enumerate(groups):
        seats = [Seat(player=p) for p in people]
        while len(seats) < size:
            seats.append(Seat(computer=computers[filler % len(computers)]))
            filler += 1
        rng.shuffle(seats)
        tables.append(Table(first + index, round_number, tuple(seats), seated_at=now))
    return tuple(tables)


def pair_round(state: State, now: float = 0.0) -> Round:
    """The next round of a Swiss or round robin (not yet part of the state: pass it to
    :func:`start_round`). Every active player is seated; nobody gets a bye (short tables
    are filled with computers). Refused while a table of this round is still playing,
    after the last round, or with nobody active."""
    config = state.config
    if config.format == "arena":
        raise TournamentError("arena_rounds", "an arena has no rounds: use seat_waiting")
    if state.open_tables():
        raise TournamentError("round_open", "the current round still has tables playing")
    if state.round >= total_rounds(state):
        raise TournamentError("finished", "every round has been played")
    active = [p for p in state.players if p.active]
    if not active:
        raise TournamentError("no_players", "nobody is left to seat")
    number = state.round + 1
    rng = _round_rng(state, "round", number)
    order = list(active)
    rng.shuffle(order)  # equal keys below stay in a seeded order
    points = points_by_player(state)
    if config.format == "swiss":
        order.sort(key=lambda p: (-points.get(p.id, 0.0), -p.rating))
    ids = [p.id for p in order]
    met = pairing.meetings([t.players for t in state.tables])
    if config.format == "swiss" and state.round == 0:
        groups = pairing.snake(ids, config.table_size)
    else:
        weights = points if config.format == "swiss" else {}
        groups = pairing.group(ids, config.table_size, met, weights, rng)
    return Round(number, _seat_tables(state, groups, number, now, rng))


def start_round(state: State, round_: Round) -> State:
    """The state with ``round_`` (from :func:`pair_round` on this state) seated."""
    if round_.number != state.round + 1 or state.open_tables():
        raise TournamentError("stale_round", "that round was paired on an older state")
    return replace(state, tables=(*state.tables, *round_.tables))


def record_result(
    state: State, table_number: int, places: Sequence[int], now: float = 0.0
) -> State:
    """Record the finished match of table ``table_number``: ``places`` per seat in seat
    order (1 = first; equal places shared, e.g. ``1, 1, 3``). The points are fixed now (an
    arena's streak counts the tables finished before this one). Refused for an unknown or
    already finished table or places that are not a result."""
    table = next((t for t in state.tables if t.number == table_number), None)
    if table is None:
        raise TournamentError("unknown_table", f"there is no table {table_number}")
    if table.finished:
        raise TournamentError("table_finished", f"table {table_number} already has a result")
    if len(places) != len(table.seats) or not valid_places(places):
        raise TournamentError("bad_places", f"places {list(places)} are not a result")
    base = place_points(places)
    arena = state.config.format == "arena"
    points = tuple(
        0.0
        if seat.player is None
        else base[i] * (2 if arena and streak(state, seat.player) >= FIRE_STREAK else 1)
        for i, seat in enumerate(table.seats)
    )
    done = replace(table, places=tuple(places), points=points, finished_at=now)
    state = replace(state, tables=tuple(done if t is table else t for t in state.tables))
    for person in table.players:
        state = state.with_player(replace(state.player(person), free_since=now))
    return state


def waiting(state: State) -> list[Player]:
    """Arena: the active players not at a table, best in the standings first."""
    busy = {p for t in state.open_tables() for p in t.players}
    order = {s.player: s.rank for s in standings(state)}
    free = [p for p in state.players if p.active and p.id not in busy]
    return sorted(free, key=lambda p: (order[p.id], p.id))


def seat_waiting(state: State, now: float) -> tuple[State, tuple[Table, ...]]:
    """Arena: seat the waiting players at ``now``. While the window is open, the waiting
    are taken in standings order, ``K`` at a time (swapping with the next group to avoid
    sitting again with the people of one's last table where possible); the rest keep
    waiting until the longest-waiting of them has waited ``fill_after`` seconds, then they
    are seated together with computers. Returns the new state and the tables seated now."""
    config = state.config
    if config.format != "arena":
        raise TournamentError("not_arena", "only an arena seats players as they come free")
    if not config.start <= now < config.end:
        return state, ()
    queue = [p.id for p in waiting(state)]
    size = config.table_size
    groups: list[list[int]] = []
    last = {p: _last_table(state, p) for p in queue}
    while len(queue) >= size:
        group = _arena_group(queue, size, last)
        groups.append(group)
        queue = [p for p in queue if p not in group]
    if queue:
        longest = min(max(state.player(p).free_since, config.start) for p in queue)
        if now - longest >= config.fill_after:
            groups.append(queue)
    if not groups:
        return state, ()
    rng = _round_rng(state, "arena", len(state.tables) + 1)
    tables = _seat_tables(state, groups, 0, now, rng)
    return replace(state, tables=(*state.tables, *tables)), tables


def _last_table(state: State, player_id: int) -> frozenset[int]:
    mine = [t for t in state.tables if player_id in t.players]
    return frozenset(mine[-1].players) - {player_id} if mine else frozenset()


def _arena_group(queue: Sequence[int], size: int, last: dict[int, frozenset[int]]) -> list[int]:
    """The first waiting player and the next ones in order who were not at their last
    table with anyone chosen so far; filled in order if that leaves too few."""
    group = [queue[0]]
    for candidate in queue[1:]:
        if len(group) == size:
            break
        if all(candidate not in last[g] and g not in last[candidate] for g in group):
            group.append(candidate)
    for candidate in queue[1:]:
        if len(group) == size:
            break
        if candidate not in group:
            group.append(candidate)
    return group
