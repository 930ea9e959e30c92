"""``python -m gamecore``: list, play (terminal and --json protocol) and simulate.

Runs :func:`gamecore.cli.main` in-process with the toy games Climb and Nim
(``tests/toys``) and, once,
the real ``python -m gamecore`` in a subprocess.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from gamecore.cli import main
from gamecore.cli.options import convert_value, option_flag
from gamecore.contract import OptionSpec
from gamecore.registry import game_ids
from gamecore.rng import Rng
from gamecore.simulate import play_game
from tests.deadlines import HANG_GUARD
from tests.toys import SIMULATED
from tests.toys.climb import Climb
from tests.toys.nim import GAME as NIM

REPO = Path(__file__).resolve().parents[2]


def run(argv: list[str], stdin: str = "", games=SIMULATED) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(argv, io.StringIO(stdin), out, err, games=games)
    return status, out.getvalue(), err.getvalue()


def json_lines(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines()]


def climb_target(seed: int, low: int = 5) -> int:
    return low + Rng(seed).below(5)


# -- list -------------------------------------------------------------------------------


def test_list_shows_players_options_and_computer_players():
    status, out, _ = run(["list"])
    assert status == 0
    assert "climb — Climb: 1 player (solo)" in out
    assert "nim — Nim: 2 players" in out
    assert "--low (default 5; one of 5, 10)  lowest possible target" in out
    assert "computer players: careful, crash, random" in out


def test_list_json_is_one_object_per_game():
    status, out, _ = run(["list", "--json"])
    climb, nim = json_lines(out)
    assert status == 0
    assert climb["options"][0] == {
        "name": "low",
        "default": 5,
        "choices": [5, 10],
        "help": "lowest possible target",
    }
    assert nim["players"] == ["random", "smart"]
    assert (nim["min_players"], nim["max_players"]) == (2, 2)


def test_list_of_the_registry_names_every_game():
    status, out, err = run(["list"], games=None)
    assert status == 0 and not err
    listed = [line.split(" — ")[0] for line in out.splitlines() if not line.startswith(" ")]
    assert listed == list(game_ids())  # whole ids, one a line, in the registry's order


# -- play --json --------------------------------------------------------------------------


def test_json_protocol_start_errors_blank_lines_and_eof():
    status, out, _ = run(
        ["play", "climb", "--seed", "4", "--json"], stdin="up 1\n\n   \nup 9\nclimb\n"
    )
    start, first, illegal, unreadable = json_lines(out)
    assert status == 0
    assert start == {
        "step": 0,
        "status": "playing",
        "to_move": [0],
        "viewer": 0,
        "legal": ["up 1", "up 2", "up 3"],
        "view": {"target": climb_target(4), "total": 0},
    }
    assert first["step"] == 1 and first["view"]["total"] == 1
    assert illegal == {"error": "cannot climb 9"}
    assert unreadable == {"error": "cannot read 'climb'; write e.g. 'up 2'"}


def test_json_protocol_to_the_end_then_game_over_errors():
    target = climb_target(2)
    moves = ["up 1"] * target + ["up 1"]
    _, out, _ = run(["play", "climb", "--seed", "2", "--json"], stdin="\n".join(moves) + "\n")
    lines = json_lines(out)
    final = lines[target]
    assert final["status"] == "won"
    assert final["viewer"] is None and final["legal"] == [] and final["to_move"] == []
    assert lines[-1] == {"error": "the game is over"}


def test_json_protocol_is_deterministic_and_takes_options():
    argv = ["play", "climb", "--seed", "11", "--json", "--low", "10"]
    first, second = run(argv, "up 2\nup 3\n"), run(argv, "up 2\nup 3\n")
    assert first == second
    assert json_lines(first[1])[0]["view"]["target"] == climb_target(11, low=10)


def test_json_protocol_lets_computer_seats_move_by_themselves():
    _, out, _ = run(["play", "nim", "--seed", "3", "--json", "--player", "smart"], stdin="take 1\n")
    start, after = json_lines(out)
    pile = 7 + Rng(3).below(8)
    assert start["viewer"] == 0 and start["view"]["pile"] == pile
    assert after["status"] == "playing"
    assert after["step"] == 2 and after["viewer"] == 0
    assert after["view"]["taken"][0] == 1
    assert after["view"]["pile"] % 4 == 0  # the smart computer left a multiple of 4
    assert after["view"]["pile"] == pile - 1 - after["view"]["taken"][1]


def test_json_protocol_hot_seat_alternates_viewers():
    _, out, _ = run(["play", "nim", "--seed", "3", "--json"], stdin="take 1\ntake 1\n")
    assert [line["viewer"] for line in json_lines(out)] == [0, 1, 0]


def test_json_protocol_in_a_real_subprocess():
    argv = [sys.executable, "-m", "gamecore", "play", "cartographer", "--seed", "5", "--json"]
    first = subprocess.run(
        argv, input="nonsense\n\n", capture_output=True, text=True, cwd=REPO, timeout=HANG_GUARD
    )
    assert first.returncode == 0, first.stderr
    start, error = json_lines(first.stdout)
    assert start["status"] == "playing" and start["step"] == 0
    assert start["legal"] == sorted(start["legal"])
    assert set(start["view"]) >= {"grid", "hand", "pile", "discard"}
    assert "error" in error and error["error"]
    move = start["legal"][0]
    second = subprocess.run(
        argv, input=move + "\n", capture_output=True, text=True, cwd=REPO, timeout=HANG_GUARD
    )
    start_again, after = json_lines(second.stdout)
    assert start_again == start
    assert after["step"] == 1


def test_cartographer_played_to_the_end_over_json():
    out = io.StringIO()

    class Mover(io.StringIO):
        """Answers each printed position with its first legal move."""

        def readline(self, *_):
            last = json.loads(out.getvalue().splitlines()[-1])
            return last["legal"][0] + "\n" if last.get("legal") else ""

    assert main(["play", "cartographer", "--seed", "8", "--json"], Mover(), out, io.StringIO()) == 0
    lines = json_lines(out.getvalue())
    assert lines[-1]["status"] in ("won", "lost")
    assert [line["step"] for line in lines] == list(range(len(lines)))


# -- play in a terminal ---------------------------------------------------------------------


def test_terminal_lists_moves_refuses_wrong_ones_and_quits():
    status, out, _ = run(["play", "climb", "--seed", "4"], stdin="?\nup 7\nup 1\nquit\n")
    assert status == 0
    assert "seed 4" in out
    assert "legal moves: up 1, up 2, up 3" in out
    assert "not allowed: cannot climb 7" in out
    assert out.count('"total": 0') == 1 and '"total": 1' in out  # the wrong move changed nothing
    assert "stopped (seed 4, 1 moves)" in out


def test_terminal_game_to_the_end_against_a_computer():
    moves = "\n".join(["take 1"] * 20) + "\n"
    status, out, _ = run(["play", "nim", "--seed", "6", "--player", "random"], stdin=moves)
    assert status == 0
    assert "player 2 (random) plays take" in out
    assert "game over: finished — winner: player" in out


def test_terminal_watches_computer_only_games_and_ends_at_eof():
    status, out, _ = run(["play", "climb", "--seed", "1", "--player", "careful"])
    assert status == 0 and "game over: won" in out
    status, out, _ = run(["play", "climb", "--seed", "1"], stdin="up 1\n")
    assert status == 0 and out.endswith("player 1> \n")


def test_terminal_without_seed_picks_and_prints_one():
    _, out, _ = run(["play", "climb"], stdin="quit\n")
    assert "(replay: python -m gamecore play climb --seed " in out


# -- command-line errors ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "chess"], "no game 'chess'"),
        (["play", "nim", "--players", "3"], "nim takes 2 players, not 3"),
        (["play", "climb", "--low", "7"], "low must be one of 5, 10"),
        (["play", "climb", "--low", "many"], "low takes an int"),
        (["play", "climb", "--strict", "perhaps"], "strict takes true or false"),
        (["play", "nim", "--player", "ghost"], "no player 'ghost'"),
        (["simulate", "nim", "--games", "3", "--player", "ghost"], "no computer player 'ghost'"),
        (["simulate", "nim"], "--games"),
        ([], "COMMAND"),
    ],
)
def test_bad_command_lines_exit_2_with_a_message(argv, message):
    status, _, err = run(argv)
    assert status == 2
    assert message in err


def test_boolean_option_flag_reaches_the_game(monkeypatch):
    seen = {}
    original = Climb.setup

    def spy(self, players, seed, options=None):
        seen.update(options)
        return original(self, players, seed, options)

    monkeypatch.setattr(Climb, "setup", spy)
    run(["play", "climb", "--json", "--strict", "no"])
    assert seen == {"low": 5, "strict": False}


def test_help_lists_game_options():
    status, out, _ = run(["play", "climb", "--help"])
    assert status == 0 and "--low INT" in out and "climb options" in out


# -- simulate ---------------------------------------------------------------------------------


def test_simulate_prints_a_report_and_writes_records(tmp_path):
    jsonl = tmp_path / "games.jsonl"
    status, out, err = run(
        [
            "simulate",
            "nim",
            "--games",
            "30",
            "--seed",
            "10",
            "--player",
            "smart,random",
            "--jsonl",
            str(jsonl),
        ]
    )
    assert status == 0 and not err  # no progress bar when stderr is not a terminal
    assert "30 games, seeds 10-39" in out and "win rate by seat" in out and "smart" in out
    records = [json.loads(line) for line in jsonl.read_text().splitlines()]
    assert [r["seed"] for r in records] == list(range(10, 40))
    assert all(r["players"][0]["type"] == "smart" for r in records)
    assert records[5] == play_game(NIM, 15, ["smart", "random"])


def test_simulate_with_workers_writes_the_same_records(tmp_path):
    alone, pooled = tmp_path / "alone.jsonl", tmp_path / "pooled.jsonl"
    base = ["simulate", "nim", "--games", "24", "--player", "mixed", "--quiet"]
    assert run([*base, "--jsonl", str(alone)])[0] == 0
    assert run([*base, "--jsonl", str(pooled), "--workers", "2"])[0] == 0
    assert pooled.read_text() == alone.read_text()


def test_simulate_solo_json_summary_and_plot(tmp_path):
    chart = tmp_path / "chart.png"
    status, out, _ = run(
        ["simulate", "climb", "--games", "20", "--json", "--plot", str(chart), "--low", "10"]
    )
    summary = json.loads(out)
    assert status == 0
    assert summary["games"] == 20 and summary["solo"] is True
    assert summary["headline"]["key"] == "total"
    assert all(int(total) >= 10 for total in summary["headline"]["counts"])
    assert chart.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")


def test_simulate_records_errors_without_stopping():
    status, out, _ = run(["simulate", "climb", "--games", "3", "--player", "crash"])
    assert status == 0
    assert "errors: 3" in out and "crash player always fails" in out


# -- replay -----------------------------------------------------------------------------------


def test_replay_reaches_the_same_position_as_play(tmp_path):
    moves = tmp_path / "moves.txt"
    moves.write_text("take 2   # seat 0\n\n1: take 1\ntake 3\n")
    status, out, _ = run(["replay", "nim", str(moves), "--seed", "3", "--json"])
    _, played, _ = run(["play", "nim", "--seed", "3", "--json"], stdin="take 2\ntake 1\ntake 3\n")
    assert status == 0
    assert json.loads(out) == json_lines(played)[-1]


def test_replay_prints_moves_and_stops_at_a_wrong_line():
    status, out, _ = run(["replay", "nim", "--seed", "3"], stdin="take 1\n")
    assert status == 0 and "1. seat 0: take 1" in out and "seat 1 to move" in out
    status, _, err = run(["replay", "nim", "--seed", "3"], stdin="take 1\ntake 5\n")
    assert status == 1 and "line 2: 'take 5' for player 2 (seat 1): cannot take 5" in err


def test_a_failing_computer_player_ends_the_session_with_a_message():
    status, out, err = run(["play", "climb", "--json", "--player", "crash"])
    assert status == 1
    assert json_lines(out) == [
        {"error": "computer player crash (seat 0) failed: RuntimeError: crash player always fails"}
    ]
    assert "crash player always fails" in err


def test_progress_bar_on_a_terminal_and_quiet_turns_it_off():
    class Terminal(io.StringIO):
        def isatty(self):
            return True

    for quiet, drawn in ((False, True), (True, False)):
        err = Terminal()
        argv = ["simulate", "nim", "--games", "5"] + (["--quiet"] if quiet else [])
        assert main(argv, io.StringIO(), io.StringIO(), err, games=SIMULATED) == 0
        assert ("5/5" in err.getvalue()) is drawn


def test_option_flags_avoid_the_commands_own_flags_and_convert_types():
    assert option_flag(OptionSpec("seed", 0)) == "--option-seed"
    assert option_flag(OptionSpec("max_rounds", 60)) == "--max-rounds"
    assert convert_value(OptionSpec("ratio", 0.5), "0.25") == 0.25
    assert (
        convert_value(OptionSpec("preset", "classic", ("classic", "modern")), "modern") == "modern"
    )
    assert convert_value(OptionSpec("fast", False), "Yes") is True


@pytest.mark.parametrize("game_id", game_ids())
def test_every_present_game_speaks_the_json_protocol(game_id):
    """Each registered game: first legal move accepted, rubbish refused, output replayable."""
    argv = ["play", game_id, "--seed", "2", "--json"]
    _, out, _ = run(argv, games=None)
    start = json_lines(out)[0]
    assert start["status"] == "playing" and start["legal"] == sorted(start["legal"])
    stdin = f"{start['legal'][0]}\nno such move at all\n"
    status, out, _ = run(argv, stdin=stdin, games=None)
    lines = json_lines(out)
    assert status == 0
    assert lines[0] == start
    assert lines[1]["step"] >= 1
    assert set(lines[2]) == {"error"}
    assert run(argv, stdin=stdin, games=None)[1] == out


def test_replay_leaves_out_what_a_takeback_row_undid(tmp_path):
    """The bot's log keeps a takeback as ``!takeback <n>``: the replay undoes the n moves."""
    moves = tmp_path / "moves.txt"
    moves.write_text("0: take 2\n1: take 1\n0: !takeback 2\n0: take 1\n")
    status, out, _ = run(["replay", "nim", str(moves), "--seed", "3", "--json"])
    _, played, _ = run(["play", "nim", "--seed", "3", "--json"], stdin="take 1\n")
    assert status == 0 and json.loads(out) == json_lines(played)[-1]
    status, out, _ = run(["replay", "nim", str(moves), "--seed", "3"])
    assert status == 0 and "line 3: 2 step(s) taken back" in out
