"""Each person's one private panel per match ("My hand & moves", ``/hand``): which message it
is, and the interaction that can still edit it.

Discord lets a bot edit or delete a private (ephemeral) message only through the interaction
that made it, and only for 15 minutes (the interaction's token). So the bot remembers, per
match and person, the panel shown last and the newest interaction that reaches it (a click in
the panel answers through a fresh token, so every choice made there renews it). Whatever the
panel showed when no interaction can reach it any more stays on the person's screen, so a
minute before the token runs out the panel is turned into an "out of date" note naming the
step it showed (``on_expiry``). Kept in memory only: after a restart, panels opened before it
keep their last state; their footer names their step and their menus answer "out of date".
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import discord

from cogs.delivery.discord_errors import Failure, classify

log = logging.getLogger("tabletop.panels")

#: Discord: an interaction's token (and so an ephemeral message's edits) lasts 15 minutes.
TOKEN_LIFE = 15 * 60.0
#: The panel is marked out of date this long before its token runs out.
EXPIRY_MARGIN = 60.0


@dataclass(eq=False)
class Panel:
    """One person's private panel of one match."""

    match_id: str
    user_id: int
    #: The newest interaction whose token reaches the panel (its original response, or the
    #: component's message for a click in it).
    editor: discord.Interaction[Any]
    message_id: int | None
    locale: str
    #: Loop time when the editor's token runs out.
    expires_at: float
    #: What the panel shows (``Panels.show`` skips an edit that would change nothing).
    shown: Any = None
    #: The step the panel shows (named by the "out of date" note).
    steps: int = 0
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    timer: asyncio.Task[None] | None = None

    async def edit(self, **kwargs: Any) -> None:
        await self.editor.edit_original_response(**kwargs)

    async def delete(self) -> None:
        await self.editor.delete_original_response()


#: Builds the "out of date" note of a panel (``edit_original_response`` keywords).
ExpiryNote = Callable[[Panel], Awaitable[dict[str, Any]]]


class Panels:
    """The bot's private panels (``bot.panels``), one per (match, person)."""

    def __init__(self, clock: Callable[[], float] | None = None) -> None:
        self._panels: dict[tuple[str, int], Panel] = {}
        self._clock = clock or (lambda: asyncio.get_running_loop().time())
        #: Set by the flows: the note a panel turns into before its token runs out.
        self.on_expiry: ExpiryNote | None = None

    def get(self, match_id: str, user_id: int) -> Panel | None:
        return self._panels.get((match_id, user_id))

    def of_match(self, match_id: str) -> list[Panel]:
        return [panel for (mid, _), panel in self._panels.items() if mid == match_id]

    def remember(
        self,
        match_id: str,
        interaction: discord.Interaction[Any],
        message_id: int | None,
        locale: str,
    ) -> Panel | None:
        """``interaction`` now reaches the person's panel (``message_id``): a new panel, or
        the same one through a fresh token. Returns the panel it replaces (another message),
        which the caller removes."""
        key = (match_id, interaction.user.id)
        old = self._panels.get(key)
        same = old is not None and message_id is not None and old.message_id == message_id
        panel = Panel(
            match_id,
            interaction.user.id,
            interaction,
            message_id,
            locale,
            self._clock() + TOKEN_LIFE,
            shown=old.shown if same and old is not None else None,
            steps=old.steps if same and old is not None else 0,
        )
        if old is not None:
            panel.lock = old.lock if same else panel.lock
            self._stop_timer(old)
        self._panels[key] = panel
        panel.timer = asyncio.get_running_loop().create_task(self._expire_later(panel))
        return None if same or old is None else old

    def forget(self, panel: Panel) -> None:
        """Nothing will edit ``panel`` any more (deleted, gone, or its match is over)."""
        key = (panel.match_id, panel.user_id)
        if self._panels.get(key) is panel:
            del self._panels[key]
        self._stop_timer(panel)

    def _stop_timer(self, panel: Panel) -> None:
        timer, panel.timer = panel.timer, None
        if timer is not None and timer is not asyncio.current_task():
            timer.cancel()

    async def show(self, panel: Panel, shown: Any, steps: int, edit: dict[str, Any]) -> bool:
        """Edit ``panel`` to show ``edit`` (``shown`` names its content: no edit when it is
        what the panel shows already). False when Discord no longer reaches it (then it is
        forgotten)."""
        async with panel.lock:
            if self._panels.get((panel.match_id, panel.user_id)) is not panel:
                return False
            if shown == panel.shown:
                return True
            if not await self._reach(panel, panel.edit(**edit)):
                return False
            panel.shown, panel.steps = shown, steps
            return True

    async def remove(self, panel: Panel) -> None:
        """Delete ``panel``'s message while its token lasts (best effort) and forget it."""
        self.forget(panel)
        if self._clock() < panel.expires_at:
            await self._reach(panel, panel.delete())

    async def _reach(self, panel: Panel, call: Awaitable[Any]) -> bool:
        """Await an edit or deletion of ``panel``; Discord refusing it (token run out, the
        person dismissed the message) forgets the panel."""
        try:
            await call
        except (discord.HTTPException, discord.RateLimited) as error:
            failure = classify(error)
            log.info("panel of %s for %s not reached: %s", panel.match_id, panel.user_id, error)
            if failure is None or failure.kind is not Failure.TRANSIENT:
                self.forget(panel)
            return False
        return True

    async def _expire_later(self, panel: Panel) -> None:
        await asyncio.sleep(max(0.0, panel.expires_at - EXPIRY_MARGIN - self._clock()))
        async with panel.lock:
            if self._panels.get((panel.match_id, panel.user_id)) is not panel:
                return
            self.forget(panel)
            if self.on_expiry is not None:
                with contextlib.suppress(Exception):
                    await self._reach(panel, panel.edit(**await self.on_expiry(panel)))

    def close(self) -> None:
        """Stop every timer (the bot is closing)."""
        for panel in list(self._panels.values()):
            self._stop_timer(panel)
        self._panels.clear()
