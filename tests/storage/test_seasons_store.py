"""Season champions in both stores: decided once per server, game and season (two at once:
one wins), read back, listed as a person's titles; people with N rated matches."""

from __future__ import annotations

import asyncio

from storage.records import Champion


def champion(season: str, user_id: int | None, at: float = 1.0) -> Champion:
    return Champion(5, "speiderne", season, user_id, 1620, 7, at)


async def test_a_champion_is_decided_once(store) -> None:
    assert await store.champion(5, "speiderne", "2026-10") is None
    first, second = await asyncio.gather(
        store.add_champion(champion("2026-10", 11)), store.add_champion(champion("2026-10", 22))
    )
    assert sorted([first, second]) == [False, True]
    kept = await store.champion(5, "speiderne", "2026-10")
    assert kept is not None and kept.user_id in (11, 22) and kept.rating == 1620
    assert await store.add_champion(champion("2026-09", None)) is True  # nobody qualified
    nobody = await store.champion(5, "speiderne", "2026-09")
    assert nobody is not None and nobody.user_id is None
    await store.add_champion(champion("2026-11", kept.user_id, at=3.0))
    titles = await store.titles(5, kept.user_id)
    assert [t.season for t in titles] == ["2026-11", "2026-10"]
    assert await store.titles(6, kept.user_id) == []


async def test_no_rated_results_no_veterans(store) -> None:
    assert await store.season_results(5, "speiderne", 0.0, 1e12) == []
    assert await store.veterans(5, 1) == []
