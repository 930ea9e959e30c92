"""``make preview``: the bot, unchanged, against a simulated Discord in a local browser page.

SimCord (the simulator the end-to-end tests use) runs the bot's real callbacks against an
in-memory Discord, and its Preview serves that world as a web page on loopback: a server with
a ``#games`` channel, three members to act as (pick one at the top of the page), the slash
command picker, boards, buttons and private replies. No Discord account or token is needed;
matches live in a SQLite file under ``data/`` (``--database`` to choose another).

The page's address carries a secret (whoever has it can act in the world), so it is printed
once and served on 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import simcord
from simcord import ChannelHandle, MemberActor

from bot import Settings, create_bot

BOT_NAME = "Tabletop"
MEMBERS = ("alice", "bob", "carol")
DEFAULT_DATABASE = Path("data") / "preview.db"


def parse_arguments(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--database",
        type=Path,
        default=DEFAULT_DATABASE,
        help="SQLite file of the preview's matches (default: data/preview.db)",
    )
    parser.add_argument(
        "--port", type=int, default=None, help="loopback port of the page (default: any free port)"
    )
    parser.add_argument("--locale", default="en-US", help="the page's language (en-US or ja)")
    parser.add_argument(
        "--for-seconds",
        type=float,
        default=None,
        help="stop by itself after this many seconds (tests, screenshots)",
    )
    return parser.parse_args(argv)


@dataclass
class PreviewWorld:
    """The running simulated Discord: its bot, server, channel, members and the page."""

    env: simcord.Env
    channel: ChannelHandle
    members: list[MemberActor]
    url: str


@contextlib.asynccontextmanager
async def preview_world(
    database: Path,
    *,
    locale: str = "en-US",
    port: int | None = None,
    width: int = 960,
    height: int = 720,
) -> AsyncIterator[PreviewWorld]:
    """Start the bot in a simulated Discord with a server, ``#games`` and three members, and
    serve the page on loopback until the block ends."""
    database.parent.mkdir(parents=True, exist_ok=True)
    bot = create_bot(Settings(database_url=f"sqlite:///{database}"))
    bot.computer_delay = 0.0  # no wall-clock pauses: the simulated clock does not run by itself
    env = simcord.Env(bot, strict_sync=False, check_errors=False, settle_timeout=60.0)
    env.backend.bot_user.name = BOT_NAME
    await env.start()
    try:
        guild = env.create_guild("Tabletop preview")
        channel = guild.create_text_channel("games")
        members = [guild.add_member(env.create_user(name)) for name in MEMBERS]
        await bot.tree.sync()  # a fresh database has never synced: show the commands at once
        async with env.preview(
            channel,
            viewers=members,
            layout="channel",
            locale=locale,
            port=port,
            width=width,
            height=height,
        ) as preview:
            yield PreviewWorld(env, channel, members, str(preview.url))
    finally:
        await bot.close()
        await env.shutdown()


async def serve(arguments: argparse.Namespace) -> None:
    """Run the world and its page until interrupted (or ``--for-seconds``)."""
    async with preview_world(
        arguments.database, locale=arguments.locale, port=arguments.port
    ) as world:
        print(f"Preview ready: open {world.url}", flush=True)
        print("Act as alice, bob or carol; type / in the message box. Ctrl-C stops it.", flush=True)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError):
                loop.add_signal_handler(sig, stop.set)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), timeout=arguments.for_seconds)


def main(argv: list[str] | None = None) -> int:
    arguments = parse_arguments(argv)
    try:
        asyncio.run(serve(arguments))
    except simcord.SetupError as err:
        print(f"The preview could not start: {err}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
