"""The standings: people only, by points, then opponents' points, then rating."""

from __future__ import annotations

from collections import defaultdict

from gamecore.tournament.model import Standing, State, Table
from gamecore.tournament.points import is_win


def points_by_player(state: State) -> dict[int, float]:
    """Each entrant's points: the sum of what their finished tables gave them."""
    totals = {p.id: 0.0 for p in state.players}
    for table in state.tables:
        if table.points is None:
            continue
        for seat, points in zip(table.seats, table.points, strict=True):
            if seat.player is not None:
                totals[seat.player] = totals.get(seat.player, 0.0) + points
    return totals


def finished_tables_of(state: State, player_id: int) -> list[Table]:
    """The player's finished tables in the order they finished (clock, then number)."""
    tables = [t for t in state.tables if t.finished and player_id in t.players]
    return sorted(tables, key=lambda t: (t.finished_at, t.number))


def streak(state: State, player_id: int) -> int:
    """Wins in a row at the player's latest finished tables."""
    count = 0
    for table in reversed(finished_tables_of(state, player_id)):
        assert table.places is not None
        seat = table.players.index(player_id)
        index = [i for i, s in enumerate(table.seats) if s.player is not None][seat]
        if not is_win(table.places, index):
            break
        count += 1
    return count


def standings(state: State) -> list[Standing]:
    """Every entrant (dropped ones too, marked inactive), best first. Ranks are shared only
    when points, opponents' points and rating are all equal."""
    totals = points_by_player(state)
    opponents: dict[int, float] = defaultdict(float)
    played: dict[int, int] = defaultdict(int)
    wins: dict[int, int] = defaultdict(int)
    for table in state.tables:
        if table.places is None:
            continue
        people = table.players
        for index, seat in enumerate(table.seats):
            if seat.player is None:
                continue
            others = [totals[p] for p in people if p != seat.player]
            opponents[seat.player] += sum(others) / len(others) if others else 0.0
            played[seat.player] += 1
            wins[seat.player] += table.places[index] == 1
    lines = [
        (
            -totals[p.id],
            -round(opponents[p.id], 6),
            -p.rating,
            p,
        )
        for p in state.players
    ]
    lines.sort(key=lambda line: (line[0], line[1], line[2], line[3].id))
    result: list[Standing] = []
    for at, (points, opp, rating, p) in enumerate(lines):
        rank = at + 1
        if result and (points, opp, rating) == (
            -result[-1].points,
            -round(result[-1].opponents_points, 6),
            -result[-1].rating,
        ):
            rank = result[-1].rank
        result.append(
            Standing(
                rank=rank,
                player=p.id,
                points=-points,
                opponents_points=round(opponents[p.id], 6),
                rating=p.rating,
                played=played[p.id],
                wins=wins[p.id],
                active=p.active,
                streak=streak(state, p.id) if state.config.format == "arena" else 0,
            )
        )
    return result
