"""What a tournament is in the bot (``service/tournaments.py`` changes it): the pure state of
``gamecore.tournament`` plus the server, channel, host, game options and clock, entrants'
names, each table's match and thread, the board message and the scheduled event; its JSON
document; and the pure steps a change is made of (recording a table, pairing the next
round, dropping a person)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from gamecore import tournament as rules
from gamecore.match import Match, MatchError
from gamecore.ratings import computer_rating, result_of

#: Times a person's clock may hand their seat to a computer before later rounds drop them.
HANDOVERS_BEFORE_DROP = 2

TournamentStatus = Literal["open", "running", "paused", "ended"]

TOURNAMENT_ERROR_CODES: dict[str, str] = {
    "no_tournament": "There is no tournament {tournament_id} in this server.",
    "tournament_game": "Tournaments are played in {games}.",
    "tournament_seats": "{game} seats {min_players} to {max_players} at a table.",
    "tournament_rounds": "A tournament has 1 to {max_rounds} rounds.",
    "tournament_minutes": "An arena lasts 5 to {max_minutes} minutes.",
    "too_many_tournaments": "This server already has {count} open tournaments (at most {count}): end one first.",
    "not_tournament_host": "Only the host ({host}) can do that.",
    "tournament_started": "This tournament has already started: entries are closed.",
    "tournament_full": "This tournament is full ({count} entrants).",
    "already_entered": "You have already entered this tournament.",
    "not_entered": "{name} has not entered this tournament.",
    "too_few_entrants": "A tournament needs at least 2 entrants to start.",
    "tournament_over": "This tournament is over.",
    "tournament_not_started": "The tournament has not started yet.",
    "tournament_not_paused": "The tournament is not paused.",
    "tournament_paused": "The tournament is already paused.",
    "not_dropped": "{name} is still playing in this tournament.",
    "already_dropped": "{name} is already dropped from later rounds.",
    "tournament_refused": "That cannot be done in this tournament now.",
}


def tournament_error(code: str, **params: Any) -> MatchError:
    return MatchError(code, TOURNAMENT_ERROR_CODES[code].format(**params), **params)


@dataclass(frozen=True, slots=True)
class Entrant:
    """A person in the tournament. ``handovers``: tables where their clock gave their seat
    to a computer; ``dropped``: why later rounds skip them (``clock``, ``host``, ``left``),
    empty while they play on."""

    user_id: int
    name: str
    handovers: int = 0
    dropped: str = ""


@dataclass(frozen=True, slots=True)
class Room:
    """Where a table is played: its match and thread (None until the Discord layer opened
    the thread and the service seated the match); ``archived`` once its thread was closed."""

    number: int
    thread_id: int | None = None
    match_id: str | None = None
    archived: bool = False


@dataclass(frozen=True, slots=True)
class Tournament:
    id: str
    guild_id: int
    channel_id: int
    host_id: int
    name: str
    game_id: str
    state: rules.State
    options: Mapping[str, Any] = field(default_factory=dict)
    turn_limit: float | None = None
    status: TournamentStatus = "open"
    starts_at: float | None = None
    created_at: float = 0.0
    entrants: tuple[Entrant, ...] = ()
    rooms: tuple[Room, ...] = ()
    board_message_id: int | None = None
    event_id: int | None = None
    #: Tables are rated matches unless the server turned ratings off (then practice).
    rated: bool = True
    version: int = 0

    @property
    def format(self) -> str:
        return self.state.config.format

    @property
    def live(self) -> bool:
        return self.status != "ended"

    def entrant(self, user_id: int) -> Entrant | None:
        return next((e for e in self.entrants if e.user_id == user_id), None)

    def room(self, number: int) -> Room:
        return next((r for r in self.rooms if r.number == number), Room(number))

    def table(self, number: int) -> rules.Table:
        return next(t for t in self.state.tables if t.number == number)

    def unseated(self) -> list[rules.Table]:
        """Tables paired but without a match yet (their thread is still to open)."""
        return [
            t for t in self.state.tables if not t.finished and self.room(t.number).match_id is None
        ]

    def playing(self) -> list[rules.Table]:
        return [t for t in self.state.tables if not t.finished]

    def name_of(self, user_id: int) -> str:
        entrant = self.entrant(user_id)
        return entrant.name if entrant is not None else str(user_id)


@dataclass(frozen=True, slots=True)
class StandingLine:
    """One line of the board's standings, with the person's name."""

    standing: rules.Standing
    name: str
    dropped: str


@dataclass(frozen=True, slots=True)
class Advance:
    """What a change did that the Discord layer shows: the tournament after it, the people
    dropped by their clock, and whether a new round or table was paired (threads to open:
    ``Tournament.unseated``) or the tournament finished."""

    tournament: Tournament
    dropped: tuple[int, ...] = ()
    paired: bool = False
    finished: bool = False
    #: Entries closed and play began with this change (its scheduled event starts).
    started: bool = False


def computer_ratings_shown(game_id: str, computers: tuple[str, ...]) -> dict[str, int]:
    """Each computer player's fixed rating as the board shows it."""
    return {c: computer_rating(game_id, c).shown for c in computers}


