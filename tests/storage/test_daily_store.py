"""The daily deal's tables on both backends: one seed per scope, game and day; the first
match of a person and day counted, later ones practice; counted days for streaks."""

from __future__ import annotations


async def test_daily_seed_is_drawn_once_and_attempts_count_once_a_day(store) -> None:
    assert await store.daily_seed(7, "cartographer", "2026-11-25", 2**63 + 5) == 2**63 + 5
    assert await store.daily_seed(7, "cartographer", "2026-11-25", 99) == 2**63 + 5
    assert await store.daily_seed(8, "cartographer", "2026-11-25", 99) == 99  # another server
    assert await store.daily_add("m1", 7, "cartographer", "2026-11-25", 1, 10.0) is True
    assert await store.daily_add("m2", 7, "cartographer", "2026-11-25", 1, 11.0) is False
    assert await store.daily_add("m3", 7, "cartographer", "2026-11-25", 2, 12.0) is True
    assert await store.daily_add("m4", 7, "cartographer", "2026-11-26", 1, 13.0) is True
    assert await store.daily_add("m5", 8, "cartographer", "2026-11-25", 1, 14.0) is True
    rows = await store.daily_matches(7, "cartographer", "2026-11-25")
    assert [(r.match_id, r.user_id, r.counted) for r in rows] == [("m1", 1, True), ("m3", 2, True)]
    assert await store.daily_days(7, "cartographer", 1) == ["2026-11-26", "2026-11-25"]
    practice = await store.daily_of("m2")
    assert practice is not None and (practice.scope, practice.day, practice.counted) == (
        7,
        "2026-11-25",
        False,
    )
    assert await store.daily_of("nothing") is None
