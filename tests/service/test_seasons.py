"""Season arithmetic (service/seasons.py): months and quarters in UTC, their windows and
predecessors across a year's end."""

from __future__ import annotations

from datetime import UTC, datetime

from service.seasons import previous, season_of, window


def ts(*parts: int) -> float:
    return datetime(*parts, tzinfo=UTC).timestamp()


def test_months_and_quarters_in_utc():
    assert season_of(ts(2026, 11, 30, 23, 59, 59), "month") == "2026-11"
    assert season_of(ts(2026, 12, 1), "month") == "2026-12"
    assert season_of(ts(2026, 12, 31, 23), "quarter") == "2026-Q4"
    assert season_of(ts(2027, 1, 1), "quarter") == "2027-Q1"


def test_windows_cover_the_season_exactly():
    assert window("2026-12") == (ts(2026, 12, 1), ts(2027, 1, 1))
    assert window("2026-Q4") == (ts(2026, 10, 1), ts(2027, 1, 1))
    assert window("2027-Q1") == (ts(2027, 1, 1), ts(2027, 4, 1))
    start, end = window("2026-02")
    assert season_of(start, "month") == "2026-02" and season_of(end - 1, "month") == "2026-02"


def test_previous_crosses_the_year():
    assert previous("2027-01") == "2026-12"
    assert previous("2027-Q1") == "2026-Q4"
    assert previous("2026-07") == "2026-06"
