"""The rate-limit budget in the metrics: counted requests of the last second and what is left
of Discord's 50 per second, from the requests discord.py sends with the bot token."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from prometheus_client import REGISTRY

from telemetry.discord_budget import GLOBAL_LIMIT, Budget, is_counted, watch


def test_the_budget_counts_the_last_second_only() -> None:
    now = [100.0]
    budget = Budget(clock=lambda: now[0])
    for _ in range(30):
        budget.note()
    assert (budget.used(), budget.remaining()) == (30, GLOBAL_LIMIT - 30)
    now[0] += 0.5
    for _ in range(30):
        budget.note()
    assert (budget.used(), budget.remaining()) == (60, 0)
    now[0] += 0.6  # the first 30 are more than a second old
    assert budget.used() == 30


async def test_every_request_of_the_bot_token_is_counted_in_the_metrics() -> None:
    sent: list[str] = []

    class Http:
        async def request(self, route: Any, **kwargs: Any) -> str:
            sent.append(route.path)
            return "ok"

    http, budget = Http(), Budget()
    watch(http, budget)
    watch(http, budget)  # once only
    route = SimpleNamespace(method="DELETE", path="/channels/{channel_id}/messages/{message_id}")
    labels = {"method": "DELETE", "route": route.path}
    before = REGISTRY.get_sample_value("tabletop_discord_counted_requests_total", labels) or 0
    assert await http.request(route) == "ok"
    assert (
        REGISTRY.get_sample_value("tabletop_discord_counted_requests_total", labels) == before + 1
    )
    assert budget.used() == 1 and sent == [route.path]
    assert REGISTRY.get_sample_value("tabletop_discord_global_remaining") is not None


def test_interaction_requests_are_not_counted() -> None:
    assert is_counted("/channels/1/messages/2")
    assert is_counted("/users/@me/channels")
    assert not is_counted("/interactions/1/tok/callback")
    assert not is_counted("/webhooks/1/tok")
    assert not is_counted("/webhooks/1/tok/messages/@original")
