"""What the service keeps per store must not keep the store itself: a bot restarted in the
same process (simcord's restart, a reconnect) leaves its old store to the garbage collector,
and an unclosed aiosqlite connection that stays reachable keeps its thread, so the process
never exits (pytest hung at exit after tests/cogs/flows/test_daily_e2e.py's restart)."""

from __future__ import annotations

import gc
import weakref
from pathlib import Path
from types import SimpleNamespace

from service.pars import deal_pars
from service.seasons import seasons_of
from storage.sqlite import SqliteMatchStore


async def _defaults(_guild_id: int) -> dict[str, object]:
    return {}


async def test_the_pars_and_seasons_kept_per_store_let_the_store_go(tmp_path: Path) -> None:
    store = SqliteMatchStore(str(tmp_path / "store.db"))
    await store.open()
    service = SimpleNamespace(store=store, clock=lambda: 0.0, guild_settings=_defaults)
    book, seasons = deal_pars(service), seasons_of(service)  # type: ignore[arg-type]
    assert deal_pars(service) is book  # one book per store  # type: ignore[arg-type]
    gone = weakref.ref(store)
    await store.close()
    del store, service, book, seasons
    gc.collect()
    assert gone() is None
