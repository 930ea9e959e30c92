"""A stand-in for the bot process behind the image's entry script (no Discord here): it
reads its settings as ``bot.py`` does, serves the real health endpoint, is ready once the
file named by ``READY_FILE`` exists, and exits 0 on SIGTERM.

    deploy/docker-entrypoint.sh python -m tests.ops.health_stub

Prints one JSON line first: its pid and the settings it got (so a test sees the entry
script's defaults and that it replaced itself with this process).
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
from pathlib import Path

from bot import Settings
from telemetry.health import HealthServer


async def main() -> None:
    settings = Settings.from_env(dict(os.environ))
    ready_file = Path(os.environ["READY_FILE"])

    async def checks() -> dict[str, bool]:
        return {"gateway": ready_file.exists(), "database": True}

    assert settings.health_port is not None
    server = HealthServer(checks, settings.health_host, settings.health_port)
    await server.start()
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    line = {
        "pid": os.getpid(),
        "database_url": settings.database_url,
        "health_host": settings.health_host,
    }
    print(json.dumps(line), flush=True)
    await stop.wait()
    await server.stop()


if __name__ == "__main__":
    asyncio.run(main())
