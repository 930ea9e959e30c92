"""The bot's Prometheus metrics, one module-level object each (the default registry, so the
process's own CPU, memory and file-descriptor metrics come along).

Every name starts with ``tabletop_``; docs/operations.md lists them and
``deploy/grafana-dashboard.json`` draws them.
"""

from __future__ import annotations

import contextvars
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass, field

from prometheus_client import Counter, Gauge, Histogram

#: From a millisecond to Discord's 3 s acknowledgement limit and beyond (a slow render).
LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30)

INTERACTIONS = Counter(
    "tabletop_interactions",
    "Interactions handled, by command (or component) and outcome: ok, refused (the person "
    "was told why), failed (an unexpected error), store (a database refusal), stopping (the "
    "process was shutting down), shed (turned away at the door: too much under way).",
    ["command", "outcome"],
)
IN_FLIGHT = Gauge(
    "tabletop_interactions_in_flight", "Interactions received whose work has not finished."
)
STAGE_SECONDS = Histogram(
    "tabletop_stage_seconds",
    "Seconds per stage of an interaction: acknowledge (receipt to defer), store (one "
    "database write of a match), render (one board picture), reply (one answer sent).",
    ["stage"],
    buckets=LATENCY_BUCKETS,
)
STORE_REFUSALS = Counter(
    "tabletop_store_refusals",
    "Database refusals answered to a person, by code (store_busy, store_unavailable, "
    "commit_unknown).",
    ["code"],
)
POOL_WAIT = Histogram(
    "tabletop_pool_wait_seconds",
    "Seconds a PostgreSQL call waited for a pooled connection.",
    buckets=LATENCY_BUCKETS,
)
QUEUE_LENGTH = Gauge(
    "tabletop_queue_length",
    "Work in a queue, by queue: replays (drawing or waiting), reviews and par (computing).",
    ["queue"],
)
GATEWAY_LATENCY = Gauge(
    "tabletop_gateway_latency_seconds",
    "Discord gateway heartbeat latency per shard of this process.",
    ["shard"],
)
CLOCKS_FIRED = Counter("tabletop_clocks_fired", "Turn clocks fired, by what they did.", ["kind"])


@asynccontextmanager
async def in_queue(name: str) -> AsyncIterator[None]:
    """Count the block as one piece of work in queue ``name`` (reviews and par count the
    ones computing; the replays' queue counts itself, see ``bot.refresh_gauges``)."""
    gauge = QUEUE_LENGTH.labels(name)
    gauge.inc()
    try:
        yield
    finally:
        gauge.dec()


@contextmanager
def stage(name: str) -> Iterator[None]:
    """Time the block as one observation of stage ``name`` (also when it raises)."""
    start = time.perf_counter()
    try:
        yield
    finally:
        STAGE_SECONDS.labels(name).observe(time.perf_counter() - start)


@dataclass
class Handling:
    """One interaction being handled: what it is, when it arrived, how it ended so far.
    Set in a context variable when it arrives, so every task it starts shares it."""

    command: str
    arrived: float = field(default_factory=time.perf_counter)
    outcome: str = "ok"
    acknowledged: bool = False


HANDLING: contextvars.ContextVar[Handling | None] = contextvars.ContextVar("handling", default=None)


def acknowledged() -> None:
    """The current interaction was acknowledged now: its receipt-to-defer time is observed."""
    handling = HANDLING.get()
    if handling is not None and not handling.acknowledged:
        handling.acknowledged = True
        STAGE_SECONDS.labels("acknowledge").observe(time.perf_counter() - handling.arrived)


def note_outcome(outcome: str, store_code: str | None = None) -> None:
    """How the current interaction ended (``refused``, ``failed``, ``store``); a database
    refusal also counts under its code."""
    if store_code is not None:
        STORE_REFUSALS.labels(store_code).inc()
    handling = HANDLING.get()
    if handling is not None:
        handling.outcome = outcome


def handled(handling: Handling) -> None:
    """All of the interaction's work has finished: count it under its outcome."""
    INTERACTIONS.labels(handling.command, handling.outcome).inc()
