"""What the bot spends of Discord's global rate limit: 50 requests per second per bot.

Discord counts every REST request a bot makes with its bot token against that limit; the
requests made with an interaction's token (its response, follow-ups and their edits and
deletions, for 15 minutes) are exempt. discord.py sends the counted ones through
``HTTPClient.request`` and the exempt ones through its webhook adapter, so wrapping
``HTTPClient.request`` sees exactly the counted ones.

Metrics: ``tabletop_discord_counted_requests`` (by method and route), and two gauges read
when scraped: the counted requests of the last second and what remains of the 50.
"""

from __future__ import annotations

import functools
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from prometheus_client import Counter, Gauge

#: Discord's global limit per bot (requests per second); interaction endpoints are exempt.
GLOBAL_LIMIT = 50
#: The window the budget is counted over, in seconds.
WINDOW = 1.0

COUNTED_REQUESTS = Counter(
    "tabletop_discord_counted_requests",
    "REST requests Discord counts against the bot's global limit (50/s), by method and "
    "route (interaction responses and follow-ups are not counted and not included).",
    ["method", "route"],
)


class Budget:
    """The counted requests of the last ``WINDOW`` seconds (thread-safe; a monotonic clock
    unless one is given)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._times: deque[float] = deque()
        self._lock = threading.Lock()

    def note(self) -> None:
        with self._lock:
            self._times.append(self._clock())
            self._trim()

    def used(self) -> int:
        """Counted requests in the last second."""
        with self._lock:
            self._trim()
            return len(self._times)

    def remaining(self) -> int:
        """What is left of the global limit for this second (0 when it is spent)."""
        return max(0, GLOBAL_LIMIT - self.used())

    def _trim(self) -> None:
        since = self._clock() - WINDOW
        while self._times and self._times[0] <= since:
            self._times.popleft()


BUDGET = Budget()
USED = Gauge(
    "tabletop_discord_global_used",
    "Requests Discord counted against the bot's global limit in the last second.",
)
USED.set_function(BUDGET.used)
REMAINING = Gauge(
    "tabletop_discord_global_remaining",
    "What is left of Discord's global limit (50 requests/s) in the last second's window.",
)
REMAINING.set_function(BUDGET.remaining)


def watch(http: Any, budget: Budget = BUDGET) -> None:
    """Count every request ``http`` (discord.py's ``HTTPClient``) sends from now on."""
    request = http.request
    if getattr(request, "tabletop_watched", False):
        return

    @functools.wraps(request)
    async def counted(route: Any, *args: Any, **kwargs: Any) -> Any:
        COUNTED_REQUESTS.labels(route.method, route.path).inc()
        budget.note()
        return await request(route, *args, **kwargs)

    counted.tabletop_watched = True  # type: ignore[attr-defined]
    http.request = counted


def is_counted(path: str) -> bool:
    """Whether a request to ``path`` (as sent) counts against the global limit: all but an
    interaction's callback and its webhook (``/webhooks/{application}/{token}...``; a
    bot's own channel webhooks are not used)."""
    parts = path.strip("/").split("/")
    if parts[:1] == ["interactions"]:
        return False
    return not (parts[:1] == ["webhooks"] and len(parts) >= 3)
