"""``python -m gamecore simulate cartolan``: speed work on the runner must not change a byte.

The command's output (``--jsonl`` records and the report) for fixed seeds is pinned by
digests that the runner as it was before the speed work (issue 12 item 8) writes for the same
rules (re-recorded with it after the issue 12 rule changes: the same digests; the
classic-advanced run re-recorded once more for the classic Pirate's chase, issue 12, and
modern-regular for the players' chest-map fit test of issue 12 item 2; both, once more,
for the Pirate's waiting loops and modern's refill of issue 12 item 2; modern-regular for the
fit test, the Router's Agent rule and the trade open as a turn starts on a wonder;
classic-advanced-mixed for binding decision 15, issue 23 item 7; modern-regular for the route
restarted at a purchase, issue 23 item 8; modern-regular for the Pirate scanning dropped wealth
as the designer does, issue 40; modern-regular for a failed step going on with the rest
of its call, issue 40); it must
also equal the output through the contract's plain loop (a ``Status`` and a view per step, a
copying ``apply``), and with ``--workers`` the output of one process. Regenerate the digests
only for an intended change of the rules or the players, with the other tests here green:
``.venv/bin/python -m tests.gamecore.cartolan.test_simulate_command``.
"""

from __future__ import annotations

import hashlib
import io
from pathlib import Path

import pytest

from gamecore.cli import main
from gamecore.contract import Game
from gamecore.games.cartolan import GAME

#: name -> the command's arguments after ``simulate cartolan``
RUNS: dict[str, list[str]] = {
    "modern-regular-rotate": [
        "--preset",
        "modern",
        "--players",
        "4",
        "--player",
        "explorer,trader,router,pirate",
        "--rotate",
        "--games",
        "24",
    ],
    "classic-advanced-mixed": [
        "--preset",
        "classic",
        "--mode",
        "advanced",
        "--players",
        "3",
        "--player",
        "mixed",
        "--games",
        "12",
        "--seed",
        "7",
        "--json",
    ],
    "classic-beginner-max-steps": [
        "--mode",
        "beginner",
        "--players",
        "4",
        "--player",
        "trader",
        "--games",
        "8",
        "--max-steps",
        "300",
    ],
}

EXPECTED: dict[str, str] = {
    "modern-regular-rotate": "ca50c95637c89e987ed66c16503c1685398c90b34185e1f00698565d4fa61962",
    "classic-advanced-mixed": "6e53312bfe248f3628930129924c52aa2859ea630d4095a0aff8c4f250c822ff",
    "classic-beginner-max-steps": "0c9106098853c72cbd8437cc46c841c5fdb4e6bf9a52a037aadc61af3257790f",
}


class ContractLoopCartolan(type(GAME)):  # type: ignore[misc]
    """Cartolan played through the contract's plain loop and simulation step."""

    play_out = Game.play_out
    simulation_step = Game.simulation_step


def simulate(args: list[str], folder: Path, game: Game = GAME) -> str:
    """The command's report and records, as one text."""
    jsonl = folder / "records.jsonl"
    out, err = io.StringIO(), io.StringIO()
    argv = ["simulate", "cartolan", "--quiet", "--jsonl", str(jsonl), *args]
    assert main(argv, io.StringIO(), out, err, games={"cartolan": game}) == 0, err.getvalue()
    return out.getvalue() + jsonl.read_text(encoding="utf-8")


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


@pytest.mark.parametrize("name", RUNS)
def test_output_is_the_pinned_one(name, tmp_path):
    assert digest(simulate(RUNS[name], tmp_path)) == EXPECTED[name]


@pytest.mark.parametrize("name", RUNS)
def test_output_equals_the_contract_loop(name, tmp_path):
    assert simulate(RUNS[name], tmp_path) == simulate(RUNS[name], tmp_path, ContractLoopCartolan())


def test_two_workers_write_what_one_process_writes(tmp_path):
    args = RUNS["modern-regular-rotate"]
    assert simulate([*args, "--workers", "2"], tmp_path) == simulate(args, tmp_path)


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        for run_name, run_args in RUNS.items():
            print(f'    "{run_name}": "{digest(simulate(run_args, Path(folder)))}",')
