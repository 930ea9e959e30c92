"""The simulation runner and its statistics, driven by two tiny toy games (``tests/toys``:
Climb and Nim), so the tests never depend on the real games; a few drive Cartographer."""

from __future__ import annotations

import json

import pytest

from gamecore.contract import SimulationAborted
from gamecore.plot import render_summary_chart
from gamecore.registry import get_game
from gamecore.rng import Rng
from gamecore.simulate import (
    CHUNK_MIN,
    CHUNKS_PER_WORKER,
    RunSpec,
    available_players,
    format_report,
    play_game,
    player_rng,
    resolve_player_types,
    run_games,
    seed_chunks,
    summarize,
    wilson_interval,
)
from tests.toys import climb, nim

CLIMB = climb.GAME
NIM = nim.GAME

# -- play_game and records ----------------------------------------------------------------


def test_solo_record_has_the_documented_keys_and_the_score():
    record = play_game(CLIMB, 3, ["careful"])
    target = 5 + Rng(3).below(5)
    assert record["result"] == "won"
    assert record["winners"] == [0]
    assert record["players"] == [{"seat": 0, "type": "careful"}]
    assert record["seed"] == 3
    assert record["score"] == {"total": target, "target": target}
    assert record["steps"] == -(-target // 3)  # careful climbs 3 at a time, then the rest
    json.dumps(record)


def test_multiplayer_record_merges_seat_scores_into_players():
    record = play_game(NIM, 4, ["smart", "random"])
    pile = 7 + Rng(4).below(8)
    assert record["result"] == "finished"
    assert [p["type"] for p in record["players"]] == ["smart", "random"]
    assert sum(p["taken"] for p in record["players"]) == pile
    assert record["rounds"] == (record["steps"] + 1) // 2
    assert record["end"] == "last stone"
    assert "seats" not in record
    assert len(record["winners"]) == 1


def test_smart_nim_player_wins_whenever_the_pile_is_not_a_multiple_of_four():
    for seed in range(20):
        pile = 7 + Rng(seed).below(8)
        record = play_game(NIM, seed, ["smart", "random"])
        if pile % 4:
            assert record["winners"] == [0], seed


def test_a_player_that_raises_is_recorded_as_an_error():
    record = play_game(CLIMB, 1, ["crash"])
    assert record["result"] == "error"
    assert "crash player always fails" in record["error"]
    assert record["winners"] == []


def test_max_steps_ends_a_game_as_an_error():
    record = play_game(CLIMB, 1, ["random"], max_steps=1)
    assert record["result"] == "error"
    assert "max_steps=1" in record["error"]
    assert record["steps"] == 1


def test_same_seed_same_record_and_options_reach_setup():
    assert play_game(NIM, 9, ["random", "random"]) == play_game(NIM, 9, ["random", "random"])
    high = play_game(CLIMB, 2, ["careful"], options={"low": 10})
    assert high["score"]["target"] >= 10


# -- line-ups -----------------------------------------------------------------------------


def test_player_names_cycle_over_seats_and_unknown_names_are_refused():
    assert resolve_player_types(NIM, ["smart"], 2, 0) == ["smart", "smart"]
    assert resolve_player_types(NIM, ["smart", "random"], 2, 0) == ["smart", "random"]
    with pytest.raises(ValueError, match="known: random, smart"):
        resolve_player_types(NIM, ["nobody"], 2, 0)


def test_mixed_draws_a_type_per_seat_from_the_seed():
    lineups = {tuple(resolve_player_types(NIM, ["mixed"], 2, seed)) for seed in range(40)}
    assert lineups == {(a, b) for a in ("random", "smart") for b in ("random", "smart")}
    assert resolve_player_types(NIM, ["mixed"], 2, 7) == resolve_player_types(NIM, ["mixed"], 2, 7)


# -- runs ---------------------------------------------------------------------------------


def test_game_i_uses_seed_plus_i():
    spec = RunSpec(seed=100, seats=2, player_names=("random",))
    records = list(run_games(NIM, 5, spec))
    assert [r["seed"] for r in records] == [100, 101, 102, 103, 104]
    assert records[3] == play_game(NIM, 103, ["random", "random"])


def test_workers_give_the_same_records_in_the_same_order():
    spec = RunSpec(seed=5, seats=2, player_names=("mixed",))
    alone = list(run_games(NIM, 40, spec))
    pooled = list(run_games(NIM, 40, spec, workers=2))
    assert pooled == alone


def test_rotate_shifts_the_lineup_one_seat_per_game():
    spec = RunSpec(seed=20, seats=2, player_names=("smart", "random"), rotate=True)
    records = list(run_games(NIM, 4, spec))
    lineups = [[p["type"] for p in r["players"]] for r in records]
    assert lineups == [["smart", "random"], ["random", "smart"]] * 2
    assert records[1] == play_game(NIM, 21, ["random", "smart"])


def test_unknown_player_is_refused_before_any_game():
    with pytest.raises(ValueError):
        list(run_games(NIM, 3, RunSpec(seats=2, player_names=("ghost",))))


# -- statistics ---------------------------------------------------------------------------


def test_wilson_interval_matches_published_values():
    low, high = wilson_interval(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4)
    assert high == pytest.approx(0.9433, abs=1e-4)
    low, high = wilson_interval(0, 10)
    assert low == 0.0
    assert high == pytest.approx(0.2775, abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_summary_of_a_solo_run():
    records = list(run_games(CLIMB, 60, RunSpec(seed=0, player_names=("random",))))
    records.append(play_game(CLIMB, 999, ["crash"]))
    summary = summarize(records, "total")
    wins = sum(r["result"] == "won" for r in records)
    assert summary["solo"] is True
    assert summary["games"] == 61
    assert summary["errors"] == 1
    assert summary["error_examples"][0]["seed"] == 999
    assert summary["win"]["wins"] == wins
    assert summary["win"]["games"] == 61
    assert (summary["win"]["low"], summary["win"]["high"]) == wilson_interval(wins, 61)
    counts = summary["headline"]["counts"]
    assert sum(counts.values()) == 60
    assert list(counts) == sorted(counts, key=int)
    text = format_report(summary, "Climb")
    assert "win rate:" in text and "error (seed 999)" in text


def test_summary_of_a_multiplayer_run_counts_types_seats_and_shared_wins():
    records = [
        {
            "seed": 0,
            "result": "finished",
            "steps": 4,
            "winners": [0, 1],
            "rounds": 2,
            "end": "tie",
            "players": [{"seat": 0, "type": "a"}, {"seat": 1, "type": "b"}],
        },
        {
            "seed": 1,
            "result": "finished",
            "steps": 6,
            "winners": [1],
            "rounds": 3,
            "end": "score",
            "players": [{"seat": 0, "type": "a"}, {"seat": 1, "type": "a"}],
        },
        {
            "seed": 2,
            "result": "error",
            "steps": 0,
            "winners": [],
            "error": "boom",
            "players": [{"seat": 0, "type": "b"}, {"seat": 1, "type": "a"}],
        },
    ]
    summary = summarize(records)
    assert summary["solo"] is False
    assert summary["by_type"]["a"]["wins"] == 2 and summary["by_type"]["a"]["games"] == 4
    assert summary["by_type"]["b"]["wins"] == 1 and summary["by_type"]["b"]["games"] == 2
    assert summary["by_seat"][1]["wins"] == 2 and summary["by_seat"][1]["games"] == 3
    assert summary["ends"] == {"tie": 1, "score": 1}
    assert summary["rounds"]["mean"] == 2.5
    assert summary["steps"]["median"] == 5
    assert summary["errors"] == 1
    text = format_report(summary)
    assert "how games ended" in text and "seat 1" in text and "rounds: mean 2.5" in text


def test_chart_is_a_png():
    records = list(run_games(NIM, 30, RunSpec(seats=2, player_names=("smart", "random"))))
    png = render_summary_chart(summarize(records), records, "Nim")
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    solo = list(run_games(CLIMB, 30, RunSpec(player_names=("random",))))
    assert render_summary_chart(summarize(solo, "total"), solo).startswith(b"\x89PNG")


def test_cartographer_random_games_produce_records():
    game = get_game("cartographer")
    records = list(run_games(game, 20, RunSpec(seed=1, player_names=("random",))))
    assert all(r["result"] in ("won", "lost") for r in records), [r.get("error") for r in records]
    summary = summarize(records, game.headline_score)
    assert summary["games"] == 20 and summary["errors"] == 0


def test_worker_chunks_cover_every_seed_once_in_order():
    for start, games, workers in ((1, 1000, 2), (5, 40, 2), (0, 7, 3), (10, 33, 4)):
        chunks = seed_chunks(start, games, workers)
        seeds = [seed for first, stop in chunks for seed in range(first, stop)]
        assert seeds == list(range(start, start + games))
        assert len(chunks) <= max(1, workers * CHUNKS_PER_WORKER)
        assert all(stop - first >= CHUNK_MIN for first, stop in chunks[:-1])


def test_play_out_reports_the_steps_before_a_failure():
    players = available_players(CLIMB)
    with pytest.raises(SimulationAborted) as aborted:
        CLIMB.play_out(CLIMB.setup(1, 1), [players["random"]], [player_rng(1, 0)], 1)
    assert aborted.value.steps == 1
    assert "max_steps=1" in str(aborted.value.error)
