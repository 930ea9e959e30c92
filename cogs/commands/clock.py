"""The turn-clock loop: due turn clocks looked for every minute (the service keeps them
across restarts), and computer seats resumed after a restart."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from discord.ext import commands, tasks

from cogs.flows.clocks import fire_clocks
from cogs.flows.daily import close_past_days
from cogs.flows.next_turn import resume_computers
from cogs.flows.notify import remind_by_interval
from cogs.flows.tournaments import sweep as tournament_sweep

if TYPE_CHECKING:
    from bot import TabletopBot

log = logging.getLogger("tabletop.table")

#: How often due turn clocks are looked for.
CLOCK_PERIOD = 60.0


class ClockCog(commands.Cog):
    """Looks for due turn clocks every minute."""

    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot
        #: Held while a sweep runs, so a graceful stop can let it finish.
        self.sweeping = asyncio.Lock()

    async def cog_load(self) -> None:
        self.tick.start()

    async def cog_unload(self) -> None:
        self.tick.cancel()

    async def finish(self, timeout: float) -> bool:
        """A graceful stop: let the sweep under way finish (every clock it fired gives its
        claim back), then stop the loop. False when the sweep outlasted ``timeout``: it is
        then cut off, and its claims lapse with their lease (a restarted process with the
        same shards takes them back at once)."""
        try:
            await asyncio.wait_for(self.sweeping.acquire(), timeout)
        except TimeoutError:
            self.tick.cancel()
            return False
        self.tick.cancel()  # sleeping until the next minute: nothing is cut off
        return True

    @tasks.loop(seconds=CLOCK_PERIOD)
    async def tick(self) -> None:
        if not self.bot.serving:
            return
        async with self.sweeping:
            await self._sweep()

    async def _sweep(self) -> None:
        try:
            if self.tick.current_loop == 0:
                await resume_computers(self.bot)
            await fire_clocks(self.bot)
            await remind_by_interval(self.bot)
            await close_past_days(self.bot)
            if self.bot.tournaments is not None:
                await tournament_sweep(self.bot)
        except Exception:
            log.exception("turn clocks failed")

    @tick.before_loop
    async def wait_for_ready(self) -> None:
        """The first tick waits for the guilds: a clock or a computer turn resumed before
        them would speak English in a Japanese server."""
        try:
            await self.bot.wait_until_ready()
        except RuntimeError:  # closed before it was ever ready: the loop ends, said nowhere
            raise asyncio.CancelledError from None


async def setup(bot: TabletopBot) -> None:
    await bot.add_cog(ClockCog(bot))
