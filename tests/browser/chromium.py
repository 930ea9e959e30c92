"""A headless Chromium driven over the DevTools protocol (aiohttp's websocket client), for the
tests that look at the preview page as a person's browser shows it.

Debian's ``chromium`` package is the browser; without it the tests that need one skip and say
how to install it. Only loopback addresses are ever opened.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import itertools
import os
import shutil
import signal
import subprocess
import tempfile
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp

from tests.deadlines import HANG_GUARD

BROWSER = shutil.which("chromium") or shutil.which("chromium-browser")
MISSING = "no Chromium here: install Debian's package (apt-get install chromium) to run it"


class Page:
    """One browser tab: navigate, evaluate JavaScript, resize, take screenshots."""

    def __init__(self, socket: aiohttp.ClientWebSocketResponse) -> None:
        self._socket = socket
        self._ids = itertools.count(1)

    async def call(self, method: str, **params: Any) -> dict[str, Any]:
        number = next(self._ids)
        await self._socket.send_json({"id": number, "method": method, "params": params})
        while True:
            message = await self._socket.receive_json()
            if message.get("id") == number:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                result: dict[str, Any] = message["result"]
                return result

    async def resize(self, width: int, height: int, *, phone: bool) -> None:
        await self.call(
            "Emulation.setDeviceMetricsOverride",
            width=width,
            height=height,
            deviceScaleFactor=2 if phone else 1,
            mobile=phone,
        )

    async def open(self, url: str) -> None:
        await self.call("Page.navigate", url=url)

    async def evaluate(self, expression: str) -> Any:
        reply = await self.call(
            "Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True
        )
        if "exceptionDetails" in reply:
            raise RuntimeError(f"{expression}: {reply['exceptionDetails']}")
        return reply["result"].get("value")

    async def wait_for(self, expression: str, *, timeout: float = HANG_GUARD) -> Any:
        """The value of ``expression`` once it is truthy (polled every 100 ms)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            value = await self.evaluate(expression)
            if value:
                return value
            if loop.time() > deadline:
                raise AssertionError(f"the page never showed: {expression}")
            await asyncio.sleep(0.1)

    async def text(self) -> str:
        return str(await self.evaluate("document.body.innerText"))

    async def screenshot(self, path: Path) -> bytes:
        shot = await self.call("Page.captureScreenshot", format="png")
        data = base64.b64decode(shot["data"])
        path.write_bytes(data)
        return data


async def _devtools_port(profile: Path) -> int:
    """The DevTools port Chromium chose itself (``--remote-debugging-port=0``): it writes it,
    with its browser socket's path, to the profile once it listens. A port picked here and
    handed over could be taken by another process meanwhile (tests run side by side)."""
    active = profile / "DevToolsActivePort"
    for _ in range(int(HANG_GUARD / 0.1)):
        with contextlib.suppress(OSError, ValueError):
            lines = active.read_text().splitlines()
            if len(lines) >= 2:  # written whole
                return int(lines[0])
        await asyncio.sleep(0.1)
    raise RuntimeError("Chromium's DevTools endpoint never opened")


async def _page_socket_url(http: aiohttp.ClientSession, port: int) -> str:
    for _ in range(int(HANG_GUARD / 0.1)):
        with contextlib.suppress(aiohttp.ClientError):
            async with http.get(f"http://127.0.0.1:{port}/json/list") as reply:
                pages = [t for t in await reply.json() if t.get("type") == "page"]
                if pages:
                    return str(pages[0]["webSocketDebuggerUrl"])
        await asyncio.sleep(0.1)
    raise RuntimeError("Chromium's DevTools endpoint never answered")


@contextlib.asynccontextmanager
async def chromium() -> AsyncIterator[Page]:
    """A fresh headless Chromium (its own profile, loopback DevTools port) and one tab."""
    assert BROWSER is not None, MISSING
    # Chromium's helper processes may still write to the profile for a moment after it ends.
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as profile:
        process = subprocess.Popen(
            [
                BROWSER,
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--no-first-run",
                "--hide-scrollbars",
                "--remote-debugging-port=0",
                "--remote-debugging-address=127.0.0.1",
                f"--user-data-dir={profile}",
                "about:blank",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,  # its helpers in one process group, ended together
        )
        try:
            async with aiohttp.ClientSession() as http:
                url = await _page_socket_url(http, await _devtools_port(Path(profile)))
                async with http.ws_connect(url, max_msg_size=0) as socket:
                    page = Page(socket)
                    await page.call("Page.enable")
                    yield page
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGKILL)
                process.wait()
