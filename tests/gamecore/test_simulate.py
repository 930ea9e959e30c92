"""The simulation runner and its statistics, driven by two tiny toy games defined here.

``test_cli.py`` imports the toys from this module, so the tests never depend on the real
games (which are written in parallel); a few tests drive Cartographer once it exists.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import pytest

from gamecore.contract import Game, IllegalAction, OptionSpec, SimulationAborted, Status
from gamecore.plot import render_summary_chart
from gamecore.registry import get_game
from gamecore.rng import Rng
from gamecore.simulate import (
    CHUNK_MIN,
    CHUNKS_PER_WORKER,
    RunSpec,
    _chunks,
    available_players,
    format_report,
    play_game,
    player_rng,
    resolve_player_types,
    run_games,
    summarize,
    wilson_interval,
)

# -- toy games --------------------------------------------------------------------------


@dataclass(frozen=True)
class ClimbState:
    target: int
    total: int
    steps: int


class Climb(Game[ClimbState, int]):
    """Solo: climb from 0 by 1–3 a step and land exactly on a seeded target."""

    id = "climb"
    name = "Climb"
    min_players = 1
    max_players = 1
    options = (
        OptionSpec("low", 5, (5, 10), "lowest possible target"),
        OptionSpec("strict", True, (), "overshooting loses"),
    )
    headline_score = "total"

    def setup(
        self, _players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> ClimbState:
        resolved = self.resolve_options(options)
        return ClimbState(target=resolved["low"] + Rng(seed).below(5), total=0, steps=0)

    def legal_actions(self, state: ClimbState, player: int) -> list[int]:
        return [] if self.status(state).over or player != 0 else [1, 2, 3]

    def play(self, state: ClimbState, player: int, action: int):
        if action not in self.legal_actions(state, player):
            raise IllegalAction("step", f"cannot climb {action}", step=action)
        new = ClimbState(state.target, state.total + action, state.steps + 1)
        return new, []

    def view(self, state: ClimbState, _viewer: int | None) -> dict:
        return {"target": state.target, "total": state.total}

    def status(self, state: ClimbState) -> Status:
        if state.total == state.target:
            return Status("won", scores=(state.total,))
        if state.total > state.target:
            return Status("lost", scores=(state.total,))
        return Status("playing", to_move=(0,))

    def parse_action(self, text: str) -> int:
        parts = text.lower().split()
        if len(parts) != 2 or parts[0] != "up" or not parts[1].isdigit():
            raise IllegalAction("notation", f"cannot read {text!r}; write e.g. 'up 2'")
        return int(parts[1])

    def format_action(self, action: int) -> str:
        return f"up {action}"

    def state_to_dict(self, state: ClimbState) -> dict:
        return {"target": state.target, "total": state.total, "steps": state.steps}

    def state_from_dict(self, data: Mapping[str, Any]) -> ClimbState:
        return ClimbState(data["target"], data["total"], data["steps"])

    def score(self, state: ClimbState) -> dict[str, Any]:
        return {"score": {"total": state.total, "target": state.target}}

    def players(self):
        def careful(view, _legal, _rng):
            return min(3, view["target"] - view["total"])

        def crash(_view, _legal, _rng):
            raise RuntimeError("crash player always fails")

        return {
            "random": lambda _view, legal, rng: rng.choice(legal),
            "careful": careful,
            "crash": crash,
        }


@dataclass(frozen=True)
class NimState:
    pile: int
    to_move: int
    taken: tuple[int, int]
    steps: int


class Nim(Game[NimState, int]):
    """Two players take 1–3 stones from a seeded pile; taking the last stone wins."""

    id = "nim"
    name = "Nim"
    min_players = 2
    max_players = 2

    def setup(
        self, _players: int, seed: int, _options: Mapping[str, Any] | None = None
    ) -> NimState:
        return NimState(pile=7 + Rng(seed).below(8), to_move=0, taken=(0, 0), steps=0)

    def legal_actions(self, state: NimState, player: int) -> list[int]:
        if state.pile == 0 or player != state.to_move:
            return []
        return list(range(1, min(3, state.pile) + 1))

    def play(self, state: NimState, player: int, action: int):
        if action not in self.legal_actions(state, player):
            raise IllegalAction("take", f"cannot take {action} from {state.pile}", take=action)
        taken = list(state.taken)
        taken[player] += action
        new = NimState(state.pile - action, 1 - player, (taken[0], taken[1]), state.steps + 1)
        return new, []

    def view(self, state: NimState, _viewer: int | None) -> dict:
        return {"pile": state.pile, "taken": list(state.taken)}

    def status(self, state: NimState) -> Status:
        if state.pile == 0:
            return Status("finished", winners=(1 - state.to_move,))
        return Status("playing", to_move=(state.to_move,))

    def parse_action(self, text: str) -> int:
        parts = text.lower().split()
        if len(parts) != 2 or parts[0] != "take" or not parts[1].isdigit():
            raise IllegalAction("notation", f"cannot read {text!r}; write e.g. 'take 2'")
        return int(parts[1])

    def format_action(self, action: int) -> str:
        return f"take {action}"

    def state_to_dict(self, state: NimState) -> dict:
        return {
            "pile": state.pile,
            "to_move": state.to_move,
            "taken": list(state.taken),
            "steps": state.steps,
        }

    def state_from_dict(self, data: Mapping[str, Any]) -> NimState:
        return NimState(data["pile"], data["to_move"], tuple(data["taken"]), data["steps"])

    def score(self, state: NimState) -> dict[str, Any]:
        return {
            "seats": [{"taken": taken} for taken in state.taken],
            "rounds": (state.steps + 1) // 2,
            "end": "last stone",
        }

    def players(self):
        def smart(view, legal, _rng):
            best = view["pile"] % 4
            return best if best in legal else legal[0]

        return {"random": lambda _view, legal, rng: rng.choice(legal), "smart": smart}


CLIMB = Climb()
NIM = Nim()
TOY_GAMES = {"climb": CLIMB, "nim": NIM}

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
        chunks = _chunks(start, games, workers)
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
