"""``python -m storage copy SOURCE_URL TARGET_URL``: see storage/copy.py."""

from __future__ import annotations

import argparse
import asyncio
import sys

from storage.copy import CopyRefused, copy_database


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m storage")
    commands = parser.add_subparsers(dest="command", required=True)
    copy = commands.add_parser(
        "copy", help="copy every match, action, timer and statistic into an empty database"
    )
    copy.add_argument("source", help="e.g. sqlite:///data/tabletop.db")
    copy.add_argument("target", help="e.g. postgresql://tabletop@db/tabletop")
    args = parser.parse_args(argv)
    try:
        asyncio.run(copy_database(args.source, args.target, say=print))
    except CopyRefused as err:
        print(f"copy refused: {err}", file=sys.stderr)
        return 1
    print("copy complete")
    return 0


if __name__ == "__main__":
    sys.exit(main())
