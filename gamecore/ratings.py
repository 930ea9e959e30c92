"""Skill ratings of the multiplayer games: openskill's Plackett–Luce model (free-for-all,
2–6 seats), shown on a 1500 scale with a provisional mark until the rating settles.

Pure and synchronous: the store calls :func:`rate` inside the transaction that writes the
result (storage reads the current ratings, writes the new ones). The rules, in one place:

- A finished multiplayer match that is not practice counts; abandoned ones count nowhere.
- Places: the winners first, then by final score (higher is better), equal scores share a
  place. A person who resigned is last (after every seat still at the table; of several,
  the first to resign last of all); a seat lost
  to the clock and played on by a computer gives that person the seat's place.
- Computer players have fixed ratings measured by ``bench/ratings.py``
  (``computer_ratings.json``); they take part in the update as opponents of known strength
  and are never changed themselves.
- Shown rating: ``1500 + 40 × (μ − 25)``, uncertainty ``± 40 × σ``; provisional ("?")
  while σ is above :data:`SETTLED_SIGMA` (± 250), about a dozen three-seat matches.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from openskill.models import PlackettLuce

from gamecore.match import Match

#: openskill's defaults (μ 25, σ 25/3, β 25/6, τ 25/300), written out so a library update
#: cannot move every rating silently.
MODEL = PlackettLuce(mu=25.0, sigma=25.0 / 3.0, beta=25.0 / 6.0, tau=25.0 / 300.0)
#: Display scale: μ 25 shows as 1500, one μ point as 40.
CENTRE, SCALE = 1500, 40.0
#: A rating is provisional while σ is above this (shown uncertainty above ± 250).
SETTLED_SIGMA = 6.25
#: The "all servers" scope of the ratings table (guild ids are never 0).
GLOBAL_SCOPE = 0
COMPUTER_FILE = Path(__file__).with_name("computer_ratings.json")


@dataclass(frozen=True, slots=True)
class Rating:
    """One player's rating in one game (and scope); ``matches`` rated so far."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    matches: int = 0

    @property
    def shown(self) -> int:
        return round(CENTRE + SCALE * (self.mu - MODEL.mu))

    @property
    def spread(self) -> int:
        return round(SCALE * self.sigma)

    @property
    def provisional(self) -> bool:
        return self.sigma > SETTLED_SIGMA


@dataclass(frozen=True, slots=True)
class Entrant:
    """A seat's part in the result: a person (``user_id``) or a computer, and its place
    (1 = first; equal places share)."""

    user_id: int | None
    computer: str | None
    place: int


@dataclass(frozen=True, slots=True)
class RatedResult:
    """What a finished match adds to the ratings of ``game_id``."""

    game_id: str
    entrants: tuple[Entrant, ...]

    @property
    def users(self) -> tuple[int, ...]:
        return tuple(e.user_id for e in self.entrants if e.user_id is not None)


@cache
def computer_ratings() -> dict[str, dict[str, Rating]]:
    """Game id → computer player → its fixed rating (measured by ``bench/ratings.py``)."""
    data = json.loads(COMPUTER_FILE.read_text(encoding="utf-8"))
    return {
        game: {name: Rating(v["mu"], v["sigma"]) for name, v in players.items()}
        for game, players in data["games"].items()
    }


def computer_rating(game_id: str, computer: str) -> Rating:
    """A computer's fixed rating; one not measured counts as a newcomer (never stored)."""
    return computer_ratings().get(game_id, {}).get(computer, Rating())


def places(winners: object, scores: object, seats: int) -> list[int]:
    """Each seat's place: winners 1, the others by score (higher first), ties shared."""
    won = set(winners) if isinstance(winners, list | tuple) else set()
    points = list(scores) if isinstance(scores, list | tuple) else []
    points += [0.0] * (seats - len(points))
    keys = [(0 if i in won else 1, -float(points[i])) for i in range(seats)]
    return [1 + sum(1 for other in keys if other < key) for key in keys]


def rated_result(before: Match, after: Match) -> RatedResult | None:
    """The rating update of ``before`` → ``after``: only when a multiplayer match that is
    not practice finishes (the rules at the top of this module)."""
    if not (before.live and after.status == "finished") or len(after.seats) < 2:
        return None
    return result_of(after)


def result_of(match: Match, left: Iterable[int] = ()) -> RatedResult | None:
    """The rated result of a finished match (also the migration's replay of old results,
    where ``left`` names people who left before the end without a trace in the seats)."""
    if match.practice or match.status != "finished" or len(match.seats) < 2:
        return None
    outcome = match.result or {}
    place = places(outcome.get("winners"), outcome.get("scores"), len(match.seats))
    last = len(match.seats) + 1
    # Resignations after every seat at the table, the first to resign last of all.
    final = max((seat.resigned for seat in match.seats), default=0)
    entrants: list[Entrant] = []
    for index, seat in enumerate(match.seats):
        if seat.is_computer and seat.former is not None:
            resigned = last + final - seat.resigned
            entrants.append(Entrant(seat.former, None, resigned if seat.resigned else place[index]))
        elif seat.is_computer:
            entrants.append(Entrant(None, seat.computer, place[index]))
        elif seat.user_id is not None:
            entrants.append(Entrant(seat.user_id, None, place[index]))
    entrants += [Entrant(user, None, last) for user in left]
    if not any(e.user_id is not None for e in entrants):
        return None
    return RatedResult(match.game_id, tuple(entrants))


def rate(result: RatedResult, current: Mapping[int, Rating]) -> dict[int, Rating]:
    """The new ratings of the people in ``result`` from their ``current`` ones (a person
    missing from ``current`` starts at the default); computers stay as they are."""
    ratings = [
        computer_rating(result.game_id, e.computer or "")
        if e.user_id is None
        else current.get(e.user_id, Rating())
        for e in result.entrants
    ]
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in ratings]
    updated = MODEL.rate(teams, ranks=[float(e.place) for e in result.entrants])
    return {
        e.user_id: Rating(team[0].mu, team[0].sigma, old.matches + 1)
        for e, team, old in zip(result.entrants, updated, ratings, strict=True)
        if e.user_id is not None
    }
