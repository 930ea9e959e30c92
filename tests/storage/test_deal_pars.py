"""Par of a deal, computed once for everyone who plays it (service/pars.py), on both
backends: the first request computes it, every later one (another player of the deal, a
new process on the same store, requests at the same instant) reads it; a daily deal's
secret seed is never written beside it."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
from typing import Any

import pytest

from gamecore.analysis.par import DealPar, compute_deal_par, compute_par
from service import pars
from service.pars import DealPars, deal_key


class CountingRunner:
    """Computes pars in this process (as the worker would) and counts them."""

    def __init__(self) -> None:
        self.runs: list[tuple[str, int]] = []

    async def __call__(self, game_id: str, seed: int, options: dict[str, Any], plays: int) -> str:
        self.runs.append((game_id, seed))
        await asyncio.sleep(0)  # let a second request for the deal arrive meanwhile
        return compute_deal_par(game_id, seed, options, plays).to_json()


async def test_a_deal_is_computed_once_and_read_by_every_later_player(store) -> None:
    runner = CountingRunner()
    book = DealPars(store, run=runner)
    seed = 2**63 + 11  # a 64-bit seed, as the service draws them
    # Two games of the deal ending at the same instant wait for one computation.
    first, second = await asyncio.gather(
        book.deal_par("dungeon-delver", seed, {}, 60),
        book.deal_par("dungeon-delver", seed, None, 60),
    )
    assert first == second and runner.runs == [("dungeon-delver", seed)]
    # A later player, and another process on the same store, read the stored par.
    assert await book.deal_par("dungeon-delver", seed, {}, 60) == first
    fresh = DealPars(store, run=runner)
    assert await fresh.deal_par("dungeon-delver", seed, {}, 60) == first
    assert len(runner.runs) == 1 and fresh.computed == 0
    # Another deal (another seed, or other options) is another par.
    await fresh.deal_par("dungeon-delver", seed + 1, {}, 60)
    assert len(runner.runs) == 2
    # The row names the deal by a digest: no seed is written (a daily deal's is secret).
    (row,) = [
        r
        for r in await store.export_rows("deal_pars")
        if r["deal"] == deal_key("dungeon-delver", seed, {})
    ]
    assert str(seed) not in str(row) and row["game_id"] == "dungeon-delver"


def test_a_stored_par_compares_each_player_as_a_fresh_computation_would() -> None:
    par = compute_deal_par("cartographer", 3, plays=200, tolerance=None)
    again = DealPar.from_json(par.to_json(), 3)
    assert again is not None
    for mine in [(0, 1.0), (1, 3.0), (1, 4.0), None]:
        assert (
            again.against(mine).computers
            == compute_par("cartographer", 3, mine=mine, plays=200).computers
        )


async def test_pars_run_in_another_process_at_the_lowest_priority() -> None:
    """The board comes first: the plays run where they take no CPU from the bot."""
    pars.close_workers()
    text = await pars.in_low_priority_process("dungeon-delver", 5, {}, 100)
    computed = DealPar.from_json(text, 5)
    assert computed is not None
    assert computed.tallies == compute_deal_par("dungeon-delver", 5, {}, 100).tallies
    (worker,) = pars.worker_ids()
    assert worker != os.getpid() and os.getpriority(os.PRIO_PROCESS, worker) == 19
    pars.close_workers()


async def test_workers_started_once_serve_the_pars_after_them() -> None:
    """An interpreter's start costs as much CPU as a quick par: a worker takes deal after
    deal (two at most: a par may start the second before the first is seen idle), and a
    deal it cannot compute is told without ending it."""
    pars.close_workers()
    await pars.in_low_priority_process("dungeon-delver", 5, {}, 10)
    (first,) = pars.worker_ids()
    text = await pars.in_low_priority_process("dungeon-delver", 6, {}, 10)
    computed = DealPar.from_json(text, 6)
    assert computed is not None
    assert computed.tallies == compute_deal_par("dungeon-delver", 6, {}, 10).tallies
    with pytest.raises(RuntimeError, match="not 'drop-four'"):
        await pars.in_low_priority_process("drop-four", 6, {}, 10)
    seen = pars.worker_ids()
    for seed in range(6, 10):
        await pars.in_low_priority_process("cartographer", seed, {}, 10)
        seen |= pars.worker_ids()
    assert first in pars.worker_ids() and len(seen) <= pars.WORKERS
    pars.close_workers()
    assert pars.worker_ids() == set()
    await pars.in_low_priority_process("cartographer", 7, {}, 10)
    (again,) = pars.worker_ids()
    assert again not in seen  # none left: a new one
    pars.close_workers()


async def test_a_worker_that_died_is_replaced() -> None:
    """A par worker killed from outside costs at most the par it was asked for: the pars
    after it start a new worker."""
    pars.close_workers()
    await pars.in_low_priority_process("dungeon-delver", 5, {}, 10)
    (killed,) = pars.worker_ids()
    os.kill(killed, signal.SIGKILL)
    answers = []
    for seed in range(6, 9):  # one may be refused: the pool learns of the death meanwhile
        with contextlib.suppress(RuntimeError):
            answers.append(await pars.in_low_priority_process("dungeon-delver", seed, {}, 10))
    assert len(answers) >= 2 and killed not in pars.worker_ids()
    pars.close_workers()