def standard_places(values: list[int]) -> tuple[int, ...]:
    """Any ranking values (lower is better) as places: 1 + the number of seats ahead."""
    return tuple(1 + sum(1 for other in values if other < v) for v in values)


# -- the document -------------------------------------------------------------------------
def to_doc(t: Tournament) -> str:
    return json.dumps(
        {
            "id": t.id,
            "guild_id": t.guild_id,
            "channel_id": t.channel_id,
            "host_id": t.host_id,
            "name": t.name,
            "game_id": t.game_id,
            "options": dict(t.options),
            "turn_limit": t.turn_limit,
            "status": t.status,
            "starts_at": t.starts_at,
            "created_at": t.created_at,
            "entrants": [[e.user_id, e.name, e.handovers, e.dropped] for e in t.entrants],
            "rooms": [[r.number, r.thread_id, r.match_id, r.archived] for r in t.rooms],
            "board_message_id": t.board_message_id,
            "event_id": t.event_id,
            "rated": t.rated,
            "state": t.state.to_json(),
        },
        separators=(",", ":"),
    )


def from_doc(doc: str, version: int) -> Tournament:
    d = json.loads(doc)
    return Tournament(
        id=d["id"],
        guild_id=int(d["guild_id"]),
        channel_id=int(d["channel_id"]),
        host_id=int(d["host_id"]),
        name=d["name"],
        game_id=d["game_id"],
        state=rules.State.from_json(d["state"]),
        options=d["options"],
        turn_limit=d["turn_limit"],
        status=d["status"],
        starts_at=d["starts_at"],
        created_at=float(d["created_at"]),
        entrants=tuple(Entrant(int(u), n, int(h), str(x)) for u, n, h, x in d["entrants"]),
        rooms=tuple(Room(int(n), th, m, bool(a)) for n, th, m, a in d["rooms"]),
        board_message_id=d["board_message_id"],
        event_id=d["event_id"],
        rated=bool(d.get("rated", True)),
        version=version,
    )


# -- pure steps of a change ---------------------------------------------------------------
def drop_entrant(t: Tournament, user_id: int, why: str) -> Tournament:
    entrants = tuple(replace(e, dropped=why) if e.user_id == user_id else e for e in t.entrants)
    state = t.state
    if state.player(user_id).active:
        state = rules.drop_player(state, user_id)
    return replace(t, entrants=entrants, state=state)


def seat_next(t: Tournament, now: float) -> Tournament:
    """The next round (Swiss, round robin) or the arena tables that can be seated now."""
    if t.format == "arena":
        return replace(t, state=rules.seat_waiting(t.state, now)[0])
    return replace(t, state=rules.start_round(t.state, rules.pair_round(t.state, now)))


def advanced(t: Tournament, now: float) -> Tournament:
    """After a change: the next round when the last one is over, or the end."""
    state = t.state
    if t.format == "arena":
        if now >= state.config.end and not t.playing():
            return replace(t, status="ended")
        return seat_next(t, now) if now < state.config.end else t
    if t.playing():
        return t
    if rules.is_finished(state, now) or not any(p.active for p in state.players):
        return replace(t, status="ended")
    return seat_next(t, now)


def recorded(
    t: Tournament, number: int, match: Match, now: float
) -> tuple[Tournament, tuple[int, ...]]:
    """The table's places from its finished match (the rated result's places, so the
    standings follow the ratings), and the people whose clock handed their seat to a
    computer counted (a second time: dropped)."""
    table = t.table(number)
    result = result_of(replace(match, practice=False))  # its places, rated or not
    by_person: dict[int, int] = {}
    by_computer: list[int] = []
    if result is not None:
        for rated in result.entrants:
            if rated.user_id is not None:
                by_person[rated.user_id] = rated.place
            else:
                by_computer.append(rated.place)
    worst = 1 + max([*by_person.values(), *by_computer], default=0)
    computers = iter(by_computer)
    values = [
        by_person.get(seat.player, worst) if seat.player is not None else next(computers, worst)
        for seat in table.seats
    ]
    state = rules.record_result(t.state, number, standard_places(values), now)
    t = replace(t, state=state)
    dropped: list[int] = []
    for seat in match.seats:
        if seat.is_computer and seat.former is not None and not seat.resigned:
            entrant = t.entrant(seat.former)
            if entrant is None:
                continue
            handovers = entrant.handovers + 1
            entrants = tuple(
                replace(e, handovers=handovers) if e.user_id == entrant.user_id else e
                for e in t.entrants
            )
            t = replace(t, entrants=entrants)
            if handovers >= HANDOVERS_BEFORE_DROP and not entrant.dropped:
                t = drop_entrant(t, entrant.user_id, "clock")
                dropped.append(entrant.user_id)
    return t, tuple(dropped)
