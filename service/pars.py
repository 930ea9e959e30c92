"""Par of a deal, computed once for everyone who plays it.

Par is a property of the deal ``(game, seed, options)``, not of the person: a whole server's
daily deal, or a replayed seed, has one. The first finished game of a deal computes it (at
most ``plays`` plays per computer player, stopping early once the estimate is tight enough:
``gamecore.analysis.par``), the store keeps it, and every later player of that deal is
compared with the stored plays. Games of one deal that end together wait for one
computation.

The plays run in a worker process at the lowest CPU priority (``nice`` 19), so a par never
takes CPU (or the interpreter's lock) from a board being drawn: the final board of a game
shows as fast as any other move, and its par follows. The workers are a
:class:`~concurrent.futures.ProcessPoolExecutor` of at most two, started when needed and
kept for later pars until the bot closes (:func:`close_workers`).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import multiprocessing
import os
import threading
import weakref
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import partial
from typing import Any, cast

from gamecore.analysis.outcome import rank
from gamecore.analysis.par import DealPar, Par, deal_par_json
from gamecore.match import Match
from gamecore.registry import get_game
from service.api import MatchServiceAPI
from service.match_service import MatchService
from storage import MatchStore

log = logging.getLogger("tabletop.par")

#: Deals whose par stays in memory (the store keeps every one).
KEPT = 256

#: Runs ``compute_deal_par(game_id, seed, options, plays)`` somewhere and returns its JSON.
Runner = Callable[[str, int, dict[str, Any], int], Awaitable[str]]

#: The niceness a par worker takes: the lowest CPU priority (0: the bot's own priority).
LOWEST_PRIORITY = 19
#: Par workers at most; a third par waits for one of them.
WORKERS = 2
_pools: dict[int, ProcessPoolExecutor] = {}  # by niceness
_pools_lock = threading.Lock()


def _pool(niceness: int) -> ProcessPoolExecutor:
    """The par workers at ``niceness``: fresh interpreters (spawned:
    no thread, socket or lock of the bot is copied into them), each started when a par finds
    none idle and kept for the pars after it (an interpreter's start costs about as much CPU
    as a quick par)."""
    with _pools_lock:
        pool = _pools.get(niceness)
        if pool is None:
            lower = niceness > 0 and hasattr(os, "nice")
            pool = _pools[niceness] = ProcessPoolExecutor(
                WORKERS,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=partial(os.nice, niceness) if lower else None,
            )
        return pool


def worker_ids() -> set[int]:
    """The process ids of the par workers alive (the bot starts no other child through
    :mod:`multiprocessing`)."""
    return {child.pid for child in multiprocessing.active_children() if child.pid is not None}


def close_workers() -> None:
    """End the par workers (a par under way finishes first); the next par starts new ones."""
    with _pools_lock:
        pools = list(_pools.values())
        _pools.clear()
    for pool in pools:
        pool.shutdown(wait=True, cancel_futures=True)


async def in_low_priority_process(
    game_id: str, seed: int, options: dict[str, Any], plays: int
) -> str:
    """Par of a deal computed by a par worker (the event loop only waits)."""
    niceness = LOWEST_PRIORITY or 0  # tests set 0 or "" (the test's own priority)
    pool = _pool(niceness)
    try:
        return await asyncio.wrap_future(pool.submit(deal_par_json, game_id, seed, options, plays))
    except BrokenProcessPool as error:  # a worker died: the next par starts new ones
        with _pools_lock:
            if _pools.get(niceness) is pool:
                del _pools[niceness]
        raise RuntimeError(f"the par worker ended without an answer: {error}") from error
    except Exception as error:  # told here; the worker stays for the next deal
        raise RuntimeError(f"the par worker failed: {type(error).__name__}: {error}") from error


def deal_key(game_id: str, seed: int, options: Mapping[str, Any] | None) -> str:
    """The name a deal's par is stored and logged under: a digest of the game, the seed and
    the options (no options and ``{}`` are the same deal), so a daily deal's seed, secret
    while its day runs, is never written beside it nor shown in a log."""
    text = json.dumps([game_id, str(seed), dict(options or {})], sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


class DealPars:
    """Pars of deals for one store: memory, then the store, then one computation."""

    def __init__(self, store: MatchStore, run: Runner = in_low_priority_process) -> None:
        # weak: the book is kept in _books under its store, and a strong reference back
        # would keep a closed-over store (and its aiosqlite thread) alive for ever
        self._store = weakref.ref(store)
        self.run = run
        self._known: OrderedDict[str, DealPar] = OrderedDict()
        self._pending: dict[str, asyncio.Future[DealPar]] = {}
        #: How many pars this process computed (the others were read).
        self.computed = 0

    @property
    def store(self) -> MatchStore:
        store = self._store()
        if store is None:
            raise RuntimeError("the store of these pars was closed and let go")
        return store

    async def deal_par(
        self, game_id: str, seed: int, options: Mapping[str, Any] | None, plays: int
    ) -> DealPar:
        key = deal_key(game_id, seed, options)
        known = self._known.get(key)
        if known is not None:
            self._known.move_to_end(key)
            return known
        pending = self._pending.get(key)
        if pending is not None:
            return await asyncio.shield(pending)
        future: asyncio.Future[DealPar] = asyncio.get_running_loop().create_future()
        self._pending[key] = future
        try:
            par = await self._load_or_compute(key, game_id, seed, dict(options or {}), plays)
        except BaseException as error:
            future.set_exception(error)
            future.exception()  # retrieved: a waiter may not exist
            raise
        else:
            future.set_result(par)
            self._known[key] = par
            while len(self._known) > KEPT:
                self._known.popitem(last=False)
            return par
        finally:
            del self._pending[key]

    async def _load_or_compute(
        self, key: str, game_id: str, seed: int, options: dict[str, Any], plays: int
    ) -> DealPar:
        stored = await self.store.deal_par(key)
        if stored is not None:
            par = DealPar.from_json(stored, seed)
            if par is not None:
                return par
        text = await self.run(game_id, seed, options, plays)
        self.computed += 1
        par = DealPar.from_json(text, seed)
        if par is None:  # pragma: no cover - the worker writes the current form
            raise RuntimeError("the par worker wrote another form")
        try:
            await self.store.save_deal_par(key, game_id, text)
        except Exception:  # the par is shown anyway; the next player computes it again
            log.exception("par of %s deal %s was not stored", game_id, key)
        return par

    async def par_of(self, match: Match, plays: int) -> Par:
        """The par of a finished solo ``match``'s deal, compared with its own result."""
        par = await self.deal_par(match.game_id, match.seed, match.options, plays)
        return par.against(rank(get_game(match.game_id), match.state))


_books: weakref.WeakKeyDictionary[object, DealPars] = weakref.WeakKeyDictionary()


def deal_pars(service: MatchServiceAPI) -> DealPars:
    """The pars of ``service``'s store (one book per open store)."""
    store = cast(MatchService, service).store
    book = _books.get(store)
    if book is None:
        book = _books[store] = DealPars(store)
    return book
