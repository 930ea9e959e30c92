"""A fault-injecting layer on top of simcord: the bot's requests fail the way Discord's do.

simcord answers every request the bot is allowed to make. ``Faults`` sits in front of its
two transports (``bot.http.request`` and the interaction webhook adapter) and, for the
requests a rule matches (method + fnmatch pattern of the API path, e.g.
``/channels/123/messages/*``), serves Discord's real error responses — status, JSON body
with the error code, and for 429 the rate-limit headers (``Retry-After``,
``X-RateLimit-*``, ``Via``) — **through discord.py's own request code**: a 429 is slept on
and retried (or raised as ``discord.RateLimited`` above ``max_ratelimit_timeout``), a 5xx is
retried after 1, 3, 5… seconds, a 403 becomes ``discord.Forbidden``. Once a rule's
responses are used up, the request reaches simcord as usual (a retried request succeeds).

Delays hold a request back (in simcord's virtual time) before it reaches Discord, so two
requests can arrive in the opposite order they were made: that is how responses are
reordered. ``chaos`` fails a share of the requests at random and delays others.

Thread states Discord has and simcord does not: ``archive_thread`` (edits answer 400 /
50083 until a new message in the thread revives it), ``lock_thread`` (posts answer 50083
too). Every request is logged in ``log`` with the virtual time and what it got.
"""

from __future__ import annotations

import asyncio
import contextvars
import fnmatch
import json
import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import discord
from discord.http import HTTPClient
from discord.webhook.async_ import AsyncWebhookAdapter

from bot import MAX_RATELIMIT_TIMEOUT

MESSAGES = {
    50001: "Missing Access",
    50013: "Missing Permissions",
    10003: "Unknown Channel",
    10008: "Unknown Message",
    10062: "Unknown interaction",
    50027: "Invalid Webhook Token",
    50083: "Thread is archived",
    30046: "Maximum number of edits to messages older than 1 hour reached. Try again later",
    0: "Internal Server Error",
}
REASONS = {
    400: "Bad Request",
    401: "Unauthorized",
    403: "Forbidden",
    404: "Not Found",
    429: "Too Many Requests",
    500: "Internal Server Error",
    502: "Bad Gateway",
    503: "Service Unavailable",
}
CALLBACK = "/interactions/*/callback"


@dataclass(frozen=True, slots=True)
class Reply:
    """One error response as Discord sends it."""

    status: int
    code: int = 0
    retry_after: float | None = None

    def body(self) -> dict[str, Any]:
        data: dict[str, Any] = {"message": MESSAGES.get(self.code, "Error"), "code": self.code}
        if self.status == 429:
            data.update(retry_after=self.retry_after or 1.0, **{"global": False})
        return data

    def headers(self) -> dict[str, str]:
        headers = {"content-type": "application/json", "Via": "1.1 google"}
        if self.status == 429:
            after = self.retry_after or 1.0
            headers.update(
                {
                    "Retry-After": str(math.ceil(after)),
                    "X-RateLimit-Limit": "5",
                    "X-RateLimit-Remaining": "0",
                    "X-RateLimit-Reset-After": f"{after:.3f}",
                    "X-RateLimit-Bucket": "fault-bucket",
                    "X-RateLimit-Scope": "shared",
                }
            )
        return headers


@dataclass(slots=True)
class Rule:
    method: str
    path: str
    replies: tuple[Reply, ...]
    #: Requests this rule still affects (None: every one).
    times: int | None = 1
    delay: float = 0.0
    when: Callable[[str, str], bool] | None = None

    def matches(self, method: str, path: str) -> bool:
        if self.times is not None and self.times <= 0:
            return False
        if self.method not in ("*", method) or not fnmatch.fnmatchcase(path, self.path):
            return False
        return self.when is None or self.when(method, path)


@dataclass(slots=True)
class Logged:
    at: float
    method: str
    path: str
    outcome: str  # "ok", or "<status>/<code>"


class _PassThrough(Exception):
    """The scripted responses are used up: the request goes to simcord."""


class _Response:
    """Just enough of an aiohttp response for discord.py's request loops."""

    def __init__(self, reply: Reply) -> None:
        self.status = reply.status
        self.reason = REASONS.get(reply.status, "Error")
        self.headers = reply.headers()
        self._text = json.dumps(reply.body())

    async def text(self, encoding: str = "utf-8") -> str:  # noqa: ARG002 - aiohttp's signature (discord.py passes it)
        return self._text

    async def __aenter__(self) -> _Response:
        return self

    async def __aexit__(self, *exc: Any) -> None:
        return None


