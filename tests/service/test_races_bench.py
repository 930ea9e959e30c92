"""``bench/races.py``: it races the same ``/play`` too, and a wrong outcome fails the run."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from service import MatchService

ARGS = ["races.py", "--seconds", "0.05", "--concurrency", "1", "--racers", "6"]


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    path = Path(__file__).resolve().parents[2] / "bench" / "races.py"
    spec = importlib.util.spec_from_file_location("races_bench", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run(bench: ModuleType, monkeypatch: pytest.MonkeyPatch) -> int:
    monkeypatch.setattr(sys, "argv", ARGS)
    with pytest.raises(SystemExit) as ended:
        bench.main()
    return int(ended.value.code or 0)


def test_every_race_ends_right(bench: ModuleType, monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    assert run(bench, monkeypatch) == 0
    assert "x /play" in capsys.readouterr().out


def test_a_play_not_bound_to_what_the_player_saw_fails_the_run(
    bench: ModuleType, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    monkeypatch.setattr(MatchService, "live_versions", lambda _self, _user: {})  # no version bound
    assert run(bench, monkeypatch) == 1
    assert "WRONG" in capsys.readouterr().out
