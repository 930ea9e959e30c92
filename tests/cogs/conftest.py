"""Bot tests fail when the bot logged an error it caught itself (errors that reach the
user as "something went wrong" would otherwise pass unnoticed), and when the first answer
after a "thinking" defer was a follow-up instead of an edit of the deferred response
(Discord deprecates it and ignores its ephemeral flag: issue 22 item 1)."""

from __future__ import annotations

import logging
from typing import Any

import discord
import pytest


@pytest.fixture(autouse=True)
def no_logged_errors(request: pytest.FixtureRequest, caplog: pytest.LogCaptureFixture):
    caplog.set_level(logging.WARNING, logger="tabletop")
    yield
    if request.node.get_closest_marker("logs_errors"):
        return
    records = caplog.get_records("setup") + caplog.get_records("call")
    errors = [r for r in records if r.name.startswith("tabletop") and r.levelno >= logging.ERROR]
    assert errors == [], [r.getMessage() for r in errors]


@pytest.fixture(autouse=True)
def first_answer_edits_the_deferred_response(monkeypatch: pytest.MonkeyPatch):
    thinking: set[str] = set()  # tokens of interactions deferred with "thinking", unanswered
    wrong: list[str] = []
    defer, edit, delete, send = (
        discord.InteractionResponse.defer,
        discord.Interaction.edit_original_response,
        discord.Interaction.delete_original_response,
        discord.Webhook.send,
    )

    async def deferring(self: Any, **kwargs: Any) -> Any:
        result = await defer(self, **kwargs)
        parent = self._parent
        if parent.type is discord.InteractionType.application_command or kwargs.get("thinking"):
            thinking.add(parent.token)
        return result

    async def editing(self: Any, **kwargs: Any) -> Any:
        thinking.discard(self.token)
        return await edit(self, **kwargs)

    async def deleting(self: Any) -> Any:  # a deleted response is no longer pending
        thinking.discard(self.token)
        return await delete(self)

    async def sending(self: Any, *args: Any, **kwargs: Any) -> Any:
        if self.token in thinking:
            thinking.discard(self.token)
            wrong.append(
                str(kwargs.get("content") or args[:1] or kwargs.get("embed") or kwargs)[:80]
            )
        return await send(self, *args, **kwargs)

    monkeypatch.setattr(discord.InteractionResponse, "defer", deferring)
    monkeypatch.setattr(discord.Interaction, "edit_original_response", editing)
    monkeypatch.setattr(discord.Interaction, "delete_original_response", deleting)
    monkeypatch.setattr(discord.Webhook, "send", sending)
    yield
    assert wrong == [], f"a follow-up was the first answer after a 'thinking' defer: {wrong}"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "logs_errors: the test provokes errors the bot logs")
