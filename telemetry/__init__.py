"""What the bot tells its operator while it runs: Prometheus metrics and log context.

The lowest layer besides ``gamecore`` (it imports only the standard library and
``prometheus_client``), so storage, the service and the cogs all record into it; ``bot.py``
serves it over HTTP (``telemetry.health``).
"""

from telemetry.context import INTERACTION_ID, MATCH_ID, ContextFilter, JsonFormatter
from telemetry.discord_budget import BUDGET, COUNTED_REQUESTS, Budget
from telemetry.metrics import (
    CLOCKS_FIRED,
    GATEWAY_LATENCY,
    HANDLING,
    IN_FLIGHT,
    INTERACTIONS,
    POOL_WAIT,
    QUEUE_LENGTH,
    STAGE_SECONDS,
    STORE_REFUSALS,
    Handling,
    acknowledged,
    handled,
    in_queue,
    note_outcome,
    stage,
)

__all__ = [
    "BUDGET",
    "COUNTED_REQUESTS",
    "Budget",
    "CLOCKS_FIRED",
    "GATEWAY_LATENCY",
    "HANDLING",
    "INTERACTION_ID",
    "IN_FLIGHT",
    "INTERACTIONS",
    "MATCH_ID",
    "POOL_WAIT",
    "QUEUE_LENGTH",
    "STAGE_SECONDS",
    "STORE_REFUSALS",
    "ContextFilter",
    "Handling",
    "JsonFormatter",
    "acknowledged",
    "handled",
    "in_queue",
    "note_outcome",
    "stage",
]
