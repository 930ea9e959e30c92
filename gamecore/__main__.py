"""``python -m gamecore``: list, play and simulate games without Discord (see docs/cli.md)."""

from __future__ import annotations

from gamecore.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
