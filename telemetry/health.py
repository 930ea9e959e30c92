"""The operator's HTTP endpoint (``HEALTH_PORT``): ``/live``, ``/ready`` and ``/metrics``.

``/live`` answers 200 while the event loop runs. ``/ready`` runs the checks it was given
(for the bot: its gateway shards connected, the database answering, not stopping) and
answers 200 when all pass, 503 otherwise, with each check's result as JSON. ``/metrics`` is
Prometheus' text format; ``before_scrape`` refreshes the gauges read from the bot.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Mapping

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, generate_latest

log = logging.getLogger("tabletop.health")

#: A readiness check that has not answered by then counts as failed (a hung database).
CHECK_TIMEOUT = 5.0

Checks = Callable[[], Awaitable[Mapping[str, bool]]]


class HealthServer:
    """An aiohttp server on ``host:port`` (port 0: any free port, see :attr:`port`)."""

    def __init__(
        self,
        checks: Checks,
        host: str = "127.0.0.1",
        port: int = 0,
        before_scrape: Callable[[], None] | None = None,
    ) -> None:
        self.checks = checks
        self.host = host
        self.port = port
        self.before_scrape = before_scrape
        app = web.Application()
        app.router.add_get("/live", self._live)
        app.router.add_get("/ready", self._ready)
        app.router.add_get("/metrics", self._metrics)
        self._runner = web.AppRunner(app, access_log=None)

    async def start(self) -> None:
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        if self.port == 0:  # any free port was asked: the bound socket tells which
            sockets = getattr(site._server, "sockets", None) or ()
            self.port = next(iter(sockets)).getsockname()[1]
        log.info(
            "health and metrics on http://%s:%s (/live, /ready, /metrics)", self.host, self.port
        )

    async def stop(self) -> None:
        await self._runner.cleanup()

    async def _live(self, _request: web.Request) -> web.Response:
        return web.json_response({"live": True})

    async def _ready(self, _request: web.Request) -> web.Response:
        try:
            results = dict(await asyncio.wait_for(self.checks(), CHECK_TIMEOUT))
        except Exception as error:  # a check that fails or hangs: not ready, and why
            results = {"checks": False}
            log.warning("readiness checks failed: %s", error)
        ready = all(results.values())
        return web.json_response({"ready": ready, **results}, status=200 if ready else 503)

    async def _metrics(self, _request: web.Request) -> web.Response:
        if self.before_scrape is not None:
            self.before_scrape()
        body = generate_latest(REGISTRY)
        return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE_LATEST})
