"""``python -m gamecore tournament``: whole tournaments of computer players with the real
games, run in-process through :func:`gamecore.cli.main`."""

from __future__ import annotations

import io
import json
from collections import Counter

from gamecore.cli import main


def run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(["tournament", *argv], io.StringIO(), out, err)
    return status, out.getvalue(), err.getvalue()


def as_json(argv: list[str]) -> dict:
    status, out, err = run([*argv, "--json"])
    assert status == 0, err
    return json.loads(out)


SWISS = ["speiderne", "--format", "swiss", "--players", "9", "--table-size", "4"]
SWISS += ["--rounds", "3", "--seed", "5", "--computers", "heuristic,random"]


def test_swiss_json_seats_everyone_each_round_and_sums_the_points():
    data = as_json(SWISS)
    assert [r["number"] for r in data["rounds"]] == [1, 2, 3]
    totals: Counter[int] = Counter()
    for rnd in data["rounds"]:
        seated = [s["player"] for t in rnd["tables"] for s in t["seats"] if s["player"]]
        assert sorted(seated) == list(range(1, 10))
        assert all(len(t["seats"]) == 4 for t in rnd["tables"])
        for table in rnd["tables"]:
            for seat in table["seats"]:
                if seat["player"]:
                    totals[seat["player"]] += seat["points"]
        assert {s["player"]: s["points"] for s in rnd["standings"]} == dict(totals)
    assert [s["player"] for s in data["standings"]] == [
        s["player"] for s in data["rounds"][-1]["standings"]
    ]
    computers = {e["computer"] for e in data["entrants"]}
    assert computers == {"heuristic", "random"}
    assert data["fill"] == [{"computer": "random", "rating": data["fill"][0]["rating"]}]


def test_same_seed_same_tournament_other_seed_other_games():
    assert as_json(SWISS) == as_json(SWISS)
    other = as_json([*SWISS, "--seed", "6"])
    assert other["rounds"][0]["tables"] != as_json(SWISS)["rounds"][0]["tables"]


def test_text_prints_every_round_its_tables_and_standings():
    status, out, _ = run(SWISS)
    assert status == 0
    for number in (1, 2, 3):
        assert f"\nRound {number}\n" in out
        assert f"Standings after round {number}\n" in out
    assert out.count("  table ") == 9
    assert "[random]" in out and "Winner: P" in out


def test_round_robin_of_nine_at_tables_of_three_meets_everyone_once():
    """Nine people at tables of three: the default four rounds seat every pair together
    exactly once (the affine plane of order 3; the exact search finds it)."""
    data = as_json(["speiderne", "--format", "robin", "--players", "9", "--table-size", "3"])
    pairs: Counter[frozenset[int]] = Counter()
    for rnd in data["rounds"]:
        for table in rnd["tables"]:
            people = [s["player"] for s in table["seats"] if s["player"]]
            pairs.update(frozenset((a, b)) for a in people for b in people if a < b)
    assert len(data["rounds"]) == 4
    assert len(pairs) == 36
    assert set(pairs.values()) == {1}


def test_arena_on_a_simulated_clock_with_cartolan():
    data = as_json(
        ["cartolan", "--format", "arena", "--players", "5", "--table-size", "2"]
        + ["--minutes", "30", "--move-seconds", "5", "--computers", "explorer,router"]
    )
    end = data["window"][1]
    assert end == 1800
    assert data["tables"]
    for table in data["tables"]:
        assert table["seated_at"] < end <= table["finished_at"] or table["finished_at"] <= end
        assert table["finished_at"] > table["seated_at"]
    busy: dict[int, list[tuple[float, float]]] = {}
    for table in data["tables"]:
        for seat in table["seats"]:
            if seat["player"]:
                busy.setdefault(seat["player"], []).append(
                    (table["seated_at"], table["finished_at"])
                )
    for spans in busy.values():  # nobody sits at two tables at once
        spans.sort()
        assert all(a[1] <= b[0] for a, b in zip(spans, spans[1:], strict=False))
    played = sum(1 for t in data["tables"] for s in t["seats"] if s["player"])
    assert sum(s["played"] for s in data["standings"]) == played


def test_bad_command_lines_say_why():
    status, _, err = run(["cartolan", "--table-size", "5"])
    assert status == 2 and "2-4" in err
    status, _, err = run(["speiderne", "--fill", "nobody"])
    assert status == 2 and "nobody" in err
    status, _, err = run(["speiderne", "--computers", "nobody"])
    assert status == 2 and "nobody" in err
    status, _, err = run(["speiderne", "--format", "knockout"])
    assert status == 2
