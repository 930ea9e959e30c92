"""``python -m gamecore``: list, play, simulate and replay games without Discord (docs/cli.md)."""

from __future__ import annotations

import os
import sys

from gamecore.cli import main


def run() -> int:
    """``main`` with the manners of a terminal program: Ctrl-C and a closed pipe are quiet."""
    try:
        return main()
    except KeyboardInterrupt:
        sys.stderr.write("\n")
        return 130
    except BrokenPipeError:
        # The reader (e.g. `| head`) went away: silence the flush at exit as well.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    raise SystemExit(run())
