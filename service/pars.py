"""Par of a deal, computed once for everyone who plays it.

Par is a property of the deal ``(game, seed, options)``, not of the person: a whole server's
daily deal, or a replayed seed, has one. The first finished game of a deal computes it (at
most ``plays`` plays per computer player, stopping early once the estimate is tight enough:
``gamecore.analysis.par``), the store keeps it, and every later player of that deal is
compared with the stored plays. Games of one deal that end together wait for one
computation.

The plays run in a worker process at the lowest CPU priority (``nice`` 19), so a par never
takes CPU (or the interpreter's lock) from a board being drawn: the final board of a game
shows as fast as any other move, and its par follows. A worker is a fresh interpreter that
imports only the par code (``python -c``; a :class:`~concurrent.futures.ProcessPoolExecutor`
would spawn workers that import the bot's main module and all it imports: 75 MB and 0.75 s of
CPU each instead of 21 MB and 0.1 s), kept for later pars until the bot closes
(:func:`close_workers`); two at most, a third par waits for one.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import os
import subprocess
import sys
import threading
import weakref
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping
from pathlib import Path
from typing import Any, cast

import gamecore
from gamecore.analysis.outcome import rank
from gamecore.analysis.par import DealPar, Par, deal_par_worker
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
_turns = threading.BoundedSemaphore(WORKERS)
_lock = threading.Lock()
_idle: dict[int, list[subprocess.Popen[str]]] = {}  # by niceness
#: Every worker alive, idle or busy, with the round it was started in: close_workers()
#: starts a new round, and a busy worker of an older round ends when its par is answered.
_rounds: dict[subprocess.Popen[str], int] = {}
_round = 0


def worker_command(niceness: int) -> list[str]:
    """A fresh interpreter that takes ``niceness``, reads deals on stdin and writes their pars
    on stdout, a line each (no thread, socket or lock of the bot is shared with it)."""
    name = deal_par_worker.__name__  # run by name in the worker
    lower = f"import os\nif hasattr(os, 'nice'):\n    os.nice({niceness})\n" if niceness else ""
    code = (
        f"{lower}import sys\nfrom {deal_par_worker.__module__} import {name}\n"
        f"{name}(sys.stdin, sys.stdout)\n"
    )
    return [sys.executable, "-c", code]


def worker_ids() -> set[int]:
    """The process ids of the par workers alive, idle or busy."""
    with _lock:
        return {worker.pid for worker in _rounds if worker.poll() is None}


def _take_worker(niceness: int) -> subprocess.Popen[str]:
    """An idle worker alive, or a new one."""
    with _lock:
        idle = _idle.get(niceness, [])
        while idle:
            worker = idle.pop()
            if worker.poll() is None:
                return worker
            del _rounds[worker]
        root = str(Path(gamecore.__file__).resolve().parent.parent)  # this checkout's code
        path = os.pathsep.join([root, os.environ.get("PYTHONPATH", "")])
        worker = subprocess.Popen(
            worker_command(niceness),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONPATH": path},
        )
        _rounds[worker] = _round
        return worker


def _give_back(niceness: int, worker: subprocess.Popen[str]) -> None:
    with _lock:
        if _rounds.get(worker) == _round:
            _idle.setdefault(niceness, []).append(worker)
            return
    _end(worker)


def _end(worker: subprocess.Popen[str]) -> None:
    """Close the worker's input (it ends by itself) and wait for it."""
    if worker.stdin is not None:
        with contextlib.suppress(OSError):
            worker.stdin.close()
    try:
        worker.wait(timeout=30)
    except subprocess.TimeoutExpired:
        worker.kill()
        worker.wait()
    with _lock:
        _rounds.pop(worker, None)


def close_workers() -> None:
    """End the par workers (a par under way finishes first); the next par starts new ones."""
    global _round
    with _lock:
        _round += 1
        idle = [worker for workers in _idle.values() for worker in workers]
        _idle.clear()
    for worker in idle:
        _end(worker)


def _run_worker(niceness: int, request: str) -> str:
    """One deal's par from a worker (in a thread: the event loop only waits)."""
    with _turns:
        worker = _take_worker(niceness)
        assert worker.stdin is not None and worker.stdout is not None
        try:
            worker.stdin.write(request + "\n")
            worker.stdin.flush()
            answer = worker.stdout.readline()
        except OSError as error:
            _end(worker)
            raise RuntimeError(f"the par worker failed: {error}") from error
        if not answer:
            _end(worker)
            raise RuntimeError(f"the par worker ended ({worker.returncode}) without an answer")
        _give_back(niceness, worker)
    failure = json.loads(answer).get("error")
    if failure is not None:  # told here; the worker stays for the next deal
        raise RuntimeError(f"the par worker failed: {failure}")
    return answer.strip()


async def in_low_priority_process(
    game_id: str, seed: int, options: dict[str, Any], plays: int
) -> str:
    """Par of a deal computed by a par worker (the event loop only waits)."""
    request = json.dumps(
        {"game_id": game_id, "seed": str(seed), "options": options, "plays": plays}
    )
    niceness = LOWEST_PRIORITY or 0  # tests set 0 or "" (the test's own priority)
    return await asyncio.to_thread(_run_worker, niceness, request)


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
