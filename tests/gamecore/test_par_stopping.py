"""Par stops its plays once the estimate is tight enough, and the plays it made are exactly
the first plays of the full run (play ``i`` always draws from the same generator)."""

from __future__ import annotations

from gamecore.analysis.par import (
    BATCH,
    PLAYS,
    TOLERANCE,
    DealPar,
    Tally,
    compute_deal_par,
    rate_error,
    tight_enough,
)


def test_a_deal_the_players_always_win_or_lose_stops_after_one_batch() -> None:
    # Dungeon Delver, deal 1: the heuristic clears it every time, the random player never.
    early = compute_deal_par("dungeon-delver", 1)
    assert [(t.player, t.plays) for t in early.tallies] == [("heuristic", BATCH), ("random", BATCH)]
    full = compute_deal_par("dungeon-delver", 1, plays=BATCH, tolerance=None)
    assert early.tallies == full.tallies
    for tally in early.tallies:  # within the rule: ±3 points at 95 % (the rule of three)
        assert rate_error(tally.wins, tally.plays) <= TOLERANCE


def test_a_close_deal_plays_on_until_the_rate_is_known_or_the_plays_run_out() -> None:
    # Cartographer, deal 4: the heuristic wins about 63 %; ±3 points needs about 1,000 plays.
    par = compute_deal_par("cartographer", 4, players=("heuristic",))
    (tally,) = par.tallies
    assert tally.plays == PLAYS
    stored = DealPar.from_json(par.to_json(), 4)
    assert stored is not None and stored.tallies == par.tallies


def test_a_score_measured_game_also_waits_for_its_mean_score() -> None:
    sure = Tally("random", (((0, 0.0), 100),))
    assert tight_enough(sure, "score", TOLERANCE, top=4.0)
    spread = Tally("random", (((0, 2.0), 50), ((0, 0.0), 50)))  # 1 ± 0.2 levels of 4
    assert tight_enough(spread, "win", TOLERANCE)
    assert not tight_enough(spread, "score", TOLERANCE, top=4.0)
    close = Tally("heuristic", (((1, 4.0), 63), ((0, 3.0), 37)))
    assert not tight_enough(close, "win", TOLERANCE)


def test_the_rule_reads_zero_wins_in_a_hundred_as_three_points() -> None:
    assert rate_error(0, 100) == 0.03 and rate_error(100, 100) == 0.03
    assert rate_error(50, 1000) < rate_error(50, 100)
