"""The container's health check: exit 0 when the bot's ``/ready`` (or, with ``--live``,
``/live``) answers 200 on ``HEALTH_PORT``, else 1 with the reason on stderr.

Standard library only: it runs in the image as it is (``HEALTHCHECK`` in deploy/Dockerfile)
and from a shell (``python deploy/healthcheck.py``).
"""

from __future__ import annotations

import os
import sys
import urllib.error
import urllib.request
from collections.abc import Mapping

#: A check slower than this fails (Docker's own timeout is 5 s).
TIMEOUT = 4.0


def check(path: str, environ: Mapping[str, str]) -> tuple[bool, str]:
    port = (environ.get("HEALTH_PORT") or "").strip()
    if not port:
        return False, "HEALTH_PORT is not set: the bot serves no health endpoint"
    host = (environ.get("HEALTH_HOST") or "").strip() or "127.0.0.1"
    if host in ("0.0.0.0", "::"):  # listening everywhere: ask it here
        host = "127.0.0.1"
    url = f"http://{host}:{port}{path}"
    try:
        with urllib.request.urlopen(url, timeout=TIMEOUT) as response:
            return response.status == 200, f"{url}: {response.status}"
    except urllib.error.HTTPError as error:  # 503: not ready, and why (the body names it)
        return False, f"{url}: {error.code} {error.read().decode(errors='replace')}"
    except OSError as error:
        return False, f"{url}: {error}"


def main(argv: list[str]) -> int:
    path = "/live" if "--live" in argv else "/ready"
    healthy, said = check(path, os.environ)
    if not healthy:
        print(said, file=sys.stderr)
    return 0 if healthy else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
