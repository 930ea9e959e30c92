"""``bench/cartolan_decisions.py``: both programs play and the report reads their records.

The designer's code is not part of this repository; the test runs only where the operator put
it (``CARTOLAN_DESIGNER`` or the fetch's default place), in a subprocess, because its modules
have plain names (``game``, ``utils``, ...) that must not enter the test process.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "bench"))

import cartolan_designer  # noqa: E402 - the bench folder is put on the path above

SOURCE = cartolan_designer.source_path()
HERE = (SOURCE / "players_heuristical.py").exists() or (SOURCE / "HEAD").exists()


@pytest.mark.skipif(not HERE, reason="the designer's code is not on this machine")
def test_both_programs_play_and_the_report_compares_them(tmp_path: Path) -> None:
    kept = tmp_path / "records.pickle"
    played = subprocess.run(
        [
            sys.executable,
            str(ROOT / "bench" / "cartolan_decisions.py"),
            "--games",
            "4",
            "--save",
            str(kept),
            "--top",
            "3",
        ],  # fmt: skip
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    )
    out = played.stdout
    assert "4 games from seed 0" in out
    # every figure has both sides, and each personality its decisions and per-game counts
    for figure in ("margin", "rounds", "router", "pirate"):
        assert any(line.startswith(figure) for line in out.splitlines())
    for who in ("router", "trader", "explorer", "pirate"):
        assert f"{who}: per game (designer / project)" in out
        assert f"{who}: situations where the choices differ" in out
    assert "at the end of each round" in out
    assert "move closer" in out and "explored" in out
    # the designer's steps and waits after its turn ended (its slip, not followed by modern)
    # are counted apart, not compared: seeds 0-3 have both (the Pirate's steps, the waits of
    # move_away_from_tile after a failed random step), and the project has none
    slips = [line.split() for line in out.splitlines() if "after the turn ended" in line]
    assert {"steps", "waits"} <= {words[0] for words in slips} <= {"steps", "waits", "attacks"}
    assert all(float(words[-2]) > 0 and float(words[-1]) == 0 for words in slips)
    # the Pirate's attacks by victim and by what brought the offer on, and whom it chases
    assert "attacks on Agents of the " in out
    assert any(
        line.lstrip().startswith("attacks on Adventurers of the ") and " after a " in line
        for line in out.splitlines()
    )
    assert "chase steps towards the " in out
    # the records kept give the same report again without playing
    again = subprocess.run(
        [
            sys.executable,
            str(ROOT / "bench" / "cartolan_decisions.py"),
            "--load",
            str(kept),
            "--top",
            "3",
        ],  # fmt: skip
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    )
    assert again.stdout.splitlines()[1:] == out.splitlines()[1:]


def test_seating_is_the_lineup_rotated_or_shuffled(monkeypatch: pytest.MonkeyPatch) -> None:
    import cartolan_decisions  # noqa: PLC0415 - the bench folder is put on the path above

    lineup = list(cartolan_designer.LINEUP)
    assert cartolan_decisions.seating(1) == lineup[1:] + lineup[:1]
    monkeypatch.setattr(cartolan_decisions, "SHUFFLED", True)
    seatings = [cartolan_decisions.seating(seed) for seed in range(40)]
    assert all(sorted(names) == sorted(lineup) for names in seatings)
    assert seatings == [cartolan_decisions.seating(seed) for seed in range(40)]  # by seed
    # all 24 orders can come, not only the lineup's 4 rotations
    rotations = {tuple(lineup[i:] + lineup[:i]) for i in range(4)}
    assert any(tuple(names) not in rotations for names in seatings)
