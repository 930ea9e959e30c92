"""Rating arithmetic (gamecore/ratings.py): openskill's own published figures, one example
worked by hand, and who counts in which place."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest
from openskill.models import PlackettLuce

from gamecore import ratings
from gamecore.match import Match, Seat
from gamecore.ratings import Entrant, RatedResult, Rating, places, rate, rated_result

PEOPLE = (11, 22, 33, 44)


def test_four_newcomers_get_openskills_published_figures(monkeypatch):
    """openskill's README: four default ratings, ranks [4, 1, 3, 2], Plackett–Luce, no τ."""
    monkeypatch.setattr(ratings, "MODEL", PlackettLuce(tau=0.0))
    result = RatedResult(
        "g", tuple(Entrant(u, None, p) for u, p in zip(PEOPLE, (4, 1, 3, 2), strict=True))
    )
    new = rate(result, {})
    published = {
        11: (20.96265504062538, 8.083731307186588),
        22: (27.795084971874736, 8.263160757613477),
        33: (24.68943500312503, 8.083731307186588),
        44: (26.552824984374855, 8.179213704945203),
    }
    for user, (mu, sigma) in published.items():
        assert new[user].mu == pytest.approx(mu, abs=1e-9)
        assert new[user].sigma == pytest.approx(sigma, abs=1e-9)


def test_two_newcomers_worked_by_hand():
    """Weng & Lin's Plackett–Luce update for one game of two newcomers, by hand:
    σ'² = σ² + τ², c² = 2 (σ'² + β²); the winner's share is ½, so
    μ = 25 ± σ'²/c · ½ and σ = σ' · √(1 − (σ'/c) · (σ'²/c²) · ¼)."""
    s2 = (25 / 3) ** 2 + (25 / 300) ** 2  # 69.4514
    c = math.sqrt(2 * (s2 + (25 / 6) ** 2))  # 13.1767
    mu_step = s2 / c / 2  # 2.6354
    sigma = math.sqrt(s2) * math.sqrt(1 - math.sqrt(s2) / c * s2 / c**2 / 4)  # 8.0659
    new = rate(RatedResult("g", (Entrant(1, None, 1), Entrant(2, None, 2))), {})
    assert new[1] == Rating(pytest.approx(25 + mu_step), pytest.approx(sigma), 1)
    assert new[2] == Rating(pytest.approx(25 - mu_step), pytest.approx(sigma), 1)
    assert (new[1].shown, new[2].shown, new[1].spread) == (1605, 1395, 323)
    assert new[1].provisional


def test_the_provisional_mark_goes_when_sigma_settles():
    assert Rating(30.0, ratings.SETTLED_SIGMA + 0.01).provisional
    assert not Rating(30.0, ratings.SETTLED_SIGMA).provisional
    assert Rating(25.0, 6.25).spread == 250


def test_places_put_winners_first_then_scores_with_ties_shared():
    assert places([2], [3, 5, 9, 5], 4) == [4, 2, 1, 2]
    assert places([0, 1], [7, 7, 1], 3) == [1, 1, 3]
    assert places([1], [], 3) == [2, 1, 2]  # no scores: every other seat second


def _finished(
    *seats: Seat, winners: tuple[int, ...] = (0,), scores: tuple[float, ...] = ()
) -> tuple[Match, Match]:
    before = Match("m1", "speiderne", 5, 1, 11, 1 << 60, seats=seats, status="playing")
    after = replace(
        before,
        status="finished",
        result={"result": "finished", "winners": list(winners), "scores": list(scores)},
    )
    return before, after


def test_resigning_is_last_and_a_seat_lost_to_the_clock_keeps_its_place():
    before, after = _finished(
        Seat(None, "heuristic", "A (heuristic)", 11, True),  # resigned; its computer won
        Seat(None, "heuristic", "B (heuristic)", 22, False),  # lost to the clock
        Seat(33, None, "C"),
        Seat(None, "random", "random"),
        winners=(0,),
        scores=(9, 7, 3, 5),
    )
    result = rated_result(before, after)
    assert result is not None
    assert result.entrants == (
        Entrant(11, None, 5),
        Entrant(22, None, 2),
        Entrant(33, None, 4),
        Entrant(None, "random", 3),
    )


def test_practice_abandoned_unfinished_and_computer_only_matches_count_nowhere():
    before, after = _finished(Seat(11, None, "A"), Seat(22, None, "B"))
    assert rated_result(before, after) is not None
    assert rated_result(before, replace(after, practice=True)) is None
    assert rated_result(before, replace(after, status="abandoned")) is None
    assert rated_result(after, after) is None  # already over before: counted once only
    alone = _finished(Seat(None, "heuristic", "h"), Seat(None, "random", "r"))
    assert rated_result(*alone) is None


def test_computers_count_with_their_fixed_rating_and_are_not_changed():
    fixed = ratings.computer_rating("speiderne", "heuristic")
    assert fixed.sigma < 3  # measured: a well-known opponent
    result = RatedResult("speiderne", (Entrant(11, None, 1), Entrant(None, "heuristic", 2)))
    beat_strong = rate(result, {})[11]
    weak = RatedResult("speiderne", (Entrant(11, None, 1), Entrant(None, "random", 2)))
    beat_weak = rate(weak, {})[11]
    assert set(rate(result, {})) == {11}
    assert beat_strong.mu - 25 > 2 * (beat_weak.mu - 25) > 0  # an upset is worth more
    assert ratings.computer_rating("speiderne", "heuristic") == fixed


def test_a_computer_taking_a_seat_remembers_who_sat_there_and_whether_they_resigned():
    from gamecore import match as rules  # noqa: PLC0415 - only this test plays the match rules
    from tests.toys.race import GAME  # noqa: PLC0415 - the toy game of the service tests

    seats = (Seat(11, None, "A"), Seat(22, None, "B"), Seat(33, None, "C"))
    playing = Match(
        "m1", "toy-race", 5, 1, 11, 1 << 60, seats=seats, status="playing", to_move=(0,)
    )
    resigned = rules.resign(playing, GAME, 22, 1.0)
    timed_out = rules.hand_to_computer(resigned, GAME, 2, 2.0)  # the clock's handover
    assert [(s.former, s.resigned) for s in timed_out.seats] == [
        (None, False),
        (22, True),
        (33, False),
    ]
    assert rules.people(timed_out) == (11, 22, 33)
    assert (
        Seat.from_dict(timed_out.seats[1].to_dict()) == timed_out.seats[1]
    )  # stored and read back