_SCRIPT: contextvars.ContextVar[list[Reply] | None] = contextvars.ContextVar(
    "fault_script", default=None
)


class _ScriptedSession:
    """Serves the current request's scripted replies, then hands over to simcord."""

    def __init__(self, faults: Faults) -> None:
        self.faults = faults

    def request(self, method: str, url: str, **kwargs: Any) -> _Response:
        script = _SCRIPT.get()
        if not script:
            raise _PassThrough
        reply = script.pop(0)
        self.faults.log.append(
            Logged(self.faults.now(), method, _path_of(url), f"{reply.status}/{reply.code}")
        )
        return _Response(reply)


@dataclass
class Faults:
    env: Any
    rules: list[Rule] = field(default_factory=list)
    log: list[Logged] = field(default_factory=list)
    archived: set[int] = field(default_factory=set)
    locked: set[int] = field(default_factory=set)
    rng: random.Random = field(default_factory=lambda: random.Random(0))
    #: Interactions still to expire, and the tokens of those that did.
    expire_next: int = 0
    expired: set[str] = field(default_factory=set)
    chaos_rate: float = 0.0
    chaos_delay: float = 0.0

    def __post_init__(self) -> None:
        self._session = _ScriptedSession(self)

    # -- installing ----------------------------------------------------------------------
    def install(self) -> Faults:
        """Wrap the bot's transports (call again after ``env.restart_bot``)."""
        http = self.env.bot.http
        original = http.request

        async def through_http(route: Any, **kwargs: Any) -> Any:
            async def real() -> Any:
                return await HTTPClient.request(http, route, **kwargs)

            return await self._handle(route, lambda: original(route, **kwargs), real)

        http._HTTPClient__session = self._session
        if not isinstance(getattr(http, "_global_over", None), asyncio.Event):
            http._global_over = asyncio.Event()  # static_login sets it up; simcord skips it
            http._global_over.set()
        # simcord replaced the bot's HTTPClient: carry the bot's setting over.
        http.max_ratelimit_timeout = MAX_RATELIMIT_TIMEOUT
        http.request = through_http
        adapter = self.env._webhook_adapter
        adapter_request = adapter.request
        real_adapter = AsyncWebhookAdapter()

        async def through_webhook(route: Any, session: Any, **kwargs: Any) -> Any:
            async def real() -> Any:
                return await real_adapter.request(route, self._session, **kwargs)

            return await self._handle(
                route, lambda: adapter_request(route, session, **kwargs), real
            )

        adapter.request = through_webhook
        return self

    def now(self) -> float:
        return self.env.backend.clock.elapsed

    async def _handle(self, route: Any, simcord: Callable[[], Any], real: Callable[[], Any]) -> Any:
        method, path = route.method, _path_of(route.url)
        rule = next((r for r in self.rules if r.matches(method, path)), None)
        replies: list[Reply] = []
        delay = 0.0
        if rule is not None:
            if rule.times is not None:
                rule.times -= 1
            replies, delay = list(rule.replies), rule.delay
        replies.extend(self._thread_replies(method, path))
        replies.extend(self._expired_replies(path))
        if rule is None and not replies and self.chaos_rate:
            replies, delay = self._chaos(path)
        if delay:
            await asyncio.sleep(delay)
        if not replies:
            return await self._simcord(method, path, simcord)
        token = _SCRIPT.set(replies)
        try:
            result = await real()
        except _PassThrough:
            return await self._simcord(method, path, simcord)
        finally:
            _SCRIPT.reset(token)
        return result

    async def _simcord(self, method: str, path: str, call: Callable[[], Any]) -> Any:
        try:
            result = await call()
        except discord.HTTPException as error:
            self.log.append(Logged(self.now(), method, path, f"{error.status}/{error.code}"))
            raise
        self.log.append(Logged(self.now(), method, path, "ok"))
        if method == "POST" and path.endswith("/messages"):
            self.archived.discard(_channel_of(path))  # a new message revives a thread
        return result

    def _thread_replies(self, method: str, path: str) -> list[Reply]:
        channel = _channel_of(path)
        if channel in self.locked and method in ("POST", "PATCH") and "/messages" in path:
            return [Reply(400, 50083)]
        if channel in self.archived and method == "PATCH" and "/messages/" in path:
            return [Reply(400, 50083)]
        return []

    def _expired_replies(self, path: str) -> list[Reply]:
        """An expired interaction: every callback answers 404 / 10062, every follow-up
        or edit through its token 401 / 50027."""
        parts = path.split("/")
        if fnmatch.fnmatchcase(path, CALLBACK):
            token = parts[3]
            if self.expire_next > 0 and token not in self.expired:
                self.expire_next -= 1
                self.expired.add(token)
            return [Reply(404, 10062)] if token in self.expired else []
        if len(parts) > 3 and parts[1] == "webhooks" and parts[3] in self.expired:
            return [Reply(401, 50027)]
        return []

    def _chaos(self, path: str) -> tuple[list[Reply], float]:
        delay = self.rng.uniform(0, self.chaos_delay) if self.chaos_delay else 0.0
        if fnmatch.fnmatchcase(path, CALLBACK):
            # Acknowledgements only meet a transient 5xx (retried by discord.py after 1 s):
            # anything else would make the 3-second deadline a test of the fault, not the bot.
            if self.rng.random() < self.chaos_rate:
                return [Reply(503)], min(delay, 0.5)
            return [], min(delay, 0.5)
        if self.rng.random() >= self.chaos_rate:
            return [], delay
        # 503 is raised by discord.py at once, 500/502 are retried after a second (waited out
        # in real time by simcord, so they are rarer here), a short 429 is slept on.
        reply = self.rng.choices(
            [
                Reply(503),
                Reply(429, 0, retry_after=self.rng.uniform(0.05, 0.3)),
                Reply(500),
                Reply(502),
            ],
            weights=[6, 6, 1, 1],
        )[0]
        return [reply], delay

    # -- rules -----------------------------------------------------------------------------
    def fail(
        self,
        method: str,
        path: str,
        status: int,
        code: int = 0,
        *,
        times: int | None = 1,
        repeat: int = 1,
        retry_after: float | None = None,
        delay: float = 0.0,
    ) -> Rule:
        """The next ``times`` matching requests (None: all) get ``repeat`` error replies
        each (discord.py retries 429 and 5xx itself, up to 5 tries)."""
        rule = Rule(method, path, (Reply(status, code, retry_after),) * repeat, times, delay)
        self.rules.append(rule)
        return rule

    def delay(self, method: str, path: str, seconds: float, *, times: int | None = 1) -> Rule:
        rule = Rule(method, path, (), times, seconds)
        self.rules.append(rule)
        return rule

    def forbid_channel(self, channel_id: int, code: int = 50013) -> list[Rule]:
        """Every request in the channel answers 403 with ``code`` (50013 / 50001)."""
        return [
            self.fail("*", f"/channels/{channel_id}/*", 403, code, times=None),
            self.fail("*", f"/channels/{channel_id}", 403, code, times=None),
        ]

    def old_message(self, message_id: int, *, retry_after: float = 60.0) -> Rule:
        """Edits of the message answer 429 / 30046 (messages older than an hour)."""
        return self.fail(
            "PATCH",
            f"/channels/*/messages/{message_id}",
            429,
            30046,
            times=None,
            repeat=5,
            retry_after=retry_after,
        )

    def delete_channel(self, channel_id: int) -> list[Rule]:
        """The channel (or thread) is gone: 404 / 10003 for everything in it."""
        return [
            self.fail("*", f"/channels/{channel_id}/*", 404, 10003, times=None),
            self.fail("*", f"/channels/{channel_id}", 404, 10003, times=None),
        ]

    def archive_thread(self, thread_id: int) -> None:
        self.archived.add(thread_id)

    def lock_thread(self, thread_id: int) -> None:
        self.archived.add(thread_id)
        self.locked.add(thread_id)

    def expire_interactions(self, count: int = 1) -> None:
        """The next ``count`` interactions reach the bot too late to be answered."""
        self.expire_next += count

    def chaos(self, rate: float, *, delay: float = 0.0, seed: int = 0) -> None:
        """Fail ``rate`` of the requests at random (5xx, short 429s), delay the others by
        up to ``delay`` seconds."""
        self.chaos_rate, self.chaos_delay = rate, delay
        self.rng = random.Random(seed)

    def failed(self) -> list[Logged]:
        return [entry for entry in self.log if entry.outcome != "ok"]


def _path_of(url: str) -> str:
    path = url.split("?", 1)[0]
    index = path.find("/api/v")
    if index != -1:
        path = path[index + len("/api/v") :]
        path = path[path.find("/") :]
    return path


def _channel_of(path: str) -> int | None:
    parts = path.split("/")
    if len(parts) > 2 and parts[1] == "channels" and parts[2].isdigit():
        return int(parts[2])
    return None


def install(env: Any) -> Faults:
    return Faults(env).install()
