"""The first-game tip's memory in both stores: the first insert for a person and game says
True, every later one False (also for two calls at once)."""

from __future__ import annotations

import asyncio


async def test_a_tip_is_first_once_per_person_and_game(store) -> None:
    assert await store.first_tip(7, "speiderne") is True
    assert await store.first_tip(7, "speiderne") is False
    assert await store.first_tip(7, "cartolan") is True
    assert await store.first_tip(8, "speiderne") is True
    both = await asyncio.gather(store.first_tip(9, "cartolan"), store.first_tip(9, "cartolan"))
    assert sorted(both) == [False, True]
